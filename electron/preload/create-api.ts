import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { EVENT_CHANNELS, type EventChannel, type RendererApi } from '../../shared/ipc/contract';
import { isInvokeChannel, unknownChannelError } from '../main/ipc-dispatch';

/**
 * Electron prefixes errors thrown by an `ipcMain.handle` handler with
 * `Error invoking remote method '<channel>': Error: `. Dropping it gives the renderer the
 * handler's own message, the same text the Playwright bridge delivers.
 */
const REMOTE_ERROR_PREFIX = /^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/;

export function isEventChannel(channel: unknown): channel is EventChannel {
  return EVENT_CHANNELS.some((known) => known === channel);
}

export function cleanRemoteError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.replace(REMOTE_ERROR_PREFIX, ''));
}

/**
 * `window.api`: invoke only contract channels, listen only to contract events, and never hand
 * the renderer the Electron event object (it carries `sender`, a way back into IPC).
 */
export function createRendererApi(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): RendererApi {
  return {
    invoke(channel, arg) {
      if (!isInvokeChannel(channel)) return Promise.reject(unknownChannelError(channel));
      return ipc.invoke(channel, arg).catch((error: unknown) => {
        throw cleanRemoteError(error);
      });
    },
    on(channel, listener) {
      if (!isEventChannel(channel)) throw new Error(`Unknown event channel ${JSON.stringify(String(channel))}`);
      if (typeof listener !== 'function') throw new Error(`api.on("${channel}"): the listener must be a function`);
      const forward = (_event: IpcRendererEvent, payload: unknown) => {
        listener(payload as Parameters<typeof listener>[0]);
      };
      ipc.on(channel, forward);
      return () => {
        ipc.removeListener(channel, forward);
      };
    },
  };
}
