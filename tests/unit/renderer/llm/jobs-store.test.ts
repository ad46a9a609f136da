import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { layerValues } from '../../../../renderer/src/db/repositories/layers';
import { llmLayerId } from '../../../../renderer/src/db/repositories/llm-jobs';
import { activeJobCount, createJobsStore, type Invoke } from '../../../../renderer/src/stores/jobs/store';
import { useNoticeStore } from '../../../../renderer/src/stores/notices/store';
import type { AckJobItemsArgs } from '../../../../shared/ipc/contract';
import { createJobSnapshot, type JobEvent, type JobProgress, type JobSnapshot } from '../../../../shared/jobs';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE } from '../../../../shared/llm';
import type { PreAnnotationJobDefinition, PreAnnotationPayload } from '../../../../shared/llm/pre-annotation-job';
import { dialogue, freshDb, parsedFile, value } from '../fixtures';

const CONNECTION = { id: 'c1', name: 'Local', model: 'm' };

function progress(done: number, total: number, failed = 0): JobProgress {
  return { done, total, failed, cached: 0, tokens: { input: 0, output: 0 }, cost: null, rate: null, eta: null };
}

/** A main side in miniature: what the store asked for, and answers it programs. */
function fakeMain(snapshotOf: (definition: PreAnnotationJobDefinition) => JobSnapshot, beforeStartReturns: (snapshot: JobSnapshot) => void = () => undefined) {
  const acks: AckJobItemsArgs[] = [];
  const calls: string[] = [];
  let listed: JobSnapshot[] = [];
  const invoke = (async (channel: string, arg: unknown) => {
    calls.push(channel);
    if (channel === 'jobs.start') {
      const snapshot = snapshotOf((arg as { definition: PreAnnotationJobDefinition }).definition);
      listed = [snapshot];
      beforeStartReturns(snapshot);
      return snapshot;
    }
    if (channel === 'jobs.ack') {
      acks.push(arg as AckJobItemsArgs);
      return { acknowledged: 1 };
    }
    if (channel === 'jobs.list') return listed;
    // holds nothing: every result of these tests is pushed
    if (channel === 'jobs.pending') return { epoch: 'e', items: [], cursor: 0, more: false };
    const jobId = (arg as { jobId: string }).jobId;
    const status = channel === 'jobs.pause' ? 'paused' : channel === 'jobs.resume' ? 'running' : 'cancelled';
    return { ...listed.find((job) => job.id === jobId)!, status };
  }) as Invoke;
  return { invoke, acks, calls, list: (snapshots: JobSnapshot[]) => (listed = snapshots) };
}

async function datasetWithOneDialogue(db: MaieuticDb) {
  const result = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [parsedFile('a.jsonl', [dialogue(1, 2)])]);
  return { datasetId: result.datasetId, dialogueId: `${result.sourceIds[0]}:1` };
}

function definitionFor(datasetId: string, dialogueId: string): PreAnnotationJobDefinition {
  return {
    kind: 'pre-annotation', title: 'Pre-annotation', connectionIds: ['c1'], itemIds: [dialogueId],
    parameters: { datasetId, layerName: 'Local · m', codebook: DEFAULT_CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues: [{ id: dialogueId, turns: [{ speaker: 'student', utterance: 'a' }, { speaker: 'teacher', utterance: 'b' }] }] },
  };
}

function itemOf(jobId: string, dialogueId: string, ok = true): JobEvent<PreAnnotationPayload> {
  const item = { itemId: dialogueId, connectionId: 'c1', sample: 0 };
  const tokens = { input: 5, output: 5 };
  return ok
    ? { type: 'item', jobId, at: 2, item, outcome: { ok: true, cached: false, tokens, cost: null, payload: { dialogueId, connectionId: 'c1', calls: [], turns: [1, 2].map((turn) => ({ turn, values: { teacher_intent: value('ask', 'ok', ['ask']) } })) } } }
    : { type: 'item', jobId, at: 2, item, outcome: { ok: false, reason: 'turn 2: "zz" is not a label of teacher_intent', tokens, cost: null } };
}

