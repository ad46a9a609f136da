import { missingRatings, rowTotal } from './item-counts';
import { itemCountOf, missingOfRows, rowTotalOf, type CountRows } from './count-rows';
import { resultFrame, tooFewItemsReason } from './result';
import type { AgreementResult, ChanceCorrectedParts, ItemCounts } from './types';

/**
 * Gwet's AC1 (Gwet 2008), for two or more raters with missing ratings as in Gwet's irrCAC
 * `gwet.ac1.raw`:
 *   Pa = mean over items with r_i ≥ 2 of Σ_k r_ik(r_ik − 1) / (r_i(r_i − 1))
 *   π_k = mean over items with r_i ≥ 1 of r_ik / r_i,  Pe = Σ_k π_k(1 − π_k) / (q − 1)
 * where q is the number of categories in the full ordered list (not only those used; irrCAC's
 * `categ.labels`). Pe ≤ 1/q, so AC1 stays defined when one category dominates, and is 1 when
 * every rater always picks the same single category (Pe = 0), as irrCAC reports.
 * `items` counts the items with at least one rating (they all enter π). No standard error.
 */
export interface GwetAc1Result extends AgreementResult, ChanceCorrectedParts {
  coefficient: 'gwet';
}

export function gwetAc1(data: ItemCounts): GwetAc1Result {
  let rated = 0;
  let pairable = 0;
  let agreementSum = 0;
  const shareSums = data.categories.map(() => 0);
  for (const row of data.counts) {
    const r = rowTotal(row);
    if (r === 0) continue;
    rated++;
    row.forEach((count, k) => (shareSums[k] += count / r));
    if (r < 2) continue;
    pairable++;
    agreementSum += row.reduce((sum, count) => sum + count * (count - 1), 0) / (r * (r - 1));
  }
  return gwetFromSums({ rated, pairable, agreementSum, shareSums, raters: data.raters, missing: missingRatings(data), excludedItems: data.counts.length - rated });
}

/** Gwet's AC1 from distinct rows and their multiplicities (count-rows.ts): the same number as gwetAc1, summed per row. */
export function gwetAc1OfRows(data: CountRows): GwetAc1Result {
  const q = data.categories.length;
  let rated = 0;
  let pairable = 0;
  let agreementSum = 0;
  const shareSums = new Array<number>(q).fill(0);
  const { offsets, labels, counts } = data;
  for (let row = 0; row < data.rowCount; row++) {
    const r = rowTotalOf(data, row);
    if (r === 0) continue;
    const times = data.times[row];
    rated += times;
    let agreeing = 0;
    for (let entry = offsets[row]; entry < offsets[row + 1]; entry++) {
      shareSums[labels[entry]] += (times * counts[entry]) / r;
      agreeing += counts[entry] * (counts[entry] - 1);
    }
    if (r < 2) continue;
    pairable += times;
    agreementSum += (times * agreeing) / (r * (r - 1));
  }
  return gwetFromSums({ rated, pairable, agreementSum, shareSums, raters: data.raters, missing: missingOfRows(data), excludedItems: itemCountOf(data) - rated });
}

interface GwetSums {
  /** items with at least one rating */
  rated: number;
  /** items with two or more ratings */
  pairable: number;
  /** Σ over pairable items of Σ_k r_ik (r_ik − 1) / (r_i (r_i − 1)) */
  agreementSum: number;
  /** per category, Σ over rated items of r_ik / r_i */
  shareSums: number[];
  raters: number;
  missing: number;
  excludedItems: number;
}

/** AC1 from the per-item sums both layouts gather (Gwet 2008: p_a, and p_e = Σ π_k (1 − π_k) / (q − 1)). */
function gwetFromSums({ rated, pairable, agreementSum, shareSums, raters, missing, excludedItems }: GwetSums): GwetAc1Result {
  const q = shareSums.length;
  const result: GwetAc1Result = {
    ...resultFrame({ coefficient: 'gwet', items: rated, raters, missing }),
    coefficient: 'gwet',
    observed: null,
    expected: null,
    excludedItems,
  };
  if (q < 2) return { ...result, reason: 'There is only one category; AC1 needs at least two (its chance agreement divides by q − 1).' };
  if (pairable < 2) return { ...result, reason: tooFewItemsReason(pairable, 'with two or more ratings') };
  const observed = agreementSum / pairable;
  const expected = shareSums.reduce((sum, shareSum) => {
    const pi = shareSum / rated;
    return sum + pi * (1 - pi);
  }, 0) / (q - 1);
  return { ...result, observed, expected, value: (observed - expected) / (1 - expected) };
}
