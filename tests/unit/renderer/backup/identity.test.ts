import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { MaieuticDb } from '../../../../renderer/src/db/db';
import { logRestore } from '../../../../renderer/src/db/backup/backup-settings';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { applyFieldEdits, setTurnVerified, updateDialogueReview } from '../../../../renderer/src/db/repositories/reviews';
import { listDialoguesOf } from '../../../../renderer/src/db/repositories/dialogues';
import { backupBeforeUpgrade, restoreFlow, writeBackup } from '../../../../renderer/src/stores/backups/run';
import { CURRENT_SCHEMA_VERSION, schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9 } from '../../../../renderer/src/db/schema';
import { dialogue, freshDb, parsedFile, turn, value } from '../fixtures';
import { installBackupBridge } from './harness';

const NOW = '2026-12-02T10:00:00.000Z';

/** A database with rows in every table: real imports and reviews, plus a row for each table still empty. */
async function populate(db: MaieuticDb): Promise<void> {
  const pre = { teacher_intent: value('引导推理', 'ok', ['guide_reasoning']) };
  const imported = await importParsedFiles(db, { kind: 'new', name: 'Pilot 试点', codebookId: DEFAULT_CODEBOOK.id }, [
    parsedFile('GPT-4o/a.jsonl', [1, 2, 3].map((line) => dialogue(line, 3, { turns: [turn(0), turn(1, pre), turn(2)] }))),
  ]);
  const [first] = (await listDialoguesOf(db, imported.datasetId)).map((item) => item.id);
  const ctx = { dialogueId: first!, reviewer: '王老师', at: NOW };
  await applyFieldEdits(db, ctx, [
    { turnId: `${first}#1`, fieldId: 'teacher_intent', resolve: () => ({ decision: 'changed', codes: ['check_understanding'], text: null }) },
  ]);
  await setTurnVerified(db, ctx, `${first}#1`, true);
  await updateDialogueReview(db, ctx, { status: 'verified' });
  await db.settings.bulkPut([{ key: 'reviewerName', value: '王老师' }, { key: 'backup.keep', value: 7 }, { key: 'other', value: { nested: [1, undefined, null] } }]);
  await db.layers.put({ id: 'layer-1', datasetId: imported.datasetId, name: 'Second', undefinedField: undefined } as never);
  await db.adjudications.put({ id: `${first}#1|teacher_intent`, datasetId: imported.datasetId, dialogueId: first } as never);
  await db.spotChecks.put({ id: 'spot-1', datasetId: imported.datasetId, seed: 42, items: [{ turnId: `${first}#1` }] } as never);
  for (const table of db.tables) {
    if ((await table.count()) > 0) continue;
    const keyPath = table.schema.primKey.keyPath as string;
    const row: Record<string, unknown> = { datasetId: imported.datasetId, dialogueId: first, layerId: 'layer-1', jobId: 'job', codebookId: 'cb', id: `${table.name}-1`, at: new Date(NOW), data: new Float64Array([1.5, Number.NaN]) };
    row[keyPath] = `${table.name}-1`;
    await table.put(row);
  }
}

async function tablesOf(db: Dexie, drop: (table: string, row: Record<string, unknown>) => boolean = () => false): Promise<Record<string, unknown[]>> {
  if (!db.isOpen()) await db.open();
  const out: Record<string, unknown[]> = {};
  for (const table of db.tables) out[table.name] = ((await table.toArray()) as Record<string, unknown>[]).filter((row) => !drop(table.name, row));
  return out;
}

