/**
 * What closing a window and quitting the app do, without Electron: the first close of a window
 * is held back until the renderer has saved its work (close-guard.ts), and only a failure the
 * user has seen and overruled lets unsaved work go. index.ts wires these to BrowserWindow and app.
 */
import type { BeforeCloseRequest, UnsavedWorkReport } from '../../../shared/ipc/contract';
import type { CloseGuard, CloseVerdict } from './close-guard';

export type CloseDecision =
  | { action: 'close' }
  /** the renderer answered that something could not be saved: close anyway, or stay */
  | { action: 'ask'; error: string }
  /** the renderer did not answer while it had writes queued: wait longer, or close and lose them */
  | { action: 'ask-wait'; pendingWrites: number };

/**
 * A failure the renderer reported is the user's call. A renderer that does not answer in time
 * while it last said writes were queued is the user's call too: waiting may still save them,
 * so they are never dropped without asking. A renderer that is gone, or that had nothing queued
 * (or never started far enough to report), has nothing a longer wait would save; keeping the
 * window open would only make it impossible to close.
 */
export function decideAfterHandshake(verdict: CloseVerdict, unsaved: UnsavedWorkReport | null): CloseDecision {
  switch (verdict.outcome) {
    case 'flushed':
    case 'unreachable':
      return { action: 'close' };
    case 'timed-out':
      return unsaved && unsaved.pendingWrites > 0 ? { action: 'ask-wait', pendingWrites: unsaved.pendingWrites } : { action: 'close' };
    case 'failed':
      return { action: 'ask', error: verdict.error };
  }
}

export type WindowCloseState =
  /** the next close event starts the handshake */
  | 'open'
  /** waiting for the renderer or for the user's answer; close events are held back */
  | 'checking'
  /** allowed: the next close event goes through */
  | 'closing';

export interface WindowCloseFlowDeps {
  guard: Pick<CloseGuard, 'request'>;
  /** sends `app.beforeClose`; throws when the renderer cannot receive it */
  notifyRenderer(request: BeforeCloseRequest): void;
  /** the "could not save" message box; resolves true for "Close anyway" */
  confirmCloseAnyway(error: string): Promise<boolean>;
  /** what the renderer last reported as not yet stored */
  unsavedWork(): UnsavedWorkReport | null;
  /** the "still saving" message box: wait for the writes, or close and lose them */
  confirmWaitOrClose(pendingWrites: number): Promise<'wait' | 'close'>;
  /** closes the window for real (its close event then finds the flow in 'closing') */
  closeWindow(): void;
  /** the user chose to stay: a quit waiting on this window is called off */
  onStay?(): void;
  log?(message: string): void;
}

export interface WindowCloseFlow {
  /** the BrowserWindow 'close' listener */
  onClose(event: { preventDefault(): void }): void;
  state(): WindowCloseState;
  /** resolves when the handshake started by the last held-back close has been decided (tests) */
  settled(): Promise<void>;
}

export function createWindowCloseFlow(deps: WindowCloseFlowDeps): WindowCloseFlow {
  let state: WindowCloseState = 'open';
  let current: Promise<void> = Promise.resolve();

  const decide = async (): Promise<void> => {
    const verdict = await deps.guard.request((request) => deps.notifyRenderer(request));
    const decision = decideAfterHandshake(verdict, deps.unsavedWork());
    if (verdict.outcome === 'timed-out') {
      deps.log?.(decision.action === 'ask-wait'
        ? `The window did not confirm within ${verdict.afterMs} ms that its ${decision.pendingWrites} queued writes are stored; asking.`
        : `The window did not answer within ${verdict.afterMs} ms and had no writes queued; closing.`);
    }
    if (verdict.outcome === 'unreachable') deps.log?.(`The window could not be asked to save its work (${verdict.error}); closing.`);
    let close = decision.action === 'close';
    if (decision.action === 'ask') {
      // A box that fails to show must not trap the user in a window that cannot close.
      close = await deps.confirmCloseAnyway(decision.error).catch((error: unknown) => {
        deps.log?.(`The "close anyway?" message box failed: ${String(error)}`);
        return true;
      });
    }
    if (decision.action === 'ask-wait') {
      const answer = await deps.confirmWaitOrClose(decision.pendingWrites).catch((error: unknown) => {
        deps.log?.(`The "still saving" message box failed: ${String(error)}`);
        return 'close' as const;
      });
      // Waiting is another handshake: the renderer may have caught up, or still be busy.
      if (answer === 'wait') return decide();
      close = true;
    }
    if (!close) {
      state = 'open';
      deps.onStay?.();
      return;
    }
    state = 'closing';
    deps.closeWindow();
  };

  return {
    onClose(event) {
      if (state === 'closing') return;
      event.preventDefault();
      if (state === 'checking') return;
      state = 'checking';
      current = decide();
    },
    state: () => state,
    settled: () => current,
  };
}

export interface QuitWindow {
  flow: Pick<WindowCloseFlow, 'state'>;
  /** asks the window to close, which runs its close flow */
  close(): void;
}

export interface QuitCoordinatorDeps {
  platform: NodeJS.Platform;
  windows(): readonly QuitWindow[];
  quit(): void;
}

export interface QuitCoordinator {
  /** the app 'before-quit' listener */
  onBeforeQuit(event: { preventDefault(): void }): void;
  /** the app 'window-all-closed' listener */
  onAllWindowsClosed(): void;
  /** a window's user chose to stay: the quit is called off */
  onStay(): void;
  quitRequested(): boolean;
}

/**
 * Quitting closes every window through its own flow first; only when the last one has closed
 * does the app quit. On macOS closing the last window does not quit, unless a quit asked for it.
 */
export function createQuitCoordinator(deps: QuitCoordinatorDeps): QuitCoordinator {
  let quitRequested = false;

  return {
    onBeforeQuit(event) {
      const open = deps.windows().filter((window) => window.flow.state() !== 'closing');
      if (open.length === 0) return;
      event.preventDefault();
      quitRequested = true;
      for (const window of open) {
        if (window.flow.state() === 'open') window.close();
      }
    },
    onAllWindowsClosed() {
      if (deps.platform !== 'darwin' || quitRequested) deps.quit();
    },
    onStay() {
      quitRequested = false;
    },
    quitRequested: () => quitRequested,
  };
}
