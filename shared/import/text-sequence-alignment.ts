/**
 * Order-preserving pairing of two lists of utterances (the same dialogue as annotated by two
 * layers, or a stored dialogue and a file): the longest common subsequence on exact text, then
 * on folded text (width, case, whitespace, punctuation, end markers) among the turns still
 * unpaired between those anchors. Empty texts never pair; nothing is paired by position alone.
 *
 * The LCS table costs lists × lists, so it is used as is only up to LCS_CELL_BUDGET cells (every
 * real dialogue). Beyond that (a hostile or mismatched file with tens of thousands of turns) the
 * common prefix and suffix are paired first, then the texts found exactly once on each side
 * (the longest increasing run of them, as patience diff does), and the table runs only in the
 * gaps between those anchors. A gap with texts in common and none unique gets the table up to
 * MAX_LCS_CELLS; beyond that it has no affordable answer and throws AlignmentTooLargeError,
 * which the callers report at file:line.
 */
import { foldForAlignment } from './text-normalize';

/** Cells of one LCS table (4 bytes each) filled without looking for anchors: 2,000 × 2,000 turns, about 20 ms. */
export const LCS_CELL_BUDGET = 4_000_000;
/** The largest table filled for a stretch that has no anchors: 5,000 × 5,000 turns, 100 MB, about 0.3 s. */
export const MAX_LCS_CELLS = 25_000_000;

/** Two lists of texts too large and too repetitive to align; see the module comment. */
export class AlignmentTooLargeError extends Error {
  constructor(
    readonly referenceTurns: number,
    readonly otherTurns: number,
  ) {
    super(
      `${referenceTurns} and ${otherTurns} turns differ too much to be aligned by their texts: a stretch of more than ${MAX_LCS_CELLS.toLocaleString('en-US')} turn pairs has repeated texts and none that occurs only once on each side`,
    );
    this.name = 'AlignmentTooLargeError';
  }
}

/** Pairs (index in `reference`, index in `other`), increasing in both. Throws AlignmentTooLargeError (see the module comment). */
export function alignTexts(reference: readonly string[], other: readonly string[]): [number, number][] {
  if (identicalNonEmpty(reference, other)) return reference.map((_, index): [number, number] => [index, index]);
  const exact = pairInOrder(reference, other, 0, reference.length, 0, other.length);
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
    for (const pair of pairInOrder(foldedReference, foldedOther, fromReference, untilReference, fromOther, untilOther)) pairs.push(pair);
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

interface Range {
  aFrom: number;
  aTo: number;
  bFrom: number;
  bTo: number;
}

/**
 * An order-preserving pairing of equal non-empty texts of a[aFrom, aTo) and b[bFrom, bTo): the
 * exact LCS when its table fits the budget, else anchored as the module comment says. Ranges
 * wait on an explicit stack (in output order), so no input deepens the call stack.
 */
function pairInOrder(a: readonly string[], b: readonly string[], aFrom: number, aTo: number, bFrom: number, bTo: number): [number, number][] {
  const pairs: [number, number][] = [];
  const work: (Range | [number, number])[] = [{ aFrom, aTo, bFrom, bTo }];
  while (work.length > 0) {
    const item = work.pop()!;
    if (Array.isArray(item)) {
      pairs.push(item);
      continue;
    }
    let { aFrom: i0, aTo: i1, bFrom: j0, bTo: j1 } = item;
    if ((i1 - i0) * (j1 - j0) <= LCS_CELL_BUDGET) {
      for (const pair of lcs(a, b, i0, i1, j0, j1)) pairs.push(pair);
      continue;
    }
    while (i0 < i1 && j0 < j1 && a[i0] !== '' && a[i0] === b[j0]) pairs.push([i0++, j0++]);
    const suffix: [number, number][] = [];
    while (i0 < i1 && j0 < j1 && a[i1 - 1] !== '' && a[i1 - 1] === b[j1 - 1]) suffix.push([--i1, --j1]);
    // pushed in reverse: the suffix comes out last
    for (const pair of suffix) work.push(pair);
    if (i0 === i1 || j0 === j1) continue;
    if ((i1 - i0) * (j1 - j0) <= LCS_CELL_BUDGET) {
      work.push({ aFrom: i0, aTo: i1, bFrom: j0, bTo: j1 });
      continue;
    }
    const anchors = uniqueAnchors(a, b, i0, i1, j0, j1);
    if (anchors === null) continue; // no text in common: nothing pairs
    if (anchors.length === 0) {
      if ((i1 - i0) * (j1 - j0) > MAX_LCS_CELLS) throw new AlignmentTooLargeError(a.length, b.length);
      for (const pair of lcs(a, b, i0, i1, j0, j1)) pairs.push(pair);
      continue;
    }
    const pieces: (Range | [number, number])[] = [];
    let fromA = i0;
    let fromB = j0;
    for (const [i, j] of anchors) {
      if (i > fromA && j > fromB) pieces.push({ aFrom: fromA, aTo: i, bFrom: fromB, bTo: j });
      pieces.push([i, j]);
      fromA = i + 1;
      fromB = j + 1;
    }
    if (i1 > fromA && j1 > fromB) pieces.push({ aFrom: fromA, aTo: i1, bFrom: fromB, bTo: j1 });
    for (let k = pieces.length - 1; k >= 0; k--) work.push(pieces[k]);
  }
  return pairs;
}

/**
 * Pairs of the non-empty texts that occur exactly once in a[aFrom, aTo) and once in b[bFrom, bTo),
 * reduced to the longest run increasing on both sides. Null when the ranges share no text at all.
 */
function uniqueAnchors(a: readonly string[], b: readonly string[], aFrom: number, aTo: number, bFrom: number, bTo: number): [number, number][] | null {
  /** text → its position in a's range, or -1 when it occurs there more than once */
  const inA = new Map<string, number>();
  for (let i = aFrom; i < aTo; i++) if (a[i] !== '') inA.set(a[i], inA.has(a[i]) ? -1 : i);
  /** text → its position in b's range (-1: repeated), for texts also in a's range */
  const inB = new Map<string, number>();
  for (let j = bFrom; j < bTo; j++) {
    const text = b[j];
    if (inA.has(text)) inB.set(text, inB.has(text) ? -1 : j);
  }
  if (inB.size === 0) return null;
  const candidates: [number, number][] = [];
  for (const [text, j] of inB) {
    const i = inA.get(text)!;
    if (i >= 0 && j >= 0) candidates.push([i, j]);
  }
  candidates.sort((x, y) => x[0] - y[0]);
  return longestIncreasing(candidates);
}

/** The longest subsequence of `pairs` (increasing in [0]) that also increases in [1]: patience sorting, n log n. */
function longestIncreasing(pairs: readonly [number, number][]): [number, number][] {
  const tails: number[] = []; // tails[k]: index in pairs of the smallest end of a run of length k + 1
  const previous = new Int32Array(pairs.length);
  for (let p = 0; p < pairs.length; p++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pairs[tails[mid]][1] < pairs[p][1]) low = mid + 1;
      else high = mid;
    }
    previous[p] = low > 0 ? tails[low - 1] : -1;
    tails[low] = p;
  }
  const run: [number, number][] = new Array(tails.length);
  for (let k = tails.length - 1, p = tails[k] ?? -1; k >= 0; k--, p = previous[p]) run[k] = pairs[p];
  return run;
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
