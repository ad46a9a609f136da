/**
 * The Playwright stand-in for electron/preload: gives a Chromium page the same `window.api`
 * (RendererApi) backed by the same Node handlers Electron registers with ipcMain.
 *
 * It also plays main's side of the close handshake: `requestClose(page)` sends
 * `app.beforeClose` and resolves with the renderer's `app.readyToClose` answer (or a timeout),
 * exactly as the desktop app waits before closing a window.
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  EVENT_CHANNELS,
  type EventChannel,
  type EventMap,
  type InvokeHandlers,
} from '../../shared/ipc/contract';
import { dispatchRendererInvoke } from '../../electron/main/ipc/dispatch';
import { createWindowCloseFlow } from '../../electron/main/lifecycle/close-flow';
import { createCloseGuard, type CloseGuard, type CloseVerdict } from '../../electron/main/lifecycle/close-guard';
import { createReadyToCloseHandler, createReportUnsavedWorkHandler } from '../../electron/main/ipc/app-handlers';
import { createUnsavedWorkTracker, type UnsavedWorkTracker } from '../../electron/main/lifecycle/unsaved-work';

export type { CloseVerdict } from '../../electron/main/lifecycle/close-guard';

const INVOKE_BINDING = '__maieuticInvoke';
const DROP_BINDING = '__maieuticReadDropped';
const EMIT_FUNCTION = '__maieuticEmit';

export interface PageSetup {
  eventChannels: readonly string[];
  invokeBinding: string;
  emitFunction: string;
  /** the binding behind `api.readDroppedFiles`; without it the page has no such method, as in a plain browser */
  dropBinding?: string;
}

/** Close guards by the page or context their `window.api` was installed in. */
const closeGuards = new WeakMap<Page | BrowserContext, CloseGuard>();
/** What each page last reported as queued and not stored (`app.reportUnsavedWork`), as main keeps it. */
const unsavedWork = new WeakMap<Page | BrowserContext, UnsavedWorkTracker>();

export interface InstallApiOptions {
  /** how long `requestClose` waits for the renderer's answer; main's 10 s by default */
  closeTimeoutMs?: number;
  /**
   * Plays the preload's webUtils.getPathForFile for `api.readDroppedFiles`: the paths of the
   * dropped items with these names (a page cannot see where a File lives on disk).
   */
  droppedPaths?: (names: readonly string[]) => string[];
}

/**
 * Installs `window.api` in every page of `target` (and every later navigation or reload).
 * Call before the first `page.goto`. `app.readyToClose` answers go to the bridge's own close
 * guard (whatever `handlers` would do with them), so `requestClose` can wait for them.
 */
export async function installApi(target: Page | BrowserContext, handlers: InvokeHandlers, options: InstallApiOptions = {}): Promise<void> {
  const guard = createCloseGuard({ timeoutMs: options.closeTimeoutMs });
  closeGuards.set(target, guard);
  const tracker = createUnsavedWorkTracker();
  unsavedWork.set(target, tracker);
  const routed: InvokeHandlers = {
    ...handlers,
    'app.readyToClose': createReadyToCloseHandler(guard),
    'app.reportUnsavedWork': createReportUnsavedWorkHandler(tracker),
  };
  await target.exposeFunction(INVOKE_BINDING, (channel: unknown, arg: unknown) => dispatchRendererInvoke(routed, channel, arg));
  const setup: PageSetup = { eventChannels: EVENT_CHANNELS, invokeBinding: INVOKE_BINDING, emitFunction: EMIT_FUNCTION };
  const { droppedPaths } = options;
  if (droppedPaths) {
    await target.exposeFunction(DROP_BINDING, (names: unknown) => {
      if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) throw new Error('readDroppedFiles: pass the File objects of the drop');
      return routed['files.readDropped']({ paths: droppedPaths(names) });
    });
    setup.dropBinding = DROP_BINDING;
  }
  // Sent as source text with a no-op `__name`: tsx (scripts/dev-browser.ts) compiles with
  // esbuild's keepNames, which wraps inner functions in `__name(…)`, a helper the page lacks.
  await target.addInitScript({
    content: `(() => { const __name = (fn) => fn; (${definePageApi.toString()})(${JSON.stringify(setup)}); })();`,
  });
}

/** Delivers a main→renderer event to every `window.api.on(channel, …)` listener in the page. */
export async function emitEvent<K extends EventChannel>(page: Page, channel: K, payload: EventMap[K]): Promise<void> {
  await page.evaluate(
    ({ emitFunction, channel: name, payload: data }) => {
      const emit = (window as unknown as Record<string, (channel: string, payload: unknown) => void>)[emitFunction];
      if (typeof emit !== 'function') throw new Error('window.api is not installed in this page (call installApi first)');
      emit(name, data);
    },
    { emitFunction: EMIT_FUNCTION, channel, payload },
  );
}

export interface RequestCloseOptions {
  /** overrides the wait set by `installApi` for this request */
  timeoutMs?: number;
}

/**
 * Does what the desktop app does when the user closes the window: sends `app.beforeClose` and
 * waits for the renderer's `app.readyToClose` answer. Resolves `{ outcome: 'flushed' }` when the
 * renderer committed its drafts and stored every queued write, `{ outcome: 'failed', error }`
 * when it could not, `{ outcome: 'timed-out' }` when it never answered. The page stays open:
 * what follows (reload, close, assertions on IndexedDB) is the test's business.
 */
