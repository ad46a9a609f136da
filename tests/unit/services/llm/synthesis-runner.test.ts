/**
 * Rubric-synthesis rounds (issue 15) through the jobs.start handler, the real registry and the
 * synthesis runner against the scripted server playing drafter, test-item writer, generator,
 * judge and reviser (synthesis-scripts.ts) through the real openai client. One job is one round;
 * the next round is a new job carrying the state (carryForward), as the educator's app does.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { JobItemEvent } from '../../../../shared/jobs';
import { buildSynthesisDefinition, carryForward, type SynthesisCarried, type SynthesisRoundPayload } from '../../../../shared/synthesis';
import { reply, synthesisPlayer, synthesisRoleOf, type SynthesisPlayerOptions } from '../../../support/llm-server';
import { bodyOf, filesUnder, KEY, useGenerationServices } from './generation-harness';

function specYaml(options: { drift?: number; patience?: number; maxRounds?: number } = {}): string {
  return `format: maieutic.synthesis/1
id: test-spec
version: "1"
name: { en: Test rubric, zh: 测试量规 }
scenario: { en: A tutor helps a student, zh: 教师辅导学生 }
dimensions:
  - id: A
    name: { en: Alpha, zh: 甲 }
    weight: 0.6
    description: { en: alpha, zh: 甲 }
  - id: B
    name: { en: Beta, zh: 乙 }
    weight: 0.4
    description: { en: beta, zh: 乙 }
metrics_per_dimension: 1
test_items: 3
anchors: 2
models: { drafter: drafter, generator: teacher, judge: judge }
range: { min: 1, max: 5 }
thresholds: { floor_share: 0.5, ceiling_share: 0.5, min_sd: 0.5, drift: ${options.drift ?? 4} }
stopping: { max_rounds: ${options.maxRounds ?? 5}, min_gain: 0.05, patience: ${options.patience ?? 2} }
`;
}

describe('rubric-synthesis rounds', () => {
  const harness = useGenerationServices();
  const { state } = harness;
  const payloads = () => state.events.filter((event): event is JobItemEvent<SynthesisRoundPayload> => event.type === 'item').map((event) => event.outcome);
  const requestsOf = (role: string) => state.server.log.chatRequests().filter((entry) => synthesisRoleOf(bodyOf(entry)) === role);

  async function runRound(spec: string, round: number, player: SynthesisPlayerOptions, carried?: SynthesisCarried, answersPerItem?: number, extraGenerators?: string[]): Promise<SynthesisRoundPayload> {
    state.server.setDefaultHandler(synthesisPlayer(player));
    const built = buildSynthesisDefinition({ specSource: spec, specFile: 'test.yaml', round, judgeConnectionId: 'judge', roleConnections: { drafter: 'guide', generator: 'teacher' }, language: 'en', carried, answersPerItem, extraGenerators });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const count = payloads().length;
    await state.handlers['jobs.start']({ definition: built.definition });
    await harness.finished(round + 1);
    const outcome = payloads()[count];
    if (!outcome?.ok) throw new Error(`round ${round} failed: ${outcome && !outcome.ok ? outcome.reason : 'no outcome'}`);
    return outcome.payload;
  }

  it('round 0 finds the too-lenient metric; round 1 revises only its description and examples, and the judge stops being lenient', async () => {
    await harness.saveConnections();
    const spec = specYaml();
    const first = await runRound(spec, 0, { lenient: ['A-1'] });
    expect(first.metrics.map((metric) => metric.id)).toEqual(['A-1', 'B-1']);
    expect(first.answers).toHaveLength(3);
    expect(first.anchors).toEqual(['T1-a1', 'T2-a1']);
    expect(first.scores).toHaveLength(6);
    // the judge's reasons are kept with the scores: the educator reads them beside the lowest-scoring items
    expect(first.scores.every((score) => score.rationale === `${score.metric} is scored ${score.score}.`)).toBe(true);
    expect(first.diagnostics.map((d) => [d.metric, d.verdict])).toEqual([['A-1', 'too-lenient'], ['B-1', 'fine']]);
    expect(first.drift).toBeNull();
    expect(first.decision).toMatchObject({ action: 'continue', reason: 'first-round', revise: ['A-1'] });
    expect(first.rubricSet.rubrics.map((rubric) => rubric.id)).toEqual(['A-1', 'B-1']);
    expect(requestsOf('judge')).toHaveLength(3);

    const second = await runRound(spec, 1, { lenient: ['A-1'] }, carryForward(undefined, first, first.metrics, []));
    expect(requestsOf('reviser')).toHaveLength(1);
    expect(second.revisions).toEqual([{ metric: 'A-1', status: 'revised', problems: [] }]);
    const [a0, b0] = first.metrics;
    const [a1, b1] = second.metrics;
    expect(b1).toEqual(b0);
    expect({ name: a1.name, dimension: a1.dimension, weight: a1.weight }).toEqual({ name: a0.name, dimension: a0.dimension, weight: a0.weight });
    expect(a1.description.en).toBe('revised A-1');
    expect(second.diagnostics.map((d) => d.verdict)).toEqual(['fine', 'fine']);
    expect(second.drift?.sinceFirst.beyondThreshold).toBe(false);
    expect(second.decision).toMatchObject({ action: 'stop', reason: 'all-fine', rollbackTo: null });
    expect(second.best).toBe(1);
  }, 30_000);

  it('writes answersPerItem answers to each test item, each its own call, and the judge scores every one', async () => {
    await harness.saveConnections();
    const first = await runRound(specYaml(), 0, { lenient: ['A-1'] }, undefined, 2);
    expect(first.answers.map((answer) => answer.id)).toEqual(['T1-a1', 'T1-a2', 'T2-a1', 'T2-a2', 'T3-a1', 'T3-a2']);
    expect(requestsOf('generator')).toHaveLength(6);
    expect(requestsOf('judge')).toHaveLength(6);
    expect(first.scores).toHaveLength(12);
  }, 30_000);

  it('several teacher models: each answers every item, and the diagnostics tell how far each metric separates the models', async () => {
    await harness.saveConnections();
    // the judge gives the second model's answers the floor on A-1 only: A-1 separates the models, B-1 does not
    const payload = await runRound(specYaml(), 0, { generatorSignsModel: true, override: (metric, _item, _revised, transcript) => (metric === 'A-1' && transcript.includes('student-model') ? 1 : undefined) }, undefined, 1, ['student']);
    expect(payload.answers.map((answer) => [answer.id, answer.generator])).toEqual([['T1-a1', 'teacher'], ['T1-g2-a1', 'student'], ['T2-a1', 'teacher'], ['T2-g2-a1', 'student'], ['T3-a1', 'teacher'], ['T3-g2-a1', 'student']]);
    expect(requestsOf('generator').map((entry) => bodyOf(entry).model)).toEqual(['teacher-model', 'student-model', 'teacher-model', 'student-model', 'teacher-model', 'student-model']);
    expect(new Set(payload.scores.map((score) => score.group))).toEqual(new Set(['teacher', 'student']));
    const between = Object.fromEntries(payload.diagnostics.map((d) => [d.metric, d.discrimination.betweenGroups]));
    // teacher-model scores 2, 3, 4 (mean 3), student-model 1, 1, 1 (mean 1): population SD of {3, 1} = 1
    expect(between['A-1']).toBeCloseTo(1, 12);
    expect(between['B-1']).toBeCloseTo(0, 12);
  }, 30_000);

  it('a reviser answer that changes a weight is refused (asked again, then the metric stays as it was); a round no better stops on no-gain', async () => {
    await harness.saveConnections();
    const spec = specYaml({ patience: 1 });
    const first = await runRound(spec, 0, { lenient: ['A-1'] });
    const second = await runRound(spec, 1, { lenient: ['A-1'], reviserChangesWeight: true }, carryForward(undefined, first, first.metrics, []));
    expect(requestsOf('reviser').length).toBeGreaterThan(1);
    expect(second.revisions?.[0]).toMatchObject({ metric: 'A-1', status: 'refused' });
    expect(second.revisions?.[0].problems.join(' ')).toMatch(/weight may not change/);
    expect(second.metrics).toEqual(first.metrics);
    expect(second.decision).toMatchObject({ action: 'stop', reason: 'no-gain' });
  }, 30_000);

  it('a locked metric is never revised, even when it is not fine', async () => {
    await harness.saveConnections();
    const spec = specYaml();
    const first = await runRound(spec, 0, { lenient: ['A-1', 'B-1'] });
    expect(first.decision.revise).toEqual(['A-1', 'B-1']);
    const second = await runRound(spec, 1, { lenient: ['A-1', 'B-1'] }, carryForward(undefined, first, first.metrics, ['B-1']));
    expect(second.revisions?.map((revision) => revision.metric)).toEqual(['A-1']);
    const revised = requestsOf('reviser').map((entry) => JSON.stringify(bodyOf(entry).response_format));
    expect(revised.every((format) => format.includes('"A-1"') && !format.includes('"B-1"'))).toBe(true);
    expect(second.metrics[1]).toEqual(first.metrics[1]);
    expect(second.record.locked).toEqual(['B-1']);
  }, 30_000);

  it('anchor drift beyond the threshold is reported, and a worse round reports rollbackTo the best', async () => {
    await harness.saveConnections();
    const spec = specYaml({ drift: 0.5 });
    const first = await runRound(spec, 0, { lenient: ['A-1'] });
    // B-1 (not revised) is now scored at the floor: the anchors move and the round is worse
    const second = await runRound(spec, 1, { lenient: ['A-1'], override: (metric, _item, revised) => (metric === 'B-1' ? 1 : revised ? undefined : 5) }, carryForward(undefined, first, first.metrics, []));
    expect(second.drift?.sinceFirst.beyondThreshold).toBe(true);
    expect(second.drift?.sinceFirst.warning).toMatch(/B-1/);
    expect(second.diagnostics.find((d) => d.metric === 'B-1')?.verdict).toBe('too-strict');
    expect(second.decision.rollbackTo).toBe(0);
    expect(second.best).toBe(0);
  }, 30_000);

  it('a worse round without drift reports rollbackTo the best round, and the next revision starts from the best', async () => {
    await harness.saveConnections();
    const spec = specYaml({ drift: 4 });
    const first = await runRound(spec, 0, { lenient: ['A-1'] });
    // the revision of A-1 is refused (it stays lenient) and B-1 is now scored at the floor
    const second = await runRound(spec, 1, { lenient: ['A-1'], reviserChangesWeight: true, override: (metric) => (metric === 'B-1' ? 1 : undefined) }, carryForward(undefined, first, first.metrics, []));
    expect(second.drift?.sinceFirst.beyondThreshold).toBe(false);
    expect(second.objective.fineShare).toBeLessThan(first.objective.fineShare);
    expect(second.decision).toMatchObject({ rollbackTo: 0, revise: ['A-1'] });
    expect(second.best).toBe(0);
  }, 30_000);

  it('paused mid-round and resumed, the round asks no finished call again; the API key is nowhere in the job folder', async () => {
    await harness.saveConnections();
    const spec = specYaml();
    state.server.setDefaultHandler(synthesisPlayer({ lenient: ['A-1'], delayMs: 25 }));
    const built = buildSynthesisDefinition({ specSource: spec, specFile: 'test.yaml', round: 0, judgeConnectionId: 'judge', roleConnections: { drafter: 'guide', generator: 'teacher' }, language: 'en' });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const job = await state.handlers['jobs.start']({ definition: built.definition });
    const answered = () => state.server.log.chatRequests().filter((entry) => entry.outcome === 'answered');
    await harness.until('four calls are answered', () => answered().length >= 4);
    await state.handlers['jobs.pause']({ jobId: job.id });
    await harness.until('the pause takes effect', () => state.events.some((event) => event.type === 'progress' && event.status === 'paused'));
    const before = state.server.log.chatRequests().slice();
    expect(before.every((entry) => entry.outcome === 'answered')).toBe(true);
    await state.handlers['jobs.resume']({ jobId: job.id });
    await harness.finished();
    const bodies = state.server.log.chatRequests().map((entry) => entry.rawBody);
    // draft + items + 3 answers + 3 judge calls, each asked once
    expect(bodies).toHaveLength(8);
    expect(new Set(bodies).size).toBe(8);
    expect(payloads()[0]).toMatchObject({ ok: true });
    const files = await filesUnder(state.dir.path);
    expect(files.some((file) => file.includes('/jobs/'))).toBe(true);
    for (const file of files) {
      expect(await readFile(file, 'utf8'), file).not.toContain(KEY);
    }
  }, 30_000);

  it('cancelled mid-round and started again as a new job, the round asks no finished call again', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(synthesisPlayer({ lenient: ['A-1'], delayMs: 25 }));
    const built = buildSynthesisDefinition({ specSource: specYaml(), specFile: 'test.yaml', round: 0, judgeConnectionId: 'judge', roleConnections: { drafter: 'guide', generator: 'teacher' }, language: 'en' });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const job = await state.handlers['jobs.start']({ definition: built.definition });
    await harness.until('four calls are answered', () => state.server.log.chatRequests().filter((entry) => entry.outcome === 'answered').length >= 4);
    await state.handlers['jobs.cancel']({ jobId: job.id });
    await harness.finished();
    const before = state.server.log.chatRequests().slice();
    // only the call on the wire at the cancel (the last one sent) may be sent again
    const finished = new Set(before.filter((entry) => entry.outcome === 'answered').slice(0, -1).map((entry) => entry.rawBody));
    await state.handlers['jobs.start']({ definition: built.definition });
    await harness.finished(2);
    const after = state.server.log.chatRequests().slice(before.length);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((entry) => finished.has(entry.rawBody))).toEqual([]);
    expect(payloads().at(-1)).toMatchObject({ ok: true, payload: { round: 0, decision: { revise: ['A-1'] } } });
  }, 30_000);

  it('interrupted by a quit and resumed by new services on the same folder, the round asks no finished call again', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(synthesisPlayer({ lenient: ['A-1'], delayMs: 25 }));
    const built = buildSynthesisDefinition({ specSource: specYaml(), specFile: 'test.yaml', round: 0, judgeConnectionId: 'judge', roleConnections: { drafter: 'guide', generator: 'teacher' }, language: 'en' });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const job = await state.handlers['jobs.start']({ definition: built.definition });
    await harness.until('four calls are answered', () => state.server.log.chatRequests().filter((entry) => entry.outcome === 'answered').length >= 4);
    await harness.reopen();
    await state.server.log.waitUntil(() => state.server.log.inFlight === 0, 'the interrupted call is settled');
    const before = state.server.log.chatRequests().slice();
    const [restored] = await state.handlers['jobs.list']({});
    expect(restored).toMatchObject({ id: job.id, status: 'interrupted' });
    await harness.saveConnections();
    await state.handlers['jobs.resume']({ jobId: job.id });
    await harness.finished();
    // only the call on the wire at the quit (the last one sent) may be sent again
    const finished = new Set(before.slice(0, -1).map((entry) => entry.rawBody));
    const after = state.server.log.chatRequests().slice(before.length);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((entry) => finished.has(entry.rawBody))).toEqual([]);
    expect(payloads().at(-1)).toMatchObject({ ok: true, payload: { round: 0 } });
  }, 30_000);

  it('refuses a round whose spec text does not hash to its specHash, or a round 1 that carries nothing', async () => {
    await harness.saveConnections();
    const built = buildSynthesisDefinition({ specSource: specYaml(), specFile: 'test.yaml', round: 0, judgeConnectionId: 'judge', roleConnections: { drafter: 'guide', generator: 'teacher' } });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const edited = { ...built.definition, parameters: { ...built.definition.parameters, specSource: specYaml({ drift: 1 }) } };
    await expect(state.handlers['jobs.start']({ definition: edited })).rejects.toThrow(/specHash does not match/);
    const second = { ...built.definition, itemIds: ['round-1'], parameters: { ...built.definition.parameters, round: 1 } };
    await expect(state.handlers['jobs.start']({ definition: second })).rejects.toThrow(/round 1 needs the state carried/);
    expect(state.server.log.chatRequests()).toHaveLength(0);
  });

  it('a draft the drafter gives that cannot be read fails round 0 with its code (the rubric draft, unusable) beside the English reason', async () => {
    await harness.saveConnections();
    const player = synthesisPlayer();
    state.server.setDefaultHandler((request) => (synthesisRoleOf(request.body) === 'drafter' ? reply.answer('I would score warmth and patience.') : player(request)));
    const built = buildSynthesisDefinition({ specSource: specYaml(), specFile: 'test.yaml', round: 0, judgeConnectionId: 'judge', roleConnections: { drafter: 'guide', generator: 'teacher' } });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    await state.handlers['jobs.start']({ definition: built.definition });
    await harness.finished(1);
    const [outcome] = payloads();
    if (!outcome || outcome.ok) throw new Error('round 0 did not fail');
    expect(outcome.reason).toMatch(/^draft \{\} of round 0 on guide: /);
    expect(outcome.why).toEqual({ code: 'answer-unusable', params: { connection: 'guide', attempts: expect.any(Number), purpose: 'synthesis-draft', round: 0 } });
    expect(outcome.why?.params.attempts).toBeGreaterThan(1);
    // the job's snapshot lists the round with the same code, as the Jobs panel shows it
    const [snapshot] = await state.handlers['jobs.list']({});
    expect(snapshot!.failedItems).toEqual([expect.objectContaining({ item: expect.objectContaining({ itemId: 'round-0' }), reason: outcome.reason, why: outcome.why })]);
  }, 60_000);

  it('refuses a round 1 whose carried metrics change a weight of round 0, or whose carried state is malformed', async () => {
    await harness.saveConnections();
    const spec = specYaml();
    const first = await runRound(spec, 0, { lenient: ['A-1'] });
    const built = buildSynthesisDefinition({ specSource: spec, specFile: 'test.yaml', round: 1, judgeConnectionId: 'judge', roleConnections: { drafter: 'guide', generator: 'teacher' }, carried: carryForward(undefined, first, first.metrics, []) });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const carried = built.definition.parameters.carried!;
    const heavier = { ...built.definition, parameters: { ...built.definition.parameters, carried: { ...carried, metrics: carried.metrics.map((metric, index) => (index === 0 ? { ...metric, weight: 0.9 } : metric)) } } };
    await expect(state.handlers['jobs.start']({ definition: heavier })).rejects.toThrow(/carried metrics: A-1: its weight may not change/);
    const malformed = { ...built.definition, parameters: { ...built.definition.parameters, carried: { ...carried, answers: [{ id: 'T1-a1', text: 3 }] } } };
    await expect(state.handlers['jobs.start']({ definition: malformed as never })).rejects.toThrow(/carried.answers\[0\].itemId/);
    await expect(state.handlers['jobs.start']({ definition: built.definition })).resolves.toMatchObject({ kind: 'rubric-synthesis' });
    await harness.finished(2);
  }, 30_000);
});
