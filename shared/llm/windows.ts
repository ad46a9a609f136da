/**
 * Very long dialogues are asked for in windows of turns that overlap, so that every turn is
 * annotated with some of what came before and after it, and no answer runs past max_tokens.
 */

/** Turns `start` to `end - 1` (0-based); the prompt shows them as turns start + 1 to end. */
export interface TurnWindow {
  start: number;
  end: number;
}

export interface WindowOptions {
  /** at most this many turns per call */
  size: number;
  /** turns each window shares with the one before it */
  overlap: number;
}

/**
 * Most SID dialogues fit in one window. One turn's answer is about 60 to 80 tokens, so 40 turns
 * stay within the paper's 5000-token limit with room left for a model that thinks aloud first.
 */
export const DEFAULT_WINDOW: Readonly<WindowOptions> = { size: 40, overlap: 6 };

/** Windows covering `turnCount` turns in order; one window when the dialogue fits in one. */
export function turnWindows(turnCount: number, { size, overlap }: WindowOptions): TurnWindow[] {
  if (!Number.isInteger(turnCount) || turnCount < 0) throw new RangeError(`A dialogue cannot have ${turnCount} turns.`);
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`A window must hold a whole number of turns, at least 1 (got ${size}).`);
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size) throw new RangeError(`The overlap must be a whole number from 0 to ${size - 1} for windows of ${size} turns (got ${overlap}).`);
  const windows: TurnWindow[] = [];
  for (let start = 0; start < turnCount; ) {
    const end = Math.min(start + size, turnCount);
    windows.push({ start, end });
    if (end === turnCount) break;
    start = end - overlap;
  }
  return windows;
}

/**
 * How far turn `index` lies from the cut edges of a window: the edges where the model saw no
 * context. The dialogue's own first and last turns are not cut edges.
 */
export function distanceFromCut(window: TurnWindow, index: number, turnCount: number): number {
  const fromStart = window.start === 0 ? Infinity : index - window.start;
  const fromEnd = window.end === turnCount ? Infinity : window.end - 1 - index;
  return Math.min(fromStart, fromEnd);
}

/**
 * For every turn, which window's answer it takes: of the windows that hold it, the one where it
 * lies furthest from a cut edge (the model saw the most context around it there). On a tie the
 * earlier window wins: it saw the turns before, which fields such as discipline_transfer
 * ("compared with the previous turn") depend on.
 */
export function windowForEachTurn(windows: readonly TurnWindow[], turnCount: number): number[] {
  const chosen = new Array<number>(turnCount).fill(-1);
  const best = new Array<number>(turnCount).fill(-Infinity);
  windows.forEach((window, w) => {
    for (let index = window.start; index < window.end; index++) {
      const distance = distanceFromCut(window, index, turnCount);
      if (distance > best[index]) {
        best[index] = distance;
        chosen[index] = w;
      }
    }
  });
  const uncovered = chosen.indexOf(-1);
  if (uncovered !== -1) throw new Error(`Turn ${uncovered + 1} of ${turnCount} is in none of the windows.`);
  return chosen;
}
