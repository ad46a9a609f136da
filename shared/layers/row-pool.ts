import { rememberItemCounts } from '../agreement/item-counts';
import type { RatingTable } from '../agreement/types';

/**
 * Shares the rows of rating tables between items with identical ratings: with a few layers there
 * are few distinct rows ((k + 1)^m), and one fresh array per item and table made building the
 * tables of 100,000 turns slower than computing every coefficient on them. A row is keyed by its
 * values as digits (index + 1, 0 for missing) in base k + 1; small key ranges look rows up in a
 * plain array, larger ones in a Map, and above 2^52 (keys no longer exact) rows are not shared.
 *
 * Each distinct row also gets its per-category counts, so the table's ItemCounts (which every
 * coefficient but Cohen's reads) come out of the same pass instead of a second one per report.
 */
export class RowPool {
  private readonly byKey = new Map<number, PooledRow>();
  private readonly bySmallKey: (PooledRow | undefined)[] | null;
  private readonly shared: boolean;
  private readonly base: number;

  constructor(
    private readonly categories: number,
    private readonly raters: number,
  ) {
    this.base = categories + 1;
    const keys = this.base ** raters;
    this.shared = keys <= 2 ** 52;
    this.bySmallKey = keys <= 1 << 16 ? new Array<PooledRow | undefined>(keys).fill(undefined) : null;
  }

  /**
   * The table of `count` items whose ratings are `values[from + item × raters + rater]` (a
   * category index, −1 for missing), with its item counts remembered for itemCountsOfTable.
   */
  table(options: { categories: readonly string[]; raters: readonly string[]; items: readonly string[]; values: Int8Array | Int32Array; from: number; count: number }): RatingTable {
    const { values, from, count } = options;
    const { base, raters } = this;
    const rows = new Array<readonly (number | null)[]>(count);
    const counts = new Array<readonly number[]>(count);
    let missing = 0;
    for (let item = 0, at = from; item < count; item++, at += raters) {
      let pooled: PooledRow | undefined;
      if (this.shared) {
        let key = 0;
        for (let rater = 0; rater < raters; rater++) key = key * base + values[at + rater] + 1;
        pooled = this.bySmallKey !== null ? this.bySmallKey[key] : this.byKey.get(key);
        if (pooled === undefined) {
          pooled = pooledRow(values, at, raters, this.categories);
          if (this.bySmallKey !== null) this.bySmallKey[key] = pooled;
          else this.byKey.set(key, pooled);
        }
      } else pooled = pooledRow(values, at, raters, this.categories);
      rows[item] = pooled.ratings;
      counts[item] = pooled.counts;
      missing += pooled.missing;
    }
    const table: RatingTable = { categories: options.categories, raters: options.raters, items: options.items, ratings: rows };
    rememberItemCounts(table, counts, missing);
    return table;
  }
}

interface PooledRow {
  ratings: readonly (number | null)[];
  counts: readonly number[];
  missing: number;
}

function pooledRow(values: Int8Array | Int32Array, at: number, raters: number, categories: number): PooledRow {
  const ratings: (number | null)[] = [];
  const counts = new Array<number>(categories).fill(0);
  let missing = 0;
  for (let rater = 0; rater < raters; rater++) {
    const value = values[at + rater];
    if (value < 0) {
      ratings.push(null);
      missing++;
    } else {
      ratings.push(value);
      counts[value]++;
    }
  }
  return { ratings, counts, missing };
}
