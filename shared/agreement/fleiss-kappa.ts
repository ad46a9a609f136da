import { completePanel, panelCategorySums, panelShortfall } from './complete-panel';
import { missingRatings } from './item-counts';
import { normalTwoSided } from './normal-distribution';
import { quoteList, resultFrame } from './result';
import type { AgreementResult, ChanceCorrectedParts, ItemCounts } from './types';

/** Fleiss' category-wise kappa κ_j (Fleiss 1971; R irr `kappam.fleiss(detail = TRUE)`). */
export interface CategoryAgreement {
  category: string;
  /** p_j, the share of all ratings in this category */
  proportion: number;
  value: number | null;
  /** standard error under H0 κ_j = 0, √(2 / (N m (m − 1))) */
  se: number | null;
  z: number | null;
  pTwoSided: number | null;
  reason: string | null;
}

/**
 * Fleiss' kappa for m raters: κ = (P̄ − P̄e)/(1 − P̄e), P̄e = Σ p_j² from the pooled category
 * shares. Items need ratings from the whole panel; incomplete items are excluded and counted.
 * For two raters it equals Scott's pi (not Cohen's kappa). `se` is the standard error under
 * H0 κ = 0 (Fleiss, Nee & Landis 1979, as R irr `kappam.fleiss` reports it; statsmodels has
 * none): it serves the z test, so there is no confidence interval (`ci95` null).
 */
export interface FleissKappaResult extends AgreementResult, ChanceCorrectedParts {
  coefficient: 'fleiss';
  z: number | null;
  pTwoSided: number | null;
  /** p_j per category of the full list */
  proportions: number[];
  perCategory: CategoryAgreement[];
  /** P_i of each item used: `positions` index the items of the data, `agreement` holds P_i aligned with them */
  perItem: { positions: Int32Array; agreement: Float64Array };
}

function categoryAgreement(category: string, proportion: number, sumOfSquares: number, n: number, m: number): CategoryAgreement {
  const frame = { category, proportion, value: null, se: null, z: null, pTwoSided: null };
  if (proportion === 0) return { ...frame, reason: `No rating is "${category}".` };
  if (proportion === 1) return { ...frame, reason: `Every rating is "${category}", so its expected agreement is 1: undefined.` };
  const pairsAgreeing = (sumOfSquares - n * m * proportion) / (n * m * (m - 1) * proportion);
  const value = (pairsAgreeing - proportion) / (1 - proportion);
  const se = Math.sqrt(2 / (n * m * (m - 1)));
  const z = value / se;
  return { ...frame, value, se, z, pTwoSided: normalTwoSided(z), reason: null };
}

export function fleissKappa(data: ItemCounts): FleissKappaResult {
  const panel = completePanel(data);
  const m = data.raters;
  const n = panel.positions.length;
  const result: FleissKappaResult = {
    ...resultFrame({ coefficient: 'fleiss', items: n, raters: m, missing: missingRatings(data) }),
    coefficient: 'fleiss',
    observed: null,
    expected: null,
    excludedItems: panel.excludedItems,
    z: null,
    pTwoSided: null,
    proportions: [],
    perCategory: [],
    perItem: { positions: panel.positions, agreement: panel.itemAgreement },
  };
  const shortfall = panelShortfall(data, panel);
  if (shortfall) return { ...result, reason: shortfall };
  const { totals, squares } = panelCategorySums(data, panel);
  const proportions = totals.map((total) => total / (n * m));
  const observed = panel.meanAgreement;
  const expected = proportions.reduce((sum, p) => sum + p * p, 0);
  const perCategory = data.categories.map((category, j) => categoryAgreement(category, proportions[j], squares[j], n, m));
  const described = { ...result, observed, expected, proportions, perCategory };
  const used = data.categories.filter((_, j) => totals[j] > 0);
  if (used.length < 2) {
    return { ...described, reason: `Expected agreement is 1 (every rating is ${quoteList(used)}), so kappa is 0/0: undefined.` };
  }
  const value = (observed - expected) / (1 - expected);
  const spread = proportions.reduce((sum, p) => sum + p * (1 - p), 0);
  const skew = proportions.reduce((sum, p) => sum + p * (1 - p) * (1 - 2 * p), 0);
  const nullVariance = (2 / (spread * spread * n * m * (m - 1))) * (spread * spread - skew);
  const se = nullVariance >= 0 ? Math.sqrt(nullVariance) : null;
  const z = se !== null && se > 0 ? value / se : null;
  return { ...described, value, se, z, pTwoSided: z === null ? null : normalTwoSided(z) };
}
