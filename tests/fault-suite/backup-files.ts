/**
 * Backup and project files for the fault suite's restore kinds, written the way main writes them
 * (a gzip of JSON lines: header, one chunk per table, the manifest last; shared/backup), from a
 * generated database every row of which the app could have written (the backup tests'
 * arbitraries), then changed the way a crafted file would be.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from '../../shared/backup/manifest';
import { encodeRows } from '../../shared/backup/row-codec';
import { CURRENT_SCHEMA_VERSION } from '../../renderer/src/db/schema';
import { storesOf } from '../../renderer/src/db/backup/restore';
import { keyPathOf } from '../../renderer/src/db/backup/restore-check';
import { cmp } from 'dexie';
import { databaseArbitrary, type GeneratedDatabase } from '../unit/renderer/backup/arbitraries';

export type Rows = Record<string, Record<string, unknown>[]>;

/** The same generated database every time: its rows, to change. */
export function baseTables(): Rows {
  const [tables] = fc.sample(databaseArbitrary, { seed: 29, numRuns: 1 });
  return structuredClone(tables as GeneratedDatabase) as Rows;
}

export interface BackupFileOptions {
  /** the manifest's tables and counts, when they are to differ from the rows' */
  tables?: (counts: Record<string, number>) => Record<string, number>;
  schemaVersion?: number;
  /** a chunk's JSON text changed as it is written (to hold a row JSON.stringify could not write) */
  text?: Record<string, (encoded: string) => string>;
  /** leave the manifest off: a file cut short */
  truncated?: boolean;
}

export function backupFile(rows: Rows, options: BackupFileOptions = {}): Uint8Array {
  const counts = Object.fromEntries(Object.entries(rows).map(([table, tableRows]) => [table, tableRows.length]));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    schemaVersion: options.schemaVersion ?? CURRENT_SCHEMA_VERSION,
    appVersion: '0.1.0',
    createdAt: '2026-12-02T10:00:00.000Z',
    reason: 'project',
    tables: options.tables ? options.tables(counts) : counts,
    datasets: (rows.datasets ?? []).map((row) => String(row.name)),
  };
  const lines = [JSON.stringify({ format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION })];
  const stores = storesOf(options.schemaVersion ?? CURRENT_SCHEMA_VERSION);
  for (const table of Object.keys(rows).sort()) {
    if (rows[table]!.length === 0) continue;
    // in key order, as the app writes a table
    const keyPath = stores[table] ? keyPathOf(stores[table]!) : 'id';
    const sorted = [...rows[table]!].sort((a, b) => cmp(a[keyPath], b[keyPath]));
    const encoded = encodeRows(sorted);
    lines.push(`{"table":${JSON.stringify(table)},"rows":${options.text?.[table]?.(encoded) ?? encoded}}`);
  }
  if (!options.truncated) lines.push(JSON.stringify({ manifest }));
  return gzipSync(Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
}
