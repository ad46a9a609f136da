import type { DiagnosticThresholds, MetricDiagnostic, MetricScore, ScoreRange, Verdict } from './types';
import { groupBy, mean, populationSd, sampleSd } from './stats';

/**
 * The defaults: half the scores at the floor → too strict, half at the ceiling → too lenient, an
 * SD across answers below an eighth of the range's width → weak (0.5 on a 1–5 scale).
 */
export function defaultThresholds(range: ScoreRange): DiagnosticThresholds {
  return { floorShare: 0.5, ceilingShare: 0.5, minSd: (range.max - range.min) / 8 };
}

/**
 * The verdict, first match wins: too strict (floor share ≥ threshold), too lenient (ceiling
 * share ≥ threshold), weak (SD across answers < minSd), else fine. A metric with fewer than two
 * answers scored cannot show that it discriminates, so it is weak.
 */
function verdictOf(d: Omit<MetricDiagnostic, 'verdict' | 'reason'>): { verdict: Verdict; reason: string } {
  const t = d.thresholds;
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
  if (d.n > 0 && d.floorShare >= t.floorShare) return { verdict: 'too-strict', reason: `${pct(d.floorShare)} of scores at the floor (≥ ${pct(t.floorShare)})` };
  if (d.n > 0 && d.ceilingShare >= t.ceilingShare) return { verdict: 'too-lenient', reason: `${pct(d.ceilingShare)} of scores at the ceiling (≥ ${pct(t.ceilingShare)})` };
  if (d.answers < 2) return { verdict: 'weak', reason: `${d.answers} answer(s) scored: at least 2 are needed to discriminate` };
  if (d.discrimination.acrossAnswers < t.minSd) return { verdict: 'weak', reason: `SD across answers ${d.discrimination.acrossAnswers.toFixed(3)} < ${t.minSd}` };
  return { verdict: 'fine', reason: `SD across answers ${d.discrimination.acrossAnswers.toFixed(3)} ≥ ${t.minSd}; floor ${pct(d.floorShare)}, ceiling ${pct(d.ceilingShare)}` };
}

/**
 * One diagnostic per metric, in `metrics` order, from the judge's scores of a round's answers
 * (answers × metrics; scores of metrics not listed are ignored). Groups (teacher models) are
 * taken from the scores' `group`; an answer scored more than once counts once, at its mean.
 */
export function metricDiagnostics(metrics: readonly string[], scores: readonly MetricScore[], range: ScoreRange, thresholds: DiagnosticThresholds = defaultThresholds(range)): MetricDiagnostic[] {
  const byMetric = groupBy(scores, (score) => score.metric);
  return metrics.map((metric) => {
    const own = byMetric.get(metric) ?? [];
    const values = own.map((score) => score.score);
    const perAnswer = [...groupBy(own, (score) => score.answer).values()];
    const answerMeans = perAnswer.map((list) => mean(list.map((score) => score.score)));
    const grouped = groupBy(perAnswer, (list) => list[0].group ?? '');
    const hasGroups = grouped.size >= 2 && !grouped.has('');
    const groupMeans = [...grouped.values()].map((answers) => mean(answers.map((list) => mean(list.map((score) => score.score)))));
    const base = {
      metric,
      n: values.length,
      answers: perAnswer.length,
      mean: mean(values),
      sd: sampleSd(values),
      floorShare: values.length === 0 ? 0 : values.filter((value) => value <= range.min).length / values.length,
      ceilingShare: values.length === 0 ? 0 : values.filter((value) => value >= range.max).length / values.length,
      discrimination: { acrossAnswers: sampleSd(answerMeans), betweenGroups: hasGroups ? populationSd(groupMeans) : null },
      thresholds: { ...thresholds },
    };
    return { ...base, ...verdictOf(base) };
  });
}
