/**
 * Items × categories counts compressed to their distinct rows and how many items hold each.
 * Fleiss' kappa and Krippendorff's alpha depend on an item only through its row, so they are
 * computed here once per distinct row: with a few raters there are few distinct rows (at most
 * C(k + m, m)), and a report over 100,000 turns × 26 tables otherwise spends its time walking
 * items one by one.
 */
import { rowTotal } from './item-counts';
import type { ItemCounts } from './types';

export interface CountRows {
  categories: readonly string[];
  /** the panel size (see ItemCounts.raters) */
  raters: number;
  /** distinct rows, counts per category */
  rows: readonly (readonly number[])[];
  /** items holding each row, aligned with `rows` */
  times: readonly number[];
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
  const rows: (readonly number[])[] = [];
  const times: number[] = [];
  for (const row of data.counts) {
    const at = index.get(row);
    if (at === undefined) {
      index.set(row, rows.length);
      rows.push(row);
      times.push(1);
    } else times[at]++;
  }
  return { categories: data.categories, raters: data.raters, rows, times };
}

/** Items of the compressed counts. */
export function itemCountOf(data: CountRows): number {
  let items = 0;
  for (const count of data.times) items += count;
  return items;
}

/** Ratings the items lack against the full panel. */
export function missingOfRows(data: CountRows): number {
  let missing = 0;
  data.rows.forEach((row, index) => (missing += data.times[index] * (data.raters - rowTotal(row))));
  return missing;
}
