import { assertCategories } from './rating-table';
import type { ConfusionMatrix, RatingTable } from './types';

/**
 * Cross-tabulates two raters over the table's full category list (rows: the first rater). Items
 * where either rating is absent are left out and counted (`excludedItems`, `missing`), as R irr
 * and statsmodels do by listwise deletion. Throws on an unknown rater or the same rater twice.
 */
export function confusionMatrix(table: RatingTable, rowRater: string, columnRater: string): ConfusionMatrix {
  if (rowRater === columnRater) throw new Error(`A rater cannot be compared with themself ("${rowRater}").`);
  const [row, column] = [rowRater, columnRater].map((rater) => {
    const index = table.raters.indexOf(rater);
    if (index < 0) throw new Error(`No rater named "${rater}" (raters: ${table.raters.join(', ')}).`);
    return index;
  });
  const counts = table.categories.map(() => table.categories.map(() => 0));
  let items = 0;
  let excludedItems = 0;
  let missing = 0;
  for (const ratings of table.ratings) {
    const a = ratings[row];
    const b = ratings[column];
    if (a === null) missing++;
    if (b === null) missing++;
    if (a === null || b === null) {
      excludedItems++;
      continue;
    }
    counts[a][b]++;
    items++;
  }
  return { categories: table.categories, raters: [rowRater, columnRater], counts, items, excludedItems, missing };
}

/** A confusion matrix given as counts (a published table), with nothing excluded or missing. */
export function confusionFromCounts(options: {
  categories: readonly string[];
  counts: readonly (readonly number[])[];
  raters?: readonly [string, string];
}): ConfusionMatrix {
  const { categories, counts } = options;
  assertCategories(categories);
  const k = categories.length;
  if (counts.length !== k || counts.some((row) => row.length !== k)) throw new Error(`A confusion matrix over ${k} categories is ${k} × ${k}.`);
  let items = 0;
  for (const row of counts) {
    for (const count of row) {
      if (!Number.isFinite(count) || count < 0) throw new Error(`The count ${count} is not a finite, non-negative number.`);
      items += count;
    }
  }
  return { categories, raters: options.raters ?? ['row rater', 'column rater'], counts, items, excludedItems: 0, missing: 0 };
}
