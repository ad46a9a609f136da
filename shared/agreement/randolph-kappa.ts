import { completePanel, panelShortfall } from './complete-panel';
import { missingRatings } from './item-counts';
import { resultFrame } from './result';
import type { AgreementResult, ChanceCorrectedParts, ItemCounts } from './types';

/**
 * Randolph's (2005) free-marginal multirater kappa: Fleiss' P̄ against chance 1/k, where k is
 * the number of categories in the full ordered list (not the number used), as statsmodels
 * `fleiss_kappa(method='randolph')`. For two raters it equals Bennett, Alpert & Goldstein's S.
 * It stays defined when everyone uses one category (then it is 1 if all agree, as statsmodels
 * asserts). Items need ratings from the whole panel, like Fleiss'. No standard error.
 */
export interface RandolphKappaResult extends AgreementResult, ChanceCorrectedParts {
  coefficient: 'randolph';
}

export function randolphKappa(data: ItemCounts): RandolphKappaResult {
  const panel = completePanel(data);
  const result: RandolphKappaResult = {
    ...resultFrame({ coefficient: 'randolph', items: panel.positions.length, raters: data.raters, missing: missingRatings(data) }),
    coefficient: 'randolph',
    observed: null,
    expected: null,
    excludedItems: panel.excludedItems,
  };
  const k = data.categories.length;
  if (k < 2) return { ...result, reason: 'There is only one category, so chance agreement 1/k is 1: undefined.' };
  const shortfall = panelShortfall(data, panel);
  if (shortfall) return { ...result, reason: shortfall };
  const expected = 1 / k;
  const observed = panel.meanAgreement;
  return { ...result, observed, expected, value: (observed - expected) / (1 - expected) };
}
