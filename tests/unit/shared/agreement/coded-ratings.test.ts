import { describe, it } from 'vitest';
import { agreementReport, codedRatingsOfTable, COEFFICIENTS, ratingTableFromLabels, WEIGHT_SCHEMES } from '../../../../shared/agreement';
import type { AlphaLevel, RatingTable, ReportOptions } from '../../../../shared/agreement';
import { seededRandom } from '../../../../shared/metrics/random';

/**
 * The coded path (integer columns counted through rating tuples: what `agreement --input` and
 * the agreement view use) against the reference path (a RatingTable of arrays per item, counted
 * item by item): every result, every number, on seeded tables.
 */

/** Equal up to rounding: the coded path sums per distinct row, the reference per item. */
function expectSameResult(fast: unknown, reference: unknown, path: string): void {
  if (typeof reference === 'number' && typeof fast === 'number') {
    const scale = Math.max(1, Math.abs(reference));
    if (Math.abs(fast - reference) > 1e-12 * scale) throw new Error(`${path}: ${fast} (coded) ≠ ${reference} (reference)`);
    return;
  }
  if (reference === null || typeof reference !== 'object') {
    if (fast !== reference) throw new Error(`${path}: ${String(fast)} (coded) ≠ ${String(reference)} (reference)`);
    return;
  }
  // the reference Fleiss result also lists P_i per item, which the count-row path has no use for
  const keys = Object.keys(reference).filter((key) => key !== 'perItem');
  const fastKeys = Object.keys(fast as object).filter((key) => key !== 'perItem');
  if (fastKeys.sort().join() !== [...keys].sort().join()) throw new Error(`${path}: keys ${fastKeys.join()} (coded) ≠ ${keys.join()} (reference)`);
  for (const key of keys) expectSameResult((fast as Record<string, unknown>)[key], (reference as Record<string, unknown>)[key], `${path}.${key}`);
}

function seededTable(seed: number): RatingTable {
  const next = seededRandom(seed);
  const k = 1 + Math.floor(next() * 7);
  const m = 1 + Math.floor(next() * 5);
  const n = Math.floor(next() * 300);
  const numeric = next() < 0.4;
  const categories = Array.from({ length: k }, (_, index) => (numeric ? String(index * 2 + 1) : ['是', 'no', 'ünï', '引导推理', 'b', 'a', '😀', 'z'][index]));
  const agreement = next();
  const missing = next() * 0.4;
  const labels = Array.from({ length: n }, () => {
    const first = categories[Math.floor(next() * k)];
    return Array.from({ length: m }, (_, rater) => {
      if (next() < missing) return null;
      return rater === 0 || next() < agreement ? first : categories[Math.floor(next() * k)];
    });
  });
  return ratingTableFromLabels({ categories, raters: Array.from({ length: m }, (_, index) => `rater ${index + 1}`), items: labels.map((_, index) => `item ${index}`), labels });
}

function compareBothPaths(table: RatingTable, options: ReportOptions, label: string): void {
  const reference = agreementReport({ layout: 'ratings', table }, options);
  const fast = agreementReport({ layout: 'coded', coded: codedRatingsOfTable(table) }, options);
  expectSameResult(fast, reference, label);
}

describe('agreementReport on coded ratings equals the rating-table reference', () => {
  it('on 100 seeded tables (1–7 categories, 1–5 raters, up to 40% missing, unicode labels), every coefficient, weight and level', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const table = seededTable(seed);
      const numeric = table.categories.every((category) => /^\d+$/.test(category));
      const levels: AlphaLevel[] = numeric ? ['nominal', 'ordinal', 'interval', 'ratio'] : ['nominal', 'ordinal', 'interval'];
      for (const weights of WEIGHT_SCHEMES) {
        const level = levels[seed % levels.length];
        compareBothPaths(table, { field: 'f', coefficients: COEFFICIENTS, weights, level, everyCohenPair: true, howToChooseRaters: 'with --raters A,B' }, `seed ${seed} ${weights} ${level}`);
      }
      if (table.raters.length >= 2) compareBothPaths(table, { coefficients: ['cohen'], cohenRaters: [table.raters[table.raters.length - 1], table.raters[0]] }, `seed ${seed} chosen pair`);
    }
  }, 60_000);

  it('edge cases: no items, one rater, one category, every rating missing, an unknown rater chosen', () => {
    const cases: RatingTable[] = [
      ratingTableFromLabels({ categories: ['a', 'b'], raters: ['x', 'y'], labels: [] }),
      ratingTableFromLabels({ categories: ['a', 'b'], raters: ['x'], labels: [['a'], ['b'], [null]] }),
      ratingTableFromLabels({ categories: ['only'], raters: ['x', 'y', 'z'], labels: [['only', 'only', null], ['only', 'only', 'only']] }),
      ratingTableFromLabels({ categories: ['a', 'b'], raters: ['x', 'y'], labels: [[null, null], [null, null]] }),
    ];
    cases.forEach((table, index) => {
      compareBothPaths(table, { coefficients: COEFFICIENTS, everyCohenPair: true }, `case ${index}`);
      compareBothPaths(table, { coefficients: ['cohen'], cohenRaters: ['x', 'nobody'] }, `case ${index} unknown rater`);
    });
  });
});
