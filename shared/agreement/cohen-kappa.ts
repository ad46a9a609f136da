import { confusionMatrix } from './confusion-matrix';
import { countMissing } from './rating-table';
import { normalTwoSided, normalUpperTail, Z_975 } from './normal-distribution';
import { plural, quoteList, resultFrame, tooFewItemsReason } from './result';
import type { AgreementResult, ChanceCorrectedParts, ConfusionMatrix, RatingTable } from './types';
import { disagreementMatrix, scaledToMaximum, type Weighting } from './weights';

/**
 * Cohen's kappa, unweighted or weighted. `value` κ = (Po − Pe)/(1 − Pe) with per-rater margins;
 * `se` is the asymptotic standard error under the alternative (Fleiss, Cohen & Everitt 1969; SAS
 * "ASE", statsmodels `std_kappa`) and `ci95` the Wald interval κ ± 1.959964·se, not clipped to
 * [−1, 1], as SAS and statsmodels print it. The test of H0 κ = 0 uses the other variance,
 * `seNull` (SAS "ASE under H0", statsmodels `std_kappa0`, R irr's z).
 * For weighted kappa, `observed`/`expected` are Po(w)/Pe(w) with agreement weights
 * w = 1 − d/max(d); unweighted, they are Po and Pe.
 */
export interface CohenKappaResult extends AgreementResult, ChanceCorrectedParts {
  coefficient: 'cohen';
  seNull: number | null;
  z: number | null;
  /** P(Z > z) */
  pOneSided: number | null;
  /** P(|Z| > |z|) */
  pTwoSided: number | null;
  /** the largest unweighted kappa these two margins allow, (Σ min(p_i., p_.i) − Pe)/(1 − Pe); null when weighted */
  kappaMax: number | null;
  /** Σ min(p_i., p_.i), the largest observed agreement these margins allow; null when weighted */
  maxObserved: number | null;
  /** null when the table does not name two raters */
  confusion: ConfusionMatrix | null;
  /** the disagreement d(i, j) used, as given (unscaled) */
  disagreement: number[][];
}

function margins(counts: readonly (readonly number[])[]): { rows: number[]; columns: number[] } {
  const rows = counts.map((row) => row.reduce((sum, count) => sum + count, 0));
  const columns = counts.map((_, j) => counts.reduce((sum, row) => sum + row[j], 0));
  return { rows, columns };
}

