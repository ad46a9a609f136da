import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { conversationsOfRun, getGenerationRun, registerGenerationRun, runCounts } from '../../../../renderer/src/db/repositories/generation-runs';
import { createJobsStore, type Invoke } from '../../../../renderer/src/stores/jobs/store';
import { buildGenerationDefinition } from '../../../../renderer/src/features/generation/build-generation-definition';
import type { AckJobItemsArgs } from '../../../../shared/ipc/contract';
import { createJobSnapshot, jobItemKey, type JobDefinition, type JobItemEvent } from '../../../../shared/jobs';
import type { GenerationJobPayload } from '../../../../shared/scenario/generation-job';
import { freshDb } from '../fixtures';
import { complete, failed, itemEvent, SCENARIO_REF, scenarioSource, TEACHERS } from './support';

function fakeMain(jobId = 'gen1') {
  const acks: AckJobItemsArgs[] = [];
  const invoke = (async (channel: string, arg: unknown) => {
    if (channel === 'jobs.start') return createJobSnapshot({ id: jobId, definition: (arg as { definition: JobDefinition }).definition, createdAt: 1, priced: false });
    if (channel === 'jobs.ack') {
      acks.push(arg as AckJobItemsArgs);
      return { acknowledged: 1 };
    }
    if (channel === 'jobs.list') return [];
    throw new Error(`unexpected ${channel}`);
  }) as Invoke;
  return { invoke, acks };
}

function definition() {
  const built = buildGenerationDefinition({ scenarioSource: scenarioSource('sid-teacher-led.yaml'), scenarioFile: 'sid-teacher-led.yaml', teacherConnectionIds: TEACHERS.map((teacher) => teacher.connectionId), roleConnections: { student: 'c-student' }, title: 'Pilot generation' });
  if (!built.ok) throw new Error(built.problems.join('\n'));
  return built.definition;
}

const keyOf = (event: JobItemEvent) => jobItemKey(event.item);

