/**
 * The edge cases of the agreement references doc §7, and how we answer them: a number when the
 * formula is defined, otherwise `value: null` with a reason (never NaN, never a made-up 1).
 */
import { describe, expect, it } from 'vitest';
import {
  cohenKappa,
  cohenKappaFromConfusion,
  confusionFromCounts,
  fleissKappa,
  gwetAc1,
  itemCounts,
  itemCountsFromMatrix,
  krippendorffAlpha,
  percentAgreement,
  randolphKappa,
  ratingTableFromLabels,
} from '../../../../shared/agreement';
import type { AgreementResult } from '../../../../shared/agreement';
import { ONE_RATER_CONSTANT, RANDOLPH_TABLES } from '../../../fixtures/agreement/reference-data';
import { countTable, countsOf, expectDerived, expectWithin, tableFromConfusion, tableOf } from './support';

const kappaOf = (counts: number[][]) => cohenKappaFromConfusion(confusionFromCounts({ categories: counts.map((_, index) => String(index)), counts }));

function expectUndefined(result: AgreementResult, reason: string | RegExp): void {
  expect(result.value).toBeNull();
  expect(result.se).toBeNull();
  expect(result.ci95).toBeNull();
  if (typeof reason === 'string') expect(result.reason).toBe(reason);
  else expect(result.reason).toMatch(reason);
}

describe('perfect agreement with two or more categories used', () => {
  it('[[5,0],[0,5]]: κ 1, ASE 0, ASE0 0.31622776601683794; [[0,5],[5,0]]: κ −1 (SM, derived)', () => {
    const perfect = kappaOf([[5, 0], [0, 5]]);
    expect(perfect.value).toBe(1);
    expect(perfect.se).toBe(0);
    expect(perfect.ci95).toEqual([1, 1]);
    expectDerived(perfect.seNull, 0.31622776601683794);
    expect(kappaOf([[0, 5], [5, 0]]).value).toBe(-1);
  });

  it('[[7,0],[0,7]]: Fleiss and Randolph 1 (SM)', () => {
    expect(fleissKappa(countTable(RANDOLPH_TABLES.perfect)).value).toBe(1);
    expect(randolphKappa(countTable(RANDOLPH_TABLES.perfect)).value).toBe(1);
  });
});

describe('all ratings in one category (Pe = 1)', () => {
  it("Cohen [[10,0],[0,0]] (SM gives NaN, SK NaN, NLTK raises): null, with Po and Pe shown", () => {
    const result = kappaOf([[10, 0], [0, 0]]);
    expectUndefined(result, 'Expected agreement is 1 (both raters used only the category "0"), so kappa is 0/0: undefined.');
    expect(result).toMatchObject({ observed: 1, expected: 1, items: 10 });
  });

  it('Fleiss (SM NaN): null; Randolph (SM asserts 1) and Bennett S with a declared unused category (DK 1.0): 1', () => {
    expectUndefined(fleissKappa(countTable(RANDOLPH_TABLES.allFirst)), /^Expected agreement is 1/);
    expect(randolphKappa(countTable(RANDOLPH_TABLES.allFirst)).value).toBe(1);
    expect(randolphKappa(itemCounts(tableFromConfusion([[10, 0], [0, 0]]))).value).toBe(1);
  });

  it('alpha (NLTK and DK say 1, KR NaN or raises): null, since D_e = 0 makes it 0/0', () => {
    expectUndefined(krippendorffAlpha(countTable(RANDOLPH_TABLES.allFirst), 'nominal'), 'Expected disagreement is 0 (every pairable value is "1"), so alpha is 0/0: undefined.');
  });

  it("Gwet's AC1 (irrCAC 1.0, DK raises): 1, because its chance agreement is 0, not 1", () => {
    const result = gwetAc1(countTable(RANDOLPH_TABLES.allFirst));
    expect(result).toMatchObject({ value: 1, observed: 1, expected: 0, reason: null });
  });

  it('weighted kappa with weights that see no disagreement among the categories used: null', () => {
    const confusion = confusionFromCounts({ categories: ['a', 'b', 'c'], counts: [[3, 2, 0], [1, 4, 0], [0, 0, 0]] });
    expectUndefined(cohenKappaFromConfusion(confusion, { scheme: 'toeplitz', distances: [0, 0, 1] }), /these weights count no pair of the categories used \("a", "b"\)/);
  });
});

