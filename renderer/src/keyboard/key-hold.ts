/**
 * Keys act in the order they were pressed, however fast, even when the app cannot act on one at
 * once. Two things make a key wait:
 * - a view is still being prepared (a dialogue opening, its rows loading): the keys meant for it
 *   wait until it is ready (`start` … `release`), so the first keys a fast reviewer types after
 *   Enter are neither lost nor taken by the view they are leaving;
 * - a command needs what earlier keys are still writing (undo needs every earlier edit stored,
 *   `v` needs the values they left): it and every key after it wait until that has landed
 *   (`deferFrom`), instead of acting on a screen that has not caught up.
 * Waiting keys are handed on one per task, as typed keys arrive, to the focused element: a key that
 * opens a view or a search box (`n`, `/`) has it ready before the next key is handed on, and the
 * characters typed after `/` go into the box.
 */
import { isCommandCandidate, isTypingTarget, type KeyEventLike } from './key-match';

export type HeldKey = Required<Pick<KeyEventLike, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'repeat'>>;

export interface KeyHold {
  /** a view is being prepared: keys for which `wanted` is true wait for it; a hold already running goes on */
  start(wanted: (event: KeyEventLike) => boolean): void;
  /** the view is ready: the waiting keys are handed on, oldest first */
  release(): void;
  /** the view will not come: the keys waiting for it are dropped */
  cancel(): void;
  /**
   * The key being handled cannot be acted on yet: it waits, with every key pressed after it,
   * until `until` settles, and is then handed on again (its handler runs again and decides anew).
   */
  deferFrom(key: KeyEventLike, until: Promise<unknown>): void;
  /** Something done without a key (a button clicked) waits for `until`: the keys pressed from now wait for it too. */
  holdUntil(until: Promise<unknown>): void;
  /** true while keys wait or are being handed on */
  holding(): boolean;
  /**
   * Resolves once no key waits for a command's preconditions or is being handed on: every key
   * pressed so far has been acted on, but for keys waiting for a view still being prepared (they
   * go to that view, or are dropped with it).
   */
  drained(): Promise<void>;
  /** true when drained() would resolve at once */
  isDrained(): boolean;
  /** calls `listener` whenever `holding()` may have changed; returns the unsubscribe function */
  subscribe(listener: () => void): () => void;
}

/** Keys held for a view longer than this are dropped rather than replayed into a view the user no longer expects to react. */
export const KEY_HOLD_LIMIT_MS = 5_000;

export interface KeyHoldTarget {
  addEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void, options: { capture: boolean }): void;
  removeEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void, options: { capture: boolean }): void;
}

export interface KeyHoldDeps {
  /** where keys are caught: the window, before any other listener (the hold listens from its creation on) */
  target: KeyHoldTarget;
  /** hands one waiting key on as if it were typed now */
  replay?: (key: HeldKey) => void;
  /** runs `step` in a later task, after what the previous key set off (a render, a focus) has happened */
  nextTask?: (step: () => void) => void;
  now?: () => number;
}

const laterTask = (step: () => void) => {
  setTimeout(step, 0);
};

