/**
 * Export: the renderer hands over the finished text; main asks where and writes it atomically,
 * then its companions (the dataset card) beside it, named by the chosen file's stem.
 */
import { basename, dirname, join } from 'node:path';
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
      const { defaultName, content, kind, companions } = parseSaveExportArgs(arg);
      const path = await deps.dialogs.pickSavePath(defaultName, kind);
      if (path === null) return { canceled: true, path: null, bytes: 0 };
      const bytes = await writeFileAtomic(path, content);
      if (!companions) return { canceled: false, path, bytes };
      const companionPaths: string[] = [];
      for (const companion of companions) {
        const target = companionPath(path, companion.suffix);
        if (target === path) throw new Error(`files.saveExport: the companion ${companion.suffix} would overwrite the file just written (${path})`);
        await writeFileAtomic(target, companion.content);
        companionPaths.push(target);
      }
      return { canceled: false, path, bytes, companionPaths };
    },
  };
}

/**
 * `/a/x.jsonl` + `.card.md` → `/a/x.jsonl.card.md`: the whole file name is the stem, so the JSONL
 * and the long CSV of one export name (`x.jsonl`, `x.csv`) each keep their own card (with the stem
 * alone the second save overwrote the first's card, which names a different format).
 */
export function companionPath(path: string, suffix: string): string {
  return join(dirname(path), `${basename(path)}${suffix}`);
}
