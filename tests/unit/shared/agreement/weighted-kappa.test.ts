/** Weighted kappa: the agreement references doc §2.1 (scikit-learn) and the weight properties of §2.3. */
import { describe, expect, it } from 'vitest';
import { cohenKappaFromConfusion, confusionFromCounts, disagreementMatrix } from '../../../../shared/agreement';
import type { Weighting } from '../../../../shared/agreement';
import { SKLEARN_WEIGHTING_TABLE } from '../../../fixtures/agreement/reference-data';
import { expectDerived } from './support';

const kappaOf = (counts: readonly (readonly number[])[], weights: Weighting = 'none') =>
  cohenKappaFromConfusion(confusionFromCounts({ categories: counts.map((_, index) => String(index)), counts }), weights);

describe('§2.1 scikit-learn weighting example (asserted 4 dp; full precision, ASE, ASE0 derived SM)', () => {
  const cases: [Weighting, number, number, number, number][] = [
    ['none', 0.9315, 0.9315068493150684, 0.03371871914942277, 0.08002568080960697],
    ['linear', 0.9412, 0.9411764705882353, 0.02930981720778124, 0.08043996665398434],
    ['quadratic', 0.9541, 0.9541284403669725, 0.02339976345787263, 0.09981044234098475],
  ];
  for (const [weights, asserted, full, se, seNull] of cases) {
    it(String(weights), () => {
      const result = kappaOf(SKLEARN_WEIGHTING_TABLE, weights);
      expect(result.value).toBeCloseTo(asserted, 4);
      expectDerived(result.value, full);
      expectDerived(result.se, se);
      expectDerived(result.seNull, seNull);
      expect(result.weights).toBe(weights);
    });
  }
});

describe('§2.3 weight conventions (statsmodels test_cohenskappa_weights properties, on our own table)', () => {
  // The statsmodels table comes from a numpy random seed; the doc says to reuse the properties, not the table.
  const table = [
    [9, 2, 0, 4, 1],
    [3, 11, 5, 0, 2],
    [1, 4, 14, 3, 0],
    [0, 6, 2, 8, 7],
    [5, 1, 3, 2, 12],
  ];

  function expectSame(a: Weighting, b: Weighting, tableA = table, tableB = table): void {
    const left = kappaOf(tableA, a);
    const right = kappaOf(tableB, b);
    expect(left.value).toBeCloseTo(right.value as number, 14);
    expect(left.se).toBeCloseTo(right.se as number, 14);
    expect(left.seNull).toBeCloseTo(right.seNull as number, 14);
  }

  it('linear scores 0,0,0,1,1 equal unweighted kappa on the table with levels {1,2,3} and {4,5} merged', () => {
    const groups = [[0, 1, 2], [3, 4]];
    const merged = groups.map((rows) => groups.map((columns) => rows.reduce((sum, i) => sum + columns.reduce((inner, j) => inner + table[i][j], 0), 0)));
    expectSame({ scheme: 'linear', scores: [0, 0, 0, 1, 1] }, { scheme: 'linear', scores: [0, 1] }, table, merged);
    expectSame({ scheme: 'linear', scores: [0, 0, 0, 1, 1] }, 'none', table, merged);
  });

  it('linear scores 2·(0..4) = toeplitz 2·(0..4) = its full matrix = the linear scheme', () => {
    const scores = [0, 2, 4, 6, 8];
    const matrix = disagreementMatrix(5, { scheme: 'linear', scores }).matrix;
    expectSame({ scheme: 'linear', scores }, { scheme: 'toeplitz', distances: scores });
    expectSame({ scheme: 'linear', scores }, { scheme: 'custom', disagreement: matrix });
    expectSame({ scheme: 'linear', scores }, 'linear');
  });

  it('toeplitz 5·(0..4)² = quadratic scores 5·(0..4) = the quadratic scheme', () => {
    expectSame({ scheme: 'toeplitz', distances: [0, 5, 20, 45, 80] }, { scheme: 'quadratic', scores: [0, 5, 10, 15, 20] });
    expectSame({ scheme: 'toeplitz', distances: [0, 5, 20, 45, 80] }, 'quadratic');
  });

  it('rejects malformed weights with a message', () => {
    expect(() => disagreementMatrix(3, { scheme: 'linear', scores: [0, 1] })).toThrow('The score list has 2 entries for 3 categories.');
    expect(() => disagreementMatrix(3, { scheme: 'toeplitz', distances: [1, 2, 3] })).toThrow('start at 0');
    expect(() => disagreementMatrix(2, { scheme: 'custom', disagreement: [[0, 1], [1, 1]] })).toThrow('0 on its diagonal');
    expect(() => disagreementMatrix(2, { scheme: 'custom', disagreement: [[0, -1], [1, 0]] })).toThrow('no negative entries');
  });
});
