import type { AlphaLevel } from './types';

/**
 * The squared distances δ²(c, k) of Krippendorff's alpha (Krippendorff 2004/2011; the metrics
 * of the `krippendorff` package and DKPro), over the full ordered category list:
 *   nominal   [c ≠ k]
 *   ordinal   (Σ_{g = c..k} n_g − (n_c + n_k)/2)², n_g = the pairable values in category g
 *             (so categories nobody used add nothing, and the order is the list's order)
 *   interval  (s_c − s_k)²
 *   ratio     ((s_c − s_k)/(s_c + s_k))²
 * with s the numeric scores of the categories.
 */

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The categories as numbers, when every one of them is written as a number; otherwise null. */
export function numericCategories(categories: readonly string[]): number[] | null {
  const scores = categories.map((category) => (NUMBER.test(category.trim()) ? Number(category) : Number.NaN));
  return scores.every(Number.isFinite) ? scores : null;
}

export type DistanceOutcome = { matrix: number[][] } | { reason: string };

export function levelDistances(level: AlphaLevel, categories: readonly string[], marginals: readonly number[], givenScores?: readonly number[]): DistanceOutcome {
  const k = categories.length;
  const range = Array.from({ length: k }, (_, index) => index);
  if (level === 'nominal') return { matrix: range.map((c) => range.map((d) => (c === d ? 0 : 1))) };
  if (level === 'ordinal') {
    const cumulative = [0];
    for (const count of marginals) cumulative.push(cumulative[cumulative.length - 1] + count);
    return {
      matrix: range.map((c) =>
        range.map((d) => {
          const low = Math.min(c, d);
          const high = Math.max(c, d);
          return (cumulative[high + 1] - cumulative[low] - (marginals[low] + marginals[high]) / 2) ** 2;
        }),
      ),
    };
  }
  const scores = givenScores ?? numericCategories(categories);
  if (scores === null) {
    const example = categories.find((category) => !NUMBER.test(category.trim()));
    return { reason: `The ${level} level needs numeric categories and "${example}" is not a number; use the ordinal level for ordered labels.` };
  }
  if (scores.length !== k || !scores.every(Number.isFinite)) throw new Error(`${scores.length} scores for ${k} categories, or a score that is not a finite number.`);
  if (level === 'interval') return { matrix: scores.map((a) => scores.map((b) => (a - b) ** 2)) };
  if (scores.some((score) => score < 0)) return { reason: 'The ratio level needs scores of 0 or more (a ratio scale has a true zero).' };
  return { matrix: scores.map((a) => scores.map((b) => (a + b === 0 ? 0 : ((a - b) / (a + b)) ** 2))) };
}
