/**
 * The renderer's half of the close handshake and the page-lifecycle flushes
 * (renderer/src/hooks/unsaved-work-guards.ts), with the flush, main and the page as fakes.
 */
import { describe, expect, it, vi } from 'vitest';
import type { EventMap, ReadyToCloseArgs } from '../../../../shared/ipc/contract';
import { installUnsavedWorkGuards, type UnsavedWorkGuardDeps } from '../../../../renderer/src/hooks/unsaved-work-guards';
import type { FlushOutcome } from '../../../../renderer/src/stores/review/flush-all';

function harness(options: { flush?: () => Promise<FlushOutcome>; unsaved?: boolean; earlierError?: string | null; backupOnQuit?: () => Promise<string | null> } = {}) {
  const answers: ReadyToCloseArgs[] = [];
  const closeListeners = new Set<(request: EventMap['app.beforeClose']) => void>();
  const page = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const state = { unsaved: options.unsaved ?? false, earlierError: options.earlierError ?? null };
  const flushAll = vi.fn(options.flush ?? (async (): Promise<FlushOutcome> => ({ flushed: true })));
  const reportError = vi.fn();
  let answered: () => void = () => undefined;
  const pendingListeners = new Set<(pendingWrites: number) => void>();
  const reports: number[] = [];
  const deps: UnsavedWorkGuardDeps = {
    flushAll,
    hasUnsavedWork: () => state.unsaved,
    unacknowledgedSaveError: () => state.earlierError,
    onBeforeClose: (listener) => {
      closeListeners.add(listener);
      return () => void closeListeners.delete(listener);
    },
    answerClose: async (answer) => {
      answers.push(answer);
      answered();
      return { accepted: true };
    },
    subscribePendingWrites: (listener) => {
      listener(0);
      pendingListeners.add(listener);
      return () => void pendingListeners.delete(listener);
    },
    reportUnsavedWork: async (report) => {
      reports.push(report.pendingWrites);
      return { accepted: true };
    },
    window: page,
    document: doc,
    reportError,
    ...(options.backupOnQuit ? { backupOnQuit: options.backupOnQuit } : {}),
  };
  const uninstall = installUnsavedWorkGuards(deps);
  return {
    answers,
    reports,
    /** the review queue's count changes */
    setPending(pendingWrites: number) {
      for (const listener of pendingListeners) listener(pendingWrites);
    },
    flushAll,
    reportError,
    state,
    page,
    doc,
    uninstall,
    closeListeners,
    /** main asks; resolves with the renderer's answer */
    requestClose(requestId: string): Promise<ReadyToCloseArgs> {
      const next = new Promise<ReadyToCloseArgs>((resolve) => {
        answered = () => resolve(answers[answers.length - 1]);
      });
      for (const listener of closeListeners) listener({ requestId });
      return next;
    },
    beforeUnload(): Event {
      const event = new Event('beforeunload', { cancelable: true });
      page.dispatchEvent(event);
      return event;
    },
  };
}

