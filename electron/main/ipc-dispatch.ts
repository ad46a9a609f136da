/**
 * Routes one untrusted `invoke(channel, arg)` to its handler. Shared by the Electron
 * registration (ipc.ts) and the Playwright bridge so both refuse the same things the same way.
 */
import { INVOKE_CHANNELS, type InvokeChannel, type InvokeHandlers } from '../../shared/ipc/contract';

export function isInvokeChannel(channel: unknown): channel is InvokeChannel {
  return INVOKE_CHANNELS.some((known) => known === channel);
}

export function unknownChannelError(channel: unknown): Error {
  return new Error(`Unknown IPC channel ${JSON.stringify(String(channel))}`);
}

/** Calls the handler for `channel` with `arg`; the handler itself validates `arg`. */
export function dispatchInvoke(handlers: InvokeHandlers, channel: unknown, arg: unknown): Promise<unknown> {
  if (!isInvokeChannel(channel)) return Promise.reject(unknownChannelError(channel));
  // The argument is untrusted and every handler parses it, so widening the parameter is sound.
  const handler = handlers[channel] as (untrusted: unknown) => Promise<unknown>;
  return handler(arg);
}