describe('backups: what is restored is the database that was backed up', () => {
  let db: MaieuticDb;
  let bridge: ReturnType<typeof installBackupBridge>;
  beforeEach(() => {
    bridge = installBackupBridge();
    db = freshDb();
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('backup → change → restore gives back every table row for row, then logs the restore per data set', async () => {
    await populate(db);
    for (const table of db.tables) expect(await table.count(), table.name).toBeGreaterThan(0);
    const before = await tablesOf(db);
    const backup = await writeBackup(db, 'manual', { keep: 20 });
    if (backup.canceled) throw new Error('canceled');
    // change more: a table cleared, a row added, a row rewritten
    await db.layerValues.clear();
    await db.settings.put({ key: 'other', value: 'changed' });
    await db.datasets.put({ id: 'extra', name: 'Extra', createdAt: NOW, codebookId: 'x' });

    let current: MaieuticDb = db;
    const restored = await restoreFlow({ name: backup.name }, {
      current: () => current,
      release: () => current.close({ disableAutoOpen: true }),
      reopen: async () => {
        current = new MaieuticDb(db.name);
        await current.open();
        return current;
      },
      log: async () => undefined,
      keep: 20,
    });
    expect(restored.canceled).toBe(false);
    expect(await tablesOf(current)).toStrictEqual(before);
    // the state before the restore was kept
    if (restored.canceled) throw new Error('canceled');
    expect(restored.safetyBackup).toMatch(/before-restore/);
    const list = await bridge.store.list();
    expect(list.map((item) => item.manifest.reason).sort()).toEqual(['before-restore', 'manual']);
    expect(list.find((item) => item.name === backup.name)?.manifest.datasets).toEqual(['Pilot 试点']);

    expect(await logRestore(current, backup.name, '王老师', NOW)).toBe(1);
    const entries = (await current.editLog.toArray()).filter((entry) => entry.reason === 'restored');
    expect(entries).toEqual([expect.objectContaining({ target: { kind: 'dataset' }, dialogueId: '', note: backup.name, datasetId: before.datasets![0] && (before.datasets![0] as { id: string }).id })]);
    current.close();
    db = current;
  });

  it('a project file imported into a fresh profile gives the same tables, but the profile keeps its own settings', async () => {
    await populate(db);
    const path = join(bridge.dir, 'pilot.maieutic');
    bridge.dialogs.nextSavePath(path);
    const exported = await writeBackup(db, 'project', { keep: 20, project: { defaultName: 'pilot.maieutic' } });
    expect(exported.canceled).toBe(false);
    const local = (table: string, row: Record<string, unknown>) => table === 'settings' && (String(row.key).startsWith('backup.') || row.key === 'reviewerName');
    const expected = await tablesOf(db, local);

    let fresh = freshDb();
    await fresh.open();
    await fresh.settings.put({ key: 'reviewerName', value: '李老师' });
    bridge.dialogs.nextFiles([path]);
    const imported = await restoreFlow({ project: true }, {
      current: () => fresh,
      release: () => fresh.close({ disableAutoOpen: true }),
      reopen: async () => {
        fresh = new MaieuticDb(fresh.name);
        await fresh.open();
        return fresh;
      },
      log: async () => undefined,
      keep: 20,
    });
    expect(imported.canceled).toBe(false);
    expect(await tablesOf(fresh, local)).toStrictEqual(expected);
    expect(await fresh.settings.get('reviewerName')).toEqual({ key: 'reviewerName', value: '李老师' });
    fresh.close();
    await fresh.delete();
  });

  it('a restore that fails half-way puts the database back as it was, from the safety backup', async () => {
    await populate(db);
    const backup = await writeBackup(db, 'manual', { keep: 20 });
    if (backup.canceled) throw new Error('canceled');
    // a backup main accepts but the database refuses half-way: its last table holds one key twice (the rest is written by then)
    const damaged = await bridge.store.begin(undefined, 'manual');
    const opened = await bridge.store.openRead({ name: backup.name });
    const chunks: { table: string; rows: unknown[] }[] = [];
    for (let chunk = bridge.store.readChunk(opened.readId); chunk; chunk = bridge.store.readChunk(opened.readId)) chunks.push(chunk);
    const last = chunks[chunks.length - 1]!;
    last.rows = [...last.rows, last.rows[0]];
    for (const chunk of chunks) await bridge.store.chunk(damaged.writeId, chunk.table, JSON.stringify(chunk.rows));
    const tables = { ...opened.manifest.tables, [last.table]: (opened.manifest.tables[last.table] ?? 0) + 1 };
    await bridge.store.commit(damaged.writeId, { ...opened.manifest, tables });
    // the state now differs from the backup, so a half-done restore would show
    await db.layerValues.clear();
    await db.datasets.put({ id: 'extra', name: 'Extra', createdAt: NOW, codebookId: 'x' });
    const before = await tablesOf(db);

    let current: MaieuticDb = db;
    const deps = {
      current: () => current,
      release: () => current.close({ disableAutoOpen: true }),
      reopen: async () => current,
      log: async () => undefined,
      keep: 20,
    };
    await expect(restoreFlow({ name: damaged.name }, deps)).rejects.toThrow(/— nothing was changed: the database is back as it was before the restore \(from .*before-restore/);
    current = new MaieuticDb(db.name);
    expect(await tablesOf(current)).toStrictEqual(before);
    current.close();
    db = current;
  });

  it('a backup during which something is written is dumped again: it holds one state, never tables from before and after the write', async () => {
    await populate(db);
    const names = db.tables.map((table) => table.name).sort();
    const [first, last] = [names[0]!, names[names.length - 1]!];
    const rowFor = (table: string) => {
      const keyPath = db.table(table).schema.primKey.keyPath as string;
      return { id: `meanwhile-${table}`, datasetId: 'd', dialogueId: 'x', layerId: 'l', [keyPath]: `meanwhile-${table}` };
    };
    let generation = 0;
    const api = (window as unknown as { api: { invoke: (channel: string, arg: unknown) => Promise<unknown> } }).api;
    const invoke = api.invoke;
    let written = false;
    api.invoke = async (channel, arg) => {
      // once the first table is sent, one transaction writes to it and to the last table, still to come
      if (channel === 'backups.chunk' && !written && (arg as { table: string }).table !== first) {
        written = true;
        await db.transaction('rw', db.table(first), db.table(last), async () => {
          await db.table(first).put(rowFor(first));
          await db.table(last).put(rowFor(last));
        });
        generation++;
      }
      return invoke(channel, arg);
    };
    try {
      const backup = await writeBackup(db, 'scheduled', { keep: 20, changeGeneration: () => generation });
      if (backup.canceled) throw new Error('canceled');
      expect(written).toBe(true);
      expect((await bridge.store.list()).map((item) => item.name)).toEqual([backup.name]);
      const opened = await bridge.store.openRead({ name: backup.name });
      const rows: Record<string, string> = {};
      for (let chunk = bridge.store.readChunk(opened.readId); chunk; chunk = bridge.store.readChunk(opened.readId)) rows[chunk.table] = (rows[chunk.table] ?? '') + JSON.stringify(chunk.rows);
      expect(rows[last]).toContain(`meanwhile-${last}`);
      expect(rows[first], 'the table sent before the write has it too: the backup was dumped again').toContain(`meanwhile-${first}`);
      expect(opened.manifest.tables[first]).toBe(await db.table(first).count());
    } finally {
      api.invoke = invoke;
    }
  });

  it('refuses a backup from a newer schema before touching anything', async () => {
    await populate(db);
    const backup = await writeBackup(db, 'manual', { keep: 20 });
    if (backup.canceled) throw new Error('canceled');
    // a backup written by a newer app: same rows, a later schema version
    const newer = await bridge.store.begin(undefined, 'manual');
    const opened = await bridge.store.openRead({ name: backup.name });
    for (let chunk = bridge.store.readChunk(opened.readId); chunk; chunk = bridge.store.readChunk(opened.readId)) await bridge.store.chunk(newer.writeId, chunk.table, JSON.stringify(chunk.rows));
    await bridge.store.commit(newer.writeId, { ...opened.manifest, schemaVersion: 99 });
    const before = await tablesOf(db);
    await expect(restoreFlow({ name: newer.name }, { current: () => db, release: () => db.close(), reopen: async () => db, log: async () => undefined, keep: 20 })).rejects.toThrow(/newer Maieutic \(database version 99/);
    expect(await tablesOf(db)).toStrictEqual(before);
  });
});

describe('before a schema upgrade, a v9 profile is backed up as it is', () => {
  it('backs up the v9 tables raw, and that backup restores and upgrades to the current version (v10 and later)', async () => {
    const bridge = installBackupBridge();
    const name = `v9-${Date.now()}`;
    const old = new Dexie(name);
    [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9].forEach((schema, index) => old.version(index + 1).stores(schema));
    await old.open();
    await old.table('datasets').put({ id: 'ds', name: 'Old 旧', createdAt: NOW, codebookId: 'cb' });
    await old.table('dialogues').put({ id: 'src:1', datasetId: 'ds' });
    await old.table('editLog').add({ dialogueId: 'src:1', target: { kind: 'dialogue' }, before: { status: 'todo' }, after: { status: 'verified' }, reviewer: 'R', at: NOW });
    old.close();

    const made = await backupBeforeUpgrade(name, 10);
    expect(made).toMatch(/before-upgrade/);
    const [info] = await bridge.store.list();
    expect(info!.manifest).toMatchObject({ schemaVersion: 9, reason: 'before-upgrade', datasets: ['Old 旧'] });
    expect(info!.manifest.tables).toMatchObject({ datasets: 1, dialogues: 1, editLog: 1 });
    expect(info!.manifest.tables).not.toHaveProperty('findingDismissals');
    // already current: nothing to do
    const upgraded = new MaieuticDb(name);
    await upgraded.open();
    expect(await backupBeforeUpgrade(name, 10)).toBeNull();

    // the v9 backup restores at v9 and the normal upgrade brings it to v10
    let current = upgraded;
    await restoreFlow({ name: made! }, {
      current: () => current,
      release: () => current.close({ disableAutoOpen: true }),
      reopen: async () => {
        current = new MaieuticDb(name);
        await current.open();
        return current;
      },
      log: async () => undefined,
      keep: 20,
    });
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    const [entry] = await current.editLog.toArray();
    expect(entry).toMatchObject({ datasetId: 'ds', reason: 'status' });
    current.close();
    await Dexie.delete(name);
  });
});