describe('one rater constant, the other varies (DK WeightedAgreementTest)', () => {
  const table = tableOf(ONE_RATER_CONSTANT, ['1', '2', '3']);

  it('weighted κ 0.000 for nominal and interval (quadratic) distance, also after rescaling the labels to 10/20/30', () => {
    expectWithin(cohenKappa(table).value, 0, 0.001);
    expectWithin(cohenKappa(table, { weights: 'quadratic' }).value, 0, 0.001);
    expectWithin(cohenKappa(table, { weights: { scheme: 'quadratic', scores: [10, 20, 30] } }).value, 0, 0.001);
  });

  it('α nominal −0.020, Do 0.153, De 0.150 (±0.001)', () => {
    const result = krippendorffAlpha(itemCounts(table), 'nominal');
    expectWithin(result.value, -0.02, 0.001);
    expectWithin(result.observedDisagreement, 0.153, 0.001);
    expectWithin(result.expectedDisagreement, 0.15, 0.001);
  });
});

describe('uniform spread and near-degenerate prevalence', () => {
  it('SM Fleiss on [[1,1,1],[1,1,1]] (3 raters, 3 categories): −0.5 by the formula (P̄ 0, P̄e 1/3)', () => {
    const result = fleissKappa(countTable([[1, 1, 1], [1, 1, 1]]));
    expect(result.value).toBeCloseTo(-0.5, 14);
    expect(result.observed).toBe(0);
    expect(result.expected).toBeCloseTo(1 / 3, 15);
  });

  it('KR: a single disagreement in otherwise constant data gives α = 0 (fast-krippendorff#11)', () => {
    const labels = Array.from({ length: 10 }, (_, unit) => ['1', unit === 4 ? '2' : '1']);
    expect(krippendorffAlpha(countsOf(labels, ['1', '2']), 'nominal').value).toBeCloseTo(0, 14);
  });
});

describe('missing ratings and unequal raters per item', () => {
  const labels = [
    ['a', 'a', 'a'],
    ['a', 'b', null],
    ['b', 'b', 'b'],
    [null, null, 'a'],
    ['b', 'a', 'b'],
  ];
  const table = tableOf(labels, ['a', 'b']);

  it('Cohen and Fleiss delete incomplete items listwise (irr na.omit) and count them', () => {
    expect(cohenKappa(table, { raters: ['r1', 'r2'] })).toMatchObject({ items: 4, excludedItems: 1, missing: 2 });
    expect(fleissKappa(itemCounts(table))).toMatchObject({ items: 3, excludedItems: 2, missing: 3, raters: 3 });
  });

  it('alpha and percent use every item with two or more ratings; AC1 every item with one or more', () => {
    expect(krippendorffAlpha(itemCounts(table), 'nominal')).toMatchObject({ items: 4, excludedItems: 1, missing: 3 });
    expect(percentAgreement(itemCounts(table))).toMatchObject({ items: 4, excludedItems: 1, missing: 3 });
    expect(gwetAc1(itemCounts(table))).toMatchObject({ items: 5, excludedItems: 0, missing: 3 });
  });

  it('a counts layout with unequal row totals: the panel is the largest total, shorter rows count as missing', () => {
    const counts = itemCountsFromMatrix({ categories: ['a', 'b'], counts: [[3, 0], [1, 1], [0, 3], [2, 1]] });
    expect(fleissKappa(counts)).toMatchObject({ raters: 3, items: 3, excludedItems: 1, missing: 1 });
  });

  it('no unit with two or more values (KR raises): null with a reason', () => {
    const single = tableOf([['a', null], [null, 'b']], ['a', 'b']);
    expectUndefined(krippendorffAlpha(itemCounts(single), 'nominal'), 'No pairable values: no item has two or more ratings.');
    expectUndefined(percentAgreement(itemCounts(single)), 'No item has two or more ratings, so there is nothing to compare.');
    expectUndefined(cohenKappa(single), 'Only 0 items rated by both raters; the coefficient needs at least two.');
  });
});

