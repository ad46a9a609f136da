import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CODEBOOK, codebookVersionHash } from '../../../../shared/codebook';
import { readCodebookFiles } from '../../../../shared/codebook/read-codebook-files';
import type { OpenCodebookResult } from '../../../../shared/ipc/contract';
import { codebookForDataset, consistencyRulesFor, registerCodebookVersions } from '../../../../renderer/src/codebook';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { addCodebookVersion, listCodebookVersions } from '../../../../renderer/src/db/repositories/codebook-versions';
import { newDatasetRow } from '../../../../renderer/src/db/repositories/datasets';
import { listTurns } from '../../../../renderer/src/db/repositories/turns';
import { useAppStore } from '../../../../renderer/src/stores/app/store';
import { createCodebookImportStore } from '../../../../renderer/src/stores/import/codebook-import';
import { createImportStore } from '../../../../renderer/src/stores/import/store';
import { freshDb } from '../fixtures';

const FIXTURES = join(__dirname, '../../../e2e/fixtures');
const CODEBOOK = { name: 'sid-student-bloom.json', text: readFileSync(join(FIXTURES, 'sid-student-bloom.json'), 'utf8') };
const RULES = { name: 'sid-student-bloom.rules.json', text: readFileSync(join(FIXTURES, 'sid-student-bloom.rules.json'), 'utf8') };

/** `window.api` answering "Import codebook…" with the queued results, as main would. */
function stubOpenCodebook(): OpenCodebookResult[] {
  const answers: OpenCodebookResult[] = [];
  const invoke = async (channel: string): Promise<OpenCodebookResult> => {
    if (channel !== 'files.openCodebook') throw new Error(`unexpected channel ${channel}`);
    const answer = answers.shift();
    if (!answer) throw new Error('no answer queued');
    return answer;
  };
  vi.stubGlobal('window', { api: { invoke, on: () => () => undefined } });
  return answers;
}

/** A SID record whose student turn carries a Bloom level only the custom codebook spells ("Bloom-4", its alias of analyze). */
function bloomLine(): string {
  return JSON.stringify({
    topic_id: 3, topic_text: '光合作用', student_id: 1, student_type: '全优型', scenario: '课堂探究', repeat_id: 1,
    dialogue: [
      { role: '教师', content: '植物晚上会进行光合作用吗？' },
      { role: '学生', content: '不会，因为没有光。' },
    ],
    annotations: [
      { speaker: '教师', utterance: '植物晚上会进行光合作用吗？', teacher_intent: '检测理解', teaching_strategy: '追问', discipline: '生物', discipline_transfer: '否', student_cognition_state: '', teacher_guidance_level: 'L2', cognitive_level: '' },
      { speaker: '学生', utterance: '不会，因为没有光。', teacher_intent: '', teaching_strategy: '', discipline: '生物', discipline_transfer: '否', student_cognition_state: '清晰理解', teacher_guidance_level: '', cognitive_level: 'Bloom-4' },
    ],
  });
}

