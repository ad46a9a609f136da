import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deleteJudgeRun, ensureSidRubricSet, importJudgeResults, JudgeImportError, judgeScoresOfDialogue, judgeScoresOfRun, listJudgeRuns } from '../../../../renderer/src/db/repositories/judge';
import { expertScoresOfDataset, expertScoresOfDialogue, putExpertRationale, putExpertScore } from '../../../../renderer/src/db/repositories/expert-scores';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { rubricSetHash, SID_RUBRIC_SET } from '../../../../shared/judge';
import type { Dialogue } from '../../../../shared/model/dataset';
import { freshDb } from '../fixtures';

const AT = '2026-12-05T09:00:00.000Z';
const RUBRICS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'];

function dialogueRow(id: string, teacherModel: string, externalId: string, datasetId = 'ds1'): Dialogue {
  return { id, datasetId, sourceId: id.split(':')[0], externalId, teacherModel } as Dialogue;
}

function line(dialogue: string, group: string, scores: number[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ dialogue, group, judge: 'deepseek-v3', sample: 0, status: 'valid', scores: RUBRICS.map((rubric, i) => ({ rubric, score: scores[i], rationale: `理由 ${rubric}` })), ...extra });
}

async function seeded() {
  const db = freshDb();
  await db.datasets.add({ id: 'ds1', name: 'Pilot', createdAt: AT, codebookId: 'sid-default' } as never);
  await db.dialogues.bulkAdd([dialogueRow('s1:1', 'GPT-4o', '1-1-1'), dialogueRow('s1:2', 'GPT-4o', '1-2-1'), dialogueRow('s2:1', 'Qwen', '1-1-1')]);
  return db;
}

