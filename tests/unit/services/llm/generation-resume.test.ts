/**
 * A generation item stopped mid-dialogue goes on turn by turn: paused, cancelled and started
 * again, or interrupted by a quit and resumed by new services on the same data folder, it
 * replays its finished turns from the response cache (no HTTP request) and asks only the turns
 * it had not finished. The server's log shows each finished turn's request once.
 */
import { describe, expect, it } from 'vitest';
import type { JobSnapshot } from '../../../../shared/jobs';
import type { LoggedRequest } from '../../../support/llm-server';
import { scenarioPlayer } from '../../../support/llm-server';
import { templateDefinition, useGenerationServices } from './generation-harness';

const SID = 'sid-teacher-led.yaml';
const TURNS = 8;

describe('a generation item stopped mid-dialogue', () => {
  const harness = useGenerationServices();
  const { state } = harness;
  const answered = () => state.server.log.chatRequests().filter((entry) => entry.outcome === 'answered');

  async function start(): Promise<JobSnapshot> {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: TURNS / 2, delayMs: 25 }));
    return state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1']) });
  }

  /** the dialogue completed with every turn, and no request answered before the stop was sent after it */
  function expectResumedWithoutRepeats(before: LoggedRequest[]) {
    const result = harness.results().get('t0-r1')?.result;
    if (result?.status !== 'complete') throw new Error('did not complete');
    expect(result.turns.map((turn) => turn.role)).toEqual(Array.from({ length: TURNS }, (_, index) => (index % 2 === 0 ? 'student' : 'teacher')));
    expect(result.cached).toBe(false);
    // the turns answered before the stop came from the cache on the second run
    expect(result.turns.filter((turn) => turn.cached).length).toBeGreaterThanOrEqual(before.length);
    const answeredBodies = new Set(before.map((entry) => entry.rawBody));
    const after = state.server.log.chatRequests().slice(before.length);
    expect(after.filter((entry) => answeredBodies.has(entry.rawBody))).toEqual([]);
    expect(answered()).toHaveLength(TURNS);
    expect(new Set(answered().map((entry) => entry.rawBody)).size).toBe(TURNS);
  }

  /**
   * After a cancel or a quit, only the request on the wire at the stop (the last one sent: its
   * answer may have left the server but was dropped by the client, never cached) may be sent again.
   */
  function expectNoFinishedTurnAskedAgain(before: LoggedRequest[]) {
    const finished = new Set(before.slice(0, -1).map((entry) => entry.rawBody));
    const after = state.server.log.chatRequests().slice(before.length);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((entry) => finished.has(entry.rawBody))).toEqual([]);
    const result = harness.results().get('t0-r1')?.result;
    expect(result?.turns.slice(0, before.length - 1).every((turn) => turn.cached)).toBe(true);
    expect(new Set(after.map((entry) => entry.rawBody)).size).toBe(after.length);
  }

  it('paused: the call on the wire finishes, the item goes back, and resumed it asks only the turns left', async () => {
    const job = await start();
    await harness.until('three turns are answered', () => answered().length >= 3);
    await state.handlers['jobs.pause']({ jobId: job.id });
    await harness.until('the pause takes effect', () => state.events.some((event) => event.type === 'progress' && event.status === 'paused'));
    const before = state.server.log.chatRequests().slice();
    // a call already sent at the pause finished: nothing was dropped
    expect(before.every((entry) => entry.outcome === 'answered')).toBe(true);
    expect(harness.items()).toHaveLength(0);
    await state.handlers['jobs.resume']({ jobId: job.id });
    await harness.finished();
    expectResumedWithoutRepeats(before);
    expect(state.server.log.chatRequests()).toHaveLength(TURNS);
    // the same conversation once more: every call from the cache, nothing asked
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1']) });
    await harness.finished(2);
    const again = harness.items().at(-1)?.outcome;
    expect(again).toMatchObject({ ok: true, cached: true, payload: { cached: true } });
    expect(state.server.log.chatRequests()).toHaveLength(TURNS);
  }, 30_000);

  it('cancelled and started again: the new job replays the finished turns from the cache', async () => {
    const job = await start();
    await harness.until('three turns are answered', () => answered().length >= 3);
    await state.handlers['jobs.cancel']({ jobId: job.id });
    expect(harness.items()).toHaveLength(0);
    await state.server.log.waitUntil(() => state.server.log.inFlight === 0, 'the cancelled call is settled');
    const before = state.server.log.chatRequests().slice();
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1']) });
    await harness.finished(2);
    const result = harness.results().get('t0-r1')?.result;
    if (result?.status !== 'complete') throw new Error('did not complete');
    expect(result.turns).toHaveLength(TURNS);
    expectNoFinishedTurnAskedAgain(before);
  }, 30_000);

  it('interrupted by a quit and resumed by new services on the same folder: no finished turn is asked again', async () => {
    const job = await start();
    await harness.until('three turns are answered', () => answered().length >= 3);
    await harness.reopen();
    await state.server.log.waitUntil(() => state.server.log.inFlight === 0, 'the interrupted call is settled');
    const before = state.server.log.chatRequests().slice();
    const [restored] = await state.handlers['jobs.list']({});
    expect(restored).toMatchObject({ id: job.id, status: 'interrupted' });
    await harness.saveConnections();
    await state.handlers['jobs.resume']({ jobId: job.id });
    await harness.finished();
    const result = harness.results().get('t0-r1')?.result;
    if (result?.status !== 'complete') throw new Error('did not complete');
    expect(result.turns).toHaveLength(TURNS);
    expectNoFinishedTurnAskedAgain(before);
  }, 30_000);
});
