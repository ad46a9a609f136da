/**
 * Closing a window and quitting, as index.ts wires them: a fake window whose close() fires the
 * flow's close listener, a real close guard on fake timers, and a scripted renderer and user.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BeforeCloseRequest, ReadyToCloseArgs } from '../../../../../shared/ipc/contract';
import {
  createQuitCoordinator,
  createWindowCloseFlow,
  decideAfterHandshake,
  type QuitCoordinator,
} from '../../../../../electron/main/lifecycle/close-flow';
import { createCloseGuard, type CloseGuard } from '../../../../../electron/main/lifecycle/close-guard';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

type RendererScript = (request: BeforeCloseRequest) => Omit<ReadyToCloseArgs, 'requestId'> | 'silent' | 'gone';

interface Harness {
  guard: CloseGuard;
  requests: BeforeCloseRequest[];
  asked: string[];
  /** pending-write counts the "still saving" box was shown with */
  askedToWait: number[];
  logs: string[];
  stays: number;
  closed: boolean;
  /** the user (or the OS) closes the window; true when the close went through */
  close(): boolean;
  flow: ReturnType<typeof createWindowCloseFlow>;
}

interface HarnessOptions {
  renderer: RendererScript;
  closeAnyway?: boolean | Error;
  coordinator?: () => QuitCoordinator;
  /** what the renderer last reported as queued; null: never reported */
  pendingWrites?: () => number | null;
  /** the user's answers to the "still saving" box, in order */
  waitAnswers?: ('wait' | 'close')[];
}

function harness(options: HarnessOptions): Harness {
  const guard = createCloseGuard({ timeoutMs: 10_000 });
  const h: Harness = {
    guard,
    requests: [],
    asked: [],
    askedToWait: [],
    logs: [],
    stays: 0,
    closed: false,
    close() {
      let prevented = false;
      h.flow.onClose({ preventDefault: () => void (prevented = true) });
      if (!prevented) h.closed = true;
      return !prevented;
    },
    flow: createWindowCloseFlow({
      guard,
      notifyRenderer: (request) => {
        h.requests.push(request);
        const reply = options.renderer(request);
        if (reply === 'gone') throw new Error('the page is no longer running');
        // The renderer answers asynchronously, as over IPC.
        if (reply !== 'silent') queueMicrotask(() => guard.answer({ requestId: request.requestId, ...reply }));
      },
      confirmCloseAnyway: async (error) => {
        h.asked.push(error);
        if (options.closeAnyway instanceof Error) throw options.closeAnyway;
        return options.closeAnyway ?? false;
      },
      unsavedWork: () => {
        const pendingWrites = options.pendingWrites?.() ?? null;
        return pendingWrites === null ? null : { pendingWrites };
      },
      confirmWaitOrClose: async (pendingWrites) => {
        h.askedToWait.push(pendingWrites);
        return options.waitAnswers?.shift() ?? 'wait';
      },
      closeWindow: () => void h.close(),
      onStay: () => {
        h.stays += 1;
        options.coordinator?.().onStay();
      },
      log: (message) => void h.logs.push(message),
    }),
  };
  return h;
}

describe('decideAfterHandshake', () => {
  it('closes unless the renderer reported work it could not save', () => {
    expect(decideAfterHandshake({ outcome: 'flushed' }, null)).toEqual({ action: 'close' });
    expect(decideAfterHandshake({ outcome: 'timed-out', afterMs: 10_000 }, null)).toEqual({ action: 'close' });
    expect(decideAfterHandshake({ outcome: 'timed-out', afterMs: 10_000 }, { pendingWrites: 0 })).toEqual({ action: 'close' });
    expect(decideAfterHandshake({ outcome: 'unreachable', error: 'gone' }, { pendingWrites: 3 })).toEqual({ action: 'close' });
    expect(decideAfterHandshake({ outcome: 'failed', error: 'disk full' }, null)).toEqual({ action: 'ask', error: 'disk full' });
  });

  it('asks to wait, never closing silently, when the renderer does not answer while writes are queued', () => {
    expect(decideAfterHandshake({ outcome: 'timed-out', afterMs: 10_000 }, { pendingWrites: 3 })).toEqual({ action: 'ask-wait', pendingWrites: 3 });
  });
});

