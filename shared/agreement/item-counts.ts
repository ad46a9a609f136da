import { assertCategories } from './rating-table';
import type { ItemCounts } from './types';

/**
 * An ItemCounts from a counts layout (items × categories). The panel size defaults to the largest
 * row total (see ItemCounts.raters). Counts must be finite and non-negative; they need not be
 * whole numbers, as in statsmodels (its Randolph test uses 6.99 / 0.01).
 */
export function itemCountsFromMatrix(options: {
  categories: readonly string[];
  counts: readonly (readonly number[])[];
  items?: readonly string[];
  raters?: number;
}): ItemCounts {
  const { categories, counts } = options;
  assertCategories(categories);
  const items = options.items ?? counts.map((_, index) => String(index + 1));
  if (items.length !== counts.length) throw new Error(`${items.length} item names for ${counts.length} rows of counts.`);
  counts.forEach((row, index) => {
    if (row.length !== categories.length) throw new Error(`Item "${items[index]}" has ${row.length} counts for ${categories.length} categories.`);
    for (const count of row) if (!Number.isFinite(count) || count < 0) throw new Error(`Item "${items[index]}" has the count ${count}; counts are finite and not negative.`);
  });
  const largest = Math.max(0, ...counts.map(rowTotal));
  const raters = options.raters ?? largest;
  if (raters < largest) throw new Error(`A panel of ${raters} raters cannot give an item ${largest} ratings.`);
  return { categories, items, counts, raters };
}

export function rowTotal(row: readonly number[]): number {
  let total = 0;
  for (const count of row) total += count;
  return total;
}

/** Ratings the items lack against the full panel: Σ (raters − ratings of the item). */
export function missingRatings(data: ItemCounts): number {
  let missing = 0;
  for (const row of data.counts) missing += data.raters - rowTotal(row);
  return missing;
}

/** Total ratings per category, over all items. */
export function categoryTotals(data: ItemCounts): number[] {
  const totals = data.categories.map(() => 0);
  for (const row of data.counts) row.forEach((count, category) => (totals[category] += count));
  return totals;
}
