/**
 * What stops a whole generation job, and what jobs.start refuses: a refused key (JobStop, the
 * job failed saying so), a bound role's connection gone, a journal whose scenario no longer
 * matches its hash; malformed generation parameters at the IPC boundary, field by field.
 */
import { describe, expect, it } from 'vitest';
import { reply, scenarioPlayer } from '../../../support/llm-server';
import { KEY, templateDefinition, useGenerationServices } from './generation-harness';

const SID = 'sid-teacher-led.yaml';

describe('generation jobs that cannot go on', () => {
  const harness = useGenerationServices();
  const { state } = harness;
  const finishedEvent = () => state.events.find((event) => event.type === 'finished');

  it('a refused key stops the job as failed, naming the connection, without quoting a key', async () => {
    await harness.saveConnections();
    const player = scenarioPlayer();
    let first = true;
    state.server.setDefaultHandler((request) => {
      if (first) {
        first = false;
        return reply.status(401);
      }
      return player(request);
    });
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1', 't0-r2']) });
    await harness.finished();
    expect(finishedEvent()).toMatchObject({ status: 'failed', error: expect.stringMatching(/^student: /) });
    expect(harness.items()).toHaveLength(0);
    expect(JSON.stringify(state.events)).not.toContain(KEY);
  }, 30_000);

  it('a bound role whose connection was deleted stops the job, naming the role', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer());
    await state.handlers['llm.connections.delete']({ id: 'student' });
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1']) });
    await harness.finished();
    expect(finishedEvent()).toMatchObject({ status: 'failed', error: expect.stringMatching(/The student's connection "student" no longer exists/) });
    expect(state.server.log.chatRequests()).toHaveLength(0);
  }, 30_000);

  it('the registry refuses to run a definition whose scenario source no longer hashes to the job\'s hash (a journal edited on disk)', async () => {
    await harness.saveConnections();
    const definition = await templateDefinition(SID, ['t0-r1']);
    const edited = { ...definition, parameters: { ...definition.parameters, scenarioSource: definition.parameters.scenarioSource.replace('max_turns: 20', 'max_turns: 30') } };
    await state.services.jobs.start(edited);
    await harness.finished();
    expect(finishedEvent()).toMatchObject({ status: 'failed', error: expect.stringMatching(/hashes to .*, not to the/) });
    const unbound = await templateDefinition(SID, ['t0-r1'], { roleConnections: { student: 'student' } });
    await state.services.jobs.start({ ...unbound, parameters: { ...unbound.parameters, roleConnections: {} } });
    await harness.finished(2);
    expect(state.events.filter((event) => event.type === 'finished')[1]).toMatchObject({ status: 'failed', error: expect.stringMatching(/the student role has no connection/) });
  }, 30_000);

  it('jobs.start refuses malformed generation parameters with the field', async () => {
    const definition = await templateDefinition(SID, ['t0-r1']);
    const start = (parameters: unknown) => state.handlers['jobs.start']({ definition: { ...definition, parameters } as never });
    await expect(start({ ...definition.parameters, extra: 1 })).rejects.toThrow(/jobs.start parameters: unexpected field "extra"/);
    await expect(start({ ...definition.parameters, scenarioSource: 'format: maieutic.scenario/1\nid: [' })).rejects.toThrow(/jobs.start: the scenario has problems: sid-teacher-led\.yaml:2:/);
    await expect(start({ ...definition.parameters, rows: [{ topic: { nested: true } }] })).rejects.toThrow(/rows\[0\]\.topic must be text/);
    await expect(start({ ...definition.parameters, roleConnections: { critic: 'x' } })).rejects.toThrow(/roleConnections: unexpected field "critic"/);
    await expect(start({ ...definition.parameters, conversations: [{ id: 't0-r1', taskIndex: 0 }] })).rejects.toThrow(/"repeatId" must be a finite number/);
    await expect(start({ ...definition.parameters, preference: { atStudentTurns: [1], candidates: 2 } })).rejects.toThrow(/preference pairs need a guide role/);
    await expect(start({ ...definition.parameters, safety: { words: 'bad' } })).rejects.toThrow(/"safety.words" must be a list of strings/);
    await expect(start({ ...definition.parameters, scenarioHash: 'other' })).rejects.toThrow(/jobs.start: the scenario sid-teacher-led hashes to/);
    expect(state.server.log.chatRequests()).toHaveLength(0);
  }, 30_000);
});
