import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { useAppStore } from '../../../../renderer/src/stores/app/store';
import { commitTotals } from '../../../../renderer/src/stores/import/selectors';
import { createImportStore } from '../../../../renderer/src/stores/import/store';
import { freshDb, sidLine } from '../fixtures';

/** The wizard end to end over the real parsers (parsing falls back to the main thread: node has no Worker). */
describe('import wizard store', () => {
  let db: MaieuticDb;
  beforeEach(() => {
    db = freshDb();
    useAppStore.setState({ view: 'start', datasetId: null, dialogueId: null, visibleDialogueIds: [] });
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  const clean = { name: 'GPT-4o/GPT-4o-interdis_topic_7.jsonl', text: `${sidLine(1)}\n${sidLine(2)}\n` };
  const withWarnings = { name: 'Qwen/Qwen-interdis_topic_7.jsonl', text: `${sidLine(3, { cognition: '理解（Understand）!' })}\n` };
  const broken = { name: 'Qwen/broken.jsonl', text: `${sidLine(4)}\n{"topic_id": 7,\n` };

  it('reports per file, blocks errors, waits for warnings and commits only the chosen files', async () => {
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([clean, withWarnings, broken], [{ name: 'notes.docx', code: 'unsupported-type', reason: 'unsupported file type', values: { extension: '.docx' } }]);

    const state = store.getState();
    expect(state.step).toBe('report');
    expect(useAppStore.getState().view).toBe('import');
    expect(state.target).toEqual({ kind: 'new', name: 'GPT-4o-interdis_topic_7 +2' });
    expect(state.skipped).toHaveLength(1);
    expect(state.entries.map((entry) => [entry.teacherModel, entry.include])).toEqual([
      ['GPT-4o', true],
      ['Qwen', false],
      ['Qwen', false],
    ]);
    const brokenIssues = state.entries[2].parsed?.issues ?? [];
    expect(brokenIssues.some((issue) => issue.severity === 'error' && issue.line === 2)).toBe(true);

    // A file with errors cannot be ticked; one with warnings can, explicitly.
    store.getState().setInclude(2, true);
    store.getState().setInclude(1, true);
    expect(store.getState().entries.map((entry) => entry.include)).toEqual([true, true, false]);
    expect(commitTotals(store.getState().entries)).toMatchObject({ files: 2, dialogues: 3, turns: 6 });

    store.getState().setTarget({ kind: 'new', name: 'Pilot' });
    await store.getState().commit();

    expect(store.getState().step).toBe('idle');
    const app = useAppStore.getState();
    expect(app.view).toBe('datasets');
    const dataset = await db.datasets.get(app.datasetId ?? '');
    expect(dataset?.name).toBe('Pilot');
    const dialogues = await db.dialogues.where('datasetId').equals(app.datasetId ?? '').toArray();
    expect(dialogues.map((item) => item.teacherModel).sort()).toEqual(['GPT-4o', 'GPT-4o', 'Qwen']);
    expect(await db.sources.count()).toBe(2);
  });

  it('flags a file imported before and leaves it unticked', async () => {
    const first = createImportStore(() => db);
    await first.getState().receiveFiles([clean], []);
    await first.getState().commit();
    expect(await db.sources.count()).toBe(1);

    const second = createImportStore(() => db);
    await second.getState().receiveFiles([clean], []);
    const [entry] = second.getState().entries;
    expect(entry.priorImports).toHaveLength(1);
    expect(entry.priorImports[0].datasetName).toBe('GPT-4o');
    expect(entry.include).toBe(false);
  });

  it('stores nothing when cancelled', async () => {
    const store = createImportStore(() => db);
    useAppStore.setState({ view: 'start' });
    await store.getState().receiveFiles([clean], []);
    store.getState().cancel();
    expect(store.getState().step).toBe('idle');
    expect(store.getState().entries).toEqual([]);
    expect(useAppStore.getState().view).toBe('start');
    expect(await db.dialogues.count()).toBe(0);
  });

  it('a Cancel while files are read stops the run: nothing is kept, the wizard waits in its cancelled state, and the next import runs', async () => {
    const store = createImportStore(() => db);
    const running = store.getState().receiveFiles([clean], []);
    expect(store.getState().step).toBe('inspecting');
    store.getState().cancel();
    await running;
    expect(store.getState().step).toBe('cancelled');
    expect(store.getState().entries).toEqual([]);
    expect(useAppStore.getState().view).toBe('import');
    expect(await db.dialogues.count()).toBe(0);

    await store.getState().receiveFiles([withWarnings], []);
    expect(store.getState().step).toBe('report');
    expect(store.getState().entries.map((entry) => entry.name)).toEqual([withWarnings.name]);
    // Cancel from a step that waits for the user (the report) leaves the wizard, as before
    store.getState().cancel();
    expect(store.getState().step).toBe('idle');
    expect(useAppStore.getState().view).not.toBe('import');
  });

  it('asks for a column mapping for CSV files, then parses with it', async () => {
    const csv = {
      name: 'tutor.csv',
      text: ['conv,idx,who,said,intent', 'd1,1,学生,为什么？,', 'd1,2,教师,你觉得呢？,引导推理', 'd2,1,学生,我不知道,'].join('\n'),
    };
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([csv], []);
    expect(store.getState().step).toBe('mapping');
    const [entry] = store.getState().entries;
    expect(entry.preview?.columns).toEqual(['conv', 'idx', 'who', 'said', 'intent']);

    store.getState().setMapping(0, { dialogueId: 'conv', turnOrder: 'idx', speaker: 'who', utterance: 'said', fields: { teacher_intent: 'intent' } });
    await store.getState().parseAll();
    const parsed = store.getState().entries[0].parsed;
    expect(store.getState().step).toBe('report');
    expect(parsed?.dialogues.map((item) => item.turns.length)).toEqual([2, 1]);
    expect(parsed?.dialogues[0].turns[1].pre.teacher_intent?.codes).toEqual(['guide_reasoning']);
  });
});
