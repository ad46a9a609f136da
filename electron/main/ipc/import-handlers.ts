/** The import channels: files and folders the user picks in a dialog or drops on the window. */
import type { InvokeHandlers } from '../../../shared/ipc/contract';
import { readCodebookFiles } from '../services/codebook-files';
import { readDroppedPaths, readFolder, readPickedFiles } from '../services/import-files';
import type { DialogPort } from './dialog-port';
import { parseEmptyArgs, parseOpenImportArgs, parseReadDroppedArgs } from './validate';

export type ImportChannel = 'files.openImport' | 'files.openCodebook' | 'files.readDropped';

export interface ImportHandlerDeps {
  dialogs: Pick<DialogPort, 'pickFiles' | 'pickFolder' | 'pickCodebook'>;
}

export function createImportHandlers(deps: ImportHandlerDeps): Pick<InvokeHandlers, ImportChannel> {
  return {
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

    'files.openCodebook': async (arg) => {
      parseEmptyArgs('files.openCodebook', arg);
      const path = await deps.dialogs.pickCodebook();
      if (path === null) return { status: 'canceled' };
      return readCodebookFiles(path);
    },

    'files.readDropped': async (arg) => {
      const { paths } = parseReadDroppedArgs(arg);
      return readDroppedPaths(paths);
    },
  };
}
