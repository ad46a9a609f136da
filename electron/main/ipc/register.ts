import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { INVOKE_CHANNELS, type InvokeHandlers } from '../../../shared/ipc/contract';
import { dispatchInvoke } from './dispatch';

/**
 * Registers one `ipcMain.handle` per contract channel. Only the first argument is passed on
 * (the contract is one object per call). When `isTrustedSender` is given, calls from any other
 * frame (an iframe, a page that somehow navigated away) are refused.
 */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: InvokeHandlers,
  isTrustedSender: (frameUrl: string) => boolean = () => true,
): void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, arg: unknown) => {
      const frameUrl = event.senderFrame?.url ?? '';
      if (!isTrustedSender(frameUrl)) {
        return Promise.reject(new Error(`${channel}: refused a call from ${frameUrl || 'an unknown frame'}`));
      }
      return dispatchInvoke(handlers, channel, arg);
    });
  }
}
