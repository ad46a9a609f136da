import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { deleteJudgeRun, importJudgeResults, JudgeImportError, listJudgeRuns } from '../../../../renderer/src/db/repositories/judge';
import { pairwiseVerdictsOfRun } from '../../../../renderer/src/db/repositories/pairwise-jobs';
import { createJobsStore, type Invoke } from '../../../../renderer/src/stores/jobs/store';
import type { AckJobItemsArgs } from '../../../../shared/ipc/contract';
import { createJobSnapshot, type JobDefinition, type JobEvent } from '../../../../shared/jobs';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import { pairwiseJobDefinition } from '../../../../shared/judge/pairwise-definition';
import type { PairOrder, PairwiseJobPayload } from '../../../../shared/judge/pairwise-job';
import type { PositionVerdict } from '../../../../shared/judge/pairwise';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const JUDGE = { id: 'c1', name: 'DeepSeek', model: 'deepseek-v3' };
const REF = { id: SID_RUBRIC_SET.id, version: SID_RUBRIC_SET.version, hash: rubricSetHash(SID_RUBRIC_SET) };

function fakeMain() {
  const acks: AckJobItemsArgs[] = [];
  const invoke = (async (channel: string, arg: unknown) => {
    if (channel === 'jobs.start') return createJobSnapshot({ id: 'job1', definition: (arg as { definition: JobDefinition }).definition, createdAt: 1, priced: false });
    if (channel === 'jobs.ack') {
      acks.push(arg as AckJobItemsArgs);
      return { acknowledged: 1 };
    }
    return [];
  }) as Invoke;
  return { invoke, acks };
}

/** Two teacher models, students 1 and 2 each (pairs 7-1-1 and 7-2-1), and a third GPT-4o dialogue (student 3) with no partner. */
async function twoModels(db: MaieuticDb) {
  const gpt = parsedFile('GPT-4o/a.jsonl', [dialogue(1, 2), dialogue(2, 2), dialogue(3, 2)]);
  const qwen = parsedFile('Qwen/b.jsonl', [dialogue(1, 2, { teacherModel: 'Qwen' }), dialogue(2, 2, { teacherModel: 'Qwen' })], { teacherModel: 'Qwen', contentHash: 'hash-b' });
  const result = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [gpt, qwen]);
  const dialogues = await db.dialogues.where('datasetId').equals(result.datasetId).toArray();
  return { datasetId: result.datasetId, dialogues };
}

function item(pairId: string, order: PairOrder, verdict: PositionVerdict | null, sample = 0): JobEvent<PairwiseJobPayload> {
  const tokens = { input: 5, output: 5 };
  const base = { pairId, order, dialogueA: `A:${pairId}`, dialogueB: `B:${pairId}`, connectionId: JUDGE.id, judgeModel: JUDGE.model, sample, rubricSet: REF, prompt: { version: '1', language: 'zh' as const, reasoningFirst: false, fewShot: 0, hash: 'p' }, tokens, cached: false, call: { baseURL: 'http://x/v1', model: JUDGE.model, parameters: {}, template: null, raw: 'x'.repeat(5000), parseStatus: 'valid' as const, reasons: [], tokens, latencyMs: 1, attempts: 1, fromCache: false, at: '', appVersion: 't' } };
  const at = { type: 'item' as const, jobId: 'job1', at: 2, item: { itemId: `${order}:${pairId}`, connectionId: JUDGE.id, sample } };
  if (verdict === null) return { ...at, outcome: { ok: false, reason: 'no JSON', tokens, cost: null, payload: { ...base, status: 'failed', reasons: ['no JSON', 'verdict missing'] } } };
  const winner = verdict === 'tie' ? 'tie' : (verdict === 'first') === (order === 'ab') ? 'A' : 'B';
  return { ...at, outcome: { ok: true, cached: false, tokens, cost: null, payload: { ...base, status: 'valid', verdict, winner, rationale: `${order} ${verdict}` } } };
}

