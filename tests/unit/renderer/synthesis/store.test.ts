import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { getSession, roundsOf } from '../../../../renderer/src/db/repositories/synthesis';
import { NO_REVIEWER_NAME } from '../../../../renderer/src/db/repositories/synthesis-between-rounds';
import { ValidationError } from '../../../../renderer/src/db/repositories/validate';
import { createJobsStore, type Invoke } from '../../../../renderer/src/stores/jobs/store';
import { createSynthesisStore } from '../../../../renderer/src/stores/synthesis/store';
import type { StartSynthesisInput } from '../../../../renderer/src/stores/synthesis/types';
import type { AckJobItemsArgs } from '../../../../shared/ipc/contract';
import { createJobSnapshot, type JobDefinition } from '../../../../shared/jobs';
import { buildSynthesisDefinition, type SynthesisJobDefinition } from '../../../../shared/synthesis';
import { freshDb } from '../fixtures';
import { CONNECTIONS, draftMetrics, LABELS, roundEvent, roundPayload, SPEC_FILE, specSource } from './support';

/** main as the jobs store sees it: jobs.start numbers the jobs, every definition started and every ack and cancel is kept */
function fakeMain(options: { refuseStart?: boolean } = {}) {
  const started: SynthesisJobDefinition[] = [];
  const acks: AckJobItemsArgs[] = [];
  const cancelled: string[] = [];
  const invoke = (async (channel: string, arg: unknown) => {
    if (channel === 'jobs.start') {
      if (options.refuseStart) throw new Error('jobs.start refused: no such connection');
      const definition = (arg as { definition: JobDefinition }).definition;
      started.push(definition as SynthesisJobDefinition);
      return createJobSnapshot({ id: `job${started.length - 1}`, definition, createdAt: started.length, priced: false });
    }
    if (channel === 'jobs.ack') {
      acks.push(arg as AckJobItemsArgs);
      return { acknowledged: 1 };
    }
    if (channel === 'jobs.cancel') {
      const { jobId } = arg as { jobId: string };
      cancelled.push(jobId);
      return { ...createJobSnapshot({ id: jobId, definition: started[Number(jobId.slice(3))], createdAt: 1, priced: false }), status: 'cancelled' };
    }
    if (channel === 'jobs.list') return [];
    throw new Error(`unexpected ${channel}`);
  }) as Invoke;
  return { invoke, started, acks, cancelled };
}

const INPUT: StartSynthesisInput = { title: 'Pilot rubric', specSource: specSource(), specFile: SPEC_FILE, connections: CONNECTIONS, answersPerItem: 1, language: 'en' };

function stores(db: MaieuticDb, options: { refuseStart?: boolean; reviewer?: string } = {}) {
  const main = fakeMain(options);
  const jobs = createJobsStore({ database: () => db, invoke: main.invoke });
  const synthesis = createSynthesisStore({ database: () => db, jobs, reviewerName: () => options.reviewer ?? 'Ms Li', connectionLabel: (id) => Object.values(LABELS)[Object.values(CONNECTIONS).indexOf(id)] });
  return { main, jobs, synthesis };
}

