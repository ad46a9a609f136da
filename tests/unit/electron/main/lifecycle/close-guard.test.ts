import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BeforeCloseRequest } from '../../../../../shared/ipc/contract';
import { createCloseGuard, DEFAULT_CLOSE_TIMEOUT_MS, type CloseVerdict } from '../../../../../electron/main/lifecycle/close-guard';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts a request and keeps what was sent and how it ended. */
function start(guard: ReturnType<typeof createCloseGuard>, options?: { timeoutMs?: number }) {
  const sent: BeforeCloseRequest[] = [];
  let verdict: CloseVerdict | undefined;
  const done = guard.request((request) => void sent.push(request), options).then((result) => {
    verdict = result;
    return result;
  });
  return { sent, done, verdict: () => verdict };
}

describe('close guard', () => {
  it('sends a request id and resolves with the answer given for that id', async () => {
    const guard = createCloseGuard({ nextRequestId: () => 'r-1' });
    const request = start(guard);

    expect(request.sent).toEqual([{ requestId: 'r-1' }]);
    expect(guard.pending()).toBe(1);
    expect(guard.answer({ requestId: 'r-1', flushed: true })).toBe(true);

    expect(await request.done).toEqual({ outcome: 'flushed' });
    expect(guard.pending()).toBe(0);
  });

  it("passes on a failure with the renderer's reason", async () => {
    const guard = createCloseGuard({ nextRequestId: () => 'r-1' });
    const request = start(guard);
    guard.answer({ requestId: 'r-1', flushed: false, error: 'disk full' });
    expect(await request.done).toEqual({ outcome: 'failed', error: 'disk full' });
  });

  it('still reports a failure that came without a reason', async () => {
    const guard = createCloseGuard({ nextRequestId: () => 'r-1' });
    const request = start(guard);
    guard.answer({ requestId: 'r-1', flushed: false, error: '  ' });
    expect(await request.done).toEqual({ outcome: 'failed', error: 'The app did not say why.' });
  });

  it('waits the default 10 s, not a moment less, then gives up', async () => {
    const guard = createCloseGuard();
    const request = start(guard);

    await vi.advanceTimersByTimeAsync(DEFAULT_CLOSE_TIMEOUT_MS - 1);
    expect(request.verdict()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);

    expect(request.verdict()).toEqual({ outcome: 'timed-out', afterMs: 10_000 });
    expect(guard.pending()).toBe(0);
  });

  it('refuses an answer that comes after the timeout, and one for an unknown id', async () => {
    const guard = createCloseGuard({ timeoutMs: 50, nextRequestId: () => 'r-late' });
    const request = start(guard);
    await vi.advanceTimersByTimeAsync(50);
    expect(await request.done).toEqual({ outcome: 'timed-out', afterMs: 50 });

    expect(guard.answer({ requestId: 'r-late', flushed: true })).toBe(false);
    expect(guard.answer({ requestId: 'never-asked', flushed: true })).toBe(false);
  });

  it('counts only the first answer to a request', async () => {
    const guard = createCloseGuard({ nextRequestId: () => 'r-1' });
    const request = start(guard);
    expect(guard.answer({ requestId: 'r-1', flushed: false, error: 'first' })).toBe(true);
    expect(guard.answer({ requestId: 'r-1', flushed: true })).toBe(false);
    expect(await request.done).toEqual({ outcome: 'failed', error: 'first' });
  });

  it('keeps concurrent requests apart: each answer settles its own request only', async () => {
    let n = 0;
    const guard = createCloseGuard({ timeoutMs: 100, nextRequestId: () => `r-${++n}` });
    const first = start(guard);
    const second = start(guard, { timeoutMs: 1_000 });

    guard.answer({ requestId: 'r-2', flushed: true });
    expect(await second.done).toEqual({ outcome: 'flushed' });
    expect(first.verdict()).toBeUndefined();

    await vi.advanceTimersByTimeAsync(100);
    expect(first.verdict()).toEqual({ outcome: 'timed-out', afterMs: 100 });
  });

  it('resolves as unreachable at once when the request cannot be sent, without waiting for the timeout', async () => {
    const guard = createCloseGuard();
    const thrown = await guard.request(() => {
      throw new Error('the page is no longer running');
    });
    expect(thrown).toEqual({ outcome: 'unreachable', error: 'the page is no longer running' });

    const rejected = guard.request(() => Promise.reject(new Error('Target page has been closed')));
    await vi.advanceTimersByTimeAsync(0);
    expect(await rejected).toEqual({ outcome: 'unreachable', error: 'Target page has been closed' });
    expect(guard.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind once answered', async () => {
    const guard = createCloseGuard({ nextRequestId: () => 'r-1' });
    const request = start(guard);
    expect(vi.getTimerCount()).toBe(1);
    guard.answer({ requestId: 'r-1', flushed: true });
    await request.done;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives every request a fresh id by default', () => {
    const guard = createCloseGuard();
    const first = start(guard);
    const second = start(guard);
    expect(first.sent[0].requestId).not.toBe(second.sent[0].requestId);
  });
});
