import type { SpeakerCode } from '../model/dataset';
import { foldForAlignment } from './text-normalize';

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
export function alignAnnotations(turns: readonly AlignTarget[], annotations: readonly AlignSource[]): AlignmentResult[] {
  // built on the first annotation that is not the next turn verbatim: most files never need it
  let textIndex: TurnTextIndex | undefined;
  // folded turn texts worked out before the index was needed, which the index then reuses
  const foldedTurns: (string | undefined)[] = new Array(turns.length);
  const claims: Claim[] = turns.map(() => 'none');
  let cursor = -1;

  return annotations.map((annotation): AlignmentResult => {
    if (annotation.utterance === null) return { turn: -1, level: null, reason: 'no-text', near: null };
    const text = annotation.utterance;
    const next = cursor + 1;
    if (next < turns.length && turns[next].utterance === text && speakersAgree(annotation.speaker, turns[next].speaker)) {
      // the nearest turn ahead, equal verbatim: step 1 below would choose it at level 'exact'
      claims[next] = 'whole';
      cursor = next;
      return { turn: next, level: 'exact', outOfOrder: false };
    }
    const foldedText = foldForAlignment(text);
    if (textIndex === undefined && next < turns.length && foldedText.length > 0 && speakersAgree(annotation.speaker, turns[next].speaker)) {
      // the next turn re-punctuated or re-spaced (step 1 at level 'normalized', the nearest turn
      // ahead): checked by folding that one turn, before any index of them all is built
      const foldedNext = (foldedTurns[next] ??= foldForAlignment(turns[next].utterance));
      if (foldedNext === foldedText) {
        claims[next] = 'whole';
        cursor = next;
        return { turn: next, level: turns[next].utterance === text ? 'exact' : 'normalized', outOfOrder: false };
      }
    }
    const index = (textIndex ??= new TurnTextIndex(turns, foldedTurns));
    const agrees = (i: number): boolean => speakersAgree(annotation.speaker, turns[i].speaker);
    const wholeLists = index.wholeMatches(text, foldedText);
    const levelAt = (i: number): 'exact' | 'normalized' => (turns[i].utterance === text ? 'exact' : 'normalized');
    let containing: Candidates | undefined;
    const containment = (): Candidates => (containing ??= index.containmentCandidates(foldedText));
    const take = (turn: number, level: MatchLevel, outOfOrder: boolean): AlignmentResult => {
      claims[turn] = level === 'containment' ? 'part' : 'whole';
      if (!outOfOrder) cursor = Math.max(cursor, turn);
      return { turn, level, outOfOrder };
    };

    const ahead = firstAfter(wholeLists, cursor, agrees);
    if (ahead !== -1) return take(ahead, levelAt(ahead), false);
    if (cursor >= 0 && claims[cursor] === 'part' && agrees(cursor) && index.contains(foldedText, cursor)) return take(cursor, 'containment', false);
    const aheadPart = firstAfter(containment().lists, cursor, (i) => agrees(i) && containment().holds(i));
    if (aheadPart !== -1) return take(aheadPart, 'containment', false);

    const behind = lastBefore(wholeLists, cursor, (i) => claims[i] === 'none' && agrees(i));
    if (behind !== -1) return take(behind, levelAt(behind), true);
    const behindPart = lastBefore(containment().lists, cursor, (i) => claims[i] === 'none' && agrees(i) && containment().holds(i));
    if (behindPart !== -1) return take(behindPart, 'containment', true);
    const behindSplit = lastBefore(containment().lists, cursor, (i) => claims[i] === 'part' && agrees(i) && containment().holds(i));
    if (behindSplit !== -1) return take(behindSplit, 'containment', true);

    // The most helpful explanation for an annotation that found no turn.
    const annotated = firstAfter(wholeLists, -1, agrees);
    if (annotated !== -1) return { turn: -1, level: null, reason: 'already-annotated', near: annotated };
    const mismatch = firstAfter(wholeLists, -1, () => true);
    if (mismatch !== -1) return { turn: -1, level: null, reason: 'speaker-mismatch', near: mismatch };
    const claimedPart = firstAfter(containment().lists, -1, (i) => claims[i] !== 'none' && agrees(i) && containment().holds(i));
    if (claimedPart !== -1) return { turn: -1, level: null, reason: 'already-annotated', near: claimedPart };
    return { turn: -1, level: null, reason: 'no-match', near: null };
  });
}

/** Turn positions that may hold a match (each list ascending), and the test that they do. */
interface Candidates {
  lists: readonly (readonly number[])[];
  holds: (turn: number) => boolean;
}

/**
 * Up to this many turns, containment candidates are all the turns (a superset of what the pair
 * index finds, so the same turn is chosen) instead of the pair index.
 */
const WHOLE_SCAN_TURNS = 32;

