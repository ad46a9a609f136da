/**
 * The main-process side of the IPC contract, in plain Node. Electron registers these with
 * `ipcMain` (register.ts); the Playwright bridge (tests/support/bridge.ts) exposes the
 * very same functions to Chromium. Each handler parses its untrusted argument first.
 */
import type { AppInfo, InvokeHandlers, SaveExportArgs } from '../../../shared/ipc/contract';
import { writeFileAtomic } from '../../services/atomic-write';
import type { CloseGuard } from '../lifecycle/close-guard';
import { readDroppedPaths, readFolder, readPickedFiles } from '../services/import-files';
import { readSample } from '../services/sample';
import type { UnsavedWorkTracker } from '../lifecycle/unsaved-work';
import { parseEmptyArgs, parseOpenImportArgs, parseReadDroppedArgs, parseReadyToCloseArgs, parseSaveExportArgs, parseUnsavedWorkReport } from './validate';

/** Native file dialogs, or a stand-in (tests, the browser dev host). `null` means cancelled. */
export interface DialogPort {
  pickFiles(): Promise<string[] | null>;
  pickFolder(): Promise<string | null>;
  /** `defaultName` is a bare file name; the port chooses the folder */
  pickSavePath(defaultName: string, kind: SaveExportArgs['kind']): Promise<string | null>;
}

export interface HandlerDeps {
  host: AppInfo['host'];
  version: string;
  platform: string;
  /** folder holding `codebooks/` and `sample/`: repo `resources/` in dev, `process.resourcesPath` packaged */
  resourcesDir: string;
  dialogs: DialogPort;
  /**
   * Receives the renderer's `app.readyToClose` answers. Without one nobody is waiting, and every
   * answer is acknowledged with `accepted: false`.
   */
  closeGuard?: Pick<CloseGuard, 'answer'>;
  /** keeps the renderer's count of writes not yet stored, for the close flow; without one the reports are parsed and dropped */
  unsavedWork?: Pick<UnsavedWorkTracker, 'report'>;
}

export const APP_NAME = 'Maieutic';

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

export function createHandlers(deps: HandlerDeps): InvokeHandlers {
  return {
    'app.info': async (arg) => {
      parseEmptyArgs('app.info', arg);
      return { name: APP_NAME, version: deps.version, host: deps.host, platform: deps.platform };
    },

    'app.readyToClose': createReadyToCloseHandler(deps.closeGuard ?? null),

    'app.reportUnsavedWork': createReportUnsavedWorkHandler(deps.unsavedWork ?? null),

    'files.openImport': async (arg) => {
      const { mode } = parseOpenImportArgs(arg);
      if (mode === 'folder') {
        const folder = await deps.dialogs.pickFolder();
        if (folder === null) return { canceled: true, files: [], skipped: [] };
        return { canceled: false, ...(await readFolder(folder)) };
      }
      const paths = await deps.dialogs.pickFiles();
      if (paths === null || paths.length === 0) return { canceled: true, files: [], skipped: [] };
      return { canceled: false, ...(await readPickedFiles(paths)) };
    },

    'files.readDropped': async (arg) => {
      const { paths } = parseReadDroppedArgs(arg);
      return readDroppedPaths(paths);
    },

    'files.readSample': async (arg) => {
      parseEmptyArgs('files.readSample', arg);
      return readSample(deps.resourcesDir);
    },

    'files.saveExport': async (arg) => {
      const { defaultName, content, kind } = parseSaveExportArgs(arg);
      const path = await deps.dialogs.pickSavePath(defaultName, kind);
      if (path === null) return { canceled: true, path: null, bytes: 0 };
      const bytes = await writeFileAtomic(path, content);
      return { canceled: false, path, bytes };
    },
  };
}