describe('synthesis store', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('refuses a spec with problems before anything is written or started', async () => {
    const opened = (db = freshDb());
    const { main, synthesis } = stores(opened);
    const bad = { ...INPUT, specSource: specSource().replace('anchors: 8', 'anchors: -1') };
    const refused = synthesis.getState().start(bad);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toThrow(/elmes-scenegen\.yaml:\d+:\d+: anchors/);
    expect(main.started).toHaveLength(0);
    expect(await opened.synthesisSessions.count()).toBe(0);
  });

  it('leaves no session when main refuses round 0', async () => {
    const opened = (db = freshDb());
    const { synthesis } = stores(opened, { refuseStart: true });
    await expect(synthesis.getState().start(INPUT)).rejects.toThrow(/refused/);
    expect(await opened.synthesisSessions.count()).toBe(0);
    expect(synthesis.getState().sessions).toEqual([]);
  });

  it('starts round 0, and the round the jobs store stores and acknowledges is in the view at once', async () => {
    const opened = (db = freshDb());
    const { main, jobs, synthesis } = stores(opened);
    const session = await synthesis.getState().start(INPUT);
    expect(session).toMatchObject({ status: 'running', connectionLabels: LABELS });
    expect(main.started[0]).toMatchObject({ kind: 'rubric-synthesis', connectionIds: ['c-judge'], itemIds: ['round-0'], parameters: { round: 0, roleConnections: { drafter: 'c-drafter', generator: 'c-generator' }, language: 'en' } });
    expect((await roundsOf(opened, session.id)).map((round) => [round.round, round.jobId])).toEqual([[0, 'job0']]);
    await synthesis.getState().openSession(session.id);
    expect(synthesis.getState().versions).toEqual([]);
    jobs.getState().handleEvent(roundEvent('job0', roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: ['PER-1'] })));
    await jobs.getState().idle();
    expect(main.acks).toEqual([{ jobId: 'job0', itemKeys: [expect.any(String)] }]);
    expect(synthesis.getState().versions.map((version) => version.kind)).toEqual(['draft']);
    expect(synthesis.getState().rounds[0].payload?.round).toBe(0);
    expect(synthesis.getState().sessions?.[0].status).toBe('between-rounds');
  });

  it('routes an item of a recorded round whose job snapshot is not known (after a restart)', async () => {
    const opened = (db = freshDb());
    const first = stores(opened);
    const session = await first.synthesis.getState().start(INPUT);
    const restarted = stores(opened);
    restarted.jobs.getState().handleEvent(roundEvent('job0', roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: ['PER-1'] })));
    await restarted.jobs.getState().idle();
    expect(restarted.main.acks.map((ack) => ack.jobId)).toEqual(['job0']);
    expect((await getSession(opened, session.id))?.status).toBe('between-rounds');
  });

  it('a lock and an edit go into the next round\'s definition; an edit without a name is refused', async () => {
    const opened = (db = freshDb());
    const { main, jobs, synthesis } = stores(opened);
    const session = await synthesis.getState().start(INPUT);
    jobs.getState().handleEvent(roundEvent('job0', roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: ['PER-1'] })));
    await jobs.getState().idle();
    await synthesis.getState().setLocked(session.id, 'PER-1', true);
    await synthesis.getState().editMetric(session.id, 'PER-1', { negativeExample: { zh: '反例', en: 'a bad example' } });
    const nameless = stores(opened, { reviewer: '' });
    await expect(nameless.synthesis.getState().editMetric(session.id, 'PER-1', { description: { zh: '新', en: 'new' } })).rejects.toThrow(NO_REVIEWER_NAME);
    await synthesis.getState().continueRound(session.id);
    const carried = main.started[1].parameters.carried;
    expect(main.started[1].parameters.round).toBe(1);
    expect(carried?.locked).toEqual(['PER-1']);
    expect(carried?.expertEdits).toEqual([{ by: 'Ms Li', changes: [expect.objectContaining({ metric: 'PER-1', field: 'negativeExample', after: { zh: '反例', en: 'a bad example' } })] }]);
    expect((await roundsOf(opened, session.id))[1]).toMatchObject({ jobId: 'job1', carried });
    expect(synthesis.getState().sessions?.[0].status).toBe('running');
  });

  it('cancels the job of a round that cannot be recorded', async () => {
    const opened = (db = freshDb());
    const { main, jobs, synthesis } = stores(opened);
    const session = await synthesis.getState().start(INPUT);
    // the session is at round 0 already: a second round 0 cannot be recorded
    const built = buildSynthesisDefinition({ specSource: INPUT.specSource, specFile: SPEC_FILE, round: 0, judgeConnectionId: 'c-judge', roleConnections: { drafter: 'c-drafter', generator: 'c-generator' } });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    jobs.getState().handleEvent(roundEvent('job0', roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: ['PER-1'] })));
    await jobs.getState().idle();
    await expect(jobs.getState().startSynthesisRound({ definition: built.definition, sessionId: session.id, carried: null })).rejects.toThrow(/Round 0 cannot start now/);
    expect(main.cancelled).toEqual(['job1']);
  });

  it('a round started twice at once runs once: the second job is cancelled and the first keeps the round', async () => {
    const opened = (db = freshDb());
    const { main, jobs, synthesis } = stores(opened);
    const session = await synthesis.getState().start(INPUT);
    jobs.getState().handleEvent(roundEvent('job0', roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: ['PER-1'] })));
    await jobs.getState().idle();
    const results = await Promise.allSettled([synthesis.getState().continueRound(session.id), synthesis.getState().continueRound(session.id)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    expect(main.cancelled).toEqual(['job2']);
    expect((await roundsOf(opened, session.id)).map((round) => [round.round, round.jobId])).toEqual([[0, 'job0'], [1, 'job1']]);
  });

  it('stopping while a round runs cancels its job; the result saved twice is one rubric set', async () => {
    const opened = (db = freshDb());
    const { main, jobs, synthesis } = stores(opened);
    const session = await synthesis.getState().start(INPUT);
    jobs.getState().handleEvent(roundEvent('job0', roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: ['PER-1'] })));
    await jobs.getState().idle();
    await synthesis.getState().continueRound(session.id);
    await synthesis.getState().stop(session.id);
    expect(main.cancelled).toEqual(['job1']);
    expect(synthesis.getState().sessions?.[0]).toMatchObject({ status: 'stopped', stop: { reason: 'educator' } });
    const saved = await synthesis.getState().saveRubricSet(session.id, 'best');
    expect((await synthesis.getState().saveRubricSet(session.id, 'best')).id).toBe(saved.id);
    expect(await opened.rubricSets.count()).toBe(1);
    expect(synthesis.getState().sessions?.[0].savedRubricSets).toEqual([saved.id]);
  });
});
