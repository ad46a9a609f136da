/**
 * The backup and restore flows over IPC (main writes and reads the files, db/backup reads and
 * refills the tables): back up, restore a backup or import a project (backing up first), back up
 * an older database before the schema upgrade.
 */
import type Dexie from 'dexie';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type BackupReason } from '../../../../shared/backup/manifest';
import type { BackupCommitResult } from '../../../../shared/ipc/contract';
import { hasBridge, invoke } from '../../api/client';
import { APP_VERSION } from '../../app-version';
import { DEFAULT_BACKUP_SETTINGS } from '../../db/backup/backup-settings';
import { dumpDatabase } from '../../db/backup/dump';
import { checkBackup, readLocalSettings, restoreDatabase, type ChunkSource } from '../../db/backup/restore';
import { openStoredDatabase } from '../../db/backup/stored-version';
import { CURRENT_SCHEMA_VERSION } from '../../db/schema';

export type WriteOutcome = { canceled: true } | ({ canceled: false } & BackupCommitResult);

export interface WriteOptions {
  keep: number;
  /** a project file, saved where the user picks */
  project?: { defaultName: string };
  /**
   * the database's write counter (db.ts dbChangeGeneration): a backup during which something was
   * written is dumped again, so it is one state of the database, not tables from before and after
   * a write (IndexedDB cannot hold one read transaction across the IPC of each chunk)
   */
  changeGeneration?: () => number;
}

/** dumps tried before a backup is kept even though writes kept landing during each */
const MAX_DUMP_ATTEMPTS = 3;

/** Streams `db` to main as one backup (or project file); a failure aborts it (no file is left). */
export async function writeBackup(db: Dexie, reason: BackupReason, options: WriteOptions): Promise<WriteOutcome> {
  if (!db.isOpen()) await db.open();
  // a project's file is picked in a dialog when the write begins: it is written once, as it is
  const attempts = options.project || !options.changeGeneration ? 1 : MAX_DUMP_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const generation = options.changeGeneration?.();
    const begun = await invoke('backups.begin', options.project ? { reason, project: options.project } : { reason });
    if (begun.canceled) return { canceled: true };
    const { writeId } = begun;
    try {
      const dump = await dumpDatabase(
        db,
        { chunk: async (table, rows) => void (await invoke('backups.chunk', { writeId, table, rows })) },
        { project: options.project !== undefined },
      );
      if (attempt < attempts && options.changeGeneration?.() !== generation) {
        await invoke('backups.abort', { writeId });
        continue;
      }
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        schemaVersion: db.verno,
        appVersion: APP_VERSION,
        createdAt: new Date().toISOString(),
        reason,
        tables: dump.tables,
        datasets: dump.datasets,
      };
      const committed = await invoke('backups.commit', { writeId, manifest, keep: options.keep });
      return { canceled: false, ...committed };
    } catch (error) {
      await invoke('backups.abort', { writeId }).catch(() => undefined);
      throw error;
    }
  }
}

export interface RestoreFlowDeps {
  /** the app's database, open */
  current(): Dexie;
  /** closes the app's database for good (releaseDb) */
  release(): void;
  /** opens the restored database with the app's schema (runs the upgrades) */
  reopen(): Promise<Dexie>;
  /** writes the audit entries of the restore */
  log(db: Dexie, fileName: string): Promise<unknown>;
  keep: number;
}

export type RestoreOutcome = { canceled: true } | { canceled: false; name: string; manifest: BackupManifest; safetyBackup: string };

/**
 * Restores a backup (by name) or imports a project file (the user picks it): reads it whole and
 * checks every row (a newer schema, or any row that does not hold, refuses it before anything is
 * touched: RestoreRefusedError names the first problems), backs the current state up
 * ('before-restore'), reads the file again to replace the database, reopens it (upgrading an
 * older one) and logs the restore.
 */
export async function restoreFlow(source: { name: string } | { project: true }, deps: RestoreFlowDeps): Promise<RestoreOutcome> {
  const opened = await invoke('backups.open', source);
  if (opened.canceled) return { canceled: true };
  const { name, manifest } = opened;
  let readId = opened.readId;
  try {
    await checkBackup(manifest, name, chunksOf(readId));
    const again = await invoke('backups.reopen', { readId });
    if (again.canceled) return { canceled: true };
    readId = again.readId;
    if (JSON.stringify(again.manifest) !== JSON.stringify(manifest)) throw new Error(`${name} changed while it was being restored; nothing was changed. / ${name} 在恢复过程中被改动，未做任何更改。`);
    const db = deps.current();
    const safety = await writeBackup(db, 'before-restore', { keep: deps.keep });
    const safetyBackup = safety.canceled ? '' : safety.name;
    const local = 'project' in source ? await readLocalSettings(db) : undefined;
    const dbName = db.name;
    deps.release();
    try {
      await restoreDatabase(dbName, manifest, name, chunksOf(readId), local ? { keepLocalSettings: local } : {});
    } catch (error) {
      // a restore that stopped half-way leaves a database that is neither the old nor the backup: put the old one back
      const message = (error as Error).message;
      if (safetyBackup && (await rollBack(dbName, safetyBackup))) {
        throw new Error(`${message} — nothing was changed: the database is back as it was before the restore (from ${safetyBackup}). / 恢复失败，数据库已回到恢复前的状态（来自 ${safetyBackup}）。`, { cause: error });
      }
      throw new Error(`${message} — the state before the restore is in ${safetyBackup}. / 恢复失败，恢复前的状态保存在 ${safetyBackup}。`, { cause: error });
    }
    const restored = await deps.reopen();
    await deps.log(restored, name);
    return { canceled: false, name, manifest, safetyBackup };
  } finally {
    await invoke('backups.close', { readId }).catch(() => undefined);
  }
}

function chunksOf(readId: string): ChunkSource {
  return async () => {
    const chunk = await invoke('backups.read', { readId });
    return chunk.done ? null : { table: chunk.table, rows: chunk.rows, ...(chunk.unsendable ? { unsendable: chunk.unsendable } : {}) };
  };
}

/** Restores the safety backup written just before a restore that failed; false when that fails too. */
async function rollBack(dbName: string, safetyBackup: string): Promise<boolean> {
  try {
    const opened = await invoke('backups.open', { name: safetyBackup });
    if (opened.canceled) return false;
    try {
      await restoreDatabase(dbName, opened.manifest, opened.name, chunksOf(opened.readId), { trusted: true });
      return true;
    } finally {
      await invoke('backups.close', { readId: opened.readId }).catch(() => undefined);
    }
  } catch {
    return false;
  }
}

/**
 * Before the app's schema opens (and upgrades) the profile's database: if it is stored at an
 * older version, back it up as it is ('before-upgrade'). Returns the backup's name, or null when
 * no upgrade is due (no database yet, already current, no desktop bridge).
 */
export async function backupBeforeUpgrade(dbName: string, currentVersion = CURRENT_SCHEMA_VERSION): Promise<string | null> {
  if (!hasBridge()) return null;
  const stored = await openStoredDatabase(dbName);
  if (!stored) return null;
  try {
    if (stored.version >= currentVersion || stored.db.tables.length === 0) return null;
    const outcome = await writeBackup(stored.db, 'before-upgrade', { keep: DEFAULT_BACKUP_SETTINGS.keep });
    return outcome.canceled ? null : outcome.name;
  } finally {
    stored.db.close();
  }
}
