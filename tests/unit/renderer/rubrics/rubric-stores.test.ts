import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { parseRubricSet, rubricSetHash, SID_RUBRIC_SET } from '../../../../shared/judge';
import type { Dialogue, Turn } from '../../../../shared/model/dataset';
import { putExpertScore } from '../../../../renderer/src/db/repositories/expert-scores';
import { listRubricSetVersions, rubricSetFileText, rubricSetOfDataset, saveRubricSetVersion } from '../../../../renderer/src/db/repositories/rubric-sets';
import { putDialogueTurns } from '../../../../renderer/src/db/repositories/turns';
import { createRubricEditorStore } from '../../../../renderer/src/stores/rubrics/editor-store';
import { anchorCandidates, attachExpertExample, buildExpertExample, withExpertExample } from '../../../../renderer/src/stores/rubrics/expert-anchors';
import { createRubricSetsStore } from '../../../../renderer/src/stores/rubrics/store';
import { freshDb } from '../fixtures';

const AT = '2026-12-05T09:00:00.000Z';
const RATER = '王老师';

function lite() {
  const set = structuredClone(SID_RUBRIC_SET);
  return { ...set, id: 'lite', version: '1.0.0', rubrics: set.rubrics.slice(0, 2) };
}

function dialogue(id: string, externalId: string, line: number): Dialogue {
  return { id, datasetId: 'ds1', sourceId: 's1', externalId, teacherModel: 'GPT-4o', topicText: '丝绸之路', studentType: '好奇型', scenario: '', turnCount: 2, file: 'a.jsonl', line } as Dialogue;
}

function turns(dialogueId: string): Turn[] {
  return [
    { id: `${dialogueId}#0`, dialogueId, index: 0, speaker: 'teacher', speakerRaw: '教师', utterance: '你怎么看？', endMarker: false, pre: {}, alignment: 'none', fragments: 1 },
    { id: `${dialogueId}#1`, dialogueId, index: 1, speaker: 'student', speakerRaw: '学生', utterance: '<b>不知道</b>', endMarker: false, pre: {}, alignment: 'none', fragments: 1 },
  ];
}

async function seeded() {
  const db = freshDb();
  await db.datasets.add({ id: 'ds1', name: 'Pilot', createdAt: AT, codebookId: 'sid-default' } as never);
  await db.dialogues.bulkAdd([dialogue('s1:1', '1-1-1', 1), dialogue('s1:2', '1-2-1', 2)]);
  await putDialogueTurns(db, [...turns('s1:1'), ...turns('s1:2')]);
  const base = await saveRubricSetVersion(db, lite());
  const score = (dialogueId: string, rubric: string, value: number, rater = RATER, rationale?: string) =>
    putExpertScore(db, { datasetId: 'ds1', dialogueId, set: base.set, rubric, rater, score: value, ...(rationale ? { rationale } : {}), at: AT });
  // s1:1 fully scored by the rater (one rationale); s1:2 only partly, and fully by someone else
  await score('s1:1', 'X-SRG', 4, RATER, '追问充分');
  await score('s1:1', 'M-RCC', 2);
  await score('s1:2', 'X-SRG', 3);
  await score('s1:2', 'X-SRG', 5, '李老师');
  await score('s1:2', 'M-RCC', 5, '李老师');
  return { db, base };
}

describe('few-shot anchors from expert scores', () => {
  it('lists only the dialogues this rater scored on every rubric of the version', async () => {
    const { db, base } = await seeded();
    const found = await anchorCandidates(db, { datasetId: 'ds1', set: base.set, hash: base.hash, rater: RATER });
    expect(found).toEqual([{ dialogueId: 's1:1', label: 'GPT-4o · 1-1-1', turnCount: 2, scores: [{ rubric: 'X-SRG', score: 4 }, { rubric: 'M-RCC', score: 2 }] }]);
    // another version of the set: no scores on it yet
    expect(await anchorCandidates(db, { datasetId: 'ds1', set: SID_RUBRIC_SET, hash: rubricSetHash(SID_RUBRIC_SET), rater: RATER })).toEqual([]);
  });

  it('builds the anchor with its label, context, turns and scores (rationale only where written)', async () => {
    const { db, base } = await seeded();
    const example = await buildExpertExample(db, { dialogueId: 's1:1', set: base.set, hash: base.hash, rater: RATER });
    expect(example).toEqual({
      label: 'GPT-4o · 1-1-1',
      source: { dialogue: '1-1-1', group: 'GPT-4o' },
      context: { topic: '丝绸之路', studentType: '好奇型' },
      turns: [{ speaker: 'teacher', utterance: '你怎么看？' }, { speaker: 'student', utterance: '<b>不知道</b>' }],
      scores: [{ rubric: 'X-SRG', score: 4, rationale: '追问充分' }, { rubric: 'M-RCC', score: 2 }],
    });
    await expect(buildExpertExample(db, { dialogueId: 's1:2', set: base.set, hash: base.hash, rater: RATER })).rejects.toThrow(/not scored on every rubric/);
  });

  it('attaches it as a new version (next version string, new hash); the data set moves only when asked', async () => {
    const { db, base } = await seeded();
    const row = await attachExpertExample({ datasetId: 'ds1', dialogueId: 's1:1', base, rater: RATER, choose: false }, db);
    expect(row.version).toBe('1.0.1');
    expect(row.hash).not.toBe(base.hash);
    expect(row.set.expertExamples?.map((example) => example.label)).toEqual(['GPT-4o · 1-1-1']);
    expect((await rubricSetOfDataset(db, 'ds1')).setId).toBe(SID_RUBRIC_SET.id);
    // a dialogue is attached once
    expect(() => withExpertExample(row.set, row.set.expertExamples![0], ['1.0.0', '1.0.1'])).toThrow(/already a few-shot example/);
    const again = await attachExpertExample({ datasetId: 'ds1', dialogueId: 's1:1', base, rater: RATER, choose: true }, db);
    // asked again from the same base: the next free version string, and now the data set's
    expect(again.version).toBe('1.0.2');
    expect((await rubricSetOfDataset(db, 'ds1')).id).toBe(again.id);
  });
});