describe('close handshake (renderer side)', () => {
  it('flushes, then answers main with the same request id', async () => {
    let resolveFlush!: (outcome: FlushOutcome) => void;
    const h = harness({ flush: () => new Promise((resolve) => (resolveFlush = resolve)) });

    const answer = h.requestClose('close-9');
    await Promise.resolve();
    expect(h.flushAll).toHaveBeenCalledTimes(1);
    // Not before the flush has finished.
    expect(h.answers).toEqual([]);

    resolveFlush({ flushed: true });
    expect(await answer).toEqual({ requestId: 'close-9', flushed: true });
  });

  it('backs up after the flush before answering, and a failed backup is reported to main, not dropped', async () => {
    const order: string[] = [];
    const ok = harness({ flush: async () => (order.push('flush'), { flushed: true }), backupOnQuit: async () => (order.push('backup'), null) });
    expect(await ok.requestClose('close-b1')).toEqual({ requestId: 'close-b1', flushed: true });
    expect(order).toEqual(['flush', 'backup']);
    const failed = harness({ backupOnQuit: async () => 'The backup on quit failed: disk full' });
    expect(await failed.requestClose('close-b2')).toEqual({ requestId: 'close-b2', flushed: false, error: 'The backup on quit failed: disk full' });
    const thrown = harness({ backupOnQuit: () => Promise.reject(new Error('ENOSPC')) });
    expect(await thrown.requestClose('close-b3')).toEqual({ requestId: 'close-b3', flushed: false, error: 'ENOSPC' });
  });

  it('passes a failed flush on with its reason', async () => {
    const h = harness({ flush: async () => ({ flushed: false, error: 'QuotaExceededError' }) });
    expect(await h.requestClose('close-1')).toEqual({ requestId: 'close-1', flushed: false, error: 'QuotaExceededError' });
  });

  it('answers even when the flush throws', async () => {
    const h = harness({ flush: () => Promise.reject(new Error('Database has been closed')) });
    expect(await h.requestClose('close-2')).toEqual({ requestId: 'close-2', flushed: false, error: 'Database has been closed' });
  });

  it('mentions an earlier failed write the user has not dismissed, so closing is a choice', async () => {
    const h = harness({ earlierError: 'disk full' });
    const answer = await h.requestClose('close-3');
    expect(answer.flushed).toBe(false);
    expect(answer.error).toContain('disk full');
  });

  it('stops answering once uninstalled', () => {
    const h = harness();
    h.uninstall();
    expect(h.closeListeners.size).toBe(0);
  });
});

describe('leaving the page', () => {
  it('never asks before unloading when nothing is pending', () => {
    const h = harness({ unsaved: false });
    expect(h.beforeUnload().defaultPrevented).toBe(false);
    expect(h.flushAll).not.toHaveBeenCalled();
  });

  it('asks before unloading while work is pending, and starts saving it meanwhile', () => {
    const h = harness({ unsaved: true });
    expect(h.beforeUnload().defaultPrevented).toBe(true);
    expect(h.flushAll).toHaveBeenCalledTimes(1);
  });

  it('flushes when the page is hidden or left, not when it becomes visible', () => {
    const h = harness();
    h.doc.dispatchEvent(new Event('visibilitychange'));
    expect(h.flushAll).not.toHaveBeenCalled();

    h.doc.visibilityState = 'hidden';
    h.doc.dispatchEvent(new Event('visibilitychange'));
    h.page.dispatchEvent(new Event('pagehide'));
    expect(h.flushAll).toHaveBeenCalledTimes(2);
  });

  it('reports a flush that throws while leaving instead of leaving it unhandled', async () => {
    const h = harness({ flush: () => Promise.reject(new Error('boom')), unsaved: true });
    h.page.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(h.reportError).toHaveBeenCalledTimes(1));
  });

  it('removes its listeners when uninstalled', () => {
    const h = harness({ unsaved: true });
    h.uninstall();
    expect(h.beforeUnload().defaultPrevented).toBe(false);
    h.page.dispatchEvent(new Event('pagehide'));
    expect(h.flushAll).not.toHaveBeenCalled();
  });

  it('tells main every change of the number of queued writes, the latest count last', async () => {
    const h = harness();
    await vi.waitFor(() => expect(h.reports).toEqual([0]));
    h.setPending(1);
    h.setPending(2);
    h.setPending(3);
    await vi.waitFor(() => expect(h.reports.at(-1)).toBe(3));
    h.setPending(0);
    await vi.waitFor(() => expect(h.reports.at(-1)).toBe(0));
    // one report in flight at a time: intermediate counts may be skipped, never reordered or repeated
    expect(h.reports[0]).toBe(0);
    expect(h.reports.indexOf(3)).toBeGreaterThan(0);
    expect(h.reports.indexOf(3)).toBeLessThan(h.reports.lastIndexOf(0));
    expect(h.reports.some((count, index) => index > 0 && h.reports[index - 1] === count)).toBe(false);
    h.uninstall();
    h.setPending(5);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.reports.at(-1)).toBe(0);
  });
});
