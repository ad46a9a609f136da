import type { SynthesisRoundRow } from '../../../../shared/model/synthesis';
import type { LoopDecision } from '../../../../shared/synthesis/loop';
import type { SynthesisAnswer, SynthesisRoundPayload, SynthesisTestItem } from '../../../../shared/synthesis/synthesis-job';
import type { DraftMetric, DriftComparison, MetricDiagnostic, MetricDrift, MetricScore, Round, Verdict } from '../../../../shared/synthesis/types';

export function metric(id: string, overrides: Partial<DraftMetric> = {}): DraftMetric {
  return {
    id,
    name: { zh: `${id} 名`, en: `${id} name` },
    dimension: id.split('-')[0],
    weight: 0.25,
    description: { zh: `${id} 描述`, en: `${id} description` },
    positiveExample: { zh: `${id} 正例`, en: `${id} positive` },
    negativeExample: { zh: `${id} 反例`, en: `${id} negative` },
    ...overrides,
  };
}

export const item = (id: string, text = `question ${id}`): SynthesisTestItem => ({ id, text });
export const answer = (id: string, itemId: string, text = `answer ${id}`): SynthesisAnswer => ({ id, itemId, text });
export const score = (answerId: string, metricId: string, value: number, rationale?: string): MetricScore => ({ answer: answerId, metric: metricId, score: value, ...(rationale === undefined ? {} : { rationale }) });

/** A diagnostic with the given verdict (the numbers are what the verdict needs, not computed). */
export function diagnostic(metricId: string, verdict: Verdict, overrides: Partial<MetricDiagnostic> = {}): MetricDiagnostic {
  return {
    metric: metricId,
    n: 6,
    answers: 6,
    mean: 3,
    sd: 1,
    floorShare: verdict === 'too-strict' ? 0.6 : 0.1,
    ceilingShare: verdict === 'too-lenient' ? 0.6 : 0.1,
    discrimination: { acrossAnswers: verdict === 'weak' ? 0.2 : 1, betweenGroups: null },
    verdict,
    reason: 'as given',
    thresholds: { floorShare: 0.5, ceilingShare: 0.5, minSd: 0.5 },
    ...overrides,
  };
}

export function comparison(mad: number, threshold = 0.5, metrics: MetricDrift[] = []): DriftComparison {
  const beyondThreshold = mad > threshold || metrics.some((entry) => entry.meanAbsoluteDifference > threshold);
  return { metrics, overall: { pairs: 4, meanAbsoluteDifference: mad, meanSignedDifference: mad / 2 }, threshold, beyondThreshold, warning: beyondThreshold ? 'moved' : null };
}

/** A round's payload with the given verdicts, one metric per verdict (`p-1`, `p-2`, …). */
export function payload(round: number, verdicts: Verdict[], overrides: Partial<SynthesisRoundPayload> = {}): SynthesisRoundPayload {
  const metrics = verdicts.map((_, index) => metric(`p-${index + 1}`));
  const diagnostics = verdicts.map((verdict, index) => diagnostic(`p-${index + 1}`, verdict));
  const objective = { fineShare: verdicts.filter((verdict) => verdict === 'fine').length / Math.max(1, verdicts.length), meanDiscrimination: 0.8 };
  const record: Round = { version: round, metrics, diagnostics, drift: null, objective, locked: [], expertEdits: [] };
  const decision: LoopDecision = { action: 'continue', reason: round === 0 ? 'first-round' : 'gained', rollbackTo: null, revise: [] };
  return {
    round,
    spec: { id: 'spec', version: '1', hash: 'h' },
    metrics,
    rubricSet: { id: 'spec', version: `1+r${round}`, name: { zh: '规', en: 'spec' }, description: { zh: '', en: '' }, rubrics: [] },
    testItems: [],
    answers: [],
    anchors: [],
    scores: [],
    anchorScores: [],
    diagnostics,
    drift: null,
    objective,
    revisions: round === 0 ? null : [],
    record,
    decision,
    best: round,
    tokens: { input: 0, output: 0 },
    cached: false,
    ...overrides,
  };
}

export function roundRow(round: number, payloadOrFailure: SynthesisRoundPayload | string | null): SynthesisRoundRow {
  return {
    id: `s|${round}`,
    sessionId: 's',
    round,
    jobId: `job-${round}`,
    carried: null,
    payload: typeof payloadOrFailure === 'object' ? payloadOrFailure : null,
    failure: typeof payloadOrFailure === 'string' ? payloadOrFailure : null,
    createdAt: '2026-12-03T10:00:00Z',
  };
}
