import { assertCategories } from './rating-table';
import type { RatingTable } from './types';

/**
 * Ratings as integer columns: per rater one Int32Array with one value per item, a category index
 * or −1 for a missing rating. The fast form of a RatingTable (no array per item, no null): the
 * CLI reads a ratings CSV straight into it, and agreementReport counts it through rating
 * tuples (rating-tuples.ts), as the agreement view counts its encoded layers.
 */
export interface CodedRatings {
  categories: readonly string[];
  raters: readonly string[];
  items: number;
  columns: readonly Int32Array[];
}

export const MISSING_CODE = -1;

/** The same ratings as a RatingTable gives them (for code holding a table, and the tests that compare the two paths). */
export function codedRatingsOfTable(table: RatingTable): CodedRatings {
  assertCategories(table.categories);
  const n = table.ratings.length;
  const columns = table.raters.map((_, rater) => {
    const column = new Int32Array(n);
    for (let item = 0; item < n; item++) column[item] = table.ratings[item][rater] ?? MISSING_CODE;
    return column;
  });
  return { categories: table.categories, raters: table.raters, items: n, columns };
}