describe('fewer than two rated items, and the empty study (DK and NLTK raise)', () => {
  const one = tableOf([['a', 'b']], ['a', 'b']);
  const empty = ratingTableFromLabels({ categories: ['a', 'b'], raters: ['r1', 'r2'], labels: [] });

  it('one item: every chance-corrected coefficient is null with a reason; percent agreement is its share', () => {
    expectUndefined(cohenKappa(one), 'Only 1 item rated by both raters; the coefficient needs at least two.');
    expectUndefined(fleissKappa(itemCounts(one)), 'Only 1 item was rated by all 2 raters; the coefficient needs at least two complete items (incomplete items are left out).');
    expectUndefined(randolphKappa(itemCounts(one)), /^Only 1 item was rated by all 2 raters/);
    expectUndefined(krippendorffAlpha(itemCounts(one)), 'Only 1 item has two or more ratings (pairable values); alpha needs at least two.');
    expectUndefined(gwetAc1(itemCounts(one)), 'Only 1 item with two or more ratings; the coefficient needs at least two.');
    expect(percentAgreement(itemCounts(one)).value).toBe(0);
  });

  it('no items at all', () => {
    const counts = itemCounts(empty);
    for (const result of [cohenKappa(empty), fleissKappa(counts), randolphKappa(counts), krippendorffAlpha(counts), gwetAc1(counts), percentAgreement(counts)]) {
      expect(result.value).toBeNull();
      expect(result.reason).toEqual(expect.any(String));
      expect(result.items).toBe(0);
    }
  });

  it('a single rater', () => {
    const counts = itemCounts(tableOf([['a'], ['b']], ['a', 'b']));
    expectUndefined(fleissKappa(counts), 'There is 1 rater; agreement needs at least two.');
    expect(krippendorffAlpha(counts).value).toBeNull();
  });

  it('Cohen with more than two raters and none chosen', () => {
    expectUndefined(cohenKappa(tableOf([['a', 'a', 'b']], ['a', 'b'])), "Cohen's kappa compares two raters and there are 3 raters (r1, r2, r3); choose two.");
  });
});

describe('no NaN anywhere', () => {
  it('every number in every result of the degenerate tables is finite or null', () => {
    const tables = [[[0, 0], [0, 0]], [[7, 0], [7, 0]], [[0, 7], [0, 7]], [[1, 0]]];
    for (const counts of tables) {
      const data = countTable(counts, ['x', 'y']);
      for (const result of [fleissKappa(data), randolphKappa(data), krippendorffAlpha(data, 'ordinal'), gwetAc1(data), percentAgreement(data)]) {
        const numbers = JSON.stringify(result, (_, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? 'NOT FINITE' : value));
        expect(numbers).not.toContain('NOT FINITE');
      }
    }
    for (const counts of [[[0, 0], [0, 0]], [[10, 0], [0, 0]], [[0, 10], [0, 0]], [[1, 0], [0, 0]]]) {
      for (const weights of ['none', 'linear', 'quadratic'] as const) {
        const numbers = JSON.stringify(cohenKappaFromConfusion(confusionFromCounts({ categories: ['x', 'y'], counts }), weights), (_, value: unknown) =>
          typeof value === 'number' && !Number.isFinite(value) ? 'NOT FINITE' : value,
        );
        expect(numbers).not.toContain('NOT FINITE');
      }
    }
  });
});
