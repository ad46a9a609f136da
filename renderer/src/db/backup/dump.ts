/**
 * Reads a whole database out, table after table (`db.tables`: whatever tables the database at
 * hand has, so a future table cannot be forgotten), in batches by primary key, as row-codec
 * text for the backup stream. Works on the app's MaieuticDb and on a `new Dexie(name)` opened
 * without versions (the raw tables of an older schema, before an upgrade).
 *
 * Not one snapshot by itself: IndexedDB ends a transaction at the first await on something else
 * (the IPC of each chunk), so a write landing mid-dump may be in a later table and not an earlier
 * one. writeBackup (stores/backups/run.ts) watches the database's write counter and dumps again
 * when something was written meanwhile.
 */
import Dexie from 'dexie';
import type { Table } from 'dexie';
import { encodeRows } from '../../../../shared/backup/row-codec';
import { isLocalSetting } from './local-settings';

export interface DumpSink {
  chunk(table: string, rowsText: string): Promise<void>;
}

export interface DumpResult {
  tables: Record<string, number>;
  datasets: string[];
}

/** rows per chunk; turn blocks are ~100 KB of JSON each, so a few at a time */
function batchSize(table: string): number {
  return table === 'turnBlocks' ? 4 : 500;
}

export interface DumpOptions {
  /** a project file: leave out this profile's own settings (local-settings.ts) */
  project?: boolean;
}

export async function dumpDatabase(db: Dexie, sink: DumpSink, options: DumpOptions = {}): Promise<DumpResult> {
  if (!db.isOpen()) await db.open();
  const result: DumpResult = { tables: {}, datasets: [] };
  for (const table of [...db.tables].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    result.tables[table.name] = 0;
    for await (const rows of batches(table, batchSize(table.name))) {
      const kept = options.project && table.name === 'settings' ? rows.filter((row) => !isLocalSetting((row as { key?: unknown }).key)) : rows;
      if (table.name === 'datasets') {
        for (const row of kept) result.datasets.push(String((row as { name?: unknown }).name ?? ''));
      }
      if (kept.length === 0) continue;
      result.tables[table.name] += kept.length;
      await sink.chunk(table.name, encodeRows(kept));
    }
  }
  return result;
}

async function* batches(table: Table, size: number): AsyncGenerator<unknown[]> {
  const keyPath = table.schema.primKey.keyPath;
  let last: unknown = undefined;
  let first = true;
  for (;;) {
    const collection = first ? table.orderBy(':id') : table.where(':id').above(last);
    const rows: unknown[] = await collection.limit(size).toArray();
    if (rows.length === 0) return;
    if (typeof keyPath === 'string' && keyPath !== '') {
      last = Dexie.getByKeyPath(rows[rows.length - 1] as object, keyPath);
    } else {
      const keys = await (first ? table.orderBy(':id') : table.where(':id').above(last)).limit(size).primaryKeys();
      last = keys[keys.length - 1];
    }
    first = false;
    yield rows;
    if (rows.length < size) return;
  }
}
