import { expect } from 'vitest';
import { itemCounts, itemCountsFromMatrix, ratingTableFromLabels } from '../../../../shared/agreement';
import type { ItemCounts, RatingTable } from '../../../../shared/agreement';
import type { FieldDef } from '../../../../shared/codebook/types';

/** |actual − expected| ≤ tolerance, for references asserted "± tolerance" (DKPro's `offset`, numpy's `atol`). */
export function expectWithin(actual: number | null, expected: number, tolerance: number): void {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(tolerance);
}

/**
 * Values the doc marks "derived" at full precision: the doc allows toBeCloseTo(x, 6); we hold
 * them to 9 decimals, since the same formulas should agree to rounding noise.
 */
export function expectDerived(actual: number | null, expected: number, digits = 9): void {
  expect(actual).not.toBeNull();
  expect(actual as number).toBeCloseTo(expected, digits);
}

/** Expands a published confusion matrix (rows: first rater) into one item per counted pair. */
export function tableFromConfusion(counts: readonly (readonly number[])[], categories: readonly string[] = counts.map((_, index) => String(index))): RatingTable {
  const labels: string[][] = [];
  counts.forEach((row, i) => row.forEach((count, j) => {
    for (let n = 0; n < count; n++) labels.push([categories[i], categories[j]]);
  }));
  return ratingTableFromLabels({ categories, raters: ['a', 'b'], labels });
}

/** A rating table from items × raters labels, raters named r1, r2, … */
export function tableOf(labels: readonly (readonly (string | null)[])[], categories: readonly string[], raters?: readonly string[]): RatingTable {
  return ratingTableFromLabels({ categories, raters: raters ?? labels[0].map((_, index) => `r${index + 1}`), labels });
}

export function countsOf(labels: readonly (readonly (string | null)[])[], categories: readonly string[]): ItemCounts {
  return itemCounts(tableOf(labels, categories));
}

export function countTable(counts: readonly (readonly number[])[], categories: readonly string[] = counts[0].map((_, index) => String(index + 1))): ItemCounts {
  return itemCountsFromMatrix({ categories, counts });
}

/** A codebook field whose names, definitions and examples are its id and codes (for hand-made codebooks). */
export function testField(id: string, type: FieldDef['type'], appliesTo: FieldDef['appliesTo'], codes: string[]): FieldDef {
  const text = { zh: id, en: id };
  return {
    id,
    name: text,
    type,
    appliesTo,
    labels: codes.map((code) => ({ code, name: { zh: code, en: code }, aliases: [], definition: text, example: text })),
    openVocabulary: false,
    description: text,
  };
}
