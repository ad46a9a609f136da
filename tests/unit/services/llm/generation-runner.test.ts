/**
 * Generation jobs (issue 14) through the jobs.start handler, the real registry and the generation
 * runner against the scripted server playing teacher and student (scenario-scripts.ts) through
 * the real openai client: the SID template's dialogue, its turn budget, repeats as independent
 * requests, a 429 then success, a call failing for good mid-dialogue, and the API key nowhere.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply, scenarioPlayer, scenarioRoleOf } from '../../../support/llm-server';
import { bodyOf, filesUnder, KEY, MODELS, roleOf, templateDefinition, useGenerationServices } from './generation-harness';

const SID = 'sid-teacher-led.yaml';

describe('generation jobs', () => {
  const harness = useGenerationServices();
  const { state } = harness;

  it('runs more conversations at once than an AbortSignal allows listeners by default, with no listener-leak warning (each item listens once on the shared recall signal)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      await harness.saveConnections(16);
      state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 2, delayMs: 20 }));
      // the template's ten task rows (2 topics × 5 learning states) × 2 repeats: 14 of its conversations
      const ids = Array.from({ length: 7 }, (_, task) => [`t${task}-r1`, `t${task}-r2`]).flat();
      const definition = await templateDefinition(SID, ids);
      await state.handlers['jobs.start']({ definition });
      await harness.finished();
      expect(harness.results().size).toBe(14);
      // a warning is emitted on the next tick
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('plays a SID dialogue that alternates student and teacher and ends on the teacher\'s [End]; repeats are requests of their own; the key is nowhere', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 3 }));
    const definition = await templateDefinition(SID, ['t0-r1', 't0-r2']);
    await state.handlers['jobs.start']({ definition });
    await harness.finished();
    const results = harness.results();
    expect([...results.keys()].sort()).toEqual(['t0-r1', 't0-r2']);
    for (const id of ['t0-r1', 't0-r2']) {
      const { outcome, result } = results.get(id)!;
      expect(outcome.ok, id).toBe(true);
      if (result?.status !== 'complete') throw new Error(`${id} did not complete`);
      expect(result.turns.map((turn) => `${turn.turnNumber}:${turn.role}:${turn.label}`)).toEqual(['1:student:学生', '2:teacher:教师', '3:student:学生', '4:teacher:教师', '5:student:学生', '6:teacher:教师']);
      expect(result.turns.at(-1)?.content).toContain('[End]');
      expect(result.end).toEqual({ kind: 'end', reason: 'exit-keyword', keyword: '[End]', role: 'teacher' });
      expect(result).toMatchObject({ conversationId: id, connectionId: 'teacher', teacherModel: MODELS.teacher, taskIndex: 0, repeatId: Number(id.at(-1)), cached: false, safety: { kept: true, reasons: [], words: [] } });
      expect(result.roles.student).toMatchObject({ connectionId: 'student', model: MODELS.student, sampling: { temperature: 0.7, max_tokens: 1000 } });
      // tokens: the sum over the turns, as the server counted them
      const summed = result.turns.reduce((sum, turn) => ({ input: sum.input + turn.tokens.input, output: sum.output + turn.tokens.output }), { input: 0, output: 0 });
      expect(result.tokens).toEqual(summed);
      expect(outcome.tokens).toEqual(summed);
      expect(outcome.cost).toBeCloseTo((summed.input * 1 + summed.output * 2) / 1_000_000, 12);
    }
    const requests = state.server.log.chatRequests();
    expect(requests).toHaveLength(12);
    // each role on its own connection's model, with the scenario's sampling and no answer format
    for (const entry of requests) {
      const body = entry.body as { model: string; response_format?: unknown; temperature?: number };
      expect(body.model).toBe(scenarioRoleOf(entry.body as never) === 'teacher' ? MODELS.teacher : MODELS.student);
      expect(body.response_format).toBeUndefined();
      expect(body.temperature).toBe(0.7);
    }
    // the two repeats send the same messages, and each was asked (not one answer shared)
    const bodies = requests.map((entry) => entry.rawBody);
    expect(new Set(bodies).size).toBe(6);
    expect(bodies.filter((body) => body === bodies[0])).toHaveLength(2);

    const paths = await filesUnder(join(state.dir.path, 'data'));
    expect(paths.some((path) => path.endsWith('.jsonl') && path.includes('jobs'))).toBe(true);
    for (const text of [...(await Promise.all(paths.map((path) => readFile(path, 'utf8')))), JSON.stringify(state.events)]) expect(text).not.toContain(KEY);
  }, 30_000);

  it('counts cost only when every connection of the job, the bound roles\' included, has a price', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 2 }));
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1']) });
    await harness.finished();
    expect(state.events.find((event) => event.type === 'finished')).toMatchObject({ progress: { cost: expect.any(Number) } });
    const unpriced = { id: 'student', name: 'student', baseURL: state.server.baseURL, model: MODELS.student, extraHeaders: {}, sampling: {}, concurrency: { start: 1, min: 1, max: 1 } };
    await state.handlers['llm.connections.save']({ connection: unpriced, key: { keep: true } });
    const job = await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t1-r1']) });
    expect(job.progress.cost).toBeNull();
    await harness.finished(2);
    expect(state.events.filter((event) => event.type === 'finished')[1]).toMatchObject({ status: 'succeeded', progress: { cost: null } });
  }, 30_000);

  it('an empty answer is asked again; the Elmes+ single-turn template ends after the teacher\'s one turn', async () => {
    await harness.saveConnections();
    const player = scenarioPlayer();
    let empty = true;
    state.server.setDefaultHandler((request) => {
      if (empty) {
        empty = false;
        return reply.answer('   ');
      }
      return player(request);
    });
    await state.handlers['jobs.start']({ definition: await templateDefinition('elmes-single-turn.yaml', ['t0-r1', 't1-r1'], { roleConnections: {} }) });
    await harness.finished();
    for (const id of ['t0-r1', 't1-r1']) {
      const result = harness.results().get(id)?.result;
      if (result?.status !== 'complete') throw new Error(`${id} did not complete`);
      expect(result.turns.map((turn) => [turn.role, turn.label])).toEqual([['teacher', '教师']]);
      expect(result.turns[0].content).toMatch(/^Teacher question 1/);
      expect(result.end).toEqual({ kind: 'end', reason: 'direction' });
    }
    const requests = state.server.log.chatRequests();
    expect(requests).toHaveLength(3);
    expect(requests[0].rawBody).toBe(requests[1].rawBody);
    expect(bodyOf(requests[0]).messages.at(-1)).toEqual({ role: 'user', content: '请讲解为什么冬天摸铁栏杆比摸木头更冷。' });
  }, 30_000);

  it('a fixed seed is moved on per repeat, so repeats stay independent draws at a seeded endpoint', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 1 }));
    const definition = await templateDefinition(SID, ['t0-r1', 't0-r2']);
    const scenarioSource = definition.parameters.scenarioSource.replaceAll('sampling: { temperature: 0.7, max_tokens: 1000 }', 'sampling: { temperature: 0.7, max_tokens: 1000, seed: 7 }');
    const seeded = await templateDefinition(SID, ['t0-r1', 't0-r2'], { scenarioSource });
    await state.handlers['jobs.start']({ definition: seeded });
    await harness.finished();
    const seeds = state.server.log.chatRequests().map((entry) => [roleOf(entry), (bodyOf(entry) as { seed?: number }).seed]);
    expect(seeds).toEqual([['student', 7], ['teacher', 7], ['student', 8], ['teacher', 8]]);
    expect(harness.results().get('t0-r2')?.result?.roles.student?.sampling).toEqual({ temperature: 0.7, max_tokens: 1000, seed: 8 });
  }, 30_000);

  it('a role\'s sampling goes over its connection\'s generation sampling, parameter by parameter', async () => {
    await harness.saveConnections();
    const student = { id: 'student', name: 'student', baseURL: state.server.baseURL, model: MODELS.student, extraHeaders: {}, sampling: { generation: { temperature: 0.2, top_p: 0.5 }, judge: { top_p: 0.1 } }, concurrency: { start: 1, min: 1, max: 1 } };
    await state.handlers['llm.connections.save']({ connection: student, key: { keep: true } });
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 1 }));
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1']) });
    await harness.finished();
    const [first] = state.server.log.chatRequests();
    expect(roleOf(first)).toBe('student');
    expect(bodyOf(first)).toMatchObject({ temperature: 0.7, top_p: 0.5, max_tokens: 1000 });
    expect(harness.results().get('t0-r1')?.result?.roles.student?.sampling).toEqual({ temperature: 0.7, top_p: 0.5, max_tokens: 1000 });
  }, 30_000);

  it('ends on the turn budget when the teacher never says [End]', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: Infinity }));
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t1-r1']) });
    await harness.finished();
    const result = harness.results().get('t1-r1')?.result;
    if (result?.status !== 'complete') throw new Error('did not complete');
    expect(result.end).toEqual({ kind: 'end', reason: 'budget', maxTurns: 20 });
    expect(result.turns).toHaveLength(20);
    expect(result.turns.map((turn) => turn.role)).toEqual(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? 'student' : 'teacher')));
  }, 30_000);

  it('a 429 then success loses nothing: the turn is asked again and the dialogue goes on', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 2 }));
    state.server.enqueue(reply.rateLimited({ retryAfterMs: 20 }));
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1']) });
    await harness.finished();
    const { outcome, result } = harness.results().get('t0-r1')!;
    expect(outcome.ok).toBe(true);
    expect(result?.turns.map((turn) => turn.role)).toEqual(['student', 'teacher', 'student', 'teacher']);
    const requests = state.server.log.chatRequests();
    expect(requests.map((entry) => entry.reply?.kind === 'status' ? entry.reply.status : 200)).toEqual([429, 200, 200, 200, 200]);
    expect(requests[0].rawBody).toBe(requests[1].rawBody);
  }, 30_000);

  it('a call failing for good mid-dialogue fails the conversation with the turns before it and the reason', async () => {
    await harness.saveConnections();
    const player = scenarioPlayer({ teacherTurns: 5 });
    // the teacher's second turn always meets a server error
    state.server.setDefaultHandler((request) => (scenarioRoleOf(request.body) === 'teacher' && request.body.messages.filter((message) => message.role === 'assistant').length === 1 ? reply.status(503) : player(request)));
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1']) });
    await harness.finished();
    const { outcome, result } = harness.results().get('t0-r1')!;
    expect(outcome.ok).toBe(false);
    if (result?.status !== 'failed') throw new Error('did not fail');
    expect(result.turns.map((turn) => turn.role)).toEqual(['student', 'teacher', 'student']);
    expect(result.reasons.join(' ')).toMatch(/turn of teacher at turn 4 .*after 3 attempts/);
    expect(!outcome.ok && outcome.reason).toMatch(/^t0-r1: /);
    expect(state.events.find((event) => event.type === 'finished')).toMatchObject({ status: 'succeeded', progress: { done: 1, failed: 1 } });
  }, 30_000);
});