describe('importing a custom codebook', () => {
  let db: MaieuticDb;
  let answers: OpenCodebookResult[];
  const reload = async () => registerCodebookVersions(await listCodebookVersions(db));
  beforeEach(() => {
    db = freshDb();
    answers = stubOpenCodebook();
    useAppStore.setState({ view: 'start', datasetId: null, dialogueId: null, visibleDialogueIds: [] });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    db.close();
    await db.delete();
  });

  it('stores the codebook with the rules beside it as a version of its own, and registers it', async () => {
    answers.push({ status: 'read', codebook: CODEBOOK, rules: RULES });
    const store = createCodebookImportStore(() => db, reload);
    const row = await store.getState().importCodebook();

    expect(row?.codebookId).toBe('sid-student-bloom');
    expect(row?.basedOn).toBeUndefined();
    const stored = await listCodebookVersions(db);
    expect(stored.map((version) => version.id)).toEqual([row?.id]);
    expect(stored[0].rules.rules.map((rule) => rule.id)).toEqual(['value-on-inapplicable-field', 'bloom-on-inapplicable-turn', 'label-outside-codebook']);
    const ref = { codebookId: 'sid-student-bloom', codebookHash: row!.hash };
    expect(codebookForDataset(ref).codebook.fields.find((field) => field.id === 'cognitive_level')?.appliesTo).toBe('student');
    expect(consistencyRulesFor(ref).rules).toHaveLength(3);
    expect(store.getState().outcome).toMatchObject({ kind: 'imported', rulesFile: 'sid-student-bloom.rules.json', ruleCount: 3, alreadyStored: false });

    // the same file again: the stored row is kept and the user is told
    answers.push({ status: 'read', codebook: CODEBOOK, rules: null });
    const again = await store.getState().importCodebook();
    expect(again?.id).toBe(row?.id);
    expect(await db.codebookVersions.count()).toBe(1);
    expect(store.getState().outcome).toMatchObject({ kind: 'imported', alreadyStored: true, rulesDiffer: true, ruleCount: 3 });
  });

  it('gives a codebook without a rules file no rules, and says so', async () => {
    answers.push({ status: 'read', codebook: CODEBOOK, rules: null });
    const store = createCodebookImportStore(() => db, reload);
    const row = await store.getState().importCodebook();
    expect(row?.rules).toEqual({ codebookId: 'sid-student-bloom', rules: [] });
    expect(store.getState().outcome).toMatchObject({ kind: 'imported', rulesFile: null, ruleCount: 0, codebookFile: 'sid-student-bloom.json' });
  });

  it('stores nothing when the codebook, its rules or the reading fails, and names the file and path', async () => {
    const broken = JSON.parse(CODEBOOK.text);
    broken.fields[8].appliesTo = 'pupils';
    const badRules = JSON.parse(RULES.text);
    badRules.rules[1].fields = ['bloom'];
    answers.push(
      { status: 'read', codebook: { name: 'broken.json', text: JSON.stringify(broken) }, rules: RULES },
      { status: 'read', codebook: CODEBOOK, rules: { name: 'sid-student-bloom.rules.json', text: JSON.stringify(badRules) } },
      { status: 'read', codebook: { name: 'cut.json', text: '{"id": "x",' }, rules: null },
      { status: 'refused', file: 'notes.txt', reason: 'is not a .json file; a codebook is one JSON object in a .json file' },
    );
    const store = createCodebookImportStore(() => db, reload);

    expect(await store.getState().importCodebook()).toBeNull();
    expect(store.getState().outcome).toEqual({ kind: 'refused', file: 'broken.json', problems: ['fields[8].appliesTo must be one of all, teacher, student'] });
    expect(await store.getState().importCodebook()).toBeNull();
    expect(store.getState().outcome).toEqual({ kind: 'refused', file: 'sid-student-bloom.rules.json', problems: ['$.rules[1].fields: the codebook has no field "bloom"'] });
    expect(await store.getState().importCodebook()).toBeNull();
    expect(store.getState().outcome).toMatchObject({ kind: 'refused', file: 'cut.json', problems: [expect.stringMatching(/^\$ \(line 1\): not valid JSON/)] });
    expect(await store.getState().importCodebook()).toBeNull();
    expect(store.getState().outcome).toMatchObject({ kind: 'refused', file: 'notes.txt' });
    expect(await db.codebookVersions.count()).toBe(0);
  });

  it('reads the files against the codebook chosen for the new data set, and the data set records that version', async () => {
    const store = createImportStore(() => db, () => createCodebookImportStore(() => db, reload).getState());
    await store.getState().receiveFiles([{ name: 'GPT-4o/bloom.jsonl', text: `${bloomLine()}\n` }], []);
    // the bundled codebook does not know the alias: an unknown label, flagged
    const before = store.getState().entries[0].parsed!;
    expect(before.dialogues[0].turns[1].pre.cognitive_level).toMatchObject({ status: 'unknown', codes: [] });
    expect(before.issues.some((issue) => issue.code === 'unknown-label')).toBe(true);

    answers.push({ status: 'read', codebook: CODEBOOK, rules: RULES });
    await store.getState().importCodebook();
    const state = store.getState();
    expect(state.step).toBe('report');
    const target = state.target;
    expect(target.kind === 'new' && target.codebook?.codebookId).toBe('sid-student-bloom');
    const after = state.entries[0].parsed!;
    expect(after.dialogues[0].turns[1].pre.cognitive_level).toMatchObject({ status: 'ok', codes: ['analyze'] });
    expect(after.issues).toEqual([]);
    expect(state.entries[0].include).toBe(true);

    await store.getState().commit();
    const datasetId = useAppStore.getState().datasetId!;
    const dataset = await db.datasets.get(datasetId);
    const version = (await listCodebookVersions(db))[0];
    expect(dataset).toMatchObject({ codebookId: 'sid-student-bloom', codebookHash: version.hash });
    const [dialogue] = await db.dialogues.where('datasetId').equals(datasetId).toArray();
    const turns = await listTurns(db, dialogue.id);
    expect(turns[1].pre.cognitive_level).toMatchObject({ status: 'ok', codes: ['analyze'] });

    // back to the bundled codebook: read again, the alias unknown once more
    await store.getState().receiveFiles([{ name: 'GPT-4o/bloom-2.jsonl', text: `${bloomLine()}\n` }], []);
    await store.getState().setTarget({ kind: 'new', name: 'x', codebook: { codebookId: 'sid-student-bloom', codebookHash: version.hash } });
    expect(store.getState().entries[0].parsed!.dialogues[0].turns[1].pre.cognitive_level.codes).toEqual(['analyze']);
    await store.getState().setTarget({ kind: 'new', name: 'x' });
    expect(store.getState().entries[0].parsed!.dialogues[0].turns[1].pre.cognitive_level.status).toBe('unknown');
  });

  it('reads files for an existing data set against that data set’s codebook', async () => {
    const { codebook, rules } = readCodebookFiles(CODEBOOK, RULES);
    const version = await addCodebookVersion(db, { codebook, rules });
    await reload();
    const dataset = newDatasetRow({ name: 'Bloom pilot', codebookId: codebook.id, codebookHash: version.hash, createdAt: new Date().toISOString() });
    await db.datasets.add(dataset);
    const store = createImportStore(() => db, () => createCodebookImportStore(() => db, reload).getState());
    await store.getState().receiveFiles([{ name: 'GPT-4o/bloom.jsonl', text: `${bloomLine()}\n` }], [], dataset.id);
    expect(store.getState().entries[0].parsed!.dialogues[0].turns[1].pre.cognitive_level.codes).toEqual(['analyze']);
  });
});

describe('newDatasetRow', () => {
  it('records the chosen version’s hash for any codebook, the bundled hash for sid-default otherwise', () => {
    const createdAt = new Date().toISOString();
    expect(newDatasetRow({ name: 'a', codebookId: 'sid-student-bloom', codebookHash: 'abcdef0123456789', createdAt })).toMatchObject({ codebookId: 'sid-student-bloom', codebookHash: 'abcdef0123456789' });
    expect(newDatasetRow({ name: 'b', codebookId: 'sid-default', createdAt }).codebookHash).toBe(codebookVersionHash(DEFAULT_CODEBOOK));
    expect(newDatasetRow({ name: 'c', codebookId: 'sid-default', codebookHash: 'fedcba9876543210', createdAt }).codebookHash).toBe('fedcba9876543210');
    expect(newDatasetRow({ name: 'd', codebookId: 'other', createdAt }).codebookHash).toBeUndefined();
  });
});
