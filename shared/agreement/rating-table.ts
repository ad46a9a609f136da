import { itemCountsOfTable } from './item-counts';
import type { ItemCounts, RatingTable } from './types';

/** One rating in long form (one row of `item,rater,label`); a null label is a missing rating. */
export interface RatingInput {
  item: string;
  rater: string;
  label: string | null;
}

export type RatingProblem =
  | { kind: 'unknown-label'; /** position of the offending rating in the input */ index: number; label: string; message: string }
  | { kind: 'duplicate'; index: number; /** position of the rating it repeats */ firstIndex: number; message: string };

/** Throws on a category list that is empty or names a category twice: that is a caller's bug, not data. */
export function assertCategories(categories: readonly string[]): void {
  if (categories.length === 0) throw new Error('The category list is empty.');
  const seen = new Set<string>();
  for (const category of categories) {
    if (seen.has(category)) throw new Error(`The category list names "${category}" twice.`);
    seen.add(category);
  }
}

/**
 * Builds the items × raters grid from long-form ratings. Items and raters keep the order in
 * which they first appear. A label outside `categories` and a second rating of the same item by
 * the same rater are problems, reported with their index and never guessed around; the table
 * then leaves those ratings out.
 */
export function buildRatingTable(inputs: readonly RatingInput[], categories: readonly string[]): { table: RatingTable; problems: RatingProblem[] } {
  assertCategories(categories);
  const categoryIndex = new Map(categories.map((category, index) => [category, index]));
  const itemIndex = new Map<string, number>();
  const raterIndex = new Map<string, number>();
  const cells = new Map<string, { index: number; value: number | null }>();
  const problems: RatingProblem[] = [];
  inputs.forEach((input, index) => {
    if (!itemIndex.has(input.item)) itemIndex.set(input.item, itemIndex.size);
    if (!raterIndex.has(input.rater)) raterIndex.set(input.rater, raterIndex.size);
    let value: number | null = null;
    if (input.label !== null) {
      const found = categoryIndex.get(input.label);
      if (found === undefined) {
        problems.push({ kind: 'unknown-label', index, label: input.label, message: `The label "${input.label}" is not one of the categories (${categories.join(', ')}).` });
        return;
      }
      value = found;
    }
    const key = `${itemIndex.get(input.item)}\u0000${raterIndex.get(input.rater)}`;
    const earlier = cells.get(key);
    if (earlier) {
      problems.push({
        kind: 'duplicate',
        index,
        firstIndex: earlier.index,
        message: `Rater "${input.rater}" already rated item "${input.item}" (rating ${earlier.index + 1}); each rater rates an item once.`,
      });
      return;
    }
    cells.set(key, { index, value });
  });
  const ratings = [...itemIndex.keys()].map(() => [...raterIndex.keys()].map((): number | null => null));
  for (const [key, cell] of cells) {
    const [item, rater] = key.split('\u0000').map(Number);
    ratings[item][rater] = cell.value;
  }
  return { table: { categories, raters: [...raterIndex.keys()], items: [...itemIndex.keys()], ratings }, problems };
}

/**
 * Builds a table from labels laid out items × raters (null = missing). Throws on a label outside
 * `categories`: callers with untrusted data use buildRatingTable, which reports problems instead.
 */
export function ratingTableFromLabels(options: {
  categories: readonly string[];
  raters: readonly string[];
  items?: readonly string[];
  labels: readonly (readonly (string | null)[])[];
}): RatingTable {
  const { categories, raters, labels } = options;
  assertCategories(categories);
  const items = options.items ?? labels.map((_, index) => String(index + 1));
  if (items.length !== labels.length) throw new Error(`${items.length} item names for ${labels.length} rows of labels.`);
  const categoryIndex = new Map(categories.map((category, index) => [category, index]));
  const ratings = labels.map((row, itemIndex) => {
    if (row.length !== raters.length) throw new Error(`Item "${items[itemIndex]}" has ${row.length} labels for ${raters.length} raters.`);
    return row.map((label) => {
      if (label === null) return null;
      const found = categoryIndex.get(label);
      if (found === undefined) throw new Error(`The label "${label}" is not one of the categories (${categories.join(', ')}).`);
      return found;
    });
  });
  return { categories, raters, items, ratings };
}

/** The same items with only the named raters, in the order named. Throws on an unknown rater. */
export function selectRaters(table: RatingTable, raters: readonly string[]): RatingTable {
  const columns = raters.map((rater) => {
    const column = table.raters.indexOf(rater);
    if (column < 0) throw new Error(`No rater named "${rater}" (raters: ${table.raters.join(', ')}).`);
    return column;
  });
  return { ...table, raters: [...raters], ratings: table.ratings.map((row) => columns.map((column) => row[column])) };
}

/** Absent ratings in the item × rater grid. */
export function countMissing(table: RatingTable): number {
  let missing = 0;
  for (const row of table.ratings) for (const value of row) if (value === null) missing++;
  return missing;
}

/** Per item, how many raters chose each category; missing ratings simply add nothing (built flat in item-counts.ts). */
export function itemCounts(table: RatingTable): ItemCounts {
  return itemCountsOfTable(table);
}