/** A pair of UTF-16 code units as one number: a Map key without a string per pair. */
const pairAt = (text: string, at: number): number => text.charCodeAt(at) * 0x10000 + text.charCodeAt(at + 1);

function push(map: Map<string | number, number[]>, key: string | number, turn: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [turn]);
  else if (list[list.length - 1] !== turn) list.push(turn);
}

/**
 * The turns by exact text, by folded text and, built on first need, by the character pairs of
 * their folded text, so an annotation finds its candidate turns without reading every turn:
 * a turn containing the annotation holds each of its pairs (the rarest one is looked up); a turn
 * contained in the annotation starts with one of the annotation's pairs.
 */
class TurnTextIndex {
  private readonly folded: string[];
  private readonly byText = new Map<string, number[]>();
  private readonly byFolded = new Map<string, number[]>();
  private byPair: Map<number, number[]> | null = null;
  private byFirstPair: Map<number, number[]> | null = null;
  private allTurns: number[] | null = null;

  constructor(turns: readonly AlignTarget[], alreadyFolded: readonly (string | undefined)[]) {
    this.folded = turns.map((turn, i) => alreadyFolded[i] ?? foldForAlignment(turn.utterance));
    turns.forEach((turn, i) => {
      push(this.byText, turn.utterance, i);
      if (this.folded[i].length > 0) push(this.byFolded, this.folded[i], i);
    });
  }

  /** Lists of the turns equal to the text exactly or (non-empty) after folding. */
  wholeMatches(text: string, foldedText: string): number[][] {
    const lists: number[][] = [];
    const exact = this.byText.get(text);
    if (exact) lists.push(exact);
    const folded = foldedText.length > 0 ? this.byFolded.get(foldedText) : undefined;
    if (folded) lists.push(folded);
    return lists;
  }

  /** Containment either way, the shorter text having at least MIN_CONTAINED_LENGTH characters. */
  contains(foldedText: string, turn: number): boolean {
    const t = this.folded[turn];
    const [shorter, longer] = foldedText.length <= t.length ? [foldedText, t] : [t, foldedText];
    return shorter.length >= MIN_CONTAINED_LENGTH && longer.includes(shorter);
  }

  containmentCandidates(foldedText: string): Candidates {
    const holds = (turn: number) => this.contains(foldedText, turn);
    if (foldedText.length < MIN_CONTAINED_LENGTH) return { lists: [], holds };
    // a short dialogue is read whole: testing each turn costs less than indexing its pairs
    if (this.folded.length <= WHOLE_SCAN_TURNS) return { lists: [(this.allTurns ??= this.folded.map((_text, turn) => turn))], holds };
    this.buildPairs();
    const lists: number[][] = [];
    let rarest: number[] | null = null;
    const starts = new Set<number>();
    for (let at = 0; at + 1 < foldedText.length; at++) {
      const pair = pairAt(foldedText, at);
      const containing = this.byPair!.get(pair) ?? [];
      if (rarest === null || containing.length < rarest.length) rarest = containing;
      if (!starts.has(pair)) {
        starts.add(pair);
        const starting = this.byFirstPair!.get(pair);
        if (starting) lists.push(starting);
      }
    }
    if (rarest !== null && rarest.length > 0) lists.push(rarest);
    return { lists, holds };
  }

  private buildPairs(): void {
    if (this.byPair) return;
    const byPair = new Map<number, number[]>();
    const byFirstPair = new Map<number, number[]>();
    this.folded.forEach((text, turn) => {
      if (text.length < MIN_CONTAINED_LENGTH) return;
      push(byFirstPair as Map<string | number, number[]>, pairAt(text, 0), turn);
      for (let at = 0; at + 1 < text.length; at++) push(byPair as Map<string | number, number[]>, pairAt(text, at), turn);
    });
    this.byPair = byPair;
    this.byFirstPair = byFirstPair;
  }
}

/** First index in sorted `list` whose value exceeds `after`. */
function lowerBound(list: readonly number[], after: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid] <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The smallest turn above `after` in any of the lists that passes `accept`, or -1. */
function firstAfter(lists: readonly (readonly number[])[], after: number, accept: (turn: number) => boolean): number {
  let best = -1;
  for (const list of lists) {
    for (let k = lowerBound(list, after); k < list.length && (best === -1 || list[k] < best); k++) {
      if (accept(list[k])) {
        best = list[k];
        break;
      }
    }
  }
  return best;
}

/** The largest turn below `before` in any of the lists that passes `accept`, or -1. */
function lastBefore(lists: readonly (readonly number[])[], before: number, accept: (turn: number) => boolean): number {
  let best = -1;
  for (const list of lists) {
    for (let k = lowerBound(list, before - 1) - 1; k >= 0 && list[k] > best; k--) {
      if (accept(list[k])) {
        best = list[k];
        break;
      }
    }
  }
  return best;
}
