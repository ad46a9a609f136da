import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { issueKindName, issueSentence } from '../../../../renderer/src/features/import/issue-strings';
import { useAppStore } from '../../../../renderer/src/stores/app/store';
import { verdictOf } from '../../../../renderer/src/stores/import/file-verdict';
import { createImportStore } from '../../../../renderer/src/stores/import/store';
import { freshDb, sidLine } from '../fixtures';

/**
 * Dialogue ids met twice across an import (issue 29 point 14): two files of one teacher model
 * holding the same topic_id, student_id and repeat_id, or a file holding ids the data set already
 * has, get a coded warning (zh/en in the report) naming the other place; both dialogues are kept.
 */
describe('import wizard: duplicate dialogue ids', () => {
  let db: MaieuticDb;
  beforeEach(() => {
    db = freshDb();
    useAppStore.setState({ view: 'start', datasetId: null, dialogueId: null, visibleDialogueIds: [] });
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  const codes = (store: ReturnType<typeof createImportStore>, index: number) => store.getState().entries[index].parsed?.issues.map((issue) => issue.code) ?? [];

  it('warns about an id another file of the same teacher model holds, follows a renamed model, and imports both', async () => {
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([
      { name: 'GPT-4o/a.jsonl', text: `${sidLine(1)}\n${sidLine(2)}\n` },
      { name: 'GPT-4o/b.jsonl', text: `${sidLine(2)}\n` },
      { name: 'Qwen/c.jsonl', text: `${sidLine(1)}\n` },
    ], []);
    const [first, second, other] = store.getState().entries;
    expect(codes(store, 0)).toEqual([]);
    expect(codes(store, 2)).toEqual([]);
    expect(second.parsed?.issues).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'duplicate-dialogue-across-files', file: 'GPT-4o/b.jsonl', line: 1, message: 'Dialogue "7-2-1" of GPT-4o is also in GPT-4o/a.jsonl on line 2; both are imported, check whether one is a copy.' }),
    ]);
    expect(verdictOf(second)).toBe('warnings');
    expect([first.include, second.include, other.include]).toEqual([true, false, true]);

    // named as another model, the file shares no id; named back, it is warned about (and unticked) again
    store.getState().setTeacherModel(1, 'Qwen');
    expect(codes(store, 1)).toEqual([]);
    store.getState().setInclude(1, true);
    store.getState().setTeacherModel(1, 'GPT-4o');
    expect(codes(store, 1)).toEqual(['duplicate-dialogue-across-files']);
    expect(store.getState().entries[1].include).toBe(false);

    store.getState().setInclude(1, true);
    await store.getState().commit();
    const stored = await db.dialogues.toArray();
    expect(stored.filter((dialogue) => dialogue.teacherModel === 'GPT-4o').map((dialogue) => `${dialogue.file}:${dialogue.line} ${dialogue.externalId}`).sort()).toEqual(['GPT-4o/a.jsonl:1 7-1-1', 'GPT-4o/a.jsonl:2 7-2-1', 'GPT-4o/b.jsonl:1 7-2-1']);
  });

  it('warns about ids the data set imported into already holds, naming where they came from', async () => {
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([{ name: 'GPT-4o/a.jsonl', text: `${sidLine(1)}\n` }], []);
    await store.getState().commit();
    const datasetId = (await db.datasets.toArray())[0].id;

    await store.getState().receiveFiles([{ name: 'GPT-4o/again.jsonl', text: `${sidLine(1)}\n${sidLine(3)}\n` }], [], datasetId);
    const entry = store.getState().entries[0];
    expect(entry.parsed?.issues).toEqual([
      expect.objectContaining({ code: 'duplicate-dialogue-in-dataset', line: 1, message: 'The data set already holds dialogue "7-1-1" of GPT-4o (from GPT-4o/a.jsonl, line 1); both are kept, check whether this file was imported before.' }),
    ]);
    expect(entry.include).toBe(false);
    // a new data set as the target instead: nothing to compare with
    await store.getState().setTarget({ kind: 'new', name: 'fresh' });
    expect(codes(store, 0)).toEqual([]);
    await store.getState().setTarget({ kind: 'existing', datasetId });
    expect(codes(store, 0)).toEqual(['duplicate-dialogue-in-dataset']);
  });

  it("gives no warning of ids already there to a second annotator's file attached as a layer (it holds them by design), and ticks it again", async () => {
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([{ name: 'GPT-4o/a.jsonl', text: `${sidLine(1)}\n${sidLine(2)}\n` }], []);
    await store.getState().commit();
    const datasetId = (await db.datasets.toArray())[0].id;

    await store.getState().receiveFiles([{ name: 'GPT-4o/annotator-b.jsonl', text: `${sidLine(1, { cognition: '清晰理解' })}\n${sidLine(2, { cognition: '清晰理解' })}\n` }], [], datasetId);
    expect(codes(store, 0)).toEqual(['duplicate-dialogue-in-dataset', 'duplicate-dialogue-in-dataset']);
    expect(store.getState().entries[0].include).toBe(false);
    await store.getState().setAttachAsLayer(true);
    expect(codes(store, 0)).toEqual([]);
    expect(store.getState().entries[0].include).toBe(true);
    // imported as dialogues after all: the warnings are back, and the file waits for its tick
    await store.getState().setAttachAsLayer(false);
    expect(codes(store, 0)).toEqual(['duplicate-dialogue-in-dataset', 'duplicate-dialogue-in-dataset']);
    expect(store.getState().entries[0].include).toBe(false);
  });

  it('keeps the tick the user gave a file with other warnings when attaching it as a layer takes its duplicate-id warnings away', async () => {
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([{ name: 'GPT-4o/a.jsonl', text: `${sidLine(1)}\n${sidLine(2)}\n` }], []);
    await store.getState().commit();
    const datasetId = (await db.datasets.toArray())[0].id;

    await store.getState().receiveFiles([{ name: 'GPT-4o/annotator-b.jsonl', text: `${sidLine(1, { cognition: '没有这个标签' })}\n${sidLine(2)}\n` }], [], datasetId);
    const others = () => codes(store, 0).filter((code) => code !== 'duplicate-dialogue-in-dataset');
    expect(others().length).toBeGreaterThan(0);
    expect(store.getState().entries[0].include).toBe(false);
    store.getState().setInclude(0, true);
    expect(store.getState().entries[0].include).toBe(true);
    await store.getState().setAttachAsLayer(true);
    expect(codes(store, 0)).toEqual(others());
    expect(store.getState().entries[0].include).toBe(true);
  });

  it('words both warnings in Chinese and English', () => {
    for (const code of ['duplicate-dialogue-across-files', 'duplicate-dialogue-in-dataset']) {
      for (const lang of ['zh', 'en'] as const) {
        expect(issueKindName(lang, code)).not.toBe(code);
        expect(issueSentence(lang, code, null)).not.toBe(code);
      }
    }
    expect(issueSentence('zh', 'duplicate-dialogue-across-files', null)).toMatch(/另一个文件/);
  });
});
