/**
 * Keys typed while a view loads (renderer/src/keyboard/key-hold.ts): held in order, handed over
 * when the view is ready, kept for the next view when one of them opened it, dropped when stale.
 */
import { describe, expect, it } from 'vitest';
import { createKeyHold, KEY_HOLD_LIMIT_MS, type HeldKey, type KeyHoldTarget } from '../../../../renderer/src/keyboard/key-hold';

function fakeWindow() {
  let listener: ((event: KeyboardEvent) => void) | null = null;
  const target: KeyHoldTarget = {
    addEventListener: (_type, next) => {
      listener = next;
    },
    removeEventListener: (_type, next) => {
      if (listener === next) listener = null;
    },
  };
  /** a key press; true when the hold took it (no other listener would see it) */
  const press = (key: string): boolean => {
    let taken = false;
    const event = {
      key,
      code: /^[a-z]$/.test(key) ? `Key${key.toUpperCase()}` : '',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      repeat: false,
      isComposing: false,
      target: null,
      defaultPrevented: false,
      preventDefault: () => undefined,
      stopImmediatePropagation: () => {
        taken = true;
      },
    } as unknown as KeyboardEvent;
    listener?.(event);
    return taken;
  };
  return { target, press, listening: () => listener !== null };
}

const all = () => true;

describe('key hold', () => {
  it('holds keys in order and hands them over once, then stops listening', () => {
    const page = fakeWindow();
    const hold = createKeyHold(page.target);
    hold.start(all);
    expect([page.press('j'), page.press('a'), page.press('v')]).toEqual([true, true, true]);
    const seen: string[] = [];
    hold.release((key: HeldKey) => {
      seen.push(key.key);
      return 'next';
    });
    expect(seen).toEqual(['j', 'a', 'v']);
    expect(page.listening()).toBe(false);
    expect(page.press('k')).toBe(false);
  });

  it('keeps the keys after one that opened another view for that view, with what is typed meanwhile', () => {
    const page = fakeWindow();
    const hold = createKeyHold(page.target);
    hold.start(all);
    for (const key of ['a', 'n', 'v', 'v']) page.press(key);
    const first: string[] = [];
    hold.release((key) => {
      first.push(key.key);
      return key.key === 'n' ? 'hold-rest' : 'next';
    });
    expect(first).toEqual(['a', 'n']);
    expect(hold.holding()).toBe(true);
    page.press('j');
    hold.start(all);
    const second: string[] = [];
    hold.release((key) => {
      second.push(key.key);
      return 'next';
    });
    expect(second).toEqual(['v', 'v', 'j']);
    expect(hold.holding()).toBe(false);
  });

  it('drops the rest when the view they were typed for is gone, and keys older than the limit', () => {
    const page = fakeWindow();
    let clock = 0;
    const hold = createKeyHold(page.target, () => clock);
    hold.start(all);
    for (const key of ['a', 'v']) page.press(key);
    const seen: string[] = [];
    hold.release((key) => {
      seen.push(key.key);
      return 'drop-rest';
    });
    expect(seen).toEqual(['a']);
    expect(hold.holding()).toBe(false);

    hold.start(all);
    page.press('a');
    clock = KEY_HOLD_LIMIT_MS + 1;
    const late: string[] = [];
    hold.release((key) => {
      late.push(key.key);
      return 'next';
    });
    expect(late).toEqual([]);
  });

  it('lets keys it does not want through', () => {
    const page = fakeWindow();
    const hold = createKeyHold(page.target);
    hold.start((event) => event.key !== '?');
    expect(page.press('?')).toBe(false);
    expect(page.press('a')).toBe(true);
  });
});
