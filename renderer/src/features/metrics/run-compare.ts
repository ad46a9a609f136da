/**
 * How a run's means differ from a compared run's, cell by cell, in the words the table prints:
 * percentage points for the indicators, TotalScore's own unit for TotalScore. A difference that
 * is zero is "no change", never "±0.0 pp"; one too small for the table's precision says so
 * ("+<0.1 pp") instead of pretending to be zero.
 */
import { SCORE_KEYS, type GroupScore, type ScoreKey } from '../../../../shared/metrics';
import type { MetricRunRow } from '../../../../shared/model/metric-run';

/** Means computed from the same dialogues by the same code are equal to the bit; this only absorbs summation order. */
const SAME_TOLERANCE = 1e-12;

export type MetricChange =
  /** both runs have the mean and it is the same */
  | { kind: 'same' }
  | { kind: 'changed'; difference: number; text: string }
  /** one run has a mean and the other none (a group missing, or every dialogue left out under strict 3C) */
  | { kind: 'incomparable' }
  /** neither run has a mean: nothing to compare */
  | { kind: 'none' };

function formatDifference(key: ScoreKey, difference: number): string {
  const sign = difference > 0 ? '+' : '−';
  const magnitude = Math.abs(difference);
  if (key === 'TotalScore') return magnitude < 0.00005 ? `${sign}<0.0001` : `${sign}${magnitude.toFixed(4)}`;
  const points = magnitude * 100;
  return points < 0.05 ? `${sign}<0.1 pp` : `${sign}${points.toFixed(1)} pp`;
}

export function metricChange(key: ScoreKey, value: number | null, base: number | null): MetricChange {
  if (value === null && base === null) return { kind: 'none' };
  if (value === null || base === null) return { kind: 'incomparable' };
  const difference = value - base;
  if (Math.abs(difference) <= SAME_TOLERANCE) return { kind: 'same' };
  return { kind: 'changed', difference, text: formatDifference(key, difference) };
}

/** The compared run's column for a column of the shown run: its overall column, or the same teacher model's. */
export function baselineGroup(baseline: MetricRunRow, group: GroupScore, overall: boolean): GroupScore | null {
  return overall ? baseline.overall : (baseline.groups.find((candidate) => candidate.group === group.group) ?? null);
}

/**
 * True when every mean of the shown run equals the compared run's, over the same teacher models:
 * the table then says "no change" once instead of in every cell.
 */
export function sameMeans(run: MetricRunRow, baseline: MetricRunRow): boolean {
  const models = (scores: readonly GroupScore[]) => scores.map((group) => group.group).sort().join('\u0000');
  if (models(run.groups) !== models(baseline.groups)) return false;
  const columns = [...run.groups.map((group) => ({ group, overall: false })), { group: run.overall, overall: true }];
  return columns.every(({ group, overall }) => {
    const base = baselineGroup(baseline, group, overall);
    return base !== null && SCORE_KEYS.every((key) => ['same', 'none'].includes(metricChange(key, group.means[key], base.means[key]).kind));
  });
}
