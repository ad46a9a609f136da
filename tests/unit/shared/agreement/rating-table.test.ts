import { describe, expect, it } from 'vitest';
import { buildRatingTable, confusionMatrix, countMissing, itemCounts, itemCountsFromMatrix, ratingTableFromLabels, selectRaters } from '../../../../shared/agreement';

describe('building the items × raters grid', () => {
  it('keeps first-appearance order, the full category list, and missing ratings as null', () => {
    const { table, problems } = buildRatingTable(
      [
        { item: 't2', rater: 'B', label: 'L2' },
        { item: 't1', rater: 'A', label: 'L1' },
        { item: 't1', rater: 'B', label: null },
        { item: 't2', rater: 'A', label: 'L2' },
      ],
      ['L1', 'L2', 'L3'],
    );
    expect(problems).toEqual([]);
    expect(table).toEqual({ categories: ['L1', 'L2', 'L3'], raters: ['B', 'A'], items: ['t2', 't1'], ratings: [[1, 1], [null, 0]] });
    expect(countMissing(table)).toBe(1);
    expect(itemCounts(table).counts).toEqual([[0, 2, 0], [1, 0, 0]]);
  });

  it('reports a second rating of the same item by the same rater and an unknown label, by position', () => {
    const { problems } = buildRatingTable(
      [
        { item: 't1', rater: 'A', label: 'L1' },
        { item: 't1', rater: 'A', label: 'L1' },
        { item: 't2', rater: 'A', label: 'L9' },
      ],
      ['L1', 'L2'],
    );
    expect(problems).toEqual([
      { kind: 'duplicate', index: 1, firstIndex: 0, message: 'Rater "A" already rated item "t1" (rating 1); each rater rates an item once.' },
      { kind: 'unknown-label', index: 2, label: 'L9', message: 'The label "L9" is not one of the categories (L1, L2).' },
    ]);
  });

  it('rejects a category list that is empty or repeats a category', () => {
    expect(() => buildRatingTable([], [])).toThrow('The category list is empty.');
    expect(() => buildRatingTable([], ['a', 'a'])).toThrow('The category list names "a" twice.');
  });

  it('selects raters and cross-tabulates a pair over the full list, counting what is left out', () => {
    const table = ratingTableFromLabels({ categories: ['a', 'b', 'c'], raters: ['X', 'Y', 'Z'], labels: [['a', 'a', 'b'], ['b', null, 'b'], ['a', 'b', null]] });
    expect(selectRaters(table, ['Z', 'X']).ratings).toEqual([[1, 0], [1, 1], [null, 0]]);
    expect(confusionMatrix(table, 'X', 'Y')).toMatchObject({ counts: [[1, 1, 0], [0, 0, 0], [0, 0, 0]], items: 2, excludedItems: 1, missing: 1, raters: ['X', 'Y'] });
    expect(() => confusionMatrix(table, 'X', 'W')).toThrow('No rater named "W" (raters: X, Y, Z).');
    expect(() => confusionMatrix(table, 'X', 'X')).toThrow('themself');
  });

  it('a counts layout: the panel is the largest row total unless given; bad counts are refused', () => {
    expect(itemCountsFromMatrix({ categories: ['a', 'b'], counts: [[2, 1], [1, 1]] }).raters).toBe(3);
    expect(() => itemCountsFromMatrix({ categories: ['a', 'b'], counts: [[2, -1]] })).toThrow('Item "1" has the count -1; counts are finite and not negative.');
    expect(() => itemCountsFromMatrix({ categories: ['a', 'b'], counts: [[2]] })).toThrow('Item "1" has 1 counts for 2 categories.');
    expect(() => itemCountsFromMatrix({ categories: ['a'], counts: [[4]], raters: 3 })).toThrow('A panel of 3 raters cannot give an item 4 ratings.');
  });
});
