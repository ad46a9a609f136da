import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { useAppStore } from '../../../../renderer/src/stores/app/store';
import { needsTeacherModel } from '../../../../renderer/src/stores/import/file-verdict';
import { blocksImport, importHints } from '../../../../renderer/src/stores/import/selectors';
import { createImportStore } from '../../../../renderer/src/stores/import/store';
import { dialogue, freshDb, parsedFile, sidLine } from '../fixtures';

/** A bare file name never becomes a teacher model unasked; the wizard says what is left to do. */
describe('import wizard: teacher model and next steps', () => {
  let db: MaieuticDb;
  beforeEach(() => {
    db = freshDb();
    useAppStore.setState({ view: 'start', datasetId: null, dialogueId: null, visibleDialogueIds: [] });
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('asks for the model of a bare-named file, refuses to commit without one, and stores the one the user names', async () => {
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([{ name: 'lessons.jsonl', text: `${sidLine(1)}\n${sidLine(2)}\n` }], []);
    const [entry] = store.getState().entries;
    expect([entry.teacherModel, entry.teacherModelSuggestion, entry.include]).toEqual(['', 'lessons', true]);
    expect(needsTeacherModel(entry)).toBe(true);
    const hints = importHints(store.getState().entries);
    expect(hints).toEqual([{ kind: 'name-teacher-model', index: 0, file: 'lessons.jsonl', suggestion: 'lessons' }]);
    expect(hints.some(blocksImport)).toBe(true);

    await store.getState().commit();
    expect(store.getState().step).toBe('report');
    expect(await db.dialogues.count()).toBe(0);

    store.getState().setTeacherModel(0, 'Human tutors');
    expect(importHints(store.getState().entries)).toEqual([]);
    await store.getState().commit();
    const dialogues = await db.dialogues.toArray();
    expect(dialogues.map((item) => item.teacherModel)).toEqual(['Human tutors', 'Human tutors']);
  });

  it('keeps the model of a model folder without asking', async () => {
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([{ name: 'annotated/GPT-4o/lessons.jsonl', text: `${sidLine(1)}\n` }], []);
    const [entry] = store.getState().entries;
    expect([entry.teacherModel, entry.teacherModelSuggestion]).toEqual(['GPT-4o', null]);
    expect(importHints(store.getState().entries)).toEqual([]);
  });

  it('asks nothing when every dialogue carries its own model (a CSV model column)', () => {
    const ownModels = parsedFile('turns.csv', [dialogue(1, 2, { teacherModel: 'Claude' })], { teacherModel: '' });
    expect(needsTeacherModel({ teacherModel: '', parsed: ownModels })).toBe(false);
    const someWithout = parsedFile('turns.csv', [dialogue(1, 2, { teacherModel: 'Claude' }), dialogue(2, 2, { teacherModel: '' })], { teacherModel: '' });
    expect(needsTeacherModel({ teacherModel: '', parsed: someWithout })).toBe(true);
    expect(needsTeacherModel({ teacherModel: 'GPT-4o', parsed: someWithout })).toBe(false);
  });

  it('points to the tick a file with warnings waits for, to files imported before when nothing else is chosen, and says when nothing can be imported', async () => {
    const store = createImportStore(() => db);
    const withWarnings = { name: 'Qwen/Qwen-interdis_topic_7.jsonl', text: `${sidLine(3, { cognition: '理解（Understand）!' })}\n` };
    const broken = { name: 'Qwen/broken.jsonl', text: `${sidLine(4)}\n{"topic_id": 7,\n` };
    await store.getState().receiveFiles([withWarnings, broken], []);
    const warnings = store.getState().entries[0].parsed?.issues.length ?? 0;
    expect(warnings).toBeGreaterThan(0);
    expect(importHints(store.getState().entries)).toEqual([{ kind: 'accept-warnings', index: 0, file: withWarnings.name, warnings }]);
    store.getState().setInclude(0, true);
    expect(importHints(store.getState().entries)).toEqual([]);

    await store.getState().receiveFiles([broken], []);
    expect(importHints(store.getState().entries)).toEqual([{ kind: 'nothing-importable' }]);

    const clean = { name: 'GPT-4o/GPT-4o-interdis_topic_7.jsonl', text: `${sidLine(1)}\n` };
    await store.getState().receiveFiles([clean], []);
    await store.getState().commit();
    await store.getState().receiveFiles([clean], []);
    expect(store.getState().entries[0].include).toBe(false);
    expect(importHints(store.getState().entries)).toEqual([{ kind: 'include-again', index: 0, file: clean.name }]);
  });

  it('does not ask for the model of a bare-named file attached as an annotation layer: the stored dialogues keep theirs', async () => {
    const store = createImportStore(() => db);
    const text = `${sidLine(1)}\n`;
    await store.getState().receiveFiles([{ name: 'GPT-4o/GPT-4o-interdis_topic_7.jsonl', text }], []);
    await store.getState().commit();
    const datasetId = useAppStore.getState().datasetId ?? '';
    expect(datasetId).not.toBe('');

    await store.getState().receiveFiles([{ name: 'annotator2.jsonl', text }], [], datasetId);
    store.getState().setInclude(0, true);
    expect(importHints(store.getState().entries).map((hint) => hint.kind)).toEqual(['name-teacher-model']);
    store.getState().setAttachAsLayer(true);
    store.getState().setLayerChoice({ name: 'Second annotator', kind: 'human' });
    expect(importHints(store.getState().entries, true)).toEqual([]);
    await store.getState().commit();
    expect((await db.layers.toArray()).map((layer) => layer.name)).toEqual(['Second annotator']);
    expect((await db.dialogues.toArray()).map((item) => item.teacherModel)).toEqual(['GPT-4o']);
  });
});