/** Cohen's kappa of a confusion matrix (rows: one rater, columns: the other). */
export function cohenKappaFromConfusion(confusion: ConfusionMatrix, weighting: Weighting = 'none'): CohenKappaResult {
  const k = confusion.categories.length;
  const { name, matrix: disagreement } = disagreementMatrix(k, weighting);
  const n = confusion.items;
  const result: CohenKappaResult = {
    ...resultFrame({ coefficient: 'cohen', weights: name, items: n, raters: 2, missing: confusion.missing }),
    coefficient: 'cohen',
    observed: null,
    expected: null,
    excludedItems: confusion.excludedItems,
    seNull: null,
    z: null,
    pOneSided: null,
    pTwoSided: null,
    kappaMax: null,
    maxObserved: null,
    confusion,
    disagreement,
  };
  if (n < 2) return { ...result, reason: tooFewItemsReason(n, 'rated by both raters') };
  const counts = confusion.counts;
  const { rows, columns } = margins(counts);
  // Kappa from unscaled disagreements on counts: with whole-number counts and scores every sum is exact,
  // so swapping the raters gives the identical number.
  let observedDisagreement = 0;
  let expectedDisagreement = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      observedDisagreement += disagreement[i][j] * counts[i][j];
      expectedDisagreement += disagreement[i][j] * rows[i] * columns[j];
    }
  }
  const unweighted = name === 'none';
  const w = scaledToMaximum(disagreement).map((row) => row.map((d) => 1 - d));
  const p = counts.map((row) => row.map((count) => count / n));
  const r = rows.map((count) => count / n);
  const c = columns.map((count) => count / n);
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      observed += w[i][j] * p[i][j];
      expected += w[i][j] * r[i] * c[j];
    }
  }
  const described = { ...result, observed, expected };
  if (expectedDisagreement === 0) {
    const used = confusion.categories.filter((_, index) => rows[index] + columns[index] > 0);
    const why = unweighted
      ? `both raters used only ${used.length === 1 ? `the category ${quoteList(used)}` : `categories ${quoteList(used)}`}`
      : `these weights count no pair of the categories used (${quoteList(used)}) as a disagreement`;
    return { ...described, reason: `Expected agreement is 1 (${why}), so kappa is 0/0: undefined.` };
  }
  const kappa = 1 - (n * observedDisagreement) / expectedDisagreement;
  const oneMinusExpected = expectedDisagreement / (n * n * Math.max(...disagreement.flat()));
  const rowMeanWeight = r.map((_, i) => c.reduce((sum, cj, j) => sum + cj * w[i][j], 0));
  const columnMeanWeight = c.map((_, j) => r.reduce((sum, ri, i) => sum + ri * w[i][j], 0));
  let alternativeSum = 0;
  let nullSum = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const spread = rowMeanWeight[i] + columnMeanWeight[j];
      alternativeSum += p[i][j] * (w[i][j] - spread * (1 - kappa)) ** 2;
      nullSum += r[i] * c[j] * (w[i][j] - spread) ** 2;
    }
  }
  const scale = n * oneMinusExpected * oneMinusExpected;
  const variance = (alternativeSum - (kappa - expected * (1 - kappa)) ** 2) / scale;
  const nullVariance = (nullSum - expected * expected) / scale;
  const se = standardError(variance);
  const seNull = standardError(nullVariance);
  const z = seNull !== null && seNull > 0 ? kappa / seNull : null;
  const maxObserved = unweighted ? r.reduce((sum, ri, i) => sum + Math.min(ri, c[i]), 0) : null;
  return {
    ...described,
    value: kappa,
    se,
    ci95: se === null ? null : [kappa - Z_975 * se, kappa + Z_975 * se],
    seNull,
    z,
    pOneSided: z === null ? null : normalUpperTail(z),
    pTwoSided: z === null ? null : normalTwoSided(z),
    kappaMax: maxObserved === null ? null : (maxObserved - expected) / (1 - expected),
    maxObserved,
  };
}

/** Rounding can leave a true zero variance (perfect agreement) a hair below 0. */
function standardError(variance: number): number | null {
  if (variance >= 0) return Math.sqrt(variance);
  return variance > -1e-12 ? 0 : null;
}

/** A Cohen's kappa result that could not be computed at all (no pair of raters), with the reason. */
export function cohenKappaUnavailable(options: { categories: number; raters: number; missing: number; items: number; weights: Weighting; reason: string }): CohenKappaResult {
  const weights = disagreementMatrix(options.categories, options.weights);
  return {
    ...resultFrame({ coefficient: 'cohen', weights: weights.name, items: 0, raters: options.raters, missing: options.missing }),
    coefficient: 'cohen',
    reason: options.reason,
    observed: null,
    expected: null,
    excludedItems: options.items,
    seNull: null,
    z: null,
    pOneSided: null,
    pTwoSided: null,
    kappaMax: null,
    maxObserved: null,
    confusion: null,
    disagreement: weights.matrix,
  };
}

/**
 * Cohen's kappa of two raters of a table: `raters` names them (row rater first); without it the
 * table must have exactly two. Items either rater left unrated are excluded and counted.
 */
export function cohenKappa(table: RatingTable, options: { raters?: readonly [string, string]; weights?: Weighting } = {}): CohenKappaResult {
  const pair = options.raters ?? (table.raters.length === 2 ? ([table.raters[0], table.raters[1]] as const) : null);
  if (pair === null) {
    const reason = `Cohen's kappa compares two raters and there are ${plural(table.raters.length, 'rater')} (${table.raters.join(', ')}); choose two.`;
    return cohenKappaUnavailable({ categories: table.categories.length, raters: table.raters.length, missing: countMissing(table), items: table.items.length, weights: options.weights ?? 'none', reason });
  }
  return cohenKappaFromConfusion(confusionMatrix(table, pair[0], pair[1]), options.weights);
}
