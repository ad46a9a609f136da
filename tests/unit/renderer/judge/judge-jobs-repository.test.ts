import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { judgeScoresOfRun, listJudgeRuns } from '../../../../renderer/src/db/repositories/judge';
import { judgeNamesOf, registerJudgeJob, storeJudgeItem } from '../../../../renderer/src/db/repositories/judge-jobs';
import { ValidationError } from '../../../../renderer/src/db/repositories/validate';
import type { JobItemEvent } from '../../../../shared/jobs';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import type { JudgeJobPayload } from '../../../../shared/judge/job-result';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import type { StoredCall } from '../../../../shared/llm/pre-annotation-job';
import { judgeScoreId, MAX_STORED_RAW } from '../../../../shared/model/judge';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const AT = new Date('2026-12-03T10:00:00Z');
const RUBRICS = SID_RUBRIC_SET.rubrics.map((rubric) => rubric.id);
const QWEN = { id: 'c1', name: 'Qwen judge', model: 'qwen3-32b', family: 'qwen' };
const DEEPSEEK = { id: 'c2', name: 'DeepSeek', model: 'deepseek-v3' };
const REF = { id: SID_RUBRIC_SET.id, version: SID_RUBRIC_SET.version, hash: rubricSetHash(SID_RUBRIC_SET) };

const call = (raw = '{"scores":[]}'): StoredCall => ({
  baseURL: 'http://127.0.0.1:8000/v1', model: 'qwen3-32b', parameters: { temperature: 0.1, top_p: 0.9 }, template: { id: 'judge', version: '1', hash: 'p' },
  raw, parseStatus: 'valid', reasons: [], tokens: { input: 300, output: 80 }, latencyMs: 40, attempts: 1, fromCache: false, at: AT.toISOString(), appVersion: 'test',
});

async function datasetWithTwoDialogues(db: MaieuticDb) {
  const result = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [parsedFile('GPT-4o/a.jsonl', [dialogue(1, 3), dialogue(2, 2)])], { now: AT });
  return { datasetId: result.datasetId, first: `${result.sourceIds[0]}:1`, second: `${result.sourceIds[0]}:2` };
}

function base(dialogueId: string, connectionId: string, sample: number) {
  return { dialogueId, connectionId, judgeModel: 'qwen3-32b', sample, rubricSet: REF, prompt: { version: '1', language: 'zh' as const, reasoningFirst: false, fewShot: 0, hash: 'p' }, tokens: { input: 300, output: 80 }, cached: false };
}

function valid(jobId: string, dialogueId: string, sample: number, scores: number[], options: { connectionId?: string; expected?: (number | null)[]; raw?: string } = {}): JobItemEvent<JudgeJobPayload> {
  const connectionId = options.connectionId ?? QWEN.id;
  return {
    type: 'item', jobId, at: AT.getTime(), item: { itemId: dialogueId, connectionId, sample },
    outcome: {
      ok: true, cached: false, tokens: { input: 300, output: 80 }, cost: null,
      payload: { ...base(dialogueId, connectionId, sample), call: call(options.raw), status: 'valid', scores: RUBRICS.map((rubric, i) => ({ rubric, score: scores[i], rationale: `${rubric} ${scores[i]}`, ...(options.expected ? { expected: options.expected[i] } : {}) })) },
    },
  };
}

function failed(jobId: string, dialogueId: string, sample: number, reasons: string[]): JobItemEvent<JudgeJobPayload> {
  return {
    type: 'item', jobId, at: AT.getTime(), item: { itemId: dialogueId, connectionId: QWEN.id, sample },
    outcome: { ok: false, reason: reasons.join('; '), tokens: { input: 300, output: 80 }, cost: null, payload: { ...base(dialogueId, QWEN.id, sample), call: { ...call('not json'), parseStatus: 'invalid', reasons, attempts: 3 }, status: 'failed', reasons } },
  };
}

