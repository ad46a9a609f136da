/**
 * Label-set fields (discipline "生物, 地理"): binary decomposition per code and alpha with MASI.
 * Expected values are worked out by hand from the definitions in the comments.
 */
import { describe, expect, it } from 'vitest';
import { binaryTablesPerCategory, cohenKappa, itemCounts, labelSetAlpha, labelSetTableFromLabels, masiDistance, percentAgreement } from '../../../../shared/agreement';

const table = labelSetTableFromLabels({
  categories: ['physics', 'biology', 'geography'],
  raters: ['A', 'B'],
  labels: [
    [['physics'], ['physics']],
    [['biology', 'geography'], ['biology']],
    [[], ['geography']],
    [null, ['physics']],
    [['physics', 'biology', 'physics'], ['biology', 'physics']],
  ],
});

describe('binary decomposition: one absent/present field per code', () => {
  const perCode = binaryTablesPerCategory(table);

  it('codes present, absent (the empty set too) and missing (no rating) per item', () => {
    expect(perCode.map((entry) => entry.category)).toEqual(['physics', 'biology', 'geography']);
    expect(perCode[0].table.categories).toEqual(['absent', 'present']);
    expect(perCode[2].table.ratings).toEqual([[0, 0], [1, 0], [0, 1], [null, 0], [0, 0]]);
    expect(perCode[0].table.ratings).toEqual([[1, 1], [0, 0], [0, 0], [null, 1], [1, 1]]);
  });

  it('any coefficient applies per code: geography agrees on 2 of 4 items, κ = (0.5 − 0.625)/(1 − 0.625) = −1/3', () => {
    const geography = perCode[2].table;
    expect(percentAgreement(itemCounts(geography)).value).toBe(0.5);
    const kappa = cohenKappa(geography);
    expect(kappa.value).toBeCloseTo(-1 / 3, 14);
    expect(kappa).toMatchObject({ items: 4, missing: 1, excludedItems: 1 });
    expect(percentAgreement(itemCounts(perCode[0].table)).value).toBe(1);
  });

  it('rejects a code outside the list', () => {
    expect(() => labelSetTableFromLabels({ categories: ['a'], raters: ['A'], labels: [[['b']]] })).toThrow('The code "b" is not one of the categories (a).');
  });
});

describe('MASI distance (Passonneau 2006: 1 − J·M)', () => {
  it('equal 0; subset J = 1/2, M = 2/3; overlap J = 1/3, M = 1/3; disjoint 1; empty sets', () => {
    expect(masiDistance([1, 2], [2, 1])).toBe(0);
    expect(masiDistance([1, 2], [1, 2, 3, 4])).toBeCloseTo(2 / 3, 15);
    expect(masiDistance([1, 2], [2, 3])).toBeCloseTo(8 / 9, 15);
    expect(masiDistance([1], [2])).toBe(1);
    expect(masiDistance([], [])).toBe(0);
    expect(masiDistance([], [1])).toBe(1);
  });

  it('alpha over whole sets: {a}{a}, {a,b}{a}, {b}{b} gives D_o = 2/9, D_e = 28/45, α = 9/14', () => {
    const sets = labelSetTableFromLabels({ categories: ['a', 'b'], raters: ['A', 'B'], labels: [[['a'], ['a']], [['a', 'b'], ['a']], [['b'], ['b']]] });
    const result = labelSetAlpha(sets);
    expect(result.sets).toEqual(['a', 'a+b', 'b']);
    expect(result.level).toBe('masi');
    expect(result.observedDisagreement).toBeCloseTo(2 / 9, 14);
    expect(result.expectedDisagreement).toBeCloseTo(28 / 45, 14);
    expect(result.value).toBeCloseTo(9 / 14, 14);
  });

  it('no ratings at all: null with a reason', () => {
    const none = labelSetTableFromLabels({ categories: ['a'], raters: ['A', 'B'], labels: [[null, null]] });
    expect(labelSetAlpha(none).value).toBeNull();
    expect(labelSetAlpha(none).reason).toBe('No pairable values: no item has two or more ratings.');
  });
});
