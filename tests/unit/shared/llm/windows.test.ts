import { describe, expect, it } from 'vitest';
import { checkAnswer, type CheckedAnswer, DEFAULT_WINDOW, distanceFromCut, mergeWindowAnswers, turnWindows, type TurnWindow, windowForEachTurn } from '../../../../shared/llm';
import { seededRandom } from '../../../../shared/metrics/random';
import { answerFromPre, SID_CODEBOOK, sampleDialogues, turnsOf } from './support';

describe('turnWindows', () => {
  it('cuts 25 turns into windows of 10 sharing 3', () => {
    expect(turnWindows(25, { size: 10, overlap: 3 })).toEqual([
      { start: 0, end: 10 },
      { start: 7, end: 17 },
      { start: 14, end: 24 },
      { start: 21, end: 25 },
    ]);
  });

  it('gives one window to a dialogue that fits, and none to an empty one', () => {
    expect(turnWindows(12, DEFAULT_WINDOW)).toEqual([{ start: 0, end: 12 }]);
    expect(turnWindows(DEFAULT_WINDOW.size, DEFAULT_WINDOW)).toEqual([{ start: 0, end: DEFAULT_WINDOW.size }]);
    expect(turnWindows(0, DEFAULT_WINDOW)).toEqual([]);
  });

  it('covers every turn in order, with windows of at most the size sharing exactly the overlap', () => {
    const random = seededRandom(99);
    const broken: string[] = [];
    for (let run = 0; run < 500; run++) {
      const size = 1 + Math.floor(random() * 30);
      const overlap = Math.floor(random() * size);
      const count = Math.floor(random() * 200);
      const windows = turnWindows(count, { size, overlap });
      const where = `${count} turns, size ${size}, overlap ${overlap}`;
      if (count === 0 ? windows.length !== 0 : windows[0].start !== 0 || windows.at(-1)!.end !== count) broken.push(`${where}: ends`);
      windows.forEach((window, index) => {
        const length = window.end - window.start;
        if (length <= 0 || length > size) broken.push(`${where}: window ${index} holds ${length}`);
        if (index < windows.length - 1 && length !== size) broken.push(`${where}: window ${index} is short`);
        if (index > 0 && windows[index - 1].end - window.start !== overlap) broken.push(`${where}: windows ${index - 1}, ${index} share ${windows[index - 1].end - window.start}`);
      });
    }
    expect(broken).toEqual([]);
  });

  it('refuses sizes and overlaps that cannot work', () => {
    expect(() => turnWindows(10, { size: 0, overlap: 0 })).toThrow('A window must hold a whole number of turns, at least 1 (got 0).');
    expect(() => turnWindows(10, { size: 5, overlap: 5 })).toThrow('The overlap must be a whole number from 0 to 4 for windows of 5 turns (got 5).');
    expect(() => turnWindows(10, { size: 5, overlap: -1 })).toThrow(RangeError);
    expect(() => turnWindows(2.5, { size: 5, overlap: 1 })).toThrow('A dialogue cannot have 2.5 turns.');
  });
});

describe('which window a shared turn takes its values from', () => {
  it('is the one where it lies furthest from a cut edge; the dialogue’s own ends are no cut', () => {
    const windows = turnWindows(25, { size: 10, overlap: 3 });
    expect(distanceFromCut(windows[0], 0, 25)).toBe(9);
    expect(distanceFromCut(windows[0], 9, 25)).toBe(0);
    expect(distanceFromCut(windows[1], 7, 25)).toBe(0);
    expect(distanceFromCut(windows[3], 24, 25)).toBe(3);
    expect(distanceFromCut({ start: 0, end: 25 }, 12, 25)).toBe(Infinity);
    // turns 8, 9, 10 (indices 7-9) are in windows 0 and 1: index 7 lies 2 from window 0's cut and 0 from
    // window 1's, index 8 1 from each (a tie: window 0), index 9 0 and 2
    expect(windowForEachTurn(windows, 25)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3]);
  });

  it('goes to the earlier window on a tie', () => {
    // indices 3, 4, 5 are in both; index 4 lies 1 from either cut
    const windows: TurnWindow[] = [{ start: 0, end: 6 }, { start: 3, end: 9 }];
    expect(windows.map((window) => [3, 4, 5].map((index) => distanceFromCut(window, index, 9)))).toEqual([[2, 1, 0], [0, 1, 2]]);
    expect(windowForEachTurn(windows, 9)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1]);
    expect(windowForEachTurn([...windows].reverse(), 9)).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0]);
  });

  it('says when a turn is in no window', () => {
    expect(() => windowForEachTurn([{ start: 0, end: 3 }, { start: 4, end: 6 }], 6)).toThrow('Turn 4 of 6 is in none of the windows.');
  });
});

describe('mergeWindowAnswers', () => {
  const dialogue = sampleDialogues().reduce((longest, candidate) => (candidate.turns.length > longest.turns.length ? candidate : longest));
  const count = dialogue.turns.length;
  const windows = turnWindows(count, { size: 5, overlap: 2 });
  const cognitive = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'];

  /** Window w answers cognitive_level with the w-th Bloom level on every turn, so the merge shows which window each turn came from. */
  function windowAnswers(): CheckedAnswer[] {
    return windows.map((window, w) => {
      const answer = answerFromPre(SID_CODEBOOK, dialogue, window);
      for (const turn of answer.turns) turn.cognitive_level = cognitive[w % cognitive.length];
      const result = checkAnswer({ codebook: SID_CODEBOOK, turns: turnsOf(dialogue), window, answer });
      if (!result.ok) throw new Error(result.problems[0].message);
      return result.answer;
    });
  }

  it('takes every turn from the window the rule chooses', () => {
    const merged = mergeWindowAnswers(count, windowAnswers());
    expect(merged.window).toEqual({ start: 0, end: count });
    expect(merged.turns.map((turn) => turn.turn)).toEqual(dialogue.turns.map((_, index) => index + 1));
    const chosen = windowForEachTurn(windows, count);
    expect(merged.turns.map((turn) => turn.values.cognitive_level.codes[0])).toEqual(chosen.map((w) => cognitive[w % cognitive.length]));
    expect(new Set(chosen).size).toBe(windows.length);
  });

  it('is the answer itself for a dialogue of one window', () => {
    const window = { start: 0, end: count };
    const result = checkAnswer({ codebook: SID_CODEBOOK, turns: turnsOf(dialogue), window, answer: answerFromPre(SID_CODEBOOK, dialogue, window) });
    if (!result.ok) throw new Error('expected a valid answer');
    expect(mergeWindowAnswers(count, [result.answer])).toEqual(result.answer);
  });

  it('refuses answers that do not cover the dialogue in order', () => {
    const answers = windowAnswers();
    expect(() => mergeWindowAnswers(count, answers.slice(1))).toThrow(`The windows cover turns 4-${count}, not the dialogue's 1-${count}.`);
    expect(() => mergeWindowAnswers(count, answers.slice(0, -1))).toThrow(/not the dialogue's/);
    expect(() => mergeWindowAnswers(count, [answers[0], answers[2], answers[1], ...answers.slice(3)])).toThrow(/does not follow window/);
    expect(() => mergeWindowAnswers(count, [answers[0], ...answers.slice(2)])).toThrow(/does not follow window/);
    expect(() => mergeWindowAnswers(count, [answers[0], answers[0], ...answers.slice(1)])).toThrow('Window 2 (turns 1-5) does not follow window 1 (turns 1-5).');
    expect(() => mergeWindowAnswers(count, [])).toThrow('There are no window answers to merge.');
  });
});
