/**
 * Narrowing the queue: to one field, to one pair of labels ("A vs B", matchesLabelPair), or to
 * one pair of raters (both have a value, and the values differ).
 */
import { hasValue } from './ratings';
import type { AdjudicationItem } from './queue';

export interface AdjudicationFilter {
  fieldId?: string | null;
  labels?: readonly [string, string] | null;
  raters?: readonly [string, string] | null;
}

function codesOf(item: AdjudicationItem, rater: string): string[] | null {
  const rating = item.ratings.find((entry) => entry.rater === rater)?.rating;
  return rating && hasValue(rating) ? rating.codes : null;
}

/**
 * "A vs B": two raters whose values differ, A in one's and B in the other's, where A or B is one
 * of the codes they differ on. For a one-label field: one chose A and the other B. For a label
 * set, {A} against {A, B} is "A vs B", but {A, B} against {A, B, C} is not (they agree on both).
 */
export function matchesLabelPair(item: AdjudicationItem, [a, b]: readonly [string, string]): boolean {
  const values = item.ratings.flatMap(({ rating }) => (hasValue(rating) ? [rating.codes] : []));
  return values.some((x, i) =>
    values.some((y, j) => {
      if (i === j || !x.includes(a) || !y.includes(b)) return false;
      const differs = (code: string) => x.includes(code) !== y.includes(code);
      return differs(a) || differs(b);
    }),
  );
}

export function matchesRaterPair(item: AdjudicationItem, [a, b]: readonly [string, string]): boolean {
  const first = codesOf(item, a);
  const second = codesOf(item, b);
  if (first === null || second === null) return false;
  return first.length !== second.length || first.some((code, index) => code !== second[index]);
}

/** The items that pass every filter given, in their order. */
export function filterItems(items: readonly AdjudicationItem[], filter: AdjudicationFilter): AdjudicationItem[] {
  return items.filter(
    (item) =>
      (!filter.fieldId || item.fieldId === filter.fieldId) &&
      (!filter.labels || matchesLabelPair(item, filter.labels)) &&
      (!filter.raters || matchesRaterPair(item, filter.raters)),
  );
}

/** The label pairs that occur among the items (each pair once, codes in codebook order as the values have them), most items first. */
export function labelPairsOf(items: readonly AdjudicationItem[]): { labels: [string, string]; items: number }[] {
  const counts = new Map<string, { labels: [string, string]; items: number }>();
  for (const item of items) {
    const seen = new Set<string>();
    const codes = [...new Set(item.ratings.flatMap(({ rating }) => (hasValue(rating) ? rating.codes : [])))];
    for (const a of codes) {
      for (const b of codes) {
        if (a >= b) continue;
        const key = `${a}\u0000${b}`;
        if (seen.has(key) || !matchesLabelPair(item, [a, b])) continue;
        seen.add(key);
        const entry = counts.get(key) ?? { labels: [a, b] as [string, string], items: 0 };
        entry.items++;
        counts.set(key, entry);
      }
    }
  }
  return [...counts.values()].sort((x, y) => y.items - x.items || x.labels[0].localeCompare(y.labels[0]) || x.labels[1].localeCompare(y.labels[1]));
}
