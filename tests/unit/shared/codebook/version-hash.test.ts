import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, codebookVersionHash, type Codebook } from '../../../../shared/codebook';

function reordered<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reordered) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value as object).reverse().map((key) => [key, reordered((value as Record<string, unknown>)[key])])) as T;
  }
  return value;
}

describe('codebookVersionHash', () => {
  it('is the same for a copy whose keys come in another order', () => {
    const copy: Codebook = reordered(structuredClone(DEFAULT_CODEBOOK));
    expect(Object.keys(copy)).not.toEqual(Object.keys(DEFAULT_CODEBOOK));
    expect(codebookVersionHash(copy)).toBe(codebookVersionHash(DEFAULT_CODEBOOK));
    expect(codebookVersionHash(DEFAULT_CODEBOOK)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes when a definition, a label or the order of labels changes', () => {
    const base = codebookVersionHash(DEFAULT_CODEBOOK);
    const edited = structuredClone(DEFAULT_CODEBOOK);
    edited.fields[2].description.en += ' (revised)';
    expect(codebookVersionHash(edited)).not.toBe(base);
    const swapped = structuredClone(DEFAULT_CODEBOOK);
    const labels = swapped.fields.find((field) => field.labels.length > 1)!.labels;
    [labels[0], labels[1]] = [labels[1], labels[0]];
    expect(codebookVersionHash(swapped)).not.toBe(base);
  });
});