describe('window close flow', () => {
  it('holds the first close back until the renderer has saved, then closes without asking', async () => {
    const h = harness({ renderer: () => ({ flushed: true }) });

    expect(h.close()).toBe(false);
    expect(h.flow.state()).toBe('checking');
    expect(h.requests).toHaveLength(1);

    await h.flow.settled();
    expect(h.closed).toBe(true);
    expect(h.flow.state()).toBe('closing');
    expect(h.asked).toEqual([]);
  });

  it('ignores further close attempts while it waits, sending no second request', async () => {
    const h = harness({ renderer: () => 'silent' });
    h.close();
    expect(h.close()).toBe(false);
    expect(h.close()).toBe(false);
    expect(h.requests).toHaveLength(1);
    expect(h.guard.pending()).toBe(1);
  });

  it('asks the user when the renderer could not save; "Stay" keeps the window, and a later close asks the renderer again', async () => {
    const h = harness({ renderer: () => ({ flushed: false, error: 'QuotaExceededError: the disk is full' }), closeAnyway: false });

    h.close();
    await h.flow.settled();
    expect(h.asked).toEqual(['QuotaExceededError: the disk is full']);
    expect(h.closed).toBe(false);
    expect(h.flow.state()).toBe('open');
    expect(h.stays).toBe(1);

    h.close();
    await h.flow.settled();
    expect(h.requests).toHaveLength(2);
    expect(h.asked).toHaveLength(2);
  });

  it('closes when the user chooses "Close anyway"', async () => {
    const h = harness({ renderer: () => ({ flushed: false, error: 'disk full' }), closeAnyway: true });
    h.close();
    await h.flow.settled();
    expect(h.asked).toEqual(['disk full']);
    expect(h.closed).toBe(true);
    expect(h.stays).toBe(0);
  });

  it('asks "wait or close and lose N" when the renderer does not answer with writes queued; Wait asks the renderer again', async () => {
    let pending = 4;
    let answers = 0;
    const h = harness({
      // silent the first time; the second handshake finds the writes stored
      renderer: () => (answers++ === 0 ? 'silent' : { flushed: true }),
      pendingWrites: () => pending,
      waitAnswers: ['wait'],
    });
    h.close();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(h.askedToWait).toEqual([]);
    expect(h.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.askedToWait).toEqual([4]);
    pending = 0;
    await h.flow.settled();
    expect(h.requests).toHaveLength(2);
    expect(h.closed).toBe(true);
    expect(h.logs.join('\n')).toContain('4 queued writes');
  });

  it('closes when the user chooses "Close and lose N" after the renderer did not answer', async () => {
    const h = harness({ renderer: () => 'silent', pendingWrites: () => 2, waitAnswers: ['wait', 'close'] });
    h.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.askedToWait).toEqual([2]);
    await vi.advanceTimersByTimeAsync(10_000);
    await h.flow.settled();
    expect(h.askedToWait).toEqual([2, 2]);
    expect(h.requests).toHaveLength(2);
    expect(h.closed).toBe(true);
  });

  it('closes after the bounded wait when the renderer never answers, and says so in the log', async () => {
    const h = harness({ renderer: () => 'silent' });
    h.close();

    await vi.advanceTimersByTimeAsync(9_999);
    expect(h.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await h.flow.settled();

    expect(h.closed).toBe(true);
    expect(h.asked).toEqual([]);
    expect(h.logs.join('\n')).toContain('within 10000 ms');
  });

  it('closes at once when the renderer is gone', async () => {
    const h = harness({ renderer: () => 'gone' });
    h.close();
    await h.flow.settled();
    expect(h.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(h.logs.join('\n')).toContain('the page is no longer running');
  });

  it('closes when the message box itself fails, rather than trapping the user', async () => {
    const h = harness({ renderer: () => ({ flushed: false, error: 'disk full' }), closeAnyway: new Error('no display') });
    h.close();
    await h.flow.settled();
    expect(h.closed).toBe(true);
    expect(h.logs.join('\n')).toContain('no display');
  });
});

describe('quit coordinator', () => {
  function app(platform: NodeJS.Platform, renderer: RendererScript, closeAnyway = false) {
    let quits = 0;
    let quitted = false;
    let coordinator: QuitCoordinator | undefined;
    const window = harness({ renderer, closeAnyway, coordinator: () => coordinator! });
    const windows = () => (window.closed ? [] : [{ flow: window.flow, close: () => void window.close() }]);
    const tryQuit = () => {
      let prevented = false;
      coordinator!.onBeforeQuit({ preventDefault: () => void (prevented = true) });
      if (!prevented) quitted = true;
    };
    coordinator = createQuitCoordinator({
      platform,
      windows,
      quit: () => {
        quits += 1;
        tryQuit();
      },
    });
    /** Electron emits window-all-closed when the last window has closed */
    const afterWindowClosed = () => {
      if (window.closed) coordinator!.onAllWindowsClosed();
    };
    return { window, coordinator, tryQuit, afterWindowClosed, quitted: () => quitted, quits: () => quits };
  }

  it.each(['darwin', 'linux', 'win32'] as const)('on %s, quitting closes the window through its handshake first, then quits', async (platform) => {
    const a = app(platform, () => ({ flushed: true }));

    a.tryQuit();
    expect(a.quitted()).toBe(false);
    expect(a.window.requests).toHaveLength(1);

    await a.window.flow.settled();
    expect(a.window.closed).toBe(true);
    a.afterWindowClosed();
    expect(a.quitted()).toBe(true);
  });

  it('calls the quit off when the user stays; on macOS closing the window later does not quit', async () => {
    const a = app('darwin', () => ({ flushed: false, error: 'disk full' }), false);
    a.tryQuit();
    await a.window.flow.settled();
    expect(a.window.closed).toBe(false);
    expect(a.coordinator.quitRequested()).toBe(false);
    expect(a.quitted()).toBe(false);

    a.coordinator.onAllWindowsClosed();
    expect(a.quits()).toBe(0);
  });

  it('does not start a second handshake when quit is chosen while the window is already asking', async () => {
    const a = app('darwin', () => 'silent');
    a.window.close();
    a.tryQuit();
    expect(a.window.requests).toHaveLength(1);
    expect(a.coordinator.quitRequested()).toBe(true);
  });

  it('lets the quit through when no window is open', () => {
    const coordinator = createQuitCoordinator({ platform: 'linux', windows: () => [], quit: () => undefined });
    const event = { preventDefault: vi.fn() };
    coordinator.onBeforeQuit(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('on macOS, closing the last window without a quit keeps the app running; elsewhere it quits', () => {
    const quitMac = vi.fn();
    createQuitCoordinator({ platform: 'darwin', windows: () => [], quit: quitMac }).onAllWindowsClosed();
    expect(quitMac).not.toHaveBeenCalled();
    const quitLinux = vi.fn();
    createQuitCoordinator({ platform: 'linux', windows: () => [], quit: quitLinux }).onAllWindowsClosed();
    expect(quitLinux).toHaveBeenCalledTimes(1);
  });
});
