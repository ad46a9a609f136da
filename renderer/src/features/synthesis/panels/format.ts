/**
 * Numbers and verdicts as the panels show them. The loop's own `reason` and `warning` strings are
 * English only, so the words here are rebuilt from the numbers the diagnostic and drift carry.
 */
import type { LabelLanguage } from '../../../../../shared/codebook/types';
import type { LoopDecision } from '../../../../../shared/synthesis/loop';
import type { BilingualText, DriftComparison, MetricDiagnostic, Verdict } from '../../../../../shared/synthesis/types';
import { synthesisPanelText as text } from './strings';

/** A share 0–1 as a percentage; whole percents unless asked for more. */
export const percent = (share: number, digits = 0) => `${(share * 100).toFixed(digits)}%`;

/** Means, SDs and differences in score points: two decimals. */
export const points = (value: number | null | undefined) => (value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(2));

/** A metric weight (0–1) as a percentage with one decimal: 0.4 / 3 shows as 13.3%. */
export const weightPercent = (weight: number) => percent(weight, 1);

/** The text in the UI language, the other language beside it for a tooltip or second line. */
export function inBoth(value: BilingualText, lang: LabelLanguage): { shown: string; other: string } {
  return lang === 'zh' ? { shown: value.zh, other: value.en } : { shown: value.en, other: value.zh };
}

export const verdictWord = (lang: LabelLanguage, verdict: Verdict) => text(lang, `verdict_${verdict}`);

/** Why the verdict, in the UI language, from the same numbers and order of checks as shared/synthesis/diagnostics.ts. */
export function verdictReason(lang: LabelLanguage, d: MetricDiagnostic): string {
  const t = d.thresholds;
  const sd = d.discrimination.acrossAnswers.toFixed(2);
  const minSd = t.minSd.toFixed(2);
  switch (d.verdict) {
    case 'too-strict':
      return text(lang, 'reasonFloor', { share: percent(d.floorShare), threshold: percent(t.floorShare) });
    case 'too-lenient':
      return text(lang, 'reasonCeiling', { share: percent(d.ceilingShare), threshold: percent(t.ceilingShare) });
    case 'weak':
      return d.answers < 2 ? text(lang, 'reasonFewAnswers', { answers: d.answers }) : text(lang, 'reasonLowSd', { sd, minSd });
    case 'fine':
      return text(lang, 'reasonFine', { sd, minSd, floor: percent(d.floorShare), ceiling: percent(d.ceilingShare) });
  }
}

/** "Continue: the share of fine metrics rose" / "Stop: every metric is fine". */
export function decisionWords(lang: LabelLanguage, decision: LoopDecision): string {
  const reason = text(lang, `reason_${decision.reason}`);
  return decision.action === 'continue' ? text(lang, 'decisionContinue', { reason }) : text(lang, 'decisionStop', { reason });
}

/** The drift warning in the UI language, or null within the threshold; metric ids name the metrics beyond it. */
export function driftWarning(lang: LabelLanguage, comparison: DriftComparison, nameOf: (metricId: string) => string): string | null {
  if (!comparison.beyondThreshold) return null;
  const beyond = comparison.metrics.filter((metric) => metric.meanAbsoluteDifference > comparison.threshold);
  const metrics = beyond.length > 0 ? text(lang, 'driftWarningMetrics', { list: beyond.map((metric) => `${nameOf(metric.metric)} ${points(metric.meanAbsoluteDifference)}`).join(lang === 'zh' ? '、' : ', ') }) : '';
  return text(lang, 'driftWarning', { mad: points(comparison.overall.meanAbsoluteDifference), threshold: points(comparison.threshold), metrics });
}
