/**
 * The alignment code as it was before issue 9 (quadratic: it reads every turn for every
 * annotation, and fills the whole LCS table), kept only as the reference the fast paths are
 * compared with on seeded inputs small enough for it.
 */
import type { SpeakerCode } from '../../../../shared/model/dataset';
import { foldForAlignment } from '../../../../shared/import/text-normalize';

export interface AlignTarget {
  utterance: string;
  speaker: SpeakerCode;
}

export interface AlignSource {
  /** the annotation's `utterance`; null when it has none (it can then never be aligned) */
  utterance: string | null;
  /** the annotation's speaker when it resolved, else null */
  speaker: SpeakerCode | null;
}

export type MatchLevel = 'exact' | 'normalized' | 'containment';

/**
 * Why an annotation stayed unaligned:
 * - 'no-text': it has no utterance;
 * - 'no-match': no turn's text matches it at any level;
 * - 'speaker-mismatch': its text equals a turn's (exactly or normalised) but the speakers differ;
 * - 'already-annotated': it matches a turn (speakers agreeing) that other annotations already describe.
 */
export type UnalignedReason = 'no-text' | 'no-match' | 'speaker-mismatch' | 'already-annotated';

/**
 * Where one annotation went. Aligned: the turn, how, and whether it lies before the turn of an
 * earlier annotation (`outOfOrder`). Unaligned: why, and the turn it resembles for the
 * reasons that name one (`near`, else null).
 */
export type AlignmentResult =
  | { turn: number; level: MatchLevel; outOfOrder: boolean }
  | { turn: -1; level: null; reason: UnalignedReason; near: number | null };

/** Containment needs this many folded characters in the shorter text, so `对` cannot match everything. */
const MIN_CONTAINED_LENGTH = 2;

/**
 * How much of a turn the annotations so far account for: 'whole' after an exact or normalised
 * match (no other annotation belongs there), 'part' after containment (a long utterance split
 * into fragments may send more).
 */
type Claim = 'none' | 'part' | 'whole';

/** 'other' (a narrator, an odd label) and an unresolved speaker agree with anyone. */
function speakersAgree(annotation: SpeakerCode | null, turn: SpeakerCode): boolean {
  if (annotation === null || annotation === 'other' || turn === 'other') return true;
  return annotation === turn;
}

/**
 * Aligns annotation entries to dialogue turns by their text, never by index alone, keeping
 * the order of the annotations (monotonic) and trusting the nearest evidence first:
 *
 * 1. Ahead of the last aligned turn (the cursor), the first turn whose text equals the
 *    annotation's exactly or after normalisation, with agreeing speakers. The nearest such turn
 *    wins, so `好的` goes to the next `好的。`, not to a later verbatim `好的`.
 * 2. Containment either way, speakers agreeing: first the cursor turn when it is being split
 *    (the previous annotation was a fragment of it: SID's split final summary), then the
 *    nearest turn ahead. A turn matched in full takes no fragments.
 * 3. Behind the cursor, nearest first (an annotation out of order): unclaimed turns by whole
 *    match, then by containment, then turns being split by containment; never a turn another
 *    annotation matched in full. The cursor stays, so one stray entry does not drag the rest back.
 *
 * Speakers agree when equal or when either is unknown/'other'. Linear per annotation in the
 * usual case (the next turn matches); folded texts are computed at most once per text.
 */
export function referenceAlignAnnotations(turns: readonly AlignTarget[], annotations: readonly AlignSource[]): AlignmentResult[] {
  const folded: (string | undefined)[] = new Array(turns.length);
  const foldedTurn = (i: number): string => (folded[i] ??= foldForAlignment(turns[i].utterance));
  const claims: Claim[] = turns.map(() => 'none');
  let cursor = -1;

  return annotations.map((annotation): AlignmentResult => {
    if (annotation.utterance === null) return { turn: -1, level: null, reason: 'no-text', near: null };
    const text = annotation.utterance;
    let foldedText: string | undefined;
    const foldedAnnotation = (): string => (foldedText ??= foldForAlignment(text));
    const agrees = (i: number): boolean => speakersAgree(annotation.speaker, turns[i].speaker);

    const wholeMatch = (i: number): 'exact' | 'normalized' | null => {
      if (turns[i].utterance === text) return 'exact';
      const a = foldedAnnotation();
      return a.length > 0 && a === foldedTurn(i) ? 'normalized' : null;
    };
    const contains = (i: number): boolean => {
      const a = foldedAnnotation();
      const t = foldedTurn(i);
      const [shorter, longer] = a.length <= t.length ? [a, t] : [t, a];
      return shorter.length >= MIN_CONTAINED_LENGTH && longer.includes(shorter);
    };
    const take = (turn: number, level: MatchLevel, outOfOrder: boolean): AlignmentResult => {
      claims[turn] = level === 'containment' ? 'part' : 'whole';
      if (!outOfOrder) cursor = Math.max(cursor, turn);
      return { turn, level, outOfOrder };
    };

    for (let i = cursor + 1; i < turns.length; i++) {
      if (!agrees(i)) continue;
      const level = wholeMatch(i);
      if (level) return take(i, level, false);
    }
    if (cursor >= 0 && claims[cursor] === 'part' && agrees(cursor) && contains(cursor)) return take(cursor, 'containment', false);
    for (let i = cursor + 1; i < turns.length; i++) {
      if (agrees(i) && contains(i)) return take(i, 'containment', false);
    }

    for (let i = cursor - 1; i >= 0; i--) {
      if (claims[i] !== 'none' || !agrees(i)) continue;
      const level = wholeMatch(i);
      if (level) return take(i, level, true);
    }
    for (let i = cursor - 1; i >= 0; i--) {
      if (claims[i] === 'none' && agrees(i) && contains(i)) return take(i, 'containment', true);
    }
    for (let i = cursor - 1; i >= 0; i--) {
      if (claims[i] === 'part' && agrees(i) && contains(i)) return take(i, 'containment', true);
    }
    return unalignedResult(turns.length, agrees, wholeMatch, contains, claims);
  });
}

/** The most helpful explanation for an annotation that found no turn. */
function unalignedResult(
  count: number,
  agrees: (i: number) => boolean,
  wholeMatch: (i: number) => MatchLevel | null,
  contains: (i: number) => boolean,
  claims: readonly Claim[],
): AlignmentResult {
  let mismatch: number | null = null;
  for (let i = 0; i < count; i++) {
    if (wholeMatch(i) === null) continue;
    if (agrees(i)) return { turn: -1, level: null, reason: 'already-annotated', near: i };
    mismatch ??= i;
  }
  if (mismatch !== null) return { turn: -1, level: null, reason: 'speaker-mismatch', near: mismatch };
  for (let i = 0; i < count; i++) {
    if (claims[i] !== 'none' && agrees(i) && contains(i)) return { turn: -1, level: null, reason: 'already-annotated', near: i };
  }
  return { turn: -1, level: null, reason: 'no-match', near: null };
}

/** alignTexts before issue 9: the whole LCS table. */
export function referenceAlignTexts(reference: readonly string[], other: readonly string[]): [number, number][] {
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
