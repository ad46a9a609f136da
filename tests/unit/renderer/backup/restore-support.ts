/**
 * What the backup tests share: a database filled from generated tables, its tables read back, the
 * restore flow's dependencies over a test database, and a backup file rewritten with crafted rows
 * (read through the real store, changed, written back as a backup main accepts).
 */
import type Dexie from 'dexie';
import { MaieuticDb } from '../../../../renderer/src/db/db';
import { restoreFlow, type RestoreFlowDeps } from '../../../../renderer/src/stores/backups/run';
import type { BackupManifest } from '../../../../shared/backup/manifest';
import { decodeRows, encodeRows } from '../../../../shared/backup/row-codec';
import type { GeneratedDatabase } from './arbitraries';
import type { installBackupBridge } from './harness';

export type Bridge = ReturnType<typeof installBackupBridge>;

export async function fill(db: MaieuticDb, tables: GeneratedDatabase): Promise<void> {
  if (!db.isOpen()) await db.open();
  for (const [table, rows] of Object.entries(tables)) if (rows.length > 0) await db.table(table).bulkAdd(rows);
}

export async function tablesOf(db: Dexie): Promise<Record<string, unknown[]>> {
  if (!db.isOpen()) await db.open();
  const out: Record<string, unknown[]> = {};
  for (const table of db.tables) out[table.name] = await table.toArray();
  return out;
}

/** The restore flow over `db` (by name), reopening the restored database as the app does; `current()` is the open one after. */
export function restoreDeps(db: MaieuticDb): RestoreFlowDeps & { opened(): MaieuticDb } {
  let current = db;
  return {
    current: () => current,
    release: () => current.close({ disableAutoOpen: true }),
    reopen: async () => {
      current = new MaieuticDb(db.name);
      await current.open();
      return current;
    },
    log: async () => undefined,
    keep: 1000,
    opened: () => current,
  };
}

export async function restoreByName(db: MaieuticDb, name: string) {
  const deps = restoreDeps(db);
  const outcome = await restoreFlow({ name }, deps);
  return { outcome, db: deps.opened() };
}

export interface Chunk {
  table: string;
  /** decoded rows, to change */
  rows: unknown[];
  /** the chunk's JSON text as written instead of its rows (a row JSON.stringify could not write: 100,000 levels deep) */
  text?: string;
}

/** Every chunk of a stored backup, decoded. */
export async function chunksOf(bridge: Bridge, name: string): Promise<{ manifest: BackupManifest; chunks: Chunk[] }> {
  const opened = await bridge.store.openRead({ name });
  const chunks: Chunk[] = [];
  for (let chunk = bridge.store.readChunk(opened.readId); chunk; chunk = bridge.store.readChunk(opened.readId)) chunks.push({ table: chunk.table, rows: decodeRows(chunk.rows) });
  return { manifest: opened.manifest, chunks };
}

/**
 * A backup of `chunks` as main accepts it (the manifest's counts follow the rows; `tables` overrides
 * the list of tables), under a new name in the backups folder. `raw` rows are written as given
 * (JSON), not through the row codec: a file crafted outside the app.
 */
export async function writeCrafted(bridge: Bridge, manifest: BackupManifest, chunks: Chunk[], options: { tables?: Record<string, number>; raw?: boolean } = {}): Promise<string> {
  const counts: Record<string, number> = Object.fromEntries(Object.keys(manifest.tables).map((table) => [table, 0]));
  for (const chunk of chunks) counts[chunk.table] = (counts[chunk.table] ?? 0) + chunk.rows.length;
  const tables = options.tables ?? counts;
  const begun = await bridge.store.begin(undefined, 'manual');
  for (const chunk of chunks) await bridge.store.chunk(begun.writeId, chunk.table, chunk.text ?? (options.raw ? JSON.stringify(chunk.rows) : encodeRows(chunk.rows)));
  const committed = await bridge.store.commit(begun.writeId, { ...manifest, tables });
  return committed.name;
}
