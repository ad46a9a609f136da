/**
 * Undo/redo history as an immutable value: recording a new step clears the redo side,
 * undo moves the newest step to the redo side, redo moves it back. What a step means (which
 * values to write) is the caller's business.
 */
export interface UndoHistory<T> {
  /** oldest first; the last entry is undone next */
  past: readonly T[];
  /** the entry redone next is the last one */
  future: readonly T[];
}

export const DEFAULT_UNDO_LIMIT = 500;

export function emptyHistory<T>(): UndoHistory<T> {
  return { past: [], future: [] };
}

export function recordStep<T>(history: UndoHistory<T>, step: T, limit = DEFAULT_UNDO_LIMIT): UndoHistory<T> {
  const past = [...history.past, step];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, future: [] };
}

export function peekUndo<T>(history: UndoHistory<T>): T | undefined {
  return history.past[history.past.length - 1];
}

export function peekRedo<T>(history: UndoHistory<T>): T | undefined {
  return history.future[history.future.length - 1];
}

/** The history after the newest step is undone; unchanged when there is nothing to undo. */
export function afterUndo<T>(history: UndoHistory<T>): UndoHistory<T> {
  const step = peekUndo(history);
  if (step === undefined) return history;
  return { past: history.past.slice(0, -1), future: [...history.future, step] };
}

/** The history after the most recently undone step is redone; unchanged when there is none. */
export function afterRedo<T>(history: UndoHistory<T>): UndoHistory<T> {
  const step = peekRedo(history);
  if (step === undefined) return history;
  return { past: [...history.past, step], future: history.future.slice(0, -1) };
}

export const canUndo = <T>(history: UndoHistory<T>) => history.past.length > 0;
export const canRedo = <T>(history: UndoHistory<T>) => history.future.length > 0;