describe('judge results import', () => {
  it('stores one run with a row per matched dialogue × judge × sample, matched by id and teacher model, and reports the unmatched lines', async () => {
    const db = await seeded();
    const text = [
      line('1-1-1', 'GPT-4o', [4, 3, 5, 2, 4]),
      line('1-1-1', 'Qwen', [3, 3, 3, 3, 3]),
      line('9-9-9', 'GPT-4o', [1, 1, 1, 1, 1]),
      JSON.stringify({ dialogue: '1-2-1', group: 'GPT-4o', judge: 'deepseek-v3', sample: 1, status: 'failed', scores: [], reason: 'no score for TCF' }),
      '',
    ].join('\n');
    const report = await importJudgeResults(db, { datasetId: 'ds1', file: 'results.jsonl', text, createdAt: AT });
    expect(report.stored).toBe(3);
    expect(report.unmatchedCount).toBe(1);
    expect(report.unmatched).toEqual([{ line: 3, dialogue: '9-9-9', group: 'GPT-4o' }]);
    const [run] = await listJudgeRuns(db, 'ds1');
    expect(run).toMatchObject({ name: 'results.jsonl', source: 'import', samples: 2, lines: 3, failed: 1, judges: [{ name: 'deepseek-v3' }], rubricSet: { id: SID_RUBRIC_SET.id, hash: rubricSetHash(SID_RUBRIC_SET) } });
    const rows = await judgeScoresOfRun(db, run.id);
    expect(rows.map((row) => `${row.dialogueId}|${row.group}|${row.status}`).sort()).toEqual(['s1:1|GPT-4o|valid', 's1:2|GPT-4o|failed', 's2:1|Qwen|valid']);
    const qwen = await judgeScoresOfDialogue(db, run.id, 's2:1');
    expect(qwen).toHaveLength(1);
    expect(qwen[0].scores.map((score) => score.score)).toEqual([3, 3, 3, 3, 3]);
    // the SID rubric set is stored with the run, once
    expect(await db.rubricSets.count()).toBe(1);
  });

  it('refuses a file with bad lines whole, naming each as file:line and its problem, and stores nothing', async () => {
    const db = await seeded();
    const text = [line('1-1-1', 'GPT-4o', [4, 3, 5, 2, 4]), '{not json', line('1-2-1', 'GPT-4o', [4, 3, 7, 2, 4]), line('1-1-1', 'Qwen', [4, 3, 5, 2, 4], { extra: 1 })].join('\n');
    const error = await importJudgeResults(db, { datasetId: 'ds1', file: 'bad.jsonl', text }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JudgeImportError);
    const message = (error as Error).message.split('\n');
    expect(message).toHaveLength(3);
    expect(message[0]).toMatch(/^bad\.jsonl:2: not a JSON object/);
    expect(message[1]).toMatch(/^bad\.jsonl:3: .*X-MSR must be a whole number in 1–5/);
    expect(message[2]).toMatch(/^bad\.jsonl:4: "extra" is not a key/);
    expect(await db.judgeRuns.count()).toBe(0);
    expect(await db.judgeScores.count()).toBe(0);
    expect(await db.rubricSets.count()).toBe(0);
  });

  it('refuses a file whose lines match no dialogue, an unknown rubric set, and an empty file', async () => {
    const db = await seeded();
    await expect(importJudgeResults(db, { datasetId: 'ds1', file: 'r.jsonl', text: line('1-1-1', 'Claude', [1, 2, 3, 4, 5]) })).rejects.toThrow(/^r\.jsonl: none of its 1 lines names a dialogue/);
    const foreign = line('1-1-1', 'GPT-4o', [1, 2, 3, 4, 5], { rubricSet: { id: 'custom', version: '1', hash: 'abc' } });
    await expect(importJudgeResults(db, { datasetId: 'ds1', file: 'r.jsonl', text: foreign })).rejects.toThrow(/custom@abc, which this profile does not have/);
    await expect(importJudgeResults(db, { datasetId: 'ds1', file: 'e.jsonl', text: '\n\n' })).rejects.toThrow(/^e\.jsonl: the file holds no results lines/);
    expect(await db.judgeRuns.count()).toBe(0);
    expect(await db.judgeScores.count()).toBe(0);
  });

  it('keeps the first of two lines for one dialogue, judge and sample, and counts the other', async () => {
    const db = await seeded();
    const report = await importJudgeResults(db, { datasetId: 'ds1', file: 'r.jsonl', text: [line('1-1-1', 'GPT-4o', [4, 4, 4, 4, 4]), line('1-1-1', 'GPT-4o', [1, 1, 1, 1, 1])].join('\n') });
    expect(report).toMatchObject({ stored: 1, duplicateLines: 1 });
    const [row] = await judgeScoresOfRun(db, report.run.id);
    expect(row.scores[0].score).toBe(4);
  });

  it('deletes a run with its scores; deleting the data set removes its runs and expert scores', async () => {
    const db = await seeded();
    const a = await importJudgeResults(db, { datasetId: 'ds1', file: 'a.jsonl', text: line('1-1-1', 'GPT-4o', [4, 4, 4, 4, 4]) });
    const b = await importJudgeResults(db, { datasetId: 'ds1', file: 'b.jsonl', text: line('1-1-1', 'Qwen', [4, 4, 4, 4, 4]) });
    await deleteJudgeRun(db, a.run.id);
    expect((await listJudgeRuns(db, 'ds1')).map((run) => run.id)).toEqual([b.run.id]);
    expect(await db.judgeScores.count()).toBe(1);
    await putExpertScore(db, { datasetId: 'ds1', dialogueId: 's1:1', set: SID_RUBRIC_SET, rubric: 'IRA', rater: 'Li', score: 2 });
    await deleteDataset(db, 'ds1');
    expect(await db.judgeRuns.count()).toBe(0);
    expect(await db.judgeScores.count()).toBe(0);
    expect(await db.expertScores.count()).toBe(0);
  });
});

