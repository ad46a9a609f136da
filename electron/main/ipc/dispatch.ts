/**
 * Routes one untrusted `invoke(channel, arg)` to its handler. Shared by the Electron
 * registration (register.ts) and the Playwright bridge so both refuse the same things the same way.
 */
import { isInvokeChannel, isRendererChannel, unknownChannelError } from '../../../shared/ipc/channels';
import type { InvokeHandlers } from '../../../shared/ipc/contract';
import { ReasonedError } from '../../../shared/ipc/reasoned-error';
import { FileWriteError } from '../../services/write-failure';

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
  // a full or read-only disk under an export, a backup or a cache: sent with its code, so the
  // renderer words it in the reader's language, the file named
  return handler(arg).catch((error: unknown) => {
    throw error instanceof FileWriteError ? new ReasonedError(error.message, error.why) : error;
  });
}