describe('judge job results repository', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });
  const open = () => (db = freshDb());

  it('names each judge after its connection, with the model or a number where names repeat', () => {
    expect(judgeNamesOf([QWEN, DEEPSEEK])).toEqual(['Qwen judge', 'DeepSeek']);
    expect(judgeNamesOf([{ name: 'J', model: 'a' }, { name: 'J', model: 'b' }])).toEqual(['J (a)', 'J (b)']);
    expect(judgeNamesOf([{ name: 'J', model: 'a' }, { name: 'J', model: 'a' }])).toEqual(['J (a) #1', 'J (a) #2']);
  });

  it('registers a job as an empty run of the data set once, with its judges, families and settings; a data set that is gone is refused', async () => {
    const opened = open();
    const { datasetId } = await datasetWithTwoDialogues(opened);
    const input = { jobId: 'job1', datasetId, name: 'Panel', rubricSet: SID_RUBRIC_SET, connections: [QWEN, DEEPSEEK], samples: 2, settings: { language: 'zh', fewShot: 0 }, now: AT };
    await registerJudgeJob(opened, input);
    await registerJudgeJob(opened, input);
    const runs = await listJudgeRuns(opened, datasetId);
    expect(runs).toEqual([
      expect.objectContaining({ id: 'job1', source: 'job', name: 'Panel', rubricSet: REF, samples: 2, lines: 0, failed: 0, settings: { language: 'zh', fewShot: 0 }, judges: [{ name: 'Qwen judge', family: 'qwen' }, { name: 'DeepSeek' }] }),
    ]);
    expect(runs[0].jobConnections).toEqual([{ connectionId: 'c1', judge: 'Qwen judge', model: 'qwen3-32b' }, { connectionId: 'c2', judge: 'DeepSeek', model: 'deepseek-v3' }]);
    await expect(registerJudgeJob(opened, { ...input, jobId: 'job2', datasetId: 'gone' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('writes one score row per item with rationales and expected scores; a redelivered item rewrites the same row and counts once', async () => {
    const opened = open();
    const { datasetId, first } = await datasetWithTwoDialogues(opened);
    await registerJudgeJob(opened, { jobId: 'job1', datasetId, name: 'r', rubricSet: SID_RUBRIC_SET, connections: [QWEN], samples: 2, settings: {} });
    const event = valid('job1', first, 1, [4, 3, 5, 2, 4], { expected: [3.7, null, 4.9, 2.1, 4] });
    expect(await storeJudgeItem(opened, event)).toEqual({ kind: 'stored', scoreId: judgeScoreId('job1', first, 'Qwen judge', 1), status: 'valid' });
    expect(await storeJudgeItem(opened, event)).toMatchObject({ kind: 'stored' });
    const rows = await judgeScoresOfRun(opened, 'job1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dialogueId: first, group: 'GPT-4o', externalId: '7-1-1', judge: 'Qwen judge', sample: 1, status: 'valid' });
    expect(rows[0].scores[0]).toEqual({ rubric: 'X-SRG', score: 4, rationale: 'X-SRG 4', expected: 3.7 });
    expect(rows[0].scores[1].expected).toBeNull();
    expect(rows[0].call).toMatchObject({ model: 'qwen3-32b', attempts: 1 });
    expect(await opened.judgeRuns.get('job1')).toMatchObject({ lines: 1, failed: 0 });
  });

  it('keeps a failed item as a failed line with every reason and no score; a later valid answer for it turns the count around', async () => {
    const opened = open();
    const { datasetId, first, second } = await datasetWithTwoDialogues(opened);
    await registerJudgeJob(opened, { jobId: 'job1', datasetId, name: 'r', rubricSet: SID_RUBRIC_SET, connections: [QWEN], samples: 1, settings: {} });
    await storeJudgeItem(opened, valid('job1', first, 0, [3, 3, 3, 3, 3]));
    expect(await storeJudgeItem(opened, failed('job1', second, 0, ['no score for TCF', 'X-SRG is scored twice']))).toMatchObject({ kind: 'stored', status: 'failed' });
    const failedRow = (await judgeScoresOfRun(opened, 'job1')).find((row) => row.dialogueId === second)!;
    expect(failedRow).toMatchObject({ status: 'failed', scores: [], reason: 'no score for TCF; X-SRG is scored twice' });
    expect(failedRow.call).toMatchObject({ attempts: 3, raw: 'not json' });
    expect(await opened.judgeRuns.get('job1')).toMatchObject({ lines: 2, failed: 1 });
    // redelivered failure: no double count
    await storeJudgeItem(opened, failed('job1', second, 0, ['no score for TCF']));
    expect(await opened.judgeRuns.get('job1')).toMatchObject({ lines: 2, failed: 1 });
    await storeJudgeItem(opened, valid('job1', second, 0, [2, 2, 2, 2, 2]));
    expect(await opened.judgeRuns.get('job1')).toMatchObject({ lines: 2, failed: 0 });
  });

  it('a failure without a result (the endpoint refused) is a failed line with the outcome reason', async () => {
    const opened = open();
    const { datasetId, first } = await datasetWithTwoDialogues(opened);
    await registerJudgeJob(opened, { jobId: 'job1', datasetId, name: 'r', rubricSet: SID_RUBRIC_SET, connections: [QWEN], samples: 1, settings: {} });
    const event: JobItemEvent<JudgeJobPayload> = { type: 'item', jobId: 'job1', at: 1, item: { itemId: first, connectionId: QWEN.id, sample: 0 }, outcome: { ok: false, reason: 'HTTP 500 after 3 attempts', tokens: { input: 0, output: 0 }, cost: null } };
    expect(await storeJudgeItem(opened, event)).toMatchObject({ kind: 'stored', status: 'failed' });
    const [row] = await judgeScoresOfRun(opened, 'job1');
    expect(row).toMatchObject({ status: 'failed', reason: 'HTTP 500 after 3 attempts' });
    expect(row.call).toBeUndefined();
  });

  it('keeps a long raw answer cut short', async () => {
    const opened = open();
    const { datasetId, first } = await datasetWithTwoDialogues(opened);
    await registerJudgeJob(opened, { jobId: 'job1', datasetId, name: 'r', rubricSet: SID_RUBRIC_SET, connections: [QWEN], samples: 1, settings: {} });
    await storeJudgeItem(opened, valid('job1', first, 0, [3, 3, 3, 3, 3], { raw: 'x'.repeat(MAX_STORED_RAW * 3) }));
    const [row] = await judgeScoresOfRun(opened, 'job1');
    expect(row.call!.raw.length).toBe(MAX_STORED_RAW + 1);
  });

  it('leaves an unknown job alone, discards an item naming another connection or item, and stores nothing once the data set is deleted', async () => {
    const opened = open();
    const { datasetId, first, second } = await datasetWithTwoDialogues(opened);
    expect(await storeJudgeItem(opened, valid('nope', first, 0, [3, 3, 3, 3, 3]))).toEqual({ kind: 'unknown-job' });
    await registerJudgeJob(opened, { jobId: 'job1', datasetId, name: 'r', rubricSet: SID_RUBRIC_SET, connections: [QWEN], samples: 1, settings: {} });
    expect(await storeJudgeItem(opened, valid('job1', first, 0, [3, 3, 3, 3, 3], { connectionId: 'c9' }))).toMatchObject({ kind: 'discarded' });
    const mismatched = valid('job1', first, 0, [3, 3, 3, 3, 3]);
    mismatched.item = { ...mismatched.item, itemId: second };
    expect(await storeJudgeItem(opened, mismatched)).toMatchObject({ kind: 'discarded', reason: expect.stringContaining('another dialogue') });
    expect(await judgeScoresOfRun(opened, 'job1')).toEqual([]);

    await deleteDataset(opened, datasetId);
    expect(await storeJudgeItem(opened, valid('job1', first, 0, [3, 3, 3, 3, 3]))).toEqual({ kind: 'unknown-job' });
    expect(await opened.judgeScores.count()).toBe(0);
    expect(await opened.judgeRuns.count()).toBe(0);
  });
});
