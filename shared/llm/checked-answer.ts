import type { FieldValues } from '../model/dataset';
import type { TurnWindow } from './windows';

/** The values of one turn: every asked field, empty where it does not apply to the speaker. */
export interface TurnLabels {
  /** 1-based, the dialogue's own numbering */
  turn: number;
  values: FieldValues;
}

declare const checkedAnswer: unique symbol;

/**
 * An answer that passed checkAnswer, or answers merged from such (mergeWindowAnswers): only those
 * two make one (sealCheckedAnswer is not exported from shared/llm), so a function that stores
 * labels and takes a CheckedAnswer cannot be handed an unchecked answer by mistake.
 */
export interface CheckedAnswer {
  readonly [checkedAnswer]: true;
  readonly window: TurnWindow;
  /** in turn order, one per turn of the window */
  readonly turns: readonly TurnLabels[];
}

/** For checkAnswer and mergeWindowAnswers only. */
export function sealCheckedAnswer(window: TurnWindow, turns: readonly TurnLabels[]): CheckedAnswer {
  return { window: { start: window.start, end: window.end }, turns } as unknown as CheckedAnswer;
}
