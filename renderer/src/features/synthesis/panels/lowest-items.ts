/**
 * The answers that score lowest in a round: on one metric, or overall by the mean across metrics.
 * An answer scored more than once on a metric counts at its mean there, so repeats do not weigh
 * more in the overall mean (as in shared/synthesis/diagnostics.ts).
 */
import { compareNames } from '../../../../../shared/import/natural-order';
import type { SynthesisRoundPayload } from '../../../../../shared/synthesis/synthesis-job';
import type { MetricScore } from '../../../../../shared/synthesis/types';

export const DEFAULT_LOWEST_LIMIT = 5;

export interface LowestItemScore {
  metric: string;
  score: number;
  rationale: string | null;
}

export interface LowestItem {
  answerId: string;
  /** null when the answer is not among the round's answers (then its test item is unknown too) */
  itemId: string | null;
  itemText: string | null;
  answerText: string | null;
  anchor: boolean;
  /** what the list is sorted on: the metric's score, or the mean of the per-metric scores */
  score: number;
  /** the scores counted, metrics in the round's order (repeats in the order given) */
  scores: LowestItemScore[];
}

type LowestInput = Pick<SynthesisRoundPayload, 'metrics' | 'testItems' | 'answers' | 'anchors' | 'scores'>;

const average = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The answer's score on the metric, or its mean over metrics of the per-metric means. */
function sortScore(own: readonly MetricScore[]): number {
  const perMetric = new Map<string, number[]>();
  for (const score of own) perMetric.set(score.metric, [...(perMetric.get(score.metric) ?? []), score.score]);
  return average([...perMetric.values()].map(average));
}

/**
 * At most `limit` answers, lowest first; ties by answer id in natural order (`T2-a1` before
 * `T10-a1`). Scores of metrics not in the round's metrics are left out; answers without a score
 * on the metric (or any) are not listed. `metricId` null: every metric counts.
 */
export function lowestItems(payload: LowestInput, metricId: string | null, limit = DEFAULT_LOWEST_LIMIT): LowestItem[] {
  const metricOrder = new Map(payload.metrics.map((metric, index) => [metric.id, index]));
  const counted = payload.scores.filter((score) => metricOrder.has(score.metric) && (metricId === null || score.metric === metricId));
  const byAnswer = new Map<string, MetricScore[]>();
  for (const score of counted) byAnswer.set(score.answer, [...(byAnswer.get(score.answer) ?? []), score]);
  const answers = new Map(payload.answers.map((answer) => [answer.id, answer]));
  const items = new Map(payload.testItems.map((item) => [item.id, item]));
  const anchors = new Set(payload.anchors);
  const listed: LowestItem[] = [...byAnswer].map(([answerId, own]) => {
    const answer = answers.get(answerId);
    const item = answer ? items.get(answer.itemId) : undefined;
    return {
      answerId,
      itemId: answer?.itemId ?? null,
      itemText: item?.text ?? null,
      answerText: answer?.text ?? null,
      anchor: anchors.has(answerId),
      score: sortScore(own),
      scores: [...own]
        .sort((a, b) => (metricOrder.get(a.metric) ?? 0) - (metricOrder.get(b.metric) ?? 0))
        .map((score) => ({ metric: score.metric, score: score.score, rationale: score.rationale?.trim() ? score.rationale : null })),
    };
  });
  listed.sort((a, b) => a.score - b.score || compareNames(a.answerId, b.answerId));
  const count = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : DEFAULT_LOWEST_LIMIT;
  return listed.slice(0, count);
}
