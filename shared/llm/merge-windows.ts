import { type CheckedAnswer, sealCheckedAnswer, type TurnLabels } from './checked-answer';
import { windowForEachTurn } from './windows';

/**
 * One answer for the whole dialogue from the checked answers of its windows (given in window
 * order, as turnWindows made them). A turn that several windows hold takes its values from the
 * window where it lies furthest from a cut edge (windowForEachTurn). Answers that do not cover
 * the dialogue from its first turn to its last are a caller's bug and throw.
 */
export function mergeWindowAnswers(turnCount: number, answers: readonly CheckedAnswer[]): CheckedAnswer {
  if (answers.length === 0) throw new Error('There are no window answers to merge.');
  const windows = answers.map((answer) => answer.window);
  windows.forEach((window, index) => {
    if (index > 0 && (window.start <= windows[index - 1].start || window.start > windows[index - 1].end)) {
      throw new Error(`Window ${index + 1} (turns ${window.start + 1}-${window.end}) does not follow window ${index} (turns ${windows[index - 1].start + 1}-${windows[index - 1].end}).`);
    }
  });
  if (windows[0].start !== 0 || windows[windows.length - 1].end !== turnCount) throw new Error(`The windows cover turns ${windows[0].start + 1}-${windows[windows.length - 1].end}, not the dialogue's 1-${turnCount}.`);
  const chosen = windowForEachTurn(windows, turnCount);
  const turns: TurnLabels[] = [];
  for (let index = 0; index < turnCount; index++) {
    const answer = answers[chosen[index]];
    turns.push(answer.turns[index - answer.window.start]);
  }
  return sealCheckedAnswer({ start: 0, end: turnCount }, turns);
}
