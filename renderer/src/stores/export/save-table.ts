import { invoke } from '../../api/client';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import { reportError } from '../notices/store';

/** Where a table being saved stands, for the view's outcome line. */
export interface TableSave<Kind extends string> {
  kind: Kind;
  status: 'working' | 'saved' | 'canceled' | 'error';
  path: string | null;
}

/**
 * Writes a table through the save dialog (atomically, by the main process), reporting each step
 * to `update`: working, then saved (with the path), canceled or error (also a notice).
 * `content` is built after "working" is shown, so a large table does not delay the feedback.
 */
export async function saveTable<Kind extends string>(
  kind: Kind,
  file: { defaultName: string; fileKind: SaveExportArgs['kind']; content: () => string | Promise<string> },
  update: (save: TableSave<Kind>) => void,
): Promise<void> {
  update({ kind, status: 'working', path: null });
  try {
    const result = await invoke('files.saveExport', { defaultName: file.defaultName, content: await file.content(), kind: file.fileKind });
    update(result.canceled || result.path === null ? { kind, status: 'canceled', path: null } : { kind, status: 'saved', path: result.path });
  } catch (error) {
    update({ kind, status: 'error', path: null });
    reportError(error, 'notice.context.export');
  }
}
