/**
 * What closing a window and quitting the app do, without Electron: the first close of a window
 * is held back until the renderer has saved its work (close-guard.ts), and only a failure the
 * user has seen and overruled lets unsaved work go. index.ts wires these to BrowserWindow and app.
 */
import type { BeforeCloseRequest } from '../../../shared/ipc/contract';
import type { CloseGuard, CloseVerdict } from './close-guard';

export type CloseDecision = { action: 'close' } | { action: 'ask'; error: string };

/**
 * A failure the renderer reported is the user's call. A renderer that cannot be reached or does
 * not answer in time has nothing left that a longer wait would save; keeping the window open
 * would only make it impossible to close.
 */
export function decideAfterHandshake(verdict: CloseVerdict): CloseDecision {
  switch (verdict.outcome) {
    case 'flushed':
    case 'timed-out':
    case 'unreachable':
      return { action: 'close' };
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

  const decide = async () => {
    const verdict = await deps.guard.request((request) => deps.notifyRenderer(request));
    if (verdict.outcome === 'timed-out') deps.log?.(`The window did not confirm its work was saved within ${verdict.afterMs} ms; closing anyway.`);
    if (verdict.outcome === 'unreachable') deps.log?.(`The window could not be asked to save its work (${verdict.error}); closing.`);
    const decision = decideAfterHandshake(verdict);
    let close = decision.action === 'close';
    if (decision.action === 'ask') {
      // A box that fails to show must not trap the user in a window that cannot close.
      close = await deps.confirmCloseAnyway(decision.error).catch((error: unknown) => {
        deps.log?.(`The "close anyway?" message box failed: ${String(error)}`);
        return true;
      });
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
