/**
 * Backups and project files: thin handlers over services/backups (plain Node). Where a backup
 * lands is main's choice (the backups folder in the app's data folder); a project file goes where
 * the user picks in the save / open dialog, never to a path the renderer names.
 */
import type { InvokeHandlers } from '../../../shared/ipc/contract';
import type { BackupStore } from '../../services/backups/backup-store';
import type { DialogPort } from './dialog-port';
import { parseEmptyArgs } from './validate';
import { parseBackupBeginArgs, parseBackupChunkArgs, parseBackupCommitArgs, parseBackupOpenArgs, parseReadRef, parseWriteRef } from './validate-backup';

export type BackupChannel =
  | 'backups.begin' | 'backups.chunk' | 'backups.commit' | 'backups.abort'
  | 'backups.list' | 'backups.open' | 'backups.read' | 'backups.close';

export interface BackupHandlerDeps {
  /** absent in hosts without a data folder: every backup call then says so */
  backups?: BackupStore;
  dialogs: Pick<DialogPort, 'pickSavePath' | 'pickFiles'>;
}

export function createBackupHandlers(deps: BackupHandlerDeps): Pick<InvokeHandlers, BackupChannel> {
  const store = (): BackupStore => {
    if (!deps.backups) throw new Error('Backups are not available in this host (no data folder)');
    return deps.backups;
  };
  return {
    'backups.begin': async (arg) => {
      const { reason, project } = parseBackupBeginArgs(arg);
      if (!project) return { canceled: false, ...(await store().begin(undefined, reason)) };
      const path = await deps.dialogs.pickSavePath(project.defaultName, 'maieutic');
      if (path === null) return { canceled: true };
      return { canceled: false, ...(await store().begin(path, reason)) };
    },
    'backups.chunk': async (arg) => {
      const { writeId, table, rows } = parseBackupChunkArgs(arg);
      await store().chunk(writeId, table, rows);
      return { accepted: true };
    },
    'backups.commit': async (arg) => {
      const { writeId, manifest, keep } = parseBackupCommitArgs(arg);
      const { name, bytes, pruned } = await store().commit(writeId, manifest, keep);
      return { name, bytes, pruned };
    },
    'backups.abort': async (arg) => {
      await store().abort(parseWriteRef('backups.abort', arg).writeId);
      return { aborted: true };
    },
    'backups.list': async (arg) => {
      parseEmptyArgs('backups.list', arg);
      return store().list();
    },
    'backups.open': async (arg) => {
      const source = parseBackupOpenArgs(arg);
      if ('name' in source) return { canceled: false, ...(await store().openRead({ name: source.name })) };
      const paths = await deps.dialogs.pickFiles();
      const path = paths?.[0];
      if (!path) return { canceled: true };
      const opened = await store().openRead({ path });
      return { canceled: false, readId: opened.readId, name: opened.name, manifest: opened.manifest };
    },
    'backups.read': async (arg) => {
      const chunk = store().readChunk(parseReadRef('backups.read', arg).readId);
      return chunk === null ? { done: true } : { done: false, table: chunk.table, rows: chunk.rows };
    },
    'backups.close': async (arg) => {
      store().closeRead(parseReadRef('backups.close', arg).readId);
      return { closed: true };
    },
  };
}
