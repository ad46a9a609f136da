/**
 * Synthesis round payloads for the renderer's tests, made as the engine makes them
 * (electron/services/llm/synthesis-round.ts runRound): the template spec, a draft read by
 * readDraftAnswer, and diagnostics, drift, objective, decision and best computed by the pure
 * domain functions from scores a test describes. Only the judge's scores are the test's choice.
 */
import type { JobItemEvent } from '../../../../shared/jobs';
import {
  afterRound, anchorDrift, bestRound, type DraftMetric, metricDiagnostics, metricsToRubricSet, type MetricScore, readDraftAnswer, type Round, roundObjective,
  type SynthesisCarried, type SynthesisRoundPayload, type SynthesisSpec, synthesisSpecHash,
} from '../../../../shared/synthesis';
import { templateSpec, templateText } from '../../shared/synthesis/support';

export const SPEC_FILE = 'elmes-scenegen.yaml';
export const CONNECTIONS = { drafter: 'c-drafter', generator: 'c-generator', judge: 'c-judge' };
export const LABELS = { drafter: { name: 'Drafter', model: 'gpt-4o' }, generator: { name: 'Generator', model: 'qwen' }, judge: { name: 'Judge', model: 'deepseek' } };

export function specSource(): string {
  return templateText();
}

export function spec(): SynthesisSpec {
  return templateSpec();
}

const t = (en: string) => ({ en, zh: `中 ${en}` });

/** Round 0's metrics as the drafter's answer reads: three per dimension, ids `<dimension>-<n>`. */
export function draftMetrics(of: SynthesisSpec = spec()): DraftMetric[] {
  const entries = of.dimensions.flatMap((d) => [1, 2, 3].map((n) => ({ dimension: d.id, name: t(`${d.id} metric ${n}`), weight: 1, description: t(`describes ${d.id}-${n}`), positive_example: t('+'), negative_example: t('-') })));
  const read = readDraftAnswer(JSON.stringify({ metrics: entries }), of);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.value;
}

/** Answers score 2, 4, 2, 4… on every metric except the floored ones, which score the range's minimum: floored metrics come out too strict. */
export function scoresFlooring(answers: readonly string[], metrics: readonly DraftMetric[], floored: readonly string[], of: SynthesisSpec = spec()): MetricScore[] {
  return answers.flatMap((answer, i) => metrics.map((metric) => ({ answer, metric: metric.id, score: floored.includes(metric.id) ? of.range.min : i % 2 === 0 ? 2 : 4 })));
}

export interface PayloadRequest {
  round: number;
  metrics: DraftMetric[];
  /** null for round 0 */
  carried: SynthesisCarried | null;
  /** the metrics whose every score is the floor */
  floored: string[];
}

/** A round's payload as runRound assembles it. */
export function roundPayload(request: PayloadRequest, of: SynthesisSpec = spec()): SynthesisRoundPayload {
  const { carried, metrics } = request;
  const testItems = carried?.testItems ?? Array.from({ length: of.testItems }, (_, i) => ({ id: `T${i + 1}`, text: `item ${i + 1}` }));
  const answers = carried?.answers ?? testItems.map((item) => ({ id: `${item.id}-a1`, itemId: item.id, text: `answer to ${item.id}` }));
  const anchors = carried?.anchors ?? answers.slice(0, of.anchors).map((answer) => answer.id);
  const scores = scoresFlooring(answers.map((answer) => answer.id), metrics, request.floored, of);
  const ids = metrics.map((metric) => metric.id);
  const anchorScores = scores.filter((score) => anchors.includes(score.answer));
  const diagnostics = metricDiagnostics(ids, scores, of.range, of.thresholds);
  const drift = carried ? anchorDrift(ids, carried.firstAnchorScores, request.round >= 2 ? carried.previousAnchorScores : null, anchorScores, of.thresholds.drift) : null;
  const objective = roundObjective(diagnostics);
  const record: Round = { version: request.round, metrics, diagnostics, drift, objective, locked: [...(carried?.locked ?? [])], expertEdits: [...(carried?.expertEdits ?? [])] };
  const rounds = [...(carried?.rounds ?? []), record];
  return {
    round: request.round,
    spec: { id: of.id, version: of.version, hash: synthesisSpecHash(of) },
    metrics, rubricSet: metricsToRubricSet(of, metrics, request.round), testItems, answers, anchors, scores, anchorScores, diagnostics, drift, objective,
    revisions: carried ? [] : null, record, decision: afterRound(rounds, of.stopping), best: bestRound(rounds)?.version ?? request.round,
    tokens: { input: 100, output: 50 }, cached: false,
  };
}

export function roundEvent(jobId: string, payload: SynthesisRoundPayload): JobItemEvent<SynthesisRoundPayload> {
  return { type: 'item', jobId, at: 5, item: { itemId: `round-${payload.round}`, connectionId: CONNECTIONS.judge, sample: 0 }, outcome: { ok: true, payload, cached: false, tokens: payload.tokens, cost: null } };
}

export function failedRoundEvent(jobId: string, round: number, reason: string): JobItemEvent<SynthesisRoundPayload> {
  return { type: 'item', jobId, at: 5, item: { itemId: `round-${round}`, connectionId: CONNECTIONS.judge, sample: 0 }, outcome: { ok: false, reason, tokens: { input: 0, output: 0 }, cost: null } };
}
