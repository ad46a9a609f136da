/**
 * Backups and project files: thin handlers over services/backups (plain Node). Where a backup
 * lands is main's choice (the backups folder in the app's data folder); a project file goes where
 * the user picks in the save / open dialog, never to a path the renderer names.
 */
import { rowLimitProblem } from '../../../shared/backup/row-limits';
import type { BackupReadResult, InvokeHandlers, UnsendableRow } from '../../../shared/ipc/contract';
import type { BackupStore } from '../../services/backups/backup-store';
import type { DialogPort } from './dialog-port';
import { parseEmptyArgs } from './validate';
import { parseBackupBeginArgs, parseBackupChunkArgs, parseBackupCommitArgs, parseBackupOpenArgs, parseReadRef, parseWriteRef } from './validate-backup';

export type BackupChannel =
  | 'backups.begin' | 'backups.chunk' | 'backups.commit' | 'backups.abort'
  | 'backups.list' | 'backups.open' | 'backups.read' | 'backups.close' | 'backups.reopen';

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
  // what each open read came from, so a restore can read it again (check, then write) without a second dialog
  const sources = new Map<string, { name: string } | { path: string }>();
  const opened = async (source: { name: string } | { path: string }) => {
    const read = await store().openRead(source);
    sources.set(read.readId, source);
    return { canceled: false as const, readId: read.readId, name: read.name, manifest: read.manifest };
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
      if ('name' in source) return opened({ name: source.name });
      const paths = await deps.dialogs.pickFiles();
      const path = paths?.[0];
      if (!path) return { canceled: true };
      return opened({ path });
    },
    'backups.read': async (arg) => {
      const chunk = store().readChunk(parseReadRef('backups.read', arg).readId);
      return chunk === null ? { done: true } : sendable(chunk);
    },
    'backups.close': async (arg) => {
      const { readId } = parseReadRef('backups.close', arg);
      store().closeRead(readId);
      sources.delete(readId);
      return { closed: true };
    },
    'backups.reopen': async (arg) => {
      const { readId } = parseReadRef('backups.reopen', arg);
      const source = sources.get(readId);
      if (!source) throw new Error('This backup was not opened here (or it was closed): open it again');
      store().closeRead(readId);
      sources.delete(readId);
      return opened(source);
    },
  };
}

/**
 * A chunk as the renderer may receive it: a row nesting deeper or larger than any the app stores
 * would not survive the IPC's structured clone (its stack) or the renderer's memory, so it is
 * sent as null and named in `unsendable`; the restore refuses the file for it.
 */
function sendable(chunk: { table: string; rows: unknown[] }): BackupReadResult {
  const unsendable: UnsendableRow[] = [];
  const rows = chunk.rows.map((row, index) => {
    const problem = rowLimitProblem(row);
    if (!problem) return row;
    unsendable.push({ index, ...problem });
    return null;
  });
  return unsendable.length === 0 ? { done: false, table: chunk.table, rows } : { done: false, table: chunk.table, rows, unsendable };
}
