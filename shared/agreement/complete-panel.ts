import type { ItemCounts } from './types';

export interface CompletePanel {
  /** positions (in the data's item order) of the items rated by the full panel */
  positions: Int32Array;
  /** items left out because they have fewer ratings than the panel has raters */
  excludedItems: number;
  /** P_i = (Σ_j n_ij² − m) / (m(m − 1)) per item kept, aligned with `positions`: the share of rater pairs that agree */
  itemAgreement: Float64Array;
  /** P̄, the mean of P_i */
  meanAgreement: number;
}

/**
 * The items every rater of the panel rated: Fleiss' and Randolph's kappa assume m ratings per
 * item, and like R irr (`na.omit`) we delete incomplete items listwise, counting them.
 * Whole-number comparisons get a tolerance because counts may be fractional (statsmodels tests
 * 6.99 + 0.01). A panel of fewer than two raters has no pairs, so no item counts as complete.
 * Typed arrays, because reports run over 100,000 turns per field.
 */
export function completePanel(data: ItemCounts): CompletePanel {
  const m = data.raters;
  const n = data.counts.length;
  const positions = new Int32Array(n);
  const itemAgreement = new Float64Array(n);
  let kept = 0;
  let agreementSum = 0;
  for (let index = 0; index < n; index++) {
    const row = data.counts[index];
    let total = 0;
    let squares = 0;
    for (const count of row) {
      total += count;
      squares += count * count;
    }
    if (m < 2 || Math.abs(total - m) > 1e-9 * m) continue;
    const agreement = (squares - m) / (m * (m - 1));
    positions[kept] = index;
    itemAgreement[kept] = agreement;
    agreementSum += agreement;
    kept++;
  }
  return {
    positions: positions.subarray(0, kept),
    excludedItems: n - kept,
    itemAgreement: itemAgreement.subarray(0, kept),
    meanAgreement: agreementSum / (kept || 1),
  };
}

/** Why a panel coefficient cannot be computed before looking at the ratings, or null. */
export function panelShortfall(data: ItemCounts, panel: CompletePanel): string | null {
  return panelShortfallOf(data.raters, panel.positions.length);
}

/** The same, from the panel size and the number of items every rater rated. */
export function panelShortfallOf(raters: number, completeItems: number): string | null {
  if (raters < 2) return `There ${raters === 1 ? 'is 1 rater' : `are ${raters} raters`}; agreement needs at least two.`;
  if (completeItems < 2) {
    const rated = completeItems === 0 ? 'No item was' : 'Only 1 item was';
    return `${rated} rated by all ${raters} raters; the coefficient needs at least two complete items (incomplete items are left out).`;
  }
  return null;
}

/** Total ratings per category over the items of the panel, and Σ_i n_ij² per category. */
export function panelCategorySums(data: ItemCounts, panel: CompletePanel): { totals: number[]; squares: number[] } {
  const k = data.categories.length;
  const totals = new Array<number>(k).fill(0);
  const squares = new Array<number>(k).fill(0);
  for (const position of panel.positions) {
    const row = data.counts[position];
    for (let j = 0; j < k; j++) {
      totals[j] += row[j];
      squares[j] += row[j] * row[j];
    }
  }
  return { totals, squares };
}
