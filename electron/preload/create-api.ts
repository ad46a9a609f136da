import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { isEventChannel, isRendererChannel, unknownChannelError, unknownEventChannelError } from '../../shared/ipc/channels';
import type { ReadDroppedResult, RendererApi } from '../../shared/ipc/contract';
import { SKIP_NOT_ON_DISK } from '../../shared/import/skip-reasons';

/**
 * Electron prefixes errors thrown by an `ipcMain.handle` handler with
 * `Error invoking remote method '<channel>': Error: `. Dropping it gives the renderer the
 * handler's own message, the same text the Playwright bridge delivers.
 */
const REMOTE_ERROR_PREFIX = /^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/;

export function cleanRemoteError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.replace(REMOTE_ERROR_PREFIX, ''));
}

/** A dropped File's path on disk ('' for a File that is not on disk); webUtils.getPathForFile in Electron. */
export type PathForFile = (file: File) => string;

/**
 * `window.api`: invoke only contract channels, listen only to contract events, and never hand
 * the renderer the Electron event object (it carries `sender`, a way back into IPC). Dropped
 * files are read by the paths found here, on the File objects themselves: the renderer hands
 * over what the user dropped, never a path of its choosing.
 */
export function createRendererApi(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>, pathForFile: PathForFile): RendererApi {
  const invokeCleanly = (channel: string, arg: unknown) =>
    ipc.invoke(channel, arg).catch((error: unknown) => {
      throw cleanRemoteError(error);
    });
  return {
    invoke(channel, arg) {
      if (!isRendererChannel(channel)) return Promise.reject(unknownChannelError(channel));
      return invokeCleanly(channel, arg);
    },
    async readDroppedFiles(files) {
      const paths: string[] = [];
      const notOnDisk: ReadDroppedResult['skipped'] = [];
      for (const file of files) {
        // getPathForFile refuses anything but a File; no instanceof here, as contextBridge hands over the main world's File
        const dropped = file as File;
        const path = pathForFile(dropped);
        if (path) paths.push(path);
        else notOnDisk.push({ name: String(dropped.name), ...SKIP_NOT_ON_DISK });
      }
      const read = paths.length > 0 ? ((await invokeCleanly('files.readDropped', { paths })) as ReadDroppedResult) : { files: [], skipped: [] };
      return { files: read.files, skipped: [...notOnDisk, ...read.skipped] };
    },
    on(channel, listener) {
      if (!isEventChannel(channel)) throw unknownEventChannelError(channel);
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
