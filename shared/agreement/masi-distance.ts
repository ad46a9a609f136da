import { krippendorffAlpha, type KrippendorffAlphaResult } from './krippendorff-alpha';
import type { LabelSetTable } from './label-sets';
import type { ItemCounts } from './types';

/**
 * MASI, Measuring Agreement on Set-valued Items (Passonneau 2006): d(A, B) = 1 − J·M with
 * J = |A ∩ B| / |A ∪ B| and M = 1 if A = B, 2/3 if one contains the other, 1/3 if they overlap
 * otherwise, 0 if disjoint. Two empty sets are equal (d = 0); an empty and a non-empty set are
 * at distance 1. (NLTK's `masi_distance` rounds M to 0.67 and 0.33; we use the exact thirds.)
 */
export function masiDistance(a: readonly number[], b: readonly number[]): number {
  const left = new Set(a);
  const right = new Set(b);
  const shared = [...left].filter((value) => right.has(value)).length;
  const union = left.size + right.size - shared;
  if (union === 0) return 0;
  let monotonicity: number;
  if (shared === left.size && shared === right.size) monotonicity = 1;
  else if (shared === left.size || shared === right.size) monotonicity = 2 / 3;
  else if (shared > 0) monotonicity = 1 / 3;
  else monotonicity = 0;
  return 1 - (shared / union) * monotonicity;
}

/**
 * Krippendorff's alpha on whole label sets with MASI as the distance δ² (as NLTK's alpha with
 * `masi_distance` and Passonneau 2006 use it). The "categories" of the result are the distinct
 * sets rated, written as their codes joined by "+" ("∅" for the empty set), in order of first
 * appearance.
 */
export function labelSetAlpha(table: LabelSetTable): KrippendorffAlphaResult & { sets: string[] } {
  const keys = new Map<string, number>();
  const sets: (readonly number[])[] = [];
  for (const row of table.ratings) {
    for (const set of row) {
      if (set === null) continue;
      const key = set.join(',');
      if (!keys.has(key)) {
        keys.set(key, sets.length);
        sets.push(set);
      }
    }
  }
  const names = sets.map((set) => (set.length === 0 ? '∅' : set.map((code) => table.categories[code]).join('+')));
  const counts = table.ratings.map((row) => {
    const itemCount = sets.map(() => 0);
    for (const set of row) if (set !== null) itemCount[keys.get(set.join(',')) ?? 0]++;
    return itemCount;
  });
  const data: ItemCounts = { categories: names.length > 0 ? names : ['∅'], items: table.items, counts: names.length > 0 ? counts : counts.map(() => [0]), raters: table.raters.length };
  const squaredDistance = data.categories.map((_, c) => data.categories.map((__, d) => (sets.length > 0 ? masiDistance(sets[c], sets[d]) : 0)));
  return { ...krippendorffAlpha(data, { name: 'masi', squaredDistance }), sets: names };
}
