/**
 * The Playwright stand-in for electron/preload: gives a Chromium page the same `window.api`
 * (RendererApi) backed by the same Node handlers Electron registers with ipcMain.
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  EVENT_CHANNELS,
  type EventChannel,
  type EventMap,
  type InvokeHandlers,
} from '../../shared/ipc/contract';
import { dispatchInvoke } from '../../electron/main/ipc-dispatch';

const INVOKE_BINDING = '__maieuticInvoke';
const EMIT_FUNCTION = '__maieuticEmit';

interface PageSetup {
  eventChannels: readonly string[];
  invokeBinding: string;
  emitFunction: string;
}

/**
 * Installs `window.api` in every page of `target` (and every later navigation or reload).
 * Call before the first `page.goto`.
 */
export async function installApi(target: Page | BrowserContext, handlers: InvokeHandlers): Promise<void> {
  await target.exposeFunction(INVOKE_BINDING, (channel: unknown, arg: unknown) => dispatchInvoke(handlers, channel, arg));
  const setup: PageSetup = { eventChannels: EVENT_CHANNELS, invokeBinding: INVOKE_BINDING, emitFunction: EMIT_FUNCTION };
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

/**
 * Runs in the page, sent as source text: it may use nothing from this module's scope.
 * Mirrors electron/preload/create-api.ts; tests/unit/electron/bridge-parity.test.ts checks that
 * both behave alike. Channel checks for invoke happen in Node (dispatchInvoke), as in main.
 */
function definePageApi(setup: PageSetup): void {
  const scope = window as unknown as Record<string, unknown>;
  const invokeNative = scope[setup.invokeBinding] as (channel: unknown, arg: unknown) => Promise<unknown>;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  const api = Object.freeze({
    invoke: (channel: unknown, arg: unknown) => invokeNative(channel, arg),
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
