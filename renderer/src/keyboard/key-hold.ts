/**
 * Keys pressed while a view is still being prepared (a dialogue opening, its rows loading) are
 * held, in order, and handed to the view once it can act on them, so the first keys a fast
 * reviewer types after Enter are neither lost nor taken by the view they are leaving.
 */
import { isCommandCandidate, type KeyEventLike } from './key-match';

export type HeldKey = Required<Pick<KeyEventLike, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'repeat'>>;

export type ReleaseStep = 'next' | 'hold-rest' | 'drop-rest';

export interface KeyHold {
  /** starts holding the keys for which `wanted` is true; a hold already running goes on */
  start(wanted: (event: KeyEventLike) => boolean): void;
  /**
   * Hands the held keys, oldest first, to `dispatch`, then stops holding. After each key
   * `dispatch` says what happens to the rest: 'next' goes on; 'hold-rest' keeps the rest held
   * (that key opened another view that is still loading: the rest are meant for it); 'drop-rest'
   * stops and drops them (the view they were typed for is gone).
   */
  release(dispatch: (key: HeldKey) => ReleaseStep): void;
  /** stops holding and drops what was held (the view will not come) */
  cancel(): void;
  holding(): boolean;
}

/** Held keys older than this are dropped rather than replayed into a view the user no longer expects to react. */
export const KEY_HOLD_LIMIT_MS = 5_000;

export interface KeyHoldTarget {
  addEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void, options: { capture: boolean }): void;
  removeEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void, options: { capture: boolean }): void;
}

export function createKeyHold(target: KeyHoldTarget, now: () => number = () => Date.now()): KeyHold {
  let held: HeldKey[] = [];
  let startedAt: number | null = null;
  let wanted: (event: KeyEventLike) => boolean = () => false;
  /** a release is handing keys on: a key it replays as an event is not held again */
  let releasing = false;

  const onKeyDown = (event: KeyboardEvent) => {
    if (releasing) return;
    if (startedAt !== null && now() - startedAt > KEY_HOLD_LIMIT_MS) {
      stop();
      return;
    }
    if (event.defaultPrevented || !isCommandCandidate(event) || !wanted(event)) return;
    // Capture phase: no bubble listener of the view being left sees the key.
    event.preventDefault();
    event.stopImmediatePropagation();
    const { key, code, ctrlKey, metaKey, altKey, shiftKey, repeat } = event;
    held.push({ key, code, ctrlKey, metaKey, altKey, shiftKey, repeat });
  };

  const stop = () => {
    if (startedAt === null) return;
    target.removeEventListener('keydown', onKeyDown, { capture: true });
    startedAt = null;
  };

  return {
    start(filter) {
      wanted = filter;
      if (startedAt !== null) return;
      held = [];
      startedAt = now();
      target.addEventListener('keydown', onKeyDown, { capture: true });
    },
    release(dispatch) {
      const keys = startedAt !== null && now() - startedAt <= KEY_HOLD_LIMIT_MS ? held : [];
      held = [];
      for (let index = 0; index < keys.length; index++) {
        releasing = true;
        let step: ReleaseStep;
        try {
          step = dispatch(keys[index]);
        } finally {
          releasing = false;
        }
        if (step === 'hold-rest' && startedAt !== null) {
          // Still listening: keys typed from here on queue behind the rest, for the next view.
          held = keys.slice(index + 1);
          startedAt = now();
          return;
        }
        if (step === 'drop-rest') break;
      }
      stop();
    },
    cancel() {
      stop();
      held = [];
    },
    holding: () => startedAt !== null,
  };
}

/**
 * A held key sent again as a keydown on the page, so every listener bound at that moment sees it
 * as it would a typed key — the view's and any mode laid over it (the rubric panel over review),
 * in the order a typed key reaches them. A release dispatching keys to one view's handlers only
 * sent the rubric panel's keys to review, where digits are label picks.
 */
export function replayKey(key: HeldKey, target: EventTarget = document.body): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }));
}

/** The app's hold (review uses it while a dialogue opens). */
export const keyHold: KeyHold = typeof window === 'undefined'
  ? createKeyHold({ addEventListener: () => undefined, removeEventListener: () => undefined })
  : createKeyHold(window);
