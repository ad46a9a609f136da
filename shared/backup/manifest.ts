/**
 * Backups and project files (issue 12): one format for both. A gzip of UTF-8 lines:
 *   1. the header  {"format":"maieutic-backup","formatVersion":1}
 *   2. chunks      {"table":"<name>","rows":[…encoded rows…]}   (row-codec.ts), table after table
 *   3. the manifest {"manifest":{…BackupManifest}}                 (last line: a file without it is truncated)
 * Backups in the app's data folder also get a `<file>.manifest.json` beside them, so the list
 * needs no decompression; the manifest inside the file is the one that counts.
 */

export const BACKUP_FORMAT = 'maieutic-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** the extension of a backup and of a project file */
export const PROJECT_EXTENSION = 'maieutic';

export type BackupReason = 'scheduled' | 'before-upgrade' | 'on-quit' | 'before-restore' | 'manual' | 'project';
export const BACKUP_REASONS: readonly BackupReason[] = ['scheduled', 'before-upgrade', 'on-quit', 'before-restore', 'manual', 'project'];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** the Dexie schema version of the database written (a restore refuses a newer one) */
  schemaVersion: number;
  appVersion: string;
  /** ISO time the backup was taken */
  createdAt: string;
  reason: BackupReason;
  /** rows per table, every table of the database (0 included) */
  tables: Record<string, number>;
  /** the data sets' names, for the list */
  datasets: string[];
}

/** What the list shows of one backup. */
export interface BackupInfo {
  /** file name inside the backups folder */
  name: string;
  bytes: number;
  manifest: BackupManifest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks an untrusted manifest (a file's last line, a sidecar, an IPC argument); throws naming `where`. */
export function parseManifest(value: unknown, where: string): BackupManifest {
  const fail = (what: string): never => {
    throw new Error(`${where}: the backup manifest ${what}`);
  };
  if (!isRecord(value)) return fail('is missing or not an object');
  if (value.format !== BACKUP_FORMAT) fail(`is not a Maieutic backup (format ${JSON.stringify(value.format)})`);
  if (typeof value.formatVersion !== 'number' || value.formatVersion > BACKUP_FORMAT_VERSION) fail('has an unknown format version');
  if (typeof value.schemaVersion !== 'number' || !Number.isInteger(value.schemaVersion) || value.schemaVersion < 1) fail('has no valid schema version');
  if (typeof value.appVersion !== 'string') fail('has no app version');
  if (typeof value.createdAt !== 'string' || Number.isNaN(Date.parse(value.createdAt))) fail('has no valid time');
  if (!BACKUP_REASONS.some((reason) => reason === value.reason)) fail(`has an unknown reason ${JSON.stringify(value.reason)}`);
  const tables = value.tables;
  if (!isRecord(tables) || !Object.values(tables).every((count) => typeof count === 'number' && Number.isInteger(count) && count >= 0)) {
    fail('has no valid row counts');
  }
  if (!Array.isArray(value.datasets) || !value.datasets.every((name) => typeof name === 'string')) fail('has no valid data set names');
  return {
    format: BACKUP_FORMAT,
    formatVersion: value.formatVersion as number,
    schemaVersion: value.schemaVersion as number,
    appVersion: value.appVersion as string,
    createdAt: value.createdAt as string,
    reason: value.reason as BackupReason,
    tables: { ...(tables as Record<string, number>) },
    datasets: [...(value.datasets as string[])],
  };
}
