import { missingRatings, rowTotal } from './item-counts';
import { itemCountOf, missingOfRows, rowTotalOf, type CountRows } from './count-rows';
import { resultFrame } from './result';
import type { AgreementResult, ItemCounts } from './types';

/**
 * Percent agreement over the items with two or more ratings: the share of agreeing rater pairs,
 * each item weighted by its number of ratings (Σ_u Σ_c n_uc(n_uc − 1)/(m_u − 1) / Σ_u m_u), as
 * DKPro's PercentageAgreement; it equals 1 − D_o of nominal Krippendorff's alpha. For two raters
 * it is the share of items on which they agree; with complete data, Fleiss' P̄. (With unequal
 * numbers of ratings, irrCAC's `pa.coeff.raw` weights items equally instead.) Items with fewer
 * than two ratings are excluded and counted. No standard error.
 */
export interface PercentAgreementResult extends AgreementResult {
  coefficient: 'percent';
  excludedItems: number;
}

export function percentAgreement(data: ItemCounts): PercentAgreementResult {
  let agreeing = 0;
  let ratings = 0;
  let items = 0;
  for (const row of data.counts) {
    const m = rowTotal(row);
    if (m < 2) continue;
    items++;
    ratings += m;
    for (const count of row) agreeing += (count * (count - 1)) / (m - 1);
  }
  const result: PercentAgreementResult = {
    ...resultFrame({ coefficient: 'percent', items, raters: data.raters, missing: missingRatings(data) }),
    coefficient: 'percent',
    excludedItems: data.counts.length - items,
  };
  if (items === 0) return { ...result, reason: 'No item has two or more ratings, so there is nothing to compare.' };
  return { ...result, value: agreeing / ratings };
}

/** Percent agreement from distinct rows and their multiplicities (count-rows.ts): the same number as percentAgreement, summed per row. */
export function percentAgreementOfRows(data: CountRows): PercentAgreementResult {
  let agreeing = 0;
  let ratings = 0;
  let items = 0;
  const { offsets, counts } = data;
  for (let row = 0; row < data.rowCount; row++) {
    const m = rowTotalOf(data, row);
    if (m < 2) continue;
    const times = data.times[row];
    items += times;
    ratings += times * m;
    let pairs = 0;
    for (let entry = offsets[row]; entry < offsets[row + 1]; entry++) pairs += (counts[entry] * (counts[entry] - 1)) / (m - 1);
    agreeing += times * pairs;
  }
  const result: PercentAgreementResult = {
    ...resultFrame({ coefficient: 'percent', items, raters: data.raters, missing: missingOfRows(data) }),
    coefficient: 'percent',
    excludedItems: itemCountOf(data) - items,
  };
  if (items === 0) return { ...result, reason: 'No item has two or more ratings, so there is nothing to compare.' };
  return { ...result, value: agreeing / ratings };
}
