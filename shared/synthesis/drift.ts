import type { AnchorDrift, DriftComparison, MetricDrift, MetricScore } from './types';
import { groupBy, mean } from './stats';

/** The frozen anchors' scores as (anchor, metric) → mean score, so a repeat scoring counts once. */
function cells(scores: readonly MetricScore[]): Map<string, { metric: string; score: number }> {
  const out = new Map<string, { metric: string; score: number }>();
  for (const [key, list] of groupBy(scores, (score) => JSON.stringify([score.answer, score.metric]))) out.set(key, { metric: list[0].metric, score: mean(list.map((score) => score.score)) });
  return out;
}

/**
 * How far the anchors' scores moved from `reference` to `current`, per metric (in `metrics`
 * order) and overall, over the (anchor, metric) pairs scored in both. The warning is given when
 * the overall mean absolute difference exceeds `threshold` (score points), or any metric's does.
 */
export function compareAnchorScores(metrics: readonly string[], reference: readonly MetricScore[], current: readonly MetricScore[], threshold: number): DriftComparison {
  const before = cells(reference);
  const pairs: { metric: string; difference: number }[] = [];
  for (const [key, cell] of cells(current)) {
    const old = before.get(key);
    if (old) pairs.push({ metric: cell.metric, difference: cell.score - old.score });
  }
  const byMetric = groupBy(pairs, (pair) => pair.metric);
  const summarise = (list: readonly { difference: number }[]) => ({
    pairs: list.length,
    meanAbsoluteDifference: mean(list.map((pair) => Math.abs(pair.difference))),
    meanSignedDifference: mean(list.map((pair) => pair.difference)),
  });
  const perMetric: MetricDrift[] = metrics.map((metric) => ({ metric, ...summarise(byMetric.get(metric) ?? []) }));
  const overall = summarise(pairs);
  const drifting = perMetric.filter((drift) => drift.meanAbsoluteDifference > threshold);
  const beyondThreshold = overall.meanAbsoluteDifference > threshold || drifting.length > 0;
  const warning = beyondThreshold
    ? `anchor scores moved by ${overall.meanAbsoluteDifference.toFixed(3)} on average (threshold ${threshold})${drifting.length > 0 ? `; beyond it: ${drifting.map((drift) => `${drift.metric} ${drift.meanAbsoluteDifference.toFixed(3)}`).join(', ')}` : ''}`
    : null;
  return { metrics: perMetric, overall, threshold, beyondThreshold, warning };
}

/** Round r's anchor scores against round 0's and, from round 2 on, against round r − 1's. */
export function anchorDrift(metrics: readonly string[], first: readonly MetricScore[], previous: readonly MetricScore[] | null, current: readonly MetricScore[], threshold: number): AnchorDrift {
  return {
    sinceFirst: compareAnchorScores(metrics, first, current, threshold),
    sincePrevious: previous ? compareAnchorScores(metrics, previous, current, threshold) : null,
  };
}
