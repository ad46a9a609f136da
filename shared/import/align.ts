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

/** Where one annotation went: a turn index and how, or nowhere. */
export type AlignmentResult = { turn: number; level: MatchLevel } | { turn: -1; level: null };

/** Containment needs this many folded characters in the shorter text, so `对` cannot match everything. */
const MIN_CONTAINED_LENGTH = 2;

const LEVELS: readonly MatchLevel[] = ['exact', 'normalized', 'containment'];

/**
 * Aligns annotation entries to dialogue turns by their text, never by index alone:
 * level by level (exact, then normalised, then containment either way), searching forward
 * from the last aligned turn (that turn itself comes second: a long utterance split into
 * several annotation entries), and only then the whole dialogue. Containment also requires
 * the speakers to agree when the annotation names one, because short texts recur.
 */
export function alignAnnotations(turns: readonly AlignTarget[], annotations: readonly AlignSource[]): AlignmentResult[] {
  const folded: (string | undefined)[] = new Array(turns.length);
  const foldedTurn = (i: number): string => (folded[i] ??= foldForAlignment(turns[i].utterance));
  let cursor = -1;

  return annotations.map((annotation) => {
    if (annotation.utterance === null) return { turn: -1, level: null };
    const text = annotation.utterance;
    // the common case, the next turn verbatim, without building the search order
    if (cursor + 1 < turns.length && turns[cursor + 1].utterance === text) {
      cursor += 1;
      return { turn: cursor, level: 'exact' };
    }
    let foldedText: string | undefined;
    const foldedAnnotation = (): string => (foldedText ??= foldForAlignment(text));

    const matches = (i: number, level: MatchLevel): boolean => {
      if (level === 'exact') return turns[i].utterance === text;
      const a = foldedAnnotation();
      const t = foldedTurn(i);
      if (level === 'normalized') return a.length > 0 && a === t;
      if (annotation.speaker !== null && annotation.speaker !== turns[i].speaker) return false;
      const [shorter, longer] = a.length <= t.length ? [a, t] : [t, a];
      return shorter.length >= MIN_CONTAINED_LENGTH && longer.includes(shorter);
    };

    for (const order of searchOrders(turns.length, cursor)) {
      for (const level of LEVELS) {
        const turn = order.find((i) => matches(i, level));
        if (turn !== undefined) {
          cursor = turn;
          return { turn, level };
        }
      }
    }
    return { turn: -1, level: null };
  });
}

/**
 * The next turn, then the last aligned turn again (the fragments of a split utterance), then
 * the rest forward; everything before the cursor only as a fallback.
 */
function searchOrders(count: number, cursor: number): number[][] {
  const forward: number[] = [];
  if (cursor + 1 < count) forward.push(cursor + 1);
  if (cursor >= 0) forward.push(cursor);
  for (let i = cursor + 2; i < count; i++) forward.push(i);
  const backward: number[] = [];
  for (let i = 0; i < cursor; i++) backward.push(i);
  return backward.length > 0 ? [forward, backward] : [forward];
}
