/** The `app.*` channels: what the app is, and the renderer's side of the close handshake. */
import type { AppInfo, InvokeHandlers } from '../../../shared/ipc/contract';
import type { CloseGuard } from '../lifecycle/close-guard';
import type { UnsavedWorkTracker } from '../lifecycle/unsaved-work';
import { parseEmptyArgs, parseReadyToCloseArgs, parseUnsavedWorkReport } from './validate';

export const APP_NAME = 'Maieutic';

export type AppChannel = 'app.info' | 'app.readyToClose' | 'app.reportUnsavedWork';

export interface AppHandlerDeps {
  host: AppInfo['host'];
  version: string;
  platform: string;
  /**
   * Receives the renderer's `app.readyToClose` answers. Without one nobody is waiting, and every
   * answer is acknowledged with `accepted: false`.
   */
  closeGuard?: Pick<CloseGuard, 'answer'>;
  /** keeps the renderer's count of writes not yet stored, for the close flow; without one the reports are parsed and dropped */
  unsavedWork?: Pick<UnsavedWorkTracker, 'report'>;
}

/** The `app.readyToClose` handler over a close guard; the Playwright bridge binds it to its own guard. */
export function createReadyToCloseHandler(guard: Pick<CloseGuard, 'answer'> | null): InvokeHandlers['app.readyToClose'] {
  return async (arg) => {
    const reply = parseReadyToCloseArgs(arg);
    return { accepted: guard?.answer(reply) ?? false };
  };
}

/** The `app.reportUnsavedWork` handler over a tracker; the Playwright bridge binds it to its own. */
export function createReportUnsavedWorkHandler(tracker: Pick<UnsavedWorkTracker, 'report'> | null): InvokeHandlers['app.reportUnsavedWork'] {
  return async (arg) => {
    tracker?.report(parseUnsavedWorkReport(arg));
    return { accepted: true };
  };
}

export function createAppHandlers(deps: AppHandlerDeps): Pick<InvokeHandlers, AppChannel> {
  return {
    'app.info': async (arg) => {
      parseEmptyArgs('app.info', arg);
      return { name: APP_NAME, version: deps.version, host: deps.host, platform: deps.platform };
    },
    'app.readyToClose': createReadyToCloseHandler(deps.closeGuard ?? null),
    'app.reportUnsavedWork': createReportUnsavedWorkHandler(deps.unsavedWork ?? null),
  };
}
