/**
 * Puts a backup or project file back as the whole database. The file is read twice: first
 * checked whole (checkBackup, restore-check.ts) — a file with any problem is refused before
 * anything is touched, naming its first problems — then written: the database is deleted and
 * created again at the backup's own schema version (schema.ts keeps every version's stores),
 * every table refilled chunk by chunk, one transaction per chunk, each row checked again (a file
 * that changed between the two reads stops the write half-way, which the caller undoes), then
 * closed: the next open with the app's MaieuticDb runs the normal Dexie upgrades, so an older
 * backup comes back upgraded. A backup from a newer schema is refused before anything is read.
 */
import Dexie from 'dexie';
import { decodeRows } from '../../../../shared/backup/row-codec';
import type { BackupManifest } from '../../../../shared/backup/manifest';
import type { UnsendableRow } from '../../../../shared/ipc/contract';
import { tableRule } from '../repositories/row-checks';
import * as schema from '../schema';
import { CURRENT_SCHEMA_VERSION } from '../schema';
import { isLocalSetting } from './local-settings';
import { RestoreCheck, RestoreRefusedError } from './restore-check';

export type ChunkSource = () => Promise<{ table: string; rows: unknown[]; unsendable?: UnsendableRow[] } | null>;

const SCHEMAS: Record<number, Record<string, string | null>> = {
  1: schema.schemaV1, 2: schema.schemaV2, 3: schema.schemaV3, 4: schema.schemaV4, 5: schema.schemaV5,
  6: schema.schemaV6, 7: schema.schemaV7, 8: schema.schemaV8, 9: schema.schemaV9, 10: schema.schemaV10,
  11: schema.schemaV11,
  12: schema.schemaV12, 13: schema.schemaV13, 14: schema.schemaV14,
};

export class NewerBackupError extends Error {
  override name = 'NewerBackupError';
}

/** Throws, in words for the user, when this app cannot restore a backup of that schema. */
export function checkRestorable(manifest: BackupManifest, fileName: string): void {
  if (manifest.schemaVersion > CURRENT_SCHEMA_VERSION) {
    throw new NewerBackupError(
      `${fileName} was made by a newer Maieutic (database version ${manifest.schemaVersion}, this app knows up to ${CURRENT_SCHEMA_VERSION}, app ${manifest.appVersion}): update Maieutic to restore it. / ${fileName} 来自更新版本的 Maieutic（数据库版本 ${manifest.schemaVersion}，本程序最高支持 ${CURRENT_SCHEMA_VERSION}），请先升级 Maieutic。`,
    );
  }
  if (!SCHEMAS[manifest.schemaVersion]) throw new Error(`${fileName}: unknown database version ${manifest.schemaVersion}`);
}

/** The stores of a schema version that has them (a table dropped by a later version is null there). */
export function storesOf(version: number): Record<string, string> {
  const stores = SCHEMAS[version] ?? {};
  return Object.fromEntries(Object.entries(stores).filter((entry): entry is [string, string] => entry[1] !== null));
}

/**
 * Reads the whole file through `next` and checks every row of it; throws RestoreRefusedError with
 * the first problems (and how many there are) when anything does not hold. Writes nothing.
 */
export async function checkBackup(manifest: BackupManifest, fileName: string, next: ChunkSource): Promise<void> {
  checkRestorable(manifest, fileName);
  const check = new RestoreCheck(storesOf(manifest.schemaVersion), manifest.tables);
  for (;;) {
    const chunk = await next();
    if (chunk === null) break;
    check.addChunk(chunk.table, chunk.rows, chunk.unsendable);
  }
  const { problems, total } = check.finish();
  if (total > 0) throw new RestoreRefusedError(fileName, problems, total);
}

export interface RestoreOptions {
  /** a project import: the profile's own settings (local-settings.ts), kept from before */
  keepLocalSettings?: { key: string; value: unknown }[];
  /**
   * the file is the app's own safety backup, written moments ago (putting the database back after a
   * failed restore): its rows are not checked again, so no rule made since can keep the old state out
   */
  trusted?: boolean;
}

/**
 * Replaces the database `name` (which must be closed by its owner first) with the backup read
 * from `next`. Returns the rows written per table.
 */
export async function restoreDatabase(name: string, manifest: BackupManifest, fileName: string, next: ChunkSource, options: RestoreOptions = {}): Promise<Record<string, number>> {
  checkRestorable(manifest, fileName);
  await Dexie.delete(name);
  const db = new Dexie(name);
  db.version(manifest.schemaVersion).stores(SCHEMAS[manifest.schemaVersion]!);
  const written: Record<string, number> = {};
  try {
    await db.open();
    const known = new Set(db.tables.map((table) => table.name));
    for (;;) {
      const chunk = await next();
      if (chunk === null) break;
      if (!known.has(chunk.table)) throw new Error(`${fileName}: table ${chunk.table} is not part of database version ${manifest.schemaVersion}`);
      if (chunk.unsendable && chunk.unsendable.length > 0) throw new Error(`${fileName}: a row of ${chunk.table} is too deep or too large to be read`);
      let rows = decodeRows(chunk.rows);
      // checked again as written: the file read now must be the one checked before
      if (!options.trusted) {
        const rule = tableRule(chunk.table);
        for (const row of rows) rule?.check(row, '');
      }
      if (options.keepLocalSettings && chunk.table === 'settings') rows = rows.filter((row) => !isLocalSetting((row as { key?: unknown }).key));
      const table = db.table(chunk.table);
      await db.transaction('rw', table, () => table.bulkAdd(rows));
      written[chunk.table] = (written[chunk.table] ?? 0) + rows.length;
    }
    if (options.keepLocalSettings && options.keepLocalSettings.length > 0 && known.has('settings')) {
      await db.table('settings').bulkPut(options.keepLocalSettings);
    }
  } finally {
    db.close();
  }
  return written;
}

/** The profile's own settings rows, to carry over a project import. */
export async function readLocalSettings(db: Dexie): Promise<{ key: string; value: unknown }[]> {
  if (!db.isOpen()) await db.open();
  const rows = (await db.table('settings').toArray()) as { key: string; value: unknown }[];
  return rows.filter((row) => isLocalSetting(row.key));
}