describe('pairwise judge runs', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('records a pairwise run with its pairing, routes judge-pairwise items to verdict rows (failed ones with reasons), acknowledges each, and a redelivery adds nothing', async () => {
    const opened = (db = freshDb());
    const { datasetId, dialogues } = await twoModels(opened);
    const { definition, pairing } = pairwiseJobDefinition({
      title: 'Pairwise', connectionIds: [JUDGE.id], samples: 1, rubricSet: SID_RUBRIC_SET, language: 'zh', reasoningFirst: false, groupA: 'GPT-4o', groupB: 'Qwen',
      dialogues: dialogues.map((d) => ({ id: d.id, group: d.teacherModel, topicId: d.topicId, studentId: d.studentId, repeatId: d.repeatId, turns: [{ speaker: 'teacher' as const, utterance: 'a' }] })),
    });
    const main = fakeMain();
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    const { run } = await store.getState().startPairwise({ definition: definition!, datasetId, name: 'A vs B', rubricSet: SID_RUBRIC_SET, connections: [JUDGE], pairing, settings: { language: 'zh' } });
    expect(run).toMatchObject({ id: 'job1', mode: 'pairwise', source: 'job', pairwise: { groupA: 'GPT-4o', groupB: 'Qwen', unpairedCount: 1 } });
    expect(run.pairwise!.pairs.map((pair) => pair.id)).toEqual(['7-1-1', '7-2-1']);
    expect(run.pairwise!.unpaired[0]).toMatchObject({ group: 'GPT-4o', reason: 'no-partner' });

    const events = [item('7-1-1', 'ab', 'first'), item('7-1-1', 'ba', 'second'), item('7-2-1', 'ab', 'first'), item('7-2-1', 'ba', null)];
    for (const event of events) store.getState().handleEvent(event);
    await store.getState().idle();
    // delivered again once stored (a pull after the push): stored to no effect, acknowledged again
    store.getState().handleEvent(events[0]);
    await store.getState().idle();
    expect(main.acks).toHaveLength(5);
    const rows = await pairwiseVerdictsOfRun(opened, 'job1');
    expect(rows).toHaveLength(4);
    const gpt1 = dialogues.find((d) => d.teacherModel === 'GPT-4o' && d.studentId === '1')!.id;
    expect(rows.find((row) => row.id === 'job1|7-1-1|ab|DeepSeek|0')).toMatchObject({ status: 'valid', verdict: 'first', winner: 'A', dialogueA: gpt1, groupA: 'GPT-4o', groupB: 'Qwen', rationale: 'ab first' });
    expect(rows.find((row) => row.id === 'job1|7-1-1|ab|DeepSeek|0')!.call!.raw.length).toBeLessThan(4100);
    const failed = rows.find((row) => row.id === 'job1|7-2-1|ba|DeepSeek|0')!;
    expect(failed).toMatchObject({ status: 'failed', reason: 'no JSON; verdict missing' });
    expect(failed.verdict).toBeUndefined();
    expect((await listJudgeRuns(opened, datasetId))[0]).toMatchObject({ lines: 4, failed: 1 });
  });

  it('deleting the run or its data set deletes its verdicts', async () => {
    const opened = (db = freshDb());
    const { datasetId } = await twoModels(opened);
    const lines = ['ab', 'ba'].map((order) => JSON.stringify({ pair: '7-1-1', groupA: 'GPT-4o', groupB: 'Qwen', dialogueA: '7-1-1', dialogueB: '7-1-1', order, judge: 'j', sample: 0, status: 'valid', verdict: 'first' }));
    const first = await importJudgeResults(opened, { datasetId, file: 'pairs.jsonl', text: lines.join('\n') });
    const second = await importJudgeResults(opened, { datasetId, file: 'pairs2.jsonl', text: lines.join('\n') });
    await deleteJudgeRun(opened, first.run.id);
    expect(await opened.pairwiseVerdicts.count()).toBe(2);
    await deleteDataset(opened, datasetId);
    expect(await opened.pairwiseVerdicts.where('runId').equals(second.run.id).count()).toBe(0);
    expect(await opened.pairwiseVerdicts.count()).toBe(0);
  });

  it("imports the CLI's pairwise lines as a pairwise run matched by teacher model and dialogue id; unmatched lines are reported", async () => {
    const opened = (db = freshDb());
    const { datasetId, dialogues } = await twoModels(opened);
    const line = (pair: string, order: string, extra: Record<string, unknown>) => JSON.stringify({ pair, groupA: 'GPT-4o', groupB: 'Qwen', dialogueA: pair, dialogueB: pair, order, judge: 'deepseek-v3', sample: 0, rubricSet: REF, ...extra });
    const text = [
      line('7-1-1', 'ab', { status: 'valid', verdict: 'first', winner: 'A', rationale: 'A asks better' }),
      line('7-1-1', 'ba', { status: 'valid', verdict: 'first', winner: 'B', rationale: 'first looks better' }),
      line('7-2-1', 'ab', { status: 'failed', reason: 'not JSON' }),
      line('7-9-1', 'ab', { status: 'valid', verdict: 'tie' }),
    ].join('\n');
    const report = await importJudgeResults(opened, { datasetId, file: 'pairs.jsonl', text });
    expect(report).toMatchObject({ stored: 3, unmatchedCount: 1, unmatched: [{ line: 4, dialogue: '7-9-1', group: 'GPT-4o' }] });
    expect(report.run).toMatchObject({ mode: 'pairwise', source: 'import', lines: 3, failed: 1, judges: [{ name: 'deepseek-v3' }], pairwise: { groupA: 'GPT-4o', groupB: 'Qwen' } });
    const qwen1 = dialogues.find((d) => d.teacherModel === 'Qwen' && d.studentId === '1')!.id;
    expect(report.run.pairwise!.pairs[0]).toMatchObject({ id: '7-1-1', b: qwen1, topicId: '7', studentId: '1' });
    const rows = await pairwiseVerdictsOfRun(opened, report.run.id);
    expect(rows.map((row) => [row.pairId, row.order, row.status, row.winner ?? null]).sort()).toEqual([['7-1-1', 'ab', 'valid', 'A'], ['7-1-1', 'ba', 'valid', 'B'], ['7-2-1', 'ab', 'failed', null]]);
    expect(await opened.judgeScores.count()).toBe(0);
  });

  it('refuses a file mixing score lines and pairwise lines, naming each odd line as file:line, and stores nothing', async () => {
    const opened = (db = freshDb());
    const { datasetId } = await twoModels(opened);
    const pairLine = JSON.stringify({ pair: '7-1-1', groupA: 'GPT-4o', groupB: 'Qwen', dialogueA: '7-1-1', dialogueB: '7-1-1', order: 'ab', judge: 'j', sample: 0, status: 'valid', verdict: 'first' });
    const scoreLine = JSON.stringify({ dialogue: '7-1-1', group: 'GPT-4o', judge: 'j', sample: 0, status: 'failed', scores: [], reason: 'x' });
    const refused = importJudgeResults(opened, { datasetId, file: 'mixed.jsonl', text: [pairLine, pairLine.replace('"ab"', '"ba"'), scoreLine].join('\n') });
    await expect(refused).rejects.toBeInstanceOf(JudgeImportError);
    await expect(refused).rejects.toThrow(/^mixed\.jsonl:3: a score line in a file of pairwise lines/);
    expect(await opened.judgeRuns.count()).toBe(0);
    expect(await opened.pairwiseVerdicts.count()).toBe(0);
  });
});
