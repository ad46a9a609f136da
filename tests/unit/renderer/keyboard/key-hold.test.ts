/**
 * Keys waiting their turn (renderer/src/keyboard/key-hold.ts): held in order while a view is
 * prepared or while a command waits for earlier writes, handed on one per task once nothing holds
 * them, kept for the next view when one of them opened it, dropped when stale.
 */
import { describe, expect, it } from 'vitest';
import { createKeyHold, KEY_HOLD_LIMIT_MS, type HeldKey, type KeyHold, type KeyHoldTarget } from '../../../../renderer/src/keyboard/key-hold';
import type { KeyEventLike } from '../../../../renderer/src/keyboard/key-match';

function keyEvent(key: string, onTaken: () => void, repeat = false, target: unknown = null): KeyboardEvent {
  return {
    key,
    code: /^[a-z]$/.test(key) ? `Key${key.toUpperCase()}` : '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    repeat,
    isComposing: false,
    target,
    defaultPrevented: false,
    preventDefault: () => undefined,
    stopImmediatePropagation: onTaken,
  } as unknown as KeyboardEvent;
}

/**
 * A window with the hold's listener and the app's handler behind it: a key the hold does not take
 * reaches `handle`, as does every key the hold hands on.
 */
function fakePage(handle: (key: string, hold: KeyHold, event: KeyEventLike) => void = () => undefined) {
  let listener: ((event: KeyboardEvent) => void) | null = null;
  const target: KeyHoldTarget = {
    addEventListener: (_type, next) => {
      listener = next;
    },
    removeEventListener: (_type, next) => {
      if (listener === next) listener = null;
    },
  };
  const tasks: (() => void)[] = [];
  let clock = 0;
  const seen: string[] = [];
  const hold: KeyHold = createKeyHold({
    target,
    now: () => clock,
    nextTask: (step) => tasks.push(step),
    replay: (key: HeldKey) => {
      seen.push(key.key);
      handle(key.key, hold, key);
    },
  });
  /** a key press; true when the hold took it (no other listener saw it) */
  const press = (key: string, repeat = false, target: unknown = null): boolean => {
    let taken = false;
    const event = keyEvent(key, () => {
      taken = true;
    }, repeat, target);
    listener?.(event);
    if (!taken) {
      seen.push(key);
      handle(key, hold, event);
    }
    return taken;
  };
  /** runs the tasks the hold scheduled, as the browser would between key presses; returns how many ran */
  const runTasks = (limit = 100): number => {
    let ran = 0;
    while (tasks.length > 0 && ran < limit) {
      tasks.shift()!();
      ran += 1;
    }
    return ran;
  };
  return { hold, press, runTasks, seen, pendingTasks: () => tasks.length, advance: (ms: number) => (clock += ms) };
}

const all = () => true;

