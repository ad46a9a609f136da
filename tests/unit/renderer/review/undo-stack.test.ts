import { describe, expect, it } from 'vitest';
import {
  afterRedo,
  afterUndo,
  canRedo,
  canUndo,
  emptyHistory,
  peekRedo,
  peekUndo,
  recordStep,
} from '../../../../renderer/src/stores/review/undo-stack';

describe('undo stack', () => {
  it('undoes the newest step first and redoes in the original order', () => {
    let history = emptyHistory<string>();
    history = recordStep(history, 'a');
    history = recordStep(history, 'b');
    expect(peekUndo(history)).toBe('b');
    history = afterUndo(history);
    expect(peekUndo(history)).toBe('a');
    expect(peekRedo(history)).toBe('b');
    history = afterUndo(history);
    expect(canUndo(history)).toBe(false);
    expect(peekRedo(history)).toBe('a');
    history = afterRedo(history);
    expect(peekRedo(history)).toBe('b');
    history = afterRedo(history);
    expect(history.past).toEqual(['a', 'b']);
    expect(canRedo(history)).toBe(false);
  });

  it('survives change, undo, redo', () => {
    let history = recordStep(emptyHistory<string>(), 'change');
    history = afterUndo(history);
    expect(history).toEqual({ past: [], future: ['change'] });
    history = afterRedo(history);
    expect(history).toEqual({ past: ['change'], future: [] });
  });

  it('drops the redo side when a new step is recorded', () => {
    let history = recordStep(recordStep(emptyHistory<string>(), 'a'), 'b');
    history = afterUndo(history);
    history = recordStep(history, 'c');
    expect(history.past).toEqual(['a', 'c']);
    expect(canRedo(history)).toBe(false);
  });

  it('leaves the history unchanged when there is nothing to undo or redo', () => {
    const empty = emptyHistory<number>();
    expect(afterUndo(empty)).toBe(empty);
    expect(afterRedo(empty)).toBe(empty);
  });

  it('forgets the oldest steps past the limit', () => {
    let history = emptyHistory<number>();
    for (let i = 1; i <= 5; i += 1) history = recordStep(history, i, 3);
    expect(history.past).toEqual([3, 4, 5]);
  });

  it('never mutates a history it was given', () => {
    const start = recordStep(emptyHistory<string>(), 'a');
    const snapshot = JSON.stringify(start);
    recordStep(start, 'b');
    afterUndo(start);
    afterRedo(afterUndo(start));
    expect(JSON.stringify(start)).toBe(snapshot);
  });
});
