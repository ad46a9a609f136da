/**
 * Routes one untrusted `invoke(channel, arg)` to its handler. Shared by the Electron
 * registration (ipc.ts) and the Playwright bridge so both refuse the same things the same way.
 */
import { INVOKE_CHANNELS, PRELOAD_ONLY_CHANNELS, type InvokeChannel, type InvokeHandlers } from '../../shared/ipc/contract';

export function isInvokeChannel(channel: unknown): channel is InvokeChannel {
  return INVOKE_CHANNELS.some((known) => known === channel);
}

export function unknownChannelError(channel: unknown): Error {
  return new Error(`Unknown IPC channel ${JSON.stringify(String(channel))}`);
}

/** A channel page code may invoke: in the contract, and not one only the preload's own methods call (files.readDropped). */
export function isRendererChannel(channel: unknown): channel is InvokeChannel {
  return isInvokeChannel(channel) && !PRELOAD_ONLY_CHANNELS.some((only) => only === channel);
}

/**
 * `dispatchInvoke` for a call straight from page code (the test bridge, the browser dev host),
 * refusing what the preload's `invoke` refuses.
 */
export function dispatchRendererInvoke(handlers: InvokeHandlers, channel: unknown, arg: unknown): Promise<unknown> {
  if (!isRendererChannel(channel)) return Promise.reject(unknownChannelError(channel));
  return dispatchInvoke(handlers, channel, arg);
}

/** Calls the handler for `channel` with `arg`; the handler itself validates `arg`. */
export function dispatchInvoke(handlers: InvokeHandlers, channel: unknown, arg: unknown): Promise<unknown> {
  if (!isInvokeChannel(channel)) return Promise.reject(unknownChannelError(channel));
  // The argument is untrusted and every handler parses it, so widening the parameter is sound.
  const handler = handlers[channel] as (untrusted: unknown) => Promise<unknown>;
  return handler(arg);
}