describe('key hold', () => {
  it('holds keys while a view is prepared and hands them on in order, one per task, once it is ready', () => {
    const page = fakePage();
    page.hold.start(all);
    expect([page.press('j'), page.press('a'), page.press('v')]).toEqual([true, true, true]);
    expect(page.seen).toEqual([]);
    page.hold.release();
    // nothing is handed on in the release itself: the view's first render and effects come first
    expect(page.seen).toEqual([]);
    page.runTasks(1);
    expect(page.seen).toEqual(['j']);
    page.runTasks(1);
    expect(page.seen).toEqual(['j', 'a']);
    page.runTasks();
    expect(page.seen).toEqual(['j', 'a', 'v']);
    expect(page.hold.holding()).toBe(false);
    expect(page.press('k')).toBe(false);
  });

  it('a key typed while held keys are being handed on goes behind them', () => {
    const page = fakePage();
    page.hold.start(all);
    page.press('a');
    page.press('b');
    page.hold.release();
    page.runTasks(1);
    expect(page.press('c')).toBe(true);
    page.runTasks();
    expect(page.seen).toEqual(['a', 'b', 'c']);
  });

  it('keeps the keys after one that opened another view for that view, with what is typed meanwhile', () => {
    const page = fakePage((key, hold) => {
      if (key === 'n') hold.start(all);
    });
    page.hold.start(all);
    for (const key of ['a', 'n', 'v', 'v']) page.press(key);
    page.hold.release();
    page.runTasks();
    expect(page.seen).toEqual(['a', 'n']);
    expect(page.hold.holding()).toBe(true);
    expect(page.press('j')).toBe(true);
    page.hold.release();
    page.runTasks();
    expect(page.seen).toEqual(['a', 'n', 'v', 'v', 'j']);
    expect(page.hold.holding()).toBe(false);
  });

  it('drops the keys of a view that will not come, and keys older than the limit', () => {
    const page = fakePage();
    page.hold.start(all);
    page.press('a');
    page.hold.cancel();
    page.runTasks();
    expect(page.seen).toEqual([]);
    expect(page.hold.holding()).toBe(false);

    page.hold.start(all);
    page.press('a');
    page.advance(KEY_HOLD_LIMIT_MS + 1);
    page.hold.release();
    page.runTasks();
    expect(page.seen).toEqual([]);
  });

  it('lets keys the view being prepared does not want through', () => {
    const page = fakePage();
    page.hold.start((event) => event.key !== '?');
    expect(page.press('?')).toBe(false);
    expect(page.press('a')).toBe(true);
  });

  it('a command that must wait holds its own key and every key after it until it may act, then they come in order', async () => {
    let stored: () => void = () => undefined;
    let ready = false;
    const acted: string[] = [];
    const page = fakePage((key, hold, event) => {
      if (key === 'z' && !ready) {
        hold.deferFrom(event, new Promise<void>((resolve) => (stored = resolve)));
        return;
      }
      acted.push(key);
    });
    page.press('a');
    expect(page.press('z')).toBe(false);
    expect([page.press('v'), page.press('j')]).toEqual([true, true]);
    page.runTasks();
    expect(acted).toEqual(['a']);
    expect(page.hold.holding()).toBe(true);

    ready = true;
    stored();
    await Promise.resolve();
    page.runTasks();
    expect(acted).toEqual(['a', 'z', 'v', 'j']);
    expect(page.hold.holding()).toBe(false);
    await page.hold.drained();
  });

  it('a handed-on key that still cannot act waits again, first in line', async () => {
    const gates: (() => void)[] = [];
    let waitsLeft = 2;
    const acted: string[] = [];
    const page = fakePage((key, hold, event) => {
      if (key === 'z' && waitsLeft > 0) {
        waitsLeft -= 1;
        hold.deferFrom(event, new Promise<void>((resolve) => gates.push(resolve)));
        return;
      }
      acted.push(key);
    });
    page.press('z');
    page.press('v');
    gates.shift()!();
    await Promise.resolve();
    page.runTasks();
    expect(acted).toEqual([]);
    page.press('j');
    gates.shift()!();
    await Promise.resolve();
    page.runTasks();
    expect(acted).toEqual(['z', 'v', 'j']);
  });

  it('something done without a key (a button) that must wait holds the keys pressed meanwhile until it has acted', async () => {
    const acted: string[] = [];
    const page = fakePage((key) => acted.push(key));
    let clicked: () => void = () => undefined;
    page.hold.holdUntil(new Promise<void>((resolve) => (clicked = resolve)).then(() => acted.push('click')));
    expect([page.press('j'), page.press('v')]).toEqual([true, true]);
    page.runTasks();
    expect(acted).toEqual([]);
    clicked();
    await Promise.resolve();
    await Promise.resolve();
    page.runTasks();
    expect(acted).toEqual(['click', 'j', 'v']);
  });

  it('a key typed into a text box while keys wait goes behind them: the Escape that closes the box is still waiting', async () => {
    const searchBox = { tagName: 'INPUT', type: 'text' };
    const acted: string[] = [];
    let release: () => void = () => undefined;
    let waited = false;
    const page = fakePage((key, hold, event) => {
      if (key === 'z' && !waited) {
        waited = true;
        hold.deferFrom(event, new Promise<void>((resolve) => (release = resolve)));
        return;
      }
      acted.push(key);
    });
    // nothing waits: a character typed into the box is the box's
    expect(page.press('t', false, searchBox)).toBe(false);
    page.press('z', false, searchBox);
    expect(page.press('Escape', false, searchBox)).toBe(true);
    expect(page.press('n', false, searchBox)).toBe(true);
    release();
    await Promise.resolve();
    page.runTasks();
    expect(acted).toEqual(['t', 'z', 'Escape', 'n']);
  });

  it('a flood of keys typed while a command waits is handed on whole and in order, auto-repeat marks kept', async () => {
    const acted: { key: string; repeat: boolean }[] = [];
    let release: () => void = () => undefined;
    let waited = false;
    const page = fakePage((key, hold, event) => {
      if (key === 'z' && !waited) {
        waited = true;
        hold.deferFrom(event, new Promise<void>((resolve) => (release = resolve)));
        return;
      }
      acted.push({ key, repeat: event.repeat === true });
    });
    page.press('z');
    const flood = Array.from({ length: 2000 }, (_, index) => 'jkav'[index % 4]);
    // a held-down j repeats: its repeat mark goes with it, so a command that must not repeat still knows
    flood.forEach((key, index) => page.press(key, key === 'j' && index % 8 === 0));
    release();
    await Promise.resolve();
    page.runTasks(5000);
    expect(acted.map((entry) => entry.key)).toEqual(['z', ...flood]);
    expect(acted.filter((entry) => entry.repeat).length).toBe(250);
    expect(page.hold.holding()).toBe(false);
  });

  it('a wait that fails still lets the keys go on, and drained() waits for the last one', async () => {
    const acted: string[] = [];
    let fail: (error: Error) => void = () => undefined;
    let failed = false;
    const page = fakePage((key, hold, event) => {
      if (key === 'z' && !failed) {
        failed = true;
        hold.deferFrom(event, new Promise<void>((_resolve, reject) => (fail = reject)));
        return;
      }
      acted.push(key);
    });
    page.press('z');
    page.press('k');
    let drained = false;
    void page.hold.drained().then(() => (drained = true));
    fail(new Error('disk full'));
    await Promise.resolve();
    await Promise.resolve();
    page.runTasks();
    await Promise.resolve();
    expect(acted).toEqual(['z', 'k']);
    expect(drained).toBe(true);
  });
});