export async function requestClose(page: Page, options: RequestCloseOptions = {}): Promise<CloseVerdict> {
  const guard = closeGuards.get(page) ?? closeGuards.get(page.context());
  if (!guard) throw new Error('requestClose: window.api is not installed for this page (call installApi first)');
  return guard.request((request) => emitEvent(page, 'app.beforeClose', request), { timeoutMs: options.timeoutMs });
}

export interface CloseLikeMainOptions {
  timeoutMs?: number;
  /** the user's answer to main's "could not save: close anyway?" box */
  closeAnyway?: (error: string) => Promise<boolean>;
  /** the user's answer to main's "still saving: wait, or close and lose N?" box */
  waitOrClose?: (pendingWrites: number) => Promise<'wait' | 'close'>;
}

export interface CloseLikeMainResult {
  /** true when main's flow let the window close */
  closed: boolean;
  /** the errors the "close anyway?" box was shown with */
  askedCloseAnyway: string[];
  /** the pending-write counts the "still saving" box was shown with */
  askedToWait: number[];
  /** how many close handshakes main sent */
  handshakes: number;
}

/**
 * Runs main's own close flow (electron/main/lifecycle/close-flow.ts) against the page: the
 * handshake, what the page last reported as unsaved, and the user's answers to main's boxes.
 * Resolves once the flow has decided; the page itself stays open.
 */
export async function closeLikeMain(page: Page, options: CloseLikeMainOptions = {}): Promise<CloseLikeMainResult> {
  const guard = closeGuards.get(page) ?? closeGuards.get(page.context());
  const tracker = unsavedWork.get(page) ?? unsavedWork.get(page.context());
  if (!guard || !tracker) throw new Error('closeLikeMain: window.api is not installed for this page (call installApi first)');
  const result: CloseLikeMainResult = { closed: false, askedCloseAnyway: [], askedToWait: [], handshakes: 0 };
  const flow = createWindowCloseFlow({
    guard: { request: (notify) => guard.request(notify, { timeoutMs: options.timeoutMs }) },
    notifyRenderer: (request) => {
      result.handshakes += 1;
      void emitEvent(page, 'app.beforeClose', request);
    },
    confirmCloseAnyway: (error) => {
      result.askedCloseAnyway.push(error);
      return options.closeAnyway?.(error) ?? Promise.resolve(false);
    },
    unsavedWork: () => tracker.last(),
    confirmWaitOrClose: (pendingWrites) => {
      result.askedToWait.push(pendingWrites);
      return options.waitOrClose?.(pendingWrites) ?? Promise.resolve('wait');
    },
    closeWindow: () => {
      result.closed = true;
    },
  });
  flow.onClose({ preventDefault: () => undefined });
  await flow.settled();
  return result;
}

/**
 * Runs in the page, sent as source text: it may use nothing from this module's scope.
 * Mirrors electron/preload/create-api.ts; tests/unit/electron/bridge-parity.test.ts checks that
 * both behave alike. Channel checks for invoke happen in Node (dispatchInvoke), as in main.
 * Exported for the HTTP host of `npm run dev:serve` (scripts/dev-browser/app-server.ts), which
 * gives the page the same `window.api` with an HTTP invoke binding.
 */
export function definePageApi(setup: PageSetup): void {
  const scope = window as unknown as Record<string, unknown>;
  const invokeNative = scope[setup.invokeBinding] as (channel: unknown, arg: unknown) => Promise<unknown>;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  const readDropped = setup.dropBinding ? (scope[setup.dropBinding] as (names: string[]) => Promise<unknown>) : null;
  const api = Object.freeze({
    invoke: (channel: unknown, arg: unknown) => invokeNative(channel, arg),
    ...(readDropped
      ? {
          readDroppedFiles: (files: unknown) => {
            if (!Array.isArray(files) || !files.every((file) => file instanceof File)) {
              return Promise.reject(new Error('readDroppedFiles: pass the File objects of the drop'));
            }
            return readDropped(files.map((file: File) => file.name));
          },
        }
      : {}),
    on: (channel: unknown, listener: unknown) => {
      if (typeof channel !== 'string' || !setup.eventChannels.includes(channel)) {
        throw new Error(`Unknown event channel ${JSON.stringify(String(channel))}`);
      }
      if (typeof listener !== 'function') throw new Error(`api.on("${channel}"): the listener must be a function`);
      // A fresh wrapper per call, as the preload does, so subscribing twice means two deliveries.
      const forward = (payload: unknown) => listener(payload);
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(forward);
      return () => {
        set.delete(forward);
      };
    },
  });

  Object.defineProperty(window, 'api', { value: api, enumerable: true });
  Object.defineProperty(window, setup.emitFunction, {
    value: (channel: string, payload: unknown) => {
      for (const listener of [...(listeners.get(channel) ?? [])]) {
        // A throwing listener becomes an uncaught page error, as with ipcRenderer.on in Electron,
        // instead of failing the test's emit call.
        try {
          listener(payload);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      }
    },
  });
}
