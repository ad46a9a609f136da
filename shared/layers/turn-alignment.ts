/**
 * Turns of two copies of one dialogue paired by utterance text, never by position alone: an
 * order-preserving alignment (longest common subsequence) on exact text, then on the import's
 * folded text (foldForAlignment: width, case, whitespace, punctuation, end markers), as
 * alignTexts does. A pair whose speakers differ is not a match. The CLI (a layer against the
 * reference layer) and the app (a file against the stored dialogue) both read this result.
 */
import { alignTexts } from '../import/text-sequence-alignment';
import type { SpeakerCode } from '../model/dataset';

export { AlignmentTooLargeError } from '../import/text-sequence-alignment';

export interface AlignableTurn {
  speaker: SpeakerCode;
  utterance: string;
}

/** A turn left unpaired, in the order the CLI reports them (gap by gap). */
export type UnpairedTurn =
  /** an unmatched reference turn and an unmatched other turn at the same relative place */
  | { kind: 'turn-text'; reference: number; other: number }
  /** a reference turn the other side lacks */
  | { kind: 'turn-missing'; reference: number }
  /** a turn of the other side that matches no reference turn */
  | { kind: 'turn-unmatched'; other: number };

export interface TurnAlignment {
  /** per reference turn, the other side's turn matched to it, −1 for none */
  matchOf: readonly number[];
  /** pairs by text whose speakers differ, [reference, other]: neither side's turn is matched */
  speakerDiffers: readonly [number, number][];
  unpaired: readonly UnpairedTurn[];
  /** matched pairs whose texts agree only after folding */
  normalized: number;
}

/** Throws AlignmentTooLargeError for copies too large and too repetitive to align. */
export function alignTurns(reference: readonly AlignableTurn[], other: readonly AlignableTurn[]): TurnAlignment {
  const pairs = alignTexts(reference.map((turn) => turn.utterance), other.map((turn) => turn.utterance));
  const matchOf = new Array<number>(reference.length).fill(-1);
  const otherTaken = new Array<boolean>(other.length).fill(false);
  const referenceTaken = new Array<boolean>(reference.length).fill(false);
  const speakerDiffers: [number, number][] = [];
  let normalized = 0;
  for (const [i, j] of pairs) {
    otherTaken[j] = true;
    if (reference[i].speaker !== other[j].speaker) {
      speakerDiffers.push([i, j]);
      referenceTaken[i] = true;
      continue;
    }
    matchOf[i] = j;
    if (reference[i].utterance !== other[j].utterance) normalized++;
  }
  // when every turn on both sides is paired there is no gap
  const unpaired = pairs.length === reference.length && pairs.length === other.length ? [] : unpairedTurns(matchOf, referenceTaken, otherTaken);
  return { matchOf, speakerDiffers, unpaired, normalized };
}

/**
 * Between two matched turns (a gap), unmatched turns of both sides are paired in order as texts
 * that differ; the rest are turns only one side has.
 */
function unpairedTurns(matchOf: readonly number[], referenceTaken: readonly boolean[], otherTaken: readonly boolean[]): UnpairedTurn[] {
  const unpaired: UnpairedTurn[] = [];
  let i = 0;
  let j = 0;
  while (i <= matchOf.length) {
    let nextMatched = i;
    while (nextMatched < matchOf.length && matchOf[nextMatched] < 0) nextMatched++;
    const otherEnd = nextMatched < matchOf.length ? matchOf[nextMatched] : otherTaken.length;
    const referenceGap: number[] = [];
    for (let index = i; index < nextMatched; index++) if (!referenceTaken[index]) referenceGap.push(index);
    const otherGap: number[] = [];
    for (let index = j; index < otherEnd; index++) if (!otherTaken[index]) otherGap.push(index);
    const paired = Math.min(referenceGap.length, otherGap.length);
    for (let p = 0; p < paired; p++) unpaired.push({ kind: 'turn-text', reference: referenceGap[p], other: otherGap[p] });
    for (const reference of referenceGap.slice(paired)) unpaired.push({ kind: 'turn-missing', reference });
    for (const other of otherGap.slice(paired)) unpaired.push({ kind: 'turn-unmatched', other });
    if (nextMatched >= matchOf.length) break;
    j = matchOf[nextMatched] + 1;
    i = nextMatched + 1;
  }
  return unpaired;
}
