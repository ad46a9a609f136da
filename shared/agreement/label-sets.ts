/**
 * Label-set fields (SID `discipline` "生物, 地理", several teaching strategies) have no single
 * label per rating, so kappa and alpha do not apply directly. Two explicit approaches:
 *
 * 1. Binary decomposition (the default to report): one yes/no field per category code. Item u,
 *    rater r gets "present" for code c when c is in r's set for u, "absent" when r gave a set
 *    without c (the empty set included), and stays missing when r gave no rating. Every
 *    coefficient then applies per code, and per-code results show which codes raters confuse.
 * 2. Krippendorff's alpha with the MASI distance (Passonneau 2006) on whole sets: see
 *    labelSetAlpha in masi-distance.ts.
 *
 * Fields that do not apply to a speaker must be left out before building the table; an empty
 * set means "none of the codes", a null rating means "not rated".
 */
import { assertCategories } from './rating-table';
import type { RatingTable } from './types';

export interface LabelSetTable {
  categories: readonly string[];
  raters: readonly string[];
  items: readonly string[];
  /** ratings[item][rater]: indices of the chosen categories, ascending, no repeats (maybe empty); null when not rated */
  ratings: readonly (readonly (readonly number[] | null)[])[];
}

/** The category order of the binary tables: absent < present. */
export const BINARY_CATEGORIES = ['absent', 'present'] as const;

/** Throws on a code outside `categories`; a code named twice in one set counts once. */
export function labelSetTableFromLabels(options: {
  categories: readonly string[];
  raters: readonly string[];
  items?: readonly string[];
  labels: readonly (readonly (readonly string[] | null)[])[];
}): LabelSetTable {
  const { categories, raters, labels } = options;
  assertCategories(categories);
  const items = options.items ?? labels.map((_, index) => String(index + 1));
  if (items.length !== labels.length) throw new Error(`${items.length} item names for ${labels.length} rows of labels.`);
  const index = new Map(categories.map((category, position) => [category, position]));
  const ratings = labels.map((row, itemIndex) => {
    if (row.length !== raters.length) throw new Error(`Item "${items[itemIndex]}" has ${row.length} label sets for ${raters.length} raters.`);
    return row.map((set) => {
      if (set === null) return null;
      const chosen = new Set<number>();
      for (const code of set) {
        const position = index.get(code);
        if (position === undefined) throw new Error(`The code "${code}" is not one of the categories (${categories.join(', ')}).`);
        chosen.add(position);
      }
      return [...chosen].sort((a, b) => a - b);
    });
  });
  return { categories, raters, items, ratings };
}

/** One absent/present rating table per category code, in category order. */
export function binaryTablesPerCategory(table: LabelSetTable): { category: string; table: RatingTable }[] {
  return table.categories.map((category, code) => ({
    category,
    table: {
      categories: BINARY_CATEGORIES,
      raters: table.raters,
      items: table.items,
      ratings: table.ratings.map((row) => row.map((set) => (set === null ? null : set.includes(code) ? 1 : 0))),
    },
  }));
}
