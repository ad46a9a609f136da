/**
 * The only module that touches `window.api` (the preload's bridge, or the Playwright
 * stand-in). Everything else calls `invoke` / `onEvent`, typed from shared/ipc/contract.ts.
 */
import type { EventChannel, EventMap, InvokeArg, InvokeChannel, InvokeResult, RendererApi } from '../../../shared/ipc/contract';
import { readReasonedMessage } from '../../../shared/ipc/reasoned-error';
import type { JobReason } from '../../../shared/jobs/reasons';

declare global {
  interface Window {
    api: RendererApi;
  }
}

export class BridgeUnavailableError extends Error {
  override name = 'BridgeUnavailableError';
  constructor() {
    super('The connection to the Maieutic desktop process is missing; files cannot be opened or saved.');
  }
}

function bridge(): RendererApi | null {
  if (typeof window === 'undefined') return null;
  // Typed as always present, but a renderer opened outside the app (or a broken preload) has none.
  const api: RendererApi | undefined = window.api;
  return api ?? null;
}

export function hasBridge(): boolean {
  return bridge() !== null;
}

/** An error main sent with a code (shared/ipc/reasoned-error.ts): its message is main's English text alone. */
export class MainReasonError extends Error {
  override name = 'MainReasonError';
  constructor(message: string, readonly why: JobReason) {
    super(message);
  }
}

export async function invoke<K extends InvokeChannel>(channel: K, arg: InvokeArg<K>): Promise<InvokeResult<K>> {
  const api = bridge();
  if (!api) throw new BridgeUnavailableError();
  try {
    return await api.invoke(channel, arg);
  } catch (error) {
    const reasoned = error instanceof Error ? readReasonedMessage(error.message) : null;
    if (reasoned) throw new MainReasonError(reasoned.detail, reasoned.why);
    throw error;
  }
}

/** Subscribes to a main → renderer event; returns the unsubscribe function. */
export function onEvent<K extends EventChannel>(channel: K, listener: (payload: EventMap[K]) => void): () => void {
  const api = bridge();
  if (!api) return () => {};
  return api.on(channel, listener);
}