describe('rubric sets store', () => {
  it('refuses a bad file with every problem at its line and path, storing nothing; imports a good one', async () => {
    const { db } = await seeded();
    const store = createRubricSetsStore(() => db);
    await store.getState().load('ds1');
    const before = store.getState().versions.length;
    const good = rubricSetFileText({ ...lite(), id: 'other' });
    const bad = good.replace('"weight": 1,', '"weight": -1,').replace('"X-SRG"', '"X SRG"');
    await store.getState().importFile({ name: 'bad.json', text: bad });
    const outcome = store.getState().importOutcome;
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    const lines = bad.split('\n');
    expect(outcome.problems.map((problem) => [problem.path, problem.line])).toEqual([
      ['$.rubrics[0].id', lines.findIndex((line) => line.includes('"X SRG"')) + 1],
      ['$.rubrics[0].weight', lines.findIndex((line) => line.includes('"weight": -1')) + 1],
    ]);
    await store.getState().importFile({ name: 'broken.json', text: good.replace('"weight": 1,', '"weight": 1,,') });
    const broken = store.getState().importOutcome;
    expect(broken.kind === 'refused' && broken.problems[0].line).toBe(good.split('\n').findIndex((line) => line.includes('"weight": 1,')) + 1);
    expect((await listRubricSetVersions(db)).length).toBe(before);
    await store.getState().importFile({ name: 'other.json', text: good });
    expect(store.getState().importOutcome.kind).toBe('imported');
    expect(store.getState().versions.map((row) => row.setId)).toContain('other');
  });

  it('chooses a version for the data set', async () => {
    const { db, base } = await seeded();
    const store = createRubricSetsStore(() => db);
    await store.getState().load('ds1');
    expect(store.getState().chosenRowId).not.toBe(base.id);
    await store.getState().choose(base);
    expect(store.getState().chosenRowId).toBe(base.id);
    expect((await rubricSetOfDataset(db, 'ds1')).id).toBe(base.id);
  });
});

describe('rubric-set editor store', () => {
  it('checks every edit, warns when the version string did not move, and saves a new version with a new hash', async () => {
    const { db, base } = await seeded();
    const editor = createRubricEditorStore(() => db);
    editor.getState().open(base, { mode: 'edit', takenVersions: ['1.0.0'] });
    expect(editor.getState().dirty).toBe(false);
    editor.getState().update((draft) => ({ ...draft, rubrics: draft.rubrics.map((rubric, i) => (i === 1 ? { ...rubric, weight: 'three' } : rubric)) }));
    expect(editor.getState().check.set).toBeNull();
    expect(await editor.getState().save()).toBeNull();
    editor.getState().update((draft) => ({ ...draft, rubrics: draft.rubrics.map((rubric, i) => (i === 1 ? { ...rubric, weight: '3' } : rubric)) }));
    expect(editor.getState().versionUnchanged).toBe(true);
    expect(editor.getState().suggestedVersion).toBe('1.0.1');
    expect(editor.getState().diff?.changed).toEqual([{ rubric: 'M-RCC', fields: ['weight'] }]);
    editor.getState().update((draft) => ({ ...draft, version: editor.getState().suggestedVersion }));
    expect(editor.getState().versionUnchanged).toBe(false);
    const row = await editor.getState().save();
    expect(row?.version).toBe('1.0.1');
    expect(row?.set.rubrics[1].weight).toBe(3);
    expect(row?.hash).toBe(rubricSetHash(parseRubricSet(JSON.parse(rubricSetFileText(row!.set)))));
    // the saved version is the new base
    expect(editor.getState().base?.id).toBe(row?.id);
    expect(editor.getState().dirty).toBe(false);
    expect(editor.getState().suggestedVersion).toBe('1.0.2');
  });

  it('duplicates a version as a new set with a free id, and adds fully scored dialogues as anchors', async () => {
    const { db, base } = await seeded();
    const editor = createRubricEditorStore(() => db);
    editor.getState().open(base, { mode: 'duplicate', takenIds: ['lite', 'lite-copy'] });
    expect(editor.getState().draft?.id).toBe('lite-copy-2');
    expect(editor.getState().dirty).toBe(true);
    await editor.getState().loadCandidates({ datasetId: 'ds1', rater: RATER });
    expect(editor.getState().candidates.items.map((item) => item.dialogueId)).toEqual(['s1:1']);
    await editor.getState().addExamples({ dialogueIds: ['s1:1'], rater: RATER });
    expect(editor.getState().draft?.expertExamples.map((example) => example.label)).toEqual(['GPT-4o · 1-1-1']);
    expect(editor.getState().diff?.examplesAdded).toEqual(['GPT-4o · 1-1-1']);
    const row = await editor.getState().save();
    expect(row?.setId).toBe('lite-copy-2');
    expect(row?.set.expertExamples).toHaveLength(1);
  });
});
