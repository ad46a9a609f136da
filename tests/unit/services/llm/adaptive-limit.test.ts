import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdaptiveLimit, checkConcurrency, DEFAULT_RATE_LIMIT_PAUSE_MS, type Permit } from '../../../../electron/services/llm/adaptive-limit';

/** Lets granted permits' promise callbacks run. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => undefined);

/** Asks for `count` permits and records each one as it is granted. */
function ask(limit: AdaptiveLimit, count: number, granted: Permit[], signal?: AbortSignal): Promise<unknown>[] {
  return Array.from({ length: count }, () => limit.acquire(signal).then((permit) => void granted.push(permit)));
}

describe('the adaptive concurrency limit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('grants at most its limit at once, first come first served', async () => {
    const limit = new AdaptiveLimit({ start: 3, min: 1, max: 8 });
    const granted: Permit[] = [];
    ask(limit, 5, granted);
    await settle();
    expect(granted.length).toBe(3);
    expect(limit.inFlight).toBe(3);
    expect(limit.queued).toBe(2);
    granted[0].release();
    granted[0].release(); // a second release of the same permit frees nothing more
    await settle();
    expect(granted.length).toBe(4);
    expect(limit.inFlight).toBe(3);
  });

  it('a 429 halves the limit and holds every new call for the wait asked, then lets them through', async () => {
    const limit = new AdaptiveLimit({ start: 8, min: 1, max: 8 });
    const first: Permit[] = [];
    ask(limit, 8, first);
    await settle();
    limit.rateLimited(2000);
    expect(limit.limit).toBe(4);
    for (const permit of first) permit.release();
    const later: Permit[] = [];
    ask(limit, 6, later);
    await settle();
    expect(later.length).toBe(0);
    await vi.advanceTimersByTimeAsync(1999);
    expect(later.length).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(later.length).toBe(4);
  });

  it('a 429 without a wait holds new calls for the default pause; the limit never falls below its least', async () => {
    const limit = new AdaptiveLimit({ start: 2, min: 2, max: 4 });
    limit.rateLimited(null);
    expect(limit.limit).toBe(2);
    expect(limit.holdUntil).toBe(DEFAULT_RATE_LIMIT_PAUSE_MS);
  });

  it('grows by one after as many successes in a row as the limit, up to the most; a 429 restarts the count', () => {
    const limit = new AdaptiveLimit({ start: 2, min: 1, max: 4 });
    limit.succeeded();
    expect(limit.limit).toBe(2);
    limit.succeeded();
    expect(limit.limit).toBe(3);
    limit.succeeded();
    limit.succeeded();
    limit.rateLimited(0);
    expect(limit.limit).toBe(1);
    limit.succeeded();
    expect(limit.limit).toBe(2);
    for (let i = 0; i < 20; i++) limit.succeeded();
    expect(limit.limit).toBe(4);
  });

  it('an allowance running low lowers the limit by one, and a spent one holds calls until it resets', async () => {
    const limit = new AdaptiveLimit({ start: 4, min: 1, max: 4 });
    limit.allowanceLow(null);
    expect(limit.limit).toBe(3);
    expect(limit.holdUntil).toBe(0);
    limit.allowanceLow(500);
    expect(limit.limit).toBe(2);
    const granted: Permit[] = [];
    ask(limit, 1, granted);
    await vi.advanceTimersByTimeAsync(499);
    expect(granted.length).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted.length).toBe(1);
  });

  it('a call cancelled while waiting leaves the queue and is refused; refuseAll refuses every waiting call', async () => {
    const limit = new AdaptiveLimit({ start: 1, min: 1, max: 1 });
    const granted: Permit[] = [];
    ask(limit, 1, granted);
    const controller = new AbortController();
    const cancelled = limit.acquire(controller.signal);
    const other = limit.acquire();
    controller.abort();
    await expect(cancelled).rejects.toThrow(/cancelled/);
    expect(limit.queued).toBe(1);
    limit.refuseAll(new Error('quitting'));
    await expect(other).rejects.toThrow('quitting');
    await expect(limit.acquire(controller.signal)).rejects.toThrow(/cancelled/);
  });

  it('refuses settings that cannot work, with the reason', () => {
    expect(checkConcurrency({ start: 2, min: 1, max: 4 })).toBeNull();
    expect(checkConcurrency({ start: 0, min: 1, max: 4 })).toMatch(/at least 1/);
    expect(checkConcurrency({ start: 2, min: 3, max: 2 })).toMatch(/above the most/);
    expect(checkConcurrency({ start: 5, min: 1, max: 4 })).toMatch(/outside 1–4/);
    expect(() => new AdaptiveLimit({ start: 1.5, min: 1, max: 4 })).toThrow(/whole numbers/);
  });
});
