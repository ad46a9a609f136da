import { countRowsOf, itemCountOf, missingOfRows, rowTotalOf, type CountRows } from './count-rows';
import { levelDistances } from './krippendorff-distance';
import { quoteList, resultFrame } from './result';
import type { AgreementResult, AlphaLevel, ItemCounts, LevelName } from './types';

/**
 * Krippendorff's alpha from the coincidence matrix: only pairable values count, i.e. values of
 * items with two or more ratings, so missing ratings and unequal numbers of raters per item are
 * fine; items with a single rating are excluded and counted.
 *   o_ck = Σ_u n_uc (n_uk − [c = k]) / (m_u − 1),  n_c = Σ_k o_ck,  n = Σ_c n_c
 *   D_o = Σ o_ck δ²_ck / n,  D_e = Σ n_c n_k δ²_ck / (n(n − 1)),  α = 1 − D_o / D_e
 * There is no analytic standard error (Krippendorff recommends a bootstrap over items, not
 * implemented yet), so `se` and `ci95` are null.
 */
export interface KrippendorffAlphaResult extends AgreementResult {
  coefficient: 'krippendorff';
  observedDisagreement: number | null;
  expectedDisagreement: number | null;
  /** n, the number of pairable values */
  pairableValues: number;
  /** o_ck over the full category list */
  coincidence: number[][];
  /** δ²_ck used; null when the level cannot apply to these categories */
  distance: number[][] | null;
  excludedItems: number;
}

/** A level of measurement, or squared distances given directly (a custom matrix, MASI for label sets). */
export type AlphaMetric = AlphaLevel | { name: 'custom' | 'masi'; squaredDistance: readonly (readonly number[])[] };

export function coincidenceMatrix(data: ItemCounts): { coincidence: number[][]; pairableItems: number } {
  return coincidenceOfRows(countRowsOf(data));
}

/** The coincidence matrix from distinct rows: each row added once, times the items holding it. */
export function coincidenceOfRows(data: CountRows): { coincidence: number[][]; pairableItems: number } {
  const k = data.categories.length;
  const coincidence = Array.from({ length: k }, () => Array.from({ length: k }, () => 0));
  let pairableItems = 0;
  const { offsets, labels, counts } = data;
  for (let row = 0; row < data.rowCount; row++) {
    const m = rowTotalOf(data, row);
    if (m < 2) continue;
    const times = data.times[row];
    pairableItems += times;
    for (let first = offsets[row]; first < offsets[row + 1]; first++) {
      const c = labels[first];
      for (let second = offsets[row]; second < offsets[row + 1]; second++) {
        const d = labels[second];
        coincidence[c][d] += (times * counts[first] * (counts[second] - (c === d ? 1 : 0))) / (m - 1);
      }
    }
  }
  return { coincidence, pairableItems };
}

export function krippendorffAlpha(data: ItemCounts, metric: AlphaMetric = 'nominal', options: { scores?: readonly number[] } = {}): KrippendorffAlphaResult {
  return krippendorffAlphaOfRows(countRowsOf(data), metric, options);
}

/** Krippendorff's alpha from distinct rows and their multiplicities (count-rows.ts): the same numbers as krippendorffAlpha. */
export function krippendorffAlphaOfRows(data: CountRows, metric: AlphaMetric = 'nominal', options: { scores?: readonly number[] } = {}): KrippendorffAlphaResult {
  const { coincidence, pairableItems } = coincidenceOfRows(data);
  const marginals = coincidence.map((row) => row.reduce((sum, value) => sum + value, 0));
  const n = marginals.reduce((sum, value) => sum + value, 0);
  const level: LevelName = typeof metric === 'string' ? metric : metric.name;
  const outcome = typeof metric === 'string' ? levelDistances(metric, data.categories, marginals, options.scores) : { matrix: metric.squaredDistance.map((row) => [...row]) };
  const result: KrippendorffAlphaResult = {
    ...resultFrame({ coefficient: 'krippendorff', level, items: pairableItems, raters: data.raters, missing: missingOfRows(data) }),
    coefficient: 'krippendorff',
    observedDisagreement: null,
    expectedDisagreement: null,
    pairableValues: n,
    coincidence,
    distance: 'matrix' in outcome ? outcome.matrix : null,
    excludedItems: itemCountOf(data) - pairableItems,
  };
  if ('reason' in outcome) return { ...result, reason: outcome.reason };
  const distance = outcome.matrix;
  const k = data.categories.length;
  if (distance.length !== k || distance.some((row) => row.length !== k)) throw new Error(`A distance matrix over ${k} categories is ${k} × ${k}.`);
  if (pairableItems === 0) return { ...result, reason: 'No pairable values: no item has two or more ratings.' };
  if (pairableItems < 2) return { ...result, reason: 'Only 1 item has two or more ratings (pairable values); alpha needs at least two.' };
  let observedSum = 0;
  let expectedSum = 0;
  for (let c = 0; c < k; c++) {
    for (let d = 0; d < k; d++) {
      observedSum += coincidence[c][d] * distance[c][d];
      expectedSum += marginals[c] * marginals[d] * distance[c][d];
    }
  }
  const observedDisagreement = observedSum / n;
  const expectedDisagreement = expectedSum / (n * (n - 1));
  const described = { ...result, observedDisagreement, expectedDisagreement };
  if (expectedSum === 0) {
    const used = data.categories.filter((_, c) => marginals[c] > 0);
    const why = used.length === 1 ? `every pairable value is ${quoteList(used)}` : `the distance counts no pair of the values used (${quoteList(used)}) as different`;
    return { ...described, reason: `Expected disagreement is 0 (${why}), so alpha is 0/0: undefined.` };
  }
  return { ...described, value: 1 - ((n - 1) * observedSum) / expectedSum };
}
