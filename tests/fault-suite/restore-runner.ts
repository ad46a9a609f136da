/**
 * Feeds the fault suite's restore kinds through the app's restore path, in a child process so a
 * hang or a crash of one kind cannot take the test run with it: main's backup handlers and store
 * over a temporary folder, the renderer's restore flow over a fake IndexedDB holding a database
 * of its own, restored from the kind's file as Settings → Backups restores one. One JSON line per
 * kind on stdout, as the app-path runner writes them.
 *   node --import tsx tests/fault-suite/restore-runner.ts <manifest.json> <first index>
 */
import 'fake-indexeddb/auto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackupHandlers } from '../../electron/main/ipc/backup-handlers';
import { BackupStore } from '../../electron/services/backups/backup-store';
import { MaieuticDb } from '../../renderer/src/db/db';
import { RestoreRefusedError } from '../../renderer/src/db/backup/restore-check';
import { createFakeDialogs } from '../support/fake-dialogs';
import { baseTables } from './backup-files';
import type { GeneratedKind } from './generate';

export interface RestorePathResult {
  index: number;
  /** refused before anything was written: the problems named */
  refused?: { problems: { table: string; row: number; field: string; code: string; detail: string }[]; total: number };
  /** restored */
  accepted?: true;
  /** any other error that came out of the restore */
  thrown?: string;
  /** the database differs from before although the restore did not succeed */
  changed: boolean;
}

const NAME = 'backup-2026-01-01T00-00-00-000Z-manual.maieutic';

async function fill(db: MaieuticDb, tables: Record<string, unknown[]>): Promise<void> {
  await db.open();
  for (const [table, rows] of Object.entries(tables)) if (rows.length > 0) await db.table(table).bulkAdd(rows);
}

async function tablesOf(db: MaieuticDb): Promise<Record<string, unknown[]>> {
  if (!db.isOpen()) await db.open();
  return Object.fromEntries(await Promise.all(db.tables.map(async (table) => [table.name, await table.toArray()] as const)));
}

// what the app's build defines (electron.vite.config.ts), before the restore flow that reads it is loaded
(globalThis as unknown as { __APP_VERSION__: string }).__APP_VERSION__ = '0.0.0-fault-suite';

async function feed(kind: GeneratedKind, index: number): Promise<Omit<RestorePathResult, 'index'>> {
  const { restoreFlow } = await import('../../renderer/src/stores/backups/run');
  const dir = mkdtempSync(join(tmpdir(), 'maieutic-fault-restore-'));
  mkdirSync(join(dir, 'backups'));
  copyFileSync(kind.target as string, join(dir, 'backups', NAME));
  const handlers = createBackupHandlers({ backups: new BackupStore(join(dir, 'backups')), dialogs: createFakeDialogs() }) as Record<string, (arg: unknown) => Promise<unknown>>;
  (globalThis as unknown as { window: unknown }).window = {
    api: {
      // through JSON both ways, as across the bridge
      invoke: async (channel: string, arg: unknown) => JSON.parse(JSON.stringify(await handlers[channel]!(JSON.parse(JSON.stringify(arg))))),
      on: () => () => undefined,
    },
  };
  let db = new MaieuticDb(`fault-restore-${index}`);
  await fill(db, baseTables());
  const before = JSON.stringify(await tablesOf(db));
  try {
    await restoreFlow({ name: NAME }, {
      current: () => db,
      release: () => db.close({ disableAutoOpen: true }),
      reopen: async () => {
        db = new MaieuticDb(db.name);
        await db.open();
        return db;
      },
      log: async () => undefined,
      keep: 20,
    });
    return { accepted: true, changed: false };
  } catch (error) {
    const reopened = new MaieuticDb(db.name);
    const changed = JSON.stringify(await tablesOf(reopened)) !== before;
    reopened.close();
    if (error instanceof RestoreRefusedError) return { refused: { problems: error.problems.map(({ table, row, field, code, detail }) => ({ table, row, field, code, detail })), total: error.total }, changed };
    return { thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error), changed };
  }
}

async function main(): Promise<void> {
  const [manifestPath, first] = process.argv.slice(2);
  const kinds = (JSON.parse(readFileSync(manifestPath!, 'utf8')) as { kinds: GeneratedKind[] }).kinds;
  for (let index = Number(first); index < kinds.length; index++) {
    if (!kinds[index]!.restore || kinds[index]!.target === null) continue;
    process.stdout.write(`START ${index}\n`);
    let result: RestorePathResult;
    try {
      result = { index, ...(await feed(kinds[index]!, index)) };
    } catch (error) {
      result = { index, thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error), changed: false };
    }
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  }
  process.stdout.write('DONE\n');
}

void main();
