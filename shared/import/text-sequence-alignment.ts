/**
 * Order-preserving pairing of two lists of utterances (the same dialogue as annotated by two
 * layers, or a stored dialogue and a file): the longest common subsequence on exact text, then
 * on folded text (width, case, whitespace, punctuation, end markers) among the turns still
 * unpaired between those anchors. Empty texts never pair; nothing is paired by position alone.
 */
import { foldForAlignment } from './text-normalize';

/** Pairs (index in `reference`, index in `other`), increasing in both. */
export function alignTexts(reference: readonly string[], other: readonly string[]): [number, number][] {
  if (identicalNonEmpty(reference, other)) return reference.map((_, index): [number, number] => [index, index]);
  const exact = lcs(reference, other, 0, reference.length, 0, other.length);
  const pairs: [number, number][] = [];
  let fromReference = 0;
  let fromOther = 0;
  // folded once per pair of lists, and only if some gap needs them
  let foldedReference: string[] | null = null;
  let foldedOther: string[] | null = null;
  const fill = (untilReference: number, untilOther: number) => {
    if (untilReference <= fromReference || untilOther <= fromOther) return;
    foldedReference ??= reference.map(foldForAlignment);
    foldedOther ??= other.map(foldForAlignment);
    pairs.push(...lcs(foldedReference, foldedOther, fromReference, untilReference, fromOther, untilOther));
  };
  for (const [i, j] of exact) {
    fill(i, j);
    pairs.push([i, j]);
    fromReference = i + 1;
    fromOther = j + 1;
  }
  fill(reference.length, other.length);
  return pairs;
}

/**
 * The common case (two layers of the same file): the same non-empty text at every position.
 * The LCS would pair every turn with itself, so the quadratic table is skipped.
 */
function identicalNonEmpty(reference: readonly string[], other: readonly string[]): boolean {
  if (reference.length !== other.length) return false;
  for (let index = 0; index < reference.length; index++) {
    if (reference[index] === '' || reference[index] !== other[index]) return false;
  }
  return true;
}

/** LCS of a[aFrom, aTo) and b[bFrom, bTo) as index pairs; non-empty strings only pair. */
function lcs(a: readonly string[], b: readonly string[], aFrom: number, aTo: number, bFrom: number, bTo: number): [number, number][] {
  const n = aTo - aFrom;
  const m = bTo - bFrom;
  const lengths = new Int32Array((n + 1) * (m + 1));
  const same = (i: number, j: number) => a[aFrom + i] !== '' && a[aFrom + i] === b[bFrom + j];
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const here = i * (m + 1) + j;
      lengths[here] = same(i, j) ? lengths[here + m + 2] + 1 : Math.max(lengths[here + m + 1], lengths[here + 1]);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(i, j)) {
      pairs.push([aFrom + i, bFrom + j]);
      i++;
      j++;
    } else if (lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1]) i++;
    else j++;
  }
  return pairs;
}
