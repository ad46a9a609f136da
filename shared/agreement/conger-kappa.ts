import { completePanel, panelCategorySums, panelShortfall } from './complete-panel';
import { itemCounts } from './rating-table';
import { missingRatings } from './item-counts';
import { quoteList, resultFrame } from './result';
import type { AgreementResult, ChanceCorrectedParts, RatingTable } from './types';

/**
 * Conger's (1980) exact kappa, R irr `kappam.fleiss(exact = TRUE)`: Fleiss' P̄ against
 * P̄e = Σ_j p_j² − Σ_j σ_j²/(m − 1), where σ_j² is the population variance, across raters, of
 * each rater's share of items in category j. Unlike Fleiss' kappa it reduces to Cohen's kappa for
 * two raters. It needs rater identities, so a RatingTable; incomplete items are excluded as for
 * Fleiss'. No standard error.
 */
export interface CongerKappaResult extends AgreementResult, ChanceCorrectedParts {
  coefficient: 'conger';
}

export function congerKappa(table: RatingTable): CongerKappaResult {
  const counts = itemCounts(table);
  const panel = completePanel(counts);
  const m = table.raters.length;
  const n = panel.positions.length;
  const result: CongerKappaResult = {
    ...resultFrame({ coefficient: 'conger', items: n, raters: m, missing: missingRatings(counts) }),
    coefficient: 'conger',
    observed: null,
    expected: null,
    excludedItems: panel.excludedItems,
  };
  const shortfall = panelShortfall(counts, panel);
  if (shortfall) return { ...result, reason: shortfall };
  const complete = table.ratings.filter((row) => row.every((value) => value !== null));
  const k = table.categories.length;
  const shares = table.raters.map((_, rater) => {
    const share = Array.from({ length: k }, () => 0);
    for (const row of complete) {
      const value = row[rater];
      if (value !== null) share[value] += 1 / n;
    }
    return share;
  });
  const { totals } = panelCategorySums(counts, panel);
  let pooled = 0;
  let raterVariance = 0;
  for (let j = 0; j < k; j++) {
    const p = totals[j] / (n * m);
    pooled += p * p;
    const mean = shares.reduce((sum, share) => sum + share[j], 0) / m;
    raterVariance += shares.reduce((sum, share) => sum + (share[j] - mean) ** 2, 0) / m;
  }
  const expected = pooled - raterVariance / (m - 1);
  const observed = panel.meanAgreement;
  const used = table.categories.filter((_, j) => totals[j] > 0);
  if (used.length < 2) return { ...result, observed, expected, reason: `Expected agreement is 1 (every rating is ${quoteList(used)}), so kappa is 0/0: undefined.` };
  return { ...result, observed, expected, value: (observed - expected) / (1 - expected) };
}
