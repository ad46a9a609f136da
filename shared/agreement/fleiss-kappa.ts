import { completePanel, panelShortfallOf } from './complete-panel';
import { countRowsOf, missingOfRows, type CountRows } from './count-rows';
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
  /** P_i of each item used: `positions` index the items of the data, `agreement` holds P_i aligned with them (absent when computed from count rows) */
  perItem?: { positions: Int32Array; agreement: Float64Array };
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

/** Fleiss' kappa of an ItemCounts, with P_i per item (`perItem`). */
export function fleissKappa(data: ItemCounts): FleissKappaResult & Required<Pick<FleissKappaResult, 'perItem'>> {
  const panel = completePanel(data);
  return { ...fleissKappaOfRows(countRowsOf(data)), perItem: { positions: panel.positions, agreement: panel.itemAgreement } };
}

/**
 * Fleiss' kappa from distinct rows and their multiplicities (count-rows.ts): the same numbers as
 * fleissKappa, without `perItem`. Only rows rated by the whole panel (m ratings) are items.
 */
export function fleissKappaOfRows(data: CountRows): FleissKappaResult {
  const m = data.raters;
  const k = data.categories.length;
  let n = 0;
  let excludedItems = 0;
  let agreementSum = 0;
  const totals = new Array<number>(k).fill(0);
  const squares = new Array<number>(k).fill(0);
  const { offsets, labels, counts } = data;
  for (let row = 0; row < data.rowCount; row++) {
    const times = data.times[row];
    let total = 0;
    let rowSquares = 0;
    for (let entry = offsets[row]; entry < offsets[row + 1]; entry++) {
      total += counts[entry];
      rowSquares += counts[entry] * counts[entry];
    }
    // the tolerance of completePanel: counts of a counts layout may be fractional
    if (m < 2 || Math.abs(total - m) > 1e-9 * m) {
      excludedItems += times;
      continue;
    }
    n += times;
    agreementSum += (times * (rowSquares - m)) / (m * (m - 1));
    for (let entry = offsets[row]; entry < offsets[row + 1]; entry++) {
      const j = labels[entry];
      totals[j] += times * counts[entry];
      squares[j] += times * counts[entry] * counts[entry];
    }
  }
  const result: FleissKappaResult = {
    ...resultFrame({ coefficient: 'fleiss', items: n, raters: m, missing: missingOfRows(data) }),
    coefficient: 'fleiss',
    observed: null,
    expected: null,
    excludedItems,
    z: null,
    pTwoSided: null,
    proportions: [],
    perCategory: [],
  };
  const shortfall = panelShortfallOf(m, n);
  if (shortfall) return { ...result, reason: shortfall };
  const proportions = totals.map((total) => total / (n * m));
  const observed = agreementSum / n;
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