describe('jobs store', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('stores an item that arrives before the start returns, once its layer exists, then acknowledges it; a redelivery adds no row', async () => {
    const opened = (db = freshDb());
    const { datasetId, dialogueId } = await datasetWithOneDialogue(opened);
    let store: ReturnType<typeof createJobsStore> | undefined;
    const main = fakeMain(
      (definition) => createJobSnapshot({ id: 'job1', definition, createdAt: 1, priced: false }),
      // main's events can reach the page before the invoke's answer does
      () => {
        store!.getState().handleEvent({ type: 'started', jobId: 'job1', at: 1, progress: progress(0, 1) });
        store!.getState().handleEvent(itemOf('job1', dialogueId));
        store!.getState().handleEvent({ type: 'finished', jobId: 'job1', at: 3, status: 'succeeded', progress: progress(1, 1), error: null });
      },
    );
    store = createJobsStore({ database: () => opened, invoke: main.invoke });
    await store.getState().startPreAnnotation({ definition: definitionFor(datasetId, dialogueId), connections: [CONNECTION] });
    await store.getState().idle();

    expect(store.getState().jobs.job1).toMatchObject({ status: 'succeeded', progress: { done: 1, total: 1 } });
    const layerId = llmLayerId('job1', 'c1');
    expect((await layerValues(opened, layerId)).length).toBe(2);
    expect(main.acks).toEqual([{ jobId: 'job1', itemKeys: [JSON.stringify(['c1', dialogueId, 0])] }]);

    store.getState().handleEvent(itemOf('job1', dialogueId));
    await store.getState().idle();
    expect((await layerValues(opened, layerId)).length).toBe(2);
    expect(main.acks).toHaveLength(2);
    expect(activeJobCount(store.getState())).toBe(0);
  });

  it('lists a failed item with its reason, writes no label for it, and acknowledges it', async () => {
    const opened = (db = freshDb());
    const { datasetId, dialogueId } = await datasetWithOneDialogue(opened);
    const main = fakeMain((definition) => ({ ...createJobSnapshot({ id: 'job1', definition, createdAt: 1, priced: false }), status: 'running' }));
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    await store.getState().startPreAnnotation({ definition: definitionFor(datasetId, dialogueId), connections: [CONNECTION] });
    expect(activeJobCount(store.getState())).toBe(1);
    store.getState().handleEvent(itemOf('job1', dialogueId, false));
    await store.getState().idle();
    expect(store.getState().jobs.job1.failedItems).toEqual([{ item: { itemId: dialogueId, connectionId: 'c1', sample: 0 }, reason: 'turn 2: "zz" is not a label of teacher_intent', at: 2 }]);
    expect(await opened.layerValues.count()).toBe(0);
    expect(main.acks).toHaveLength(1);
  });

  it('leaves an item of a job this profile never recorded unacknowledged, and lists jobs newest first', async () => {
    const opened = (db = freshDb());
    const { datasetId, dialogueId } = await datasetWithOneDialogue(opened);
    const main = fakeMain((definition) => createJobSnapshot({ id: 'x', definition, createdAt: 1, priced: false }));
    const definition = definitionFor(datasetId, dialogueId);
    main.list([createJobSnapshot({ id: 'old', definition, createdAt: 1, priced: false }), createJobSnapshot({ id: 'new', definition, createdAt: 5, priced: false })]);
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    await store.getState().load();
    expect(store.getState().order).toEqual(['new', 'old']);
    store.getState().handleEvent(itemOf('old', dialogueId));
    await store.getState().idle();
    expect(main.acks).toEqual([]);
    expect(await opened.layerValues.count()).toBe(0);
  });

  it('an event still on its way when main already said the job finished changes nothing and tells nothing', async () => {
    const opened = (db = freshDb());
    const { datasetId, dialogueId } = await datasetWithOneDialogue(opened);
    const main = fakeMain((definition) => createJobSnapshot({ id: 'job1', definition, createdAt: 1, priced: false }));
    const definition = definitionFor(datasetId, dialogueId);
    main.list([{ ...createJobSnapshot({ id: 'job1', definition, createdAt: 1, priced: false }), status: 'succeeded', progress: progress(1, 1) }]);
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    useNoticeStore.setState({ notices: [] });
    await store.getState().load();
    const listsBefore = main.calls.filter((call) => call === 'jobs.list').length;
    // dev:serve: the event stream and the calls are separate connections, so a snapshot can overtake an event
    store.getState().handleEvent({ type: 'progress', jobId: 'job1', at: 2, status: 'running', progress: progress(0, 1) });
    store.getState().handleEvent({ type: 'started', jobId: 'job1', at: 2, progress: progress(0, 1) });
    await store.getState().idle();
    expect(store.getState().jobs.job1).toMatchObject({ status: 'succeeded', progress: { done: 1 } });
    expect(useNoticeStore.getState().notices).toEqual([]);
    expect(main.calls.filter((call) => call === 'jobs.list').length).toBe(listsBefore);
  });

  it('pause, resume and cancel ask main and show the status it answers', async () => {
    const opened = (db = freshDb());
    const { datasetId, dialogueId } = await datasetWithOneDialogue(opened);
    const main = fakeMain((definition) => ({ ...createJobSnapshot({ id: 'job1', definition, createdAt: 1, priced: false }), status: 'running' }));
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    await store.getState().startPreAnnotation({ definition: definitionFor(datasetId, dialogueId), connections: [CONNECTION] });
    await store.getState().pause('job1');
    expect(store.getState().jobs.job1.status).toBe('paused');
    await store.getState().resume('job1');
    expect(store.getState().jobs.job1.status).toBe('running');
    await store.getState().cancel('job1');
    expect(store.getState().jobs.job1.status).toBe('cancelled');
    expect(main.calls).toEqual(['jobs.start', 'jobs.pause', 'jobs.resume', 'jobs.cancel']);
  });

  it('marks a job pausing while main still reports it running (calls in flight), until main reports it paused', async () => {
    const opened = (db = freshDb());
    const { datasetId, dialogueId } = await datasetWithOneDialogue(opened);
    let snapshot: JobSnapshot | undefined;
    const running = fakeMain((definition) => (snapshot = { ...createJobSnapshot({ id: 'job1', definition, createdAt: 1, priced: false }), status: 'running' }));
    // main answers a pause with the job still running: its calls in flight finish first
    const invoke = (async (channel: string, arg: unknown) => (channel === 'jobs.pause' ? { ...snapshot!, status: 'running' } : running.invoke(channel as never, arg as never))) as Invoke;
    const store = createJobsStore({ database: () => opened, invoke });
    await store.getState().startPreAnnotation({ definition: definitionFor(datasetId, dialogueId), connections: [CONNECTION] });
    await store.getState().pause('job1');
    expect(store.getState().pausing).toEqual({ job1: true });
    store.getState().handleEvent({ type: 'progress', jobId: 'job1', at: 3, status: 'running', progress: progress(0, 1) });
    expect(store.getState().pausing).toEqual({ job1: true });
    store.getState().handleEvent({ type: 'progress', jobId: 'job1', at: 4, status: 'paused', progress: progress(0, 1) });
    expect(store.getState().jobs.job1.status).toBe('paused');
    expect(store.getState().pausing).toEqual({});
    // a pause main answers as paused at once leaves no mark
    await store.getState().resume('job1');
    expect(store.getState().pausing).toEqual({});
  });
});
