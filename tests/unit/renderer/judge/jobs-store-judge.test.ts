import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { judgeScoresOfRun } from '../../../../renderer/src/db/repositories/judge';
import { createJobsStore, type Invoke } from '../../../../renderer/src/stores/jobs/store';
import type { AckJobItemsArgs } from '../../../../shared/ipc/contract';
import { createJobSnapshot, jobItemKey, type JobDefinition, type JobEvent, type JobItemEvent, type JobSnapshot } from '../../../../shared/jobs';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import type { JudgeJobDefinition, JudgeJobPayload } from '../../../../shared/judge/job-result';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const JUDGE = { id: 'c1', name: 'DeepSeek', model: 'deepseek-v3', family: 'deepseek' };
const REF = { id: SID_RUBRIC_SET.id, version: SID_RUBRIC_SET.version, hash: rubricSetHash(SID_RUBRIC_SET) };

function fakeMain(jobId = 'job1') {
  const acks: AckJobItemsArgs[] = [];
  const calls: string[] = [];
  let listed: JobSnapshot[] = [];
  const invoke = (async (channel: string, arg: unknown) => {
    calls.push(channel);
    if (channel === 'jobs.start') {
      const snapshot = createJobSnapshot({ id: jobId, definition: (arg as { definition: JobDefinition }).definition, createdAt: 1, priced: false });
      listed = [snapshot];
      return snapshot;
    }
    if (channel === 'jobs.ack') {
      acks.push(arg as AckJobItemsArgs);
      return { acknowledged: 1 };
    }
    if (channel === 'jobs.list') return listed;
    return { ...listed[0], status: 'cancelled' };
  }) as Invoke;
  return { invoke, acks, calls, list: (snapshots: JobSnapshot[]) => (listed = snapshots) };
}

async function dataset(db: MaieuticDb) {
  const result = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [parsedFile('a.jsonl', [dialogue(1, 2), dialogue(2, 2)])]);
  return { datasetId: result.datasetId, ids: [1, 2].map((line) => `${result.sourceIds[0]}:${line}`) };
}

function definitionFor(ids: string[]): JudgeJobDefinition {
  return {
    kind: 'judge', title: 'Judge', connectionIds: [JUDGE.id], itemIds: ids, samples: 2,
    parameters: { rubricSet: SID_RUBRIC_SET, rubricSetHash: REF.hash, language: 'zh', reasoningFirst: false, dialogues: ids.map((id) => ({ id, turns: [{ speaker: 'teacher', utterance: 'a' }] })) },
  };
}

function itemOf(jobId: string, dialogueId: string, sample: number, score: number | null): JobEvent<JudgeJobPayload> {
  const item = { itemId: dialogueId, connectionId: JUDGE.id, sample };
  const tokens = { input: 5, output: 5 };
  const base = { dialogueId, connectionId: JUDGE.id, judgeModel: JUDGE.model, sample, rubricSet: REF, prompt: { version: '1', language: 'zh' as const, reasoningFirst: false, fewShot: 0, hash: 'p' }, tokens, cached: false, call: { baseURL: 'http://x/v1', model: JUDGE.model, parameters: {}, template: null, raw: '', parseStatus: 'valid' as const, reasons: [], tokens, latencyMs: 1, attempts: 1, fromCache: false, at: '', appVersion: 't' } };
  return score === null
    ? { type: 'item', jobId, at: 2, item, outcome: { ok: false, reason: 'not JSON', tokens, cost: null, payload: { ...base, status: 'failed', reasons: ['not JSON'] } } }
    : { type: 'item', jobId, at: 2, item, outcome: { ok: true, cached: false, tokens, cost: null, payload: { ...base, status: 'valid', scores: SID_RUBRIC_SET.rubrics.map((rubric) => ({ rubric: rubric.id, score, rationale: 'r' })) } } };
}

const START = (datasetId: string, ids: string[]) => ({ definition: definitionFor(ids), datasetId, name: 'My run', rubricSet: SID_RUBRIC_SET, connections: [JUDGE], settings: { language: 'zh' } });

describe('jobs store: judge jobs', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('records the run, stores every judge item (valid and failed) and acknowledges each; a redelivery adds no row', async () => {
    const opened = (db = freshDb());
    const { datasetId, ids } = await dataset(opened);
    const main = fakeMain();
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    const { run } = await store.getState().startJudge(START(datasetId, ids));
    expect(run).toMatchObject({ id: 'job1', source: 'job', name: 'My run', samples: 2, judges: [{ name: 'DeepSeek', family: 'deepseek' }] });
    const events = [itemOf('job1', ids[0], 0, 4), itemOf('job1', ids[0], 1, 2), itemOf('job1', ids[1], 0, null), itemOf('job1', ids[1], 1, null)];
    for (const event of events) store.getState().handleEvent(event);
    await store.getState().idle();
    // delivered again once stored (a pull after the push): stored to no effect, acknowledged again
    store.getState().handleEvent(events[0]);
    await store.getState().idle();
    expect(main.acks.map((ack) => ack.itemKeys[0])).toEqual([...events, events[0]].map((event) => jobItemKey((event as JobItemEvent).item)));
    const rows = await judgeScoresOfRun(opened, 'job1');
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.status === 'failed').map((row) => row.reason)).toEqual(['not JSON', 'not JSON']);
    expect(await opened.judgeRuns.get('job1')).toMatchObject({ lines: 4, failed: 2 });
  });

  it('routes a judge item by its recorded run when main has not listed the job yet (after a reload)', async () => {
    const opened = (db = freshDb());
    const { datasetId, ids } = await dataset(opened);
    const first = createJobsStore({ database: () => opened, invoke: fakeMain().invoke });
    await first.getState().startJudge(START(datasetId, ids));
    // a fresh page: main sends the unacknowledged item before jobs.list answers
    const main = fakeMain();
    main.list([]);
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    store.getState().handleEvent(itemOf('job1', ids[0], 0, 5));
    await store.getState().idle();
    expect(main.acks).toHaveLength(1);
    expect((await judgeScoresOfRun(opened, 'job1'))[0].scores[0].score).toBe(5);
  });

  it('leaves an item of a judge job this profile never recorded unacknowledged', async () => {
    const opened = (db = freshDb());
    const { ids } = await dataset(opened);
    const main = fakeMain();
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    store.getState().handleEvent(itemOf('other', ids[0], 0, 3));
    await store.getState().idle();
    expect(main.acks).toEqual([]);
  });

  it('cancels the job in main when its run cannot be recorded (its data set is gone)', async () => {
    const opened = (db = freshDb());
    const { ids } = await dataset(opened);
    const main = fakeMain();
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    await expect(store.getState().startJudge(START('gone', ids))).rejects.toThrow('no longer exists');
    expect(main.calls).toEqual(['jobs.start', 'jobs.cancel']);
    expect(await opened.judgeRuns.count()).toBe(0);
  });
});
