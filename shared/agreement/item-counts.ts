import { assertCategories } from './rating-table';
import type { ItemCounts, RatingTable } from './types';

/**
 * Missing ratings of the ItemCounts built here from a rating table, counted while building it:
 * every coefficient of a report asks for them, and a report runs over 100,000 items per field.
 * Keyed by the (readonly) object, so a counts layout from elsewhere is still counted row by row.
 */
const knownMissing = new WeakMap<ItemCounts, number>();

/**
 * Counts handed over by the code that built a table while building it (layerRatingTables counts
 * each distinct row once), so a report over 24 tables of 100,000 items does not re-read them.
 * Keyed by the (readonly) table object: a table derived from it (selectRaters, a spread) is a new
 * object and is counted afresh.
 */
const countedWithTable = new WeakMap<RatingTable, ItemCounts>();

/**
 * Remembers `counts` (counts[item][category], rows may be shared) and the table's absent cells
 * as the table's ItemCounts. Only for a builder that derived both from the very ratings of `table`.
 */
export function rememberItemCounts(table: RatingTable, counts: readonly (readonly number[])[], missing: number): void {
  const result: ItemCounts = { categories: table.categories, items: table.items, counts, raters: table.raters.length };
  knownMissing.set(result, missing);
  countedWithTable.set(table, result);
}

/** Above this many distinct keys ((k + 1)^raters) the rows are not shared (see itemCountsOfTable). */
const MAX_SHARED_KEY = 2 ** 52;

/**
 * Per item, how many raters chose each category; missing ratings simply add nothing.
 *
 * Why it is built this way: one fresh array per item made this the slowest step of a report
 * (900,000 small arrays for 9 fields × 100,000 items). An item's counts depend only on the
 * multiset of its category indices, and with a few raters there are few such multisets (at most
 * C(k + m, m)), so items with the same multiset share one row (readonly by type; not frozen,
 * because reading frozen arrays made the coefficients' loops about three times slower). A row is keyed by the
 * item's ratings sorted, as digits (index + 1, 0 for absent) in base k + 1, which is exact while
 * (k + 1)^m stays below 2^52; larger panels get one row per item as before.
 */
export function itemCountsOfTable(table: RatingTable): ItemCounts {
  const counted = countedWithTable.get(table);
  if (counted !== undefined) return counted;
  const k = table.categories.length;
  const m = table.raters.length;
  const n = table.ratings.length;
  const counts = new Array<readonly number[]>(n);
  let rated = 0;
  if ((k + 1) ** m <= MAX_SHARED_KEY) {
    const shared = new Map<number, readonly number[]>();
    const sorted = new Int32Array(m);
    for (let item = 0; item < n; item++) {
      const row = table.ratings[item];
      let present = 0;
      for (let rater = 0; rater < m; rater++) {
        const value = row[rater];
        if (value === null || value === undefined) continue;
        // insertion sort of at most m small integers
        let at = present++;
        while (at > 0 && sorted[at - 1] > value) {
          sorted[at] = sorted[at - 1];
          at--;
        }
        sorted[at] = value;
      }
      rated += present;
      let key = 0;
      for (let slot = 0; slot < present; slot++) key = key * (k + 1) + sorted[slot] + 1;
      let counted = shared.get(key);
      if (counted === undefined) {
        const fresh = new Array<number>(k).fill(0);
        for (let slot = 0; slot < present; slot++) fresh[sorted[slot]]++;
        counted = fresh;
        shared.set(key, counted);
      }
      counts[item] = counted;
    }
  } else {
    for (let item = 0; item < n; item++) {
      const row = table.ratings[item];
      const fresh = new Array<number>(k).fill(0);
      for (let rater = 0; rater < m; rater++) {
        const value = row[rater];
        if (value === null || value === undefined) continue;
        fresh[value]++;
        rated++;
      }
      counts[item] = fresh;
    }
  }
  const result: ItemCounts = { categories: table.categories, items: table.items, counts, raters: m };
  knownMissing.set(result, n * m - rated);
  return result;
}

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
  for (let index = 0; index < row.length; index++) total += row[index];
  return total;
}

/** Ratings the items lack against the full panel: Σ (raters − ratings of the item). */
export function missingRatings(data: ItemCounts): number {
  const known = knownMissing.get(data);
  if (known !== undefined) return known;
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

