/**
 * Coded ratings as a histogram of rating tuples: each distinct tuple of the raters' values (one
 * integer per rater: a category index, or negative for a missing rating) once, with the number
 * of items that have it. Every coefficient depends on an item only through its tuple, so the
 * items are read once and each pair's confusion matrix and the panel's count rows are counted
 * from the few distinct tuples. The agreement view (layer-panel.ts) and the CLI's ratings CSV
 * (agreement --input) both count this way.
 */
import { CountRowsBuilder, type CountRows } from './count-rows';
import type { ConfusionMatrix } from './types';

export interface RatingTuples {
  /** values per tuple (the number of raters) */
  width: number;
  /** distinct tuples */
  count: number;
  /** tuple t is values[t × width … t × width + width − 1] */
  values: Int32Array;
  /** items holding each tuple */
  times: Float64Array;
}

/** Collects tuples keyed by their values in base `base` (value + 1, 0 for missing): numeric keys while base^width is exact, strings otherwise. */
export class RatingTupleCounter {
  private readonly numeric: boolean;
  private readonly index = new Map<number | string, number>();
  private values: Int32Array;
  private times: Float64Array;
  private count = 0;

  constructor(
    private readonly base: number,
    private readonly width: number,
  ) {
    this.numeric = Number.isSafeInteger(base ** width);
    this.values = new Int32Array(64 * Math.max(1, width));
    this.times = new Float64Array(64);
  }

  add(tuple: Int32Array, times: number): void {
    let key: number | string;
    if (this.numeric) {
      key = 0;
      for (let at = 0; at < this.width; at++) key = key * this.base + (tuple[at] < 0 ? 0 : tuple[at] + 1);
    } else key = Array.from(tuple, (value) => (value < 0 ? -1 : value)).join(',');
    const at = this.index.get(key);
    if (at !== undefined) {
      this.times[at] += times;
      return;
    }
    this.index.set(key, this.count);
    this.push(tuple, times);
  }

  /** Appends a tuple known to be new (the caller keeps its own index). */
  push(tuple: Int32Array, times: number): number {
    if (this.count === this.times.length) {
      const values = new Int32Array(this.values.length * 2);
      values.set(this.values);
      this.values = values;
      const grownTimes = new Float64Array(this.times.length * 2);
      grownTimes.set(this.times);
      this.times = grownTimes;
    }
    this.values.set(tuple.subarray(0, this.width), this.count * this.width);
    this.times[this.count] = times;
    return this.count++;
  }

  addTimes(at: number, times: number): void {
    this.times[at] += times;
  }

  build(): RatingTuples {
    return { width: this.width, count: this.count, values: this.values.slice(0, this.count * this.width), times: this.times.slice(0, this.count) };
  }
}

/** Below this many possible tuples they are found through an array of slots rather than a Map. */
const SLOT_ARRAY_LIMIT = 1 << 18;

/**
 * The tuples of `columns` (one Int32Array per rater, one value per item, values below `base − 1`)
 * over the items listed in `items` (all items when null) for which `include` is not 0 (every
 * listed item when null). `counted` is the number of items taken.
 */
export function ratingTuples(columns: readonly Int32Array[], base: number, items: Int32Array | null = null, include: Uint8Array | null = null): { tuples: RatingTuples; counted: number } {
  const m = columns.length;
  const size = items === null ? (columns[0]?.length ?? 0) : items.length;
  const counter = new RatingTupleCounter(base, m);
  const tuple = new Int32Array(m);
  let counted = 0;
  const range = base ** m;
  if (range > SLOT_ARRAY_LIMIT) {
    for (let position = 0; position < size; position++) {
      const item = items === null ? position : items[position];
      if (include !== null && include[item] === 0) continue;
      counted++;
      for (let rater = 0; rater < m; rater++) tuple[rater] = columns[rater][item];
      counter.add(tuple, 1);
    }
    return { tuples: counter.build(), counted };
  }
  const slots = new Int32Array(range).fill(-1);
  for (let position = 0; position < size; position++) {
    const item = items === null ? position : items[position];
    if (include !== null && include[item] === 0) continue;
    counted++;
    let key = 0;
    for (let rater = 0; rater < m; rater++) {
      const value = columns[rater][item];
      key = key * base + (value < 0 ? 0 : value + 1);
    }
    const slot = slots[key];
    if (slot >= 0) {
      counter.addTimes(slot, 1);
      continue;
    }
    for (let rater = 0; rater < m; rater++) tuple[rater] = columns[rater][item];
    slots[key] = counter.push(tuple, 1);
  }
  return { tuples: counter.build(), counted };
}

/**
 * Raters `a` × `b` cross-tabulated over `categories` (rows: rater a), over the items both rated;
 * items missing either rating are excluded and counted, as confusionMatrix does for a table.
 */
export function pairConfusionOfTuples(tuples: RatingTuples, a: number, b: number, categories: readonly string[], raters: readonly [string, string]): ConfusionMatrix & { agreeing: number } {
  const k = categories.length;
  const counts = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  let items = 0;
  let agreeing = 0;
  let excludedItems = 0;
  let missing = 0;
  const { values, width } = tuples;
  for (let t = 0; t < tuples.count; t++) {
    const times = tuples.times[t];
    const x = values[t * width + a];
    const y = values[t * width + b];
    if (x < 0) missing += times;
    if (y < 0) missing += times;
    if (x < 0 || y < 0) {
      excludedItems += times;
      continue;
    }
    counts[x][y] += times;
    items += times;
    if (x === y) agreeing += times;
  }
  return { categories, raters, counts, items, excludedItems, missing, agreeing };
}

/**
 * The items × categories counts of the raters in `panel` (indices into the tuple), as distinct
 * sparse rows with multiplicities. Tuples with the same multiset of values (the same row) are
 * merged, in order of first appearance.
 */
export function countRowsOfTuples(tuples: RatingTuples, panel: readonly number[], categories: readonly string[]): CountRows {
  const k = categories.length;
  const m = panel.length;
  const numeric = Number.isSafeInteger((k + 1) ** m);
  const rowOf = new Map<number | string, number>();
  const rows: Int32Array[] = [];
  const times: number[] = [];
  const sorted = new Int32Array(m);
  const { values, width } = tuples;
  for (let t = 0; t < tuples.count; t++) {
    let present = 0;
    for (const rater of panel) {
      const value = values[t * width + rater];
      if (value < 0) continue;
      // insertion sort of at most m small integers
      let at = present++;
      while (at > 0 && sorted[at - 1] > value) {
        sorted[at] = sorted[at - 1];
        at--;
      }
      sorted[at] = value;
    }
    let key: number | string;
    if (numeric) {
      key = 0;
      for (let slot = 0; slot < present; slot++) key = key * (k + 1) + sorted[slot] + 1;
    } else key = sorted.subarray(0, present).join(',');
    const at = rowOf.get(key);
    if (at !== undefined) {
      times[at] += tuples.times[t];
      continue;
    }
    rowOf.set(key, rows.length);
    rows.push(sorted.slice(0, present));
    times.push(tuples.times[t]);
  }
  const builder = new CountRowsBuilder(categories, m);
  rows.forEach((row, at) => {
    for (let slot = 0; slot < row.length; ) {
      let end = slot + 1;
      while (end < row.length && row[end] === row[slot]) end++;
      builder.add(row[slot], end - slot);
      slot = end;
    }
    builder.end(times[at]);
  });
  return builder.build();
}
