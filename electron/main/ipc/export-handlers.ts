/** Export: the renderer hands over the finished text; main asks where and writes it atomically. */
import type { InvokeHandlers } from '../../../shared/ipc/contract';
import { writeFileAtomic } from '../../services/atomic-write';
import type { DialogPort } from './dialog-port';
import { parseSaveExportArgs } from './validate';

export type ExportChannel = 'files.saveExport';

export interface ExportHandlerDeps {
  dialogs: Pick<DialogPort, 'pickSavePath'>;
}

export function createExportHandlers(deps: ExportHandlerDeps): Pick<InvokeHandlers, ExportChannel> {
  return {
    'files.saveExport': async (arg) => {
      const { defaultName, content, kind } = parseSaveExportArgs(arg);
      const path = await deps.dialogs.pickSavePath(defaultName, kind);
      if (path === null) return { canceled: true, path: null, bytes: 0 };
      const bytes = await writeFileAtomic(path, content);
      return { canceled: false, path, bytes };
    },
  };
}