export function createKeyHold(deps: KeyHoldDeps): KeyHold {
  const replay = deps.replay ?? replayKey;
  const nextTask = deps.nextTask ?? laterTask;
  const now = deps.now ?? (() => Date.now());
  let waiting: HeldKey[] = [];
  /** the view being prepared, since when, and which keys it wants */
  let preparing: { since: number; wanted: (event: KeyEventLike) => boolean } | null = null;
  /** commands waiting for their preconditions (deferFrom) */
  let deferrals = 0;
  /** a hand-on step is scheduled or running */
  let pumping = false;
  /** the key being handed on now: its own event is not caught again */
  let replaying = false;
  let drainWaiters: (() => void)[] = [];
  const listeners = new Set<() => void>();

  const idle = () => preparing === null && deferrals === 0 && waiting.length === 0 && !pumping;
  const drainedNow = () => deferrals === 0 && !pumping && (preparing !== null || waiting.length === 0);

  const changed = () => {
    for (const listener of [...listeners]) listener();
    if (!drainedNow()) return;
    const waiters = drainWaiters;
    drainWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** A view prepared for too long: the keys typed for it are stale, and keys go through again. */
  const expirePreparing = () => {
    if (preparing === null || now() - preparing.since <= KEY_HOLD_LIMIT_MS) return;
    preparing = null;
    if (deferrals === 0) waiting = [];
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (replaying || event.defaultPrevented || event.isComposing) return;
    expirePreparing();
    // A key typed while others wait goes behind them, whatever it is and wherever the focus is now:
    // a search box the waiting keys opened may have the focus, but the Escape that closes it is
    // still waiting, and a key typed after that Escape is meant for what comes after it.
    const behindOthers = deferrals > 0 || waiting.length > 0 || pumping;
    if (!behindOthers && (preparing === null || !isCommandCandidate(event) || !preparing.wanted(event))) return;
    // Capture phase, first listener: no other listener sees the key now.
    event.preventDefault();
    event.stopImmediatePropagation();
    waiting.push(heldKeyOf(event));
    changed();
  };
  deps.target.addEventListener('keydown', onKeyDown, { capture: true });

  const step = () => {
    if (preparing !== null || deferrals > 0) {
      // paused: release() or the end of a deferral starts handing on again
      pumping = false;
      changed();
      return;
    }
    const key = waiting.shift();
    if (key === undefined) {
      pumping = false;
      changed();
      return;
    }
    replaying = true;
    try {
      replay(key);
    } catch (error) {
      console.error('A held key could not be handed on', error);
    } finally {
      replaying = false;
    }
    nextTask(step);
  };

  const holdFor = (until: Promise<unknown>) => {
    deferrals += 1;
    changed();
    const done = () => {
      deferrals -= 1;
      pump();
    };
    until.then(done, done);
  };

  const pump = () => {
    if (!pumping) {
      pumping = true;
      nextTask(step);
    }
    changed();
  };

  return {
    start(wanted) {
      expirePreparing();
      if (preparing !== null) {
        preparing.wanted = wanted;
        return;
      }
      preparing = { since: now(), wanted };
      changed();
    },
    release() {
      if (preparing === null) return;
      const stale = now() - preparing.since > KEY_HOLD_LIMIT_MS;
      preparing = null;
      if (stale && deferrals === 0) waiting = [];
      pump();
    },
    cancel() {
      if (preparing === null) return;
      preparing = null;
      if (deferrals === 0) waiting = [];
      pump();
    },
    deferFrom(key, until) {
      // first in line: keys typed after it are already behind it, or will be
      waiting.unshift(heldKeyOf(key));
      holdFor(until);
    },
    holdUntil: (until) => holdFor(until),
    holding: () => !idle(),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isDrained: drainedNow,
    drained: () => (drainedNow() ? Promise.resolve() : new Promise<void>((resolve) => drainWaiters.push(resolve))),
  };
}

function heldKeyOf(event: KeyEventLike): HeldKey {
  const { key, code = '', ctrlKey, metaKey, altKey, shiftKey, repeat = false } = event;
  return { key, code, ctrlKey, metaKey, altKey, shiftKey, repeat };
}

/** A key that types a character of its own (not a named key, no Ctrl/Cmd/Alt chord). */
const typesCharacter = (key: HeldKey) => [...key.key].length === 1 && !key.ctrlKey && !key.metaKey && !key.altKey;

/**
 * A waiting key sent again as a keydown to the focused element, so every listener bound at that
 * moment sees it as it would a typed key — the view's and any mode laid over it (the rubric panel
 * over review), in the order a typed key reaches them. A dispatched event has no default action,
 * so a character meant for a text box that has the focus by now (the search `/` opened) is typed
 * into it here, as the browser would have.
 */
export function replayKey(key: HeldKey, doc: Document = document): void {
  const focused = doc.activeElement instanceof HTMLElement ? doc.activeElement : doc.body;
  const notCancelled = focused.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }));
  if (!notCancelled || !isTypingTarget(focused)) return;
  if (typesCharacter(key)) doc.execCommand('insertText', false, key.key);
  else if (key.key === 'Backspace' && !key.ctrlKey && !key.metaKey) doc.execCommand('delete');
}

/** The app's hold: it listens on the window from the start, ahead of every view's and mode's listener. */
export const keyHold: KeyHold = typeof window === 'undefined'
  ? createKeyHold({ target: { addEventListener: () => undefined, removeEventListener: () => undefined } })
  : createKeyHold({ target: window });
