/**
 * Items × categories counts compressed to their distinct rows and how many items hold each.
 * Fleiss', Randolph's kappa, Gwet's AC1, percent agreement and Krippendorff's alpha depend on an
 * item only through its row, so they are computed here once per distinct row: with a few raters
 * there are few distinct rows (at most C(k + m, m)), and a report over 100,000 turns × 26 tables
 * otherwise spends its time walking items one by one.
 *
 * Rows are sparse (only the categories a row holds, ascending): a row has at most m entries, so
 * memory and time grow with the ratings, never with items × categories (a field with hundreds of
 * labels and 100,000 distinct rows would otherwise hold 100,000 × k numbers). Skipping the zero
 * entries leaves every sum of the coefficients exactly as over dense rows (x + 0·y = x).
 */
import type { ItemCounts } from './types';

export interface CountRows {
  categories: readonly string[];
  /** the panel size (see ItemCounts.raters) */
  raters: number;
  /** distinct rows; row r holds entries offsets[r] … offsets[r + 1] − 1 */
  rowCount: number;
  offsets: Int32Array;
  /** per entry, its category index (ascending within a row) */
  labels: Int32Array;
  /** per entry, how many raters chose that category (may be fractional in a counts layout) */
  counts: Float64Array;
  /** per row, the items holding it */
  times: Float64Array;
}

/** Builds CountRows entry by entry: `add` a row's (category, count) pairs in ascending category order, then `end` it. */
export class CountRowsBuilder {
  private offsets = new Int32Array(64);
  private labels = new Int32Array(256);
  private counts = new Float64Array(256);
  private times = new Float64Array(64);
  private rows = 0;
  private entries = 0;

  constructor(
    private readonly categories: readonly string[],
    private readonly raters: number,
  ) {}

  add(category: number, count: number): void {
    if (this.entries === this.labels.length) {
      this.labels = grown(this.labels, this.entries * 2);
      this.counts = grown(this.counts, this.entries * 2);
    }
    this.labels[this.entries] = category;
    this.counts[this.entries] = count;
    this.entries++;
  }

  /** Closes the row begun by the `add`s since the last `end`, held by `times` items. */
  end(times: number): void {
    if (this.rows + 1 >= this.offsets.length) {
      this.offsets = grown(this.offsets, this.offsets.length * 2);
      this.times = grown(this.times, this.times.length * 2);
    }
    this.times[this.rows] = times;
    this.rows++;
    this.offsets[this.rows] = this.entries;
  }

  build(): CountRows {
    return {
      categories: this.categories,
      raters: this.raters,
      rowCount: this.rows,
      offsets: this.offsets.slice(0, this.rows + 1),
      labels: this.labels.slice(0, this.entries),
      counts: this.counts.slice(0, this.entries),
      times: this.times.slice(0, this.rows),
    };
  }
}

function grown<T extends Int32Array | Float64Array>(array: T, size: number): T {
  const next = new (array.constructor as new (length: number) => T)(size);
  next.set(array);
  return next;
}

/** One compression per ItemCounts: a report asks for it once per coefficient (Fleiss, alpha, …). */
const compressed = new WeakMap<ItemCounts, CountRows>();

/** Compresses an ItemCounts by row identity (rows built by item-counts.ts are shared; any other row stays its own). */
export function countRowsOf(data: ItemCounts): CountRows {
  const known = compressed.get(data);
  if (known) return known;
  const result = compress(data);
  compressed.set(data, result);
  return result;
}

function compress(data: ItemCounts): CountRows {
  const index = new Map<readonly number[], number>();
  const distinct: (readonly number[])[] = [];
  const times: number[] = [];
  for (const row of data.counts) {
    const at = index.get(row);
    if (at === undefined) {
      index.set(row, distinct.length);
      distinct.push(row);
      times.push(1);
    } else times[at]++;
  }
  const builder = new CountRowsBuilder(data.categories, data.raters);
  distinct.forEach((row, at) => {
    for (let category = 0; category < row.length; category++) if (row[category] !== 0) builder.add(category, row[category]);
    builder.end(times[at]);
  });
  return builder.build();
}

/** Items of the compressed counts. */
export function itemCountOf(data: CountRows): number {
  let items = 0;
  for (let row = 0; row < data.rowCount; row++) items += data.times[row];
  return items;
}

/** The ratings of row `row` (its count total). */
export function rowTotalOf(data: CountRows, row: number): number {
  let total = 0;
  for (let entry = data.offsets[row]; entry < data.offsets[row + 1]; entry++) total += data.counts[entry];
  return total;
}

/** Ratings the items lack against the full panel. */
export function missingOfRows(data: CountRows): number {
  let missing = 0;
  for (let row = 0; row < data.rowCount; row++) missing += data.times[row] * (data.raters - rowTotalOf(data, row));
  return missing;
}