describe('jobs store: generation jobs', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('records the run, stores each conversation (kept, dropped, failed) in its own row and acknowledges each; a redelivery adds no row', async () => {
    const opened = (db = freshDb());
    const main = fakeMain();
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    const built = definition();
    const { run } = await store.getState().startGeneration({ definition: built, scenario: SCENARIO_REF, teachers: TEACHERS });
    expect(run).toMatchObject({ id: 'gen1', title: 'Pilot generation', conversations: built.itemIds.length * 2, datasetId: null, roleConnections: { student: 'c-student' } });
    const events = [itemEvent('gen1', complete(0, 1)), itemEvent('gen1', complete(0, 1, TEACHERS[1], { kept: false })), itemEvent('gen1', failed(0, 2))];
    for (const event of events) store.getState().handleEvent(event);
    await store.getState().idle();
    // delivered again once stored (a pull after the push): stored to no effect, acknowledged again
    store.getState().handleEvent(events[0]);
    await store.getState().idle();
    expect(main.acks.map((ack) => ack.itemKeys[0])).toEqual([...events, events[0]].map(keyOf));
    const rows = await conversationsOfRun(opened, 'gen1');
    expect(rows.map((row) => row.id)).toEqual([`gen1|${keyOf(events[0])}`, `gen1|${keyOf(events[1])}`, `gen1|${keyOf(events[2])}`]);
    expect(runCounts(run, rows)).toEqual({ total: built.itemIds.length * 2, done: 3, kept: 1, dropped: 1, failed: 1 });
    expect(rows[2].payload).toMatchObject({ status: 'failed', reasons: ['HTTP 500 at turn 3'] });
  });

  it('records the preference step a run was started with (the view says why it made no pair by it), and none for a run without one', async () => {
    const opened = (db = freshDb());
    const store = createJobsStore({ database: () => opened, invoke: fakeMain().invoke });
    const built = buildGenerationDefinition({ scenarioSource: scenarioSource('socratic-students.yaml'), scenarioFile: 'socratic-students.yaml', teacherConnectionIds: ['c-gpt'], roleConnections: { student: 'c-student', guide: 'c-guide' }, title: 'Pairs', preference: { atStudentTurns: [1, 3], candidates: 3 } });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    await store.getState().startGeneration({ definition: built.definition, scenario: SCENARIO_REF, teachers: [TEACHERS[0]] });
    expect((await getGenerationRun(opened, 'gen1'))?.preference).toEqual({ atStudentTurns: [1, 3], candidates: 3 });
    await registerGenerationRun(opened, { jobId: 'plain', title: 'Plain', scenario: SCENARIO_REF, teachers: TEACHERS, roleConnections: {}, conversations: 1 });
    expect(Object.hasOwn((await getGenerationRun(opened, 'plain'))!, 'preference')).toBe(false);
  });

  it('a redelivered item whose conversation finished after all replaces the failed row', async () => {
    const opened = (db = freshDb());
    const main = fakeMain();
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    await store.getState().startGeneration({ definition: definition(), scenario: SCENARIO_REF, teachers: TEACHERS });
    store.getState().handleEvent(itemEvent('gen1', failed(1, 1)));
    store.getState().handleEvent(itemEvent('gen1', complete(1, 1)));
    await store.getState().idle();
    const rows = await conversationsOfRun(opened, 'gen1');
    expect(rows.map((row) => row.payload.status)).toEqual(['complete']);
  });

  it('stores a failure main sent without a result as a failed conversation naming the reason', async () => {
    const opened = (db = freshDb());
    const main = fakeMain();
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    await store.getState().startGeneration({ definition: definition(), scenario: SCENARIO_REF, teachers: TEACHERS });
    const event: JobItemEvent<GenerationJobPayload> = { type: 'item', jobId: 'gen1', at: 3, item: { itemId: 't1-r2', connectionId: 'c-qwen', sample: 0 }, outcome: { ok: false, reason: 'the job was cancelled', tokens: { input: 0, output: 0 }, cost: null } };
    store.getState().handleEvent(event);
    await store.getState().idle();
    const [row] = await conversationsOfRun(opened, 'gen1');
    expect(row.payload).toMatchObject({ status: 'failed', reasons: ['the job was cancelled'], conversationId: 't1-r2', taskIndex: 1, repeatId: 2, teacherModel: 'Qwen2.5-72B', turns: [] });
    expect(main.acks).toHaveLength(1);
  });

  it('routes the item of a recorded run whose snapshot is not known yet (after a restart) and leaves an unknown job unacknowledged', async () => {
    const opened = (db = freshDb());
    await registerGenerationRun(opened, { jobId: 'old', title: 'Earlier', scenario: SCENARIO_REF, teachers: TEACHERS, roleConnections: {}, conversations: 4 });
    const main = fakeMain();
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    store.getState().handleEvent(itemEvent('old', complete(0, 1)));
    store.getState().handleEvent(itemEvent('nobody', complete(0, 1)));
    await store.getState().idle();
    expect(main.acks.map((ack) => ack.jobId)).toEqual(['old']);
    expect(await conversationsOfRun(opened, 'old')).toHaveLength(1);
    expect(await conversationsOfRun(opened, 'nobody')).toHaveLength(0);
  });

  it('discards (and acknowledges) a result that names another teacher than its item, writing nothing', async () => {
    const opened = (db = freshDb());
    const main = fakeMain();
    const store = createJobsStore({ database: () => opened, invoke: main.invoke });
    await store.getState().startGeneration({ definition: definition(), scenario: SCENARIO_REF, teachers: TEACHERS });
    const event = itemEvent('gen1', complete(0, 1));
    store.getState().handleEvent({ ...event, item: { ...event.item, connectionId: 'c-qwen' } });
    await store.getState().idle();
    expect(await conversationsOfRun(opened, 'gen1')).toHaveLength(0);
    expect(store.getState().discarded.gen1).toHaveLength(1);
    expect((await getGenerationRun(opened, 'gen1'))?.datasetId).toBeNull();
  });
});