describe('expert scores repository', () => {
  it('writes one row per dialogue × rubric × rater with who and when, keeps the rationale on a rescore, clears on null', async () => {
    const db = await seeded();
    await ensureSidRubricSet(db);
    const hash = rubricSetHash(SID_RUBRIC_SET);
    const row = await putExpertScore(db, { datasetId: 'ds1', dialogueId: 's1:1', set: SID_RUBRIC_SET, rubric: 'X-SRG', rater: '王老师', score: 4, at: AT });
    expect(row).toMatchObject({ rubric: 'X-SRG', rater: '王老师', score: 4, rationale: '', at: AT, rubricSetHash: hash });
    await putExpertRationale(db, { id: row!.id, rationale: '追问到位' });
    await putExpertScore(db, { datasetId: 'ds1', dialogueId: 's1:1', set: SID_RUBRIC_SET, rubric: 'X-SRG', rater: '王老师', score: 5 });
    await putExpertScore(db, { datasetId: 'ds1', dialogueId: 's1:1', set: SID_RUBRIC_SET, rubric: 'X-SRG', rater: 'Li', score: 2 });
    const rows = await expertScoresOfDialogue(db, 's1:1', hash);
    expect(rows.map((r) => [r.rater, r.score, r.rationale]).sort()).toEqual([['Li', 2, ''], ['王老师', 5, '追问到位']]);
    await putExpertScore(db, { datasetId: 'ds1', dialogueId: 's1:1', set: SID_RUBRIC_SET, rubric: 'X-SRG', rater: 'Li', score: null });
    expect((await expertScoresOfDataset(db, 'ds1', hash)).map((r) => r.rater)).toEqual(['王老师']);
    expect(await db.rubricSets.count()).toBe(1);
  });

  it('writes each score, rationale, clear and undo into the audit trail with who, when and the rubric-set version; an unchanged rewrite adds nothing', async () => {
    const db = await seeded();
    const hash = rubricSetHash(SID_RUBRIC_SET);
    const input = { datasetId: 'ds1', dialogueId: 's1:1', set: SID_RUBRIC_SET, rubric: 'TCF', rater: '王老师' };
    const row = await putExpertScore(db, { ...input, score: 3, at: AT });
    await putExpertScore(db, { ...input, score: 3, at: AT });
    await putExpertRationale(db, { id: row!.id, rationale: '只问不答', at: AT });
    await putExpertRationale(db, { id: row!.id, rationale: '只问不答', at: AT });
    await putExpertScore(db, { ...input, score: 4, at: AT });
    await putExpertScore(db, { ...input, score: 3, at: AT, undo: true });
    await putExpertScore(db, { ...input, score: null, at: AT });
    await putExpertScore(db, { ...input, score: null, at: AT });
    const entries = (await db.editLog.toArray()).sort((a, b) => a.seq! - b.seq!);
    expect(entries.map((entry) => [entry.reason, entry.before, entry.after])).toEqual([
      ['scored', null, { score: 3, rationale: '' }],
      ['scored', { score: 3, rationale: '' }, { score: 3, rationale: '只问不答' }],
      ['scored', { score: 3, rationale: '只问不答' }, { score: 4, rationale: '只问不答' }],
      ['undone', { score: 4, rationale: '只问不答' }, { score: 3, rationale: '只问不答' }],
      ['cleared', { score: 3, rationale: '只问不答' }, null],
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ datasetId: 'ds1', dialogueId: 's1:1', reviewer: '王老师', at: AT, target: { kind: 'rubric-score', rubricSetId: SID_RUBRIC_SET.id, rubricSetHash: hash, rubric: 'TCF' } });
  });

  it('refuses a score outside the rubric range, an unknown rubric and a missing rater, storing nothing', async () => {
    const db = await seeded();
    await expect(putExpertScore(db, { datasetId: 'ds1', dialogueId: 's1:1', set: SID_RUBRIC_SET, rubric: 'IRA', rater: 'Li', score: 6 })).rejects.toThrow(/whole number in 1–5/);
    await expect(putExpertScore(db, { datasetId: 'ds1', dialogueId: 's1:1', set: SID_RUBRIC_SET, rubric: 'NOPE', rater: 'Li', score: 3 })).rejects.toThrow(/not in the set/);
    await expect(putExpertScore(db, { datasetId: 'ds1', dialogueId: 's1:1', set: SID_RUBRIC_SET, rubric: 'IRA', rater: ' ', score: 3 })).rejects.toThrow(/name/);
    expect(await db.expertScores.count()).toBe(0);
  });
});
