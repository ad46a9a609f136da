import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { copyFile } from 'node:fs/promises';
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
import { packTurnBlocks } from '../../../../renderer/src/db/turn-blocks';
import fc from 'fast-check';
import { databaseArbitrary } from './arbitraries';
import { chunksOf, writeCrafted } from './restore-support';

const NOW = '2026-12-02T10:00:00.000Z';

/**
 * A database with rows in every table: real imports and reviews, and a generated row of every
 * other table (arbitraries.ts), each one the app could have written.
 */
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
  // every table still empty gets the generated database's rows (its own data set and dialogues)
  const [generated] = fc.sample(databaseArbitrary, { seed: 29, numRuns: 1 });
  for (const table of db.tables) {
    if ((await table.count()) > 0 && table.name !== 'datasets' && table.name !== 'dialogues' && table.name !== 'sources' && table.name !== 'turnBlocks' && table.name !== 'annotators') continue;
    const rows = generated![table.name] ?? [];
    if (table.name === 'editLog') await table.bulkAdd(rows.map(({ seq: _seq, ...entry }) => entry));
    else if (rows.length > 0) await table.bulkPut(rows);
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
    expect(list.find((item) => item.name === backup.name)?.manifest.datasets).toContain('Pilot 试点');

    const datasetIds = (before.datasets as { id: string }[]).map((dataset) => dataset.id);
    expect(await logRestore(current, backup.name, '王老师', NOW)).toBe(datasetIds.length);
    const entries = (await current.editLog.toArray()).filter((entry) => entry.reason === 'restored' && entry.note === backup.name);
    expect(entries.map((entry) => entry.datasetId).sort()).toEqual([...datasetIds].sort());
    expect(entries.every((entry) => entry.target.kind === 'dataset' && entry.dialogueId === '')).toBe(true);
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
    // the file passes the check, then is replaced before it is read again to be written: its last
    // table's last row now fails its rule, so the write stops half-way (the tables before are written by then)
    const { manifest, chunks } = await chunksOf(bridge, backup.name);
    const last = chunks[chunks.length - 1]!;
    last.rows = [...last.rows.slice(0, -1), { ...(last.rows.at(-1) as object), verified: 'yes' }];
    const swapped = await writeCrafted(bridge, manifest, chunks);
    // the state now differs from the backup, so a half-done restore would show
    await db.layerValues.clear();
    await db.datasets.put({ id: 'extra', name: 'Extra', createdAt: NOW, codebookId: 'x' });
    const before = await tablesOf(db);

    const api = (window as unknown as { api: { invoke: (channel: string, arg: unknown) => Promise<unknown> } }).api;
    const invoke = api.invoke;
    api.invoke = async (channel, arg) => {
      if (channel === 'backups.reopen') await copyFile(join(bridge.dir, 'backups', swapped), join(bridge.dir, 'backups', backup.name));
      return invoke(channel, arg);
    };
    let current: MaieuticDb = db;
    const deps = {
      current: () => current,
      release: () => current.close({ disableAutoOpen: true }),
      reopen: async () => current,
      log: async () => undefined,
      keep: 20,
    };
    try {
      await expect(restoreFlow({ name: backup.name }, deps)).rejects.toThrow(/verified: must be true or false.*— nothing was changed: the database is back as it was before the restore \(from .*before-restore/);
    } finally {
      api.invoke = invoke;
    }
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
    await old.table('sources').put({ id: 'src', datasetId: 'ds', file: 'a.jsonl', format: 'sid-jsonl', contentHash: 'h', teacherModel: 'GPT-4o', importedAt: NOW, dialogues: 1, turns: 1, warnings: 0 });
    await old.table('dialogues').put({ id: 'src:1', datasetId: 'ds', sourceId: 'src', externalId: '1-1-1', teacherModel: 'GPT-4o', topicId: '1', topicText: '', studentId: '1', studentType: '', scenario: '', repeatId: '1', turnCount: 1, flaggedCount: 0, file: 'a.jsonl', line: 1, extra: {}, unaligned: [] });
    await old.table('turnBlocks').put(packTurnBlocks([['src:1', [{ ...turn(0), id: 'src:1#0', dialogueId: 'src:1' }]]])[0]);
    await old.table('editLog').add({ dialogueId: 'src:1', target: { kind: 'dialogue' }, before: { status: 'todo' }, after: { status: 'verified' }, reviewer: 'R', at: NOW });
    old.close();

    const made = await backupBeforeUpgrade(name, 10);
    expect(made).toMatch(/before-upgrade/);
    const [info] = await bridge.store.list();
    expect(info!.manifest).toMatchObject({ schemaVersion: 9, reason: 'before-upgrade', datasets: ['Old 旧'] });
    expect(info!.manifest.tables).toMatchObject({ datasets: 1, dialogues: 1, turnBlocks: 1, editLog: 1 });
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
