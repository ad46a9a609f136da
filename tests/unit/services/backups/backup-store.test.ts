import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from '../../../../shared/backup/manifest';
import { BackupStore, readBackupFile } from '../../../../electron/services/backups/backup-store';

const manifest = (tables: Record<string, number>): BackupManifest => ({
  format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, schemaVersion: 10, appVersion: 'test',
  createdAt: '2026-12-02T10:00:00.000Z', reason: 'manual', tables, datasets: ['A'],
});

function storeAt(start = Date.parse('2026-12-02T10:00:00.000Z')) {
  const dir = join(mkdtempSync(join(tmpdir(), 'maieutic-store-')), 'backups');
  let tick = 0;
  return { dir, store: new BackupStore(dir, { now: () => new Date(start + 1000 * tick++) }) };
}

async function backUp(store: BackupStore, rows = [{ id: 'a' }, { id: 'b' }], keep = 20) {
  const { writeId } = await store.begin(undefined, 'manual');
  await store.chunk(writeId, 'datasets', JSON.stringify(rows));
  return store.commit(writeId, manifest({ datasets: rows.length }), keep);
}

const files = (dir: string) => readdirSync(dir).sort();

describe('BackupStore', () => {
  it('writes a gzip file read back whole, with its manifest beside it', async () => {
    const { dir, store } = storeAt();
    const done = await backUp(store);
    expect(files(dir)).toEqual([done.name, `${done.name}.manifest.json`]);
    const read = await readBackupFile(join(dir, done.name));
    expect(read.chunks).toEqual([{ table: 'datasets', rows: [{ id: 'a' }, { id: 'b' }] }]);
    expect((await store.list())[0]).toMatchObject({ name: done.name, bytes: done.bytes, manifest: { datasets: ['A'], tables: { datasets: 2 } } });
  });

  it('a failed or aborted write leaves no file and the earlier backups untouched', async () => {
    const { dir, store } = storeAt();
    const first = await backUp(store);
    const before = readFileSync(join(dir, first.name));

    const aborted = await store.begin(undefined, 'manual');
    await store.chunk(aborted.writeId, 'datasets', '[{"id":"x"}]');
    await store.abort(aborted.writeId);
    // a chunk that is not JSON fails the write and removes its temporary file
    const broken = await store.begin(undefined, 'manual');
    await expect(store.chunk(broken.writeId, 'datasets', '[{"id":')).rejects.toThrow(/could not write datasets/);
    // a commit with a manifest whose counts are invalid fails too
    const badCommit = await store.begin(undefined, 'manual');
    await expect(store.commit(badCommit.writeId, { ...manifest({ datasets: -1 }) })).rejects.toThrow(/was not saved/);

    expect(files(dir)).toEqual([first.name, `${first.name}.manifest.json`]);
    expect(readFileSync(join(dir, first.name))).toEqual(before);
    expect((await store.list()).map((item) => item.name)).toEqual([first.name]);
  });

  it('keeps the newest N, never the one just written', async () => {
    const { dir, store } = storeAt();
    const names: string[] = [];
    for (let index = 0; index < 5; index += 1) names.push((await backUp(store, [{ id: String(index) }], 3)).name);
    expect((await store.list()).map((item) => item.name)).toEqual(names.slice(2).reverse());
    expect(files(dir).filter((name) => !name.endsWith('.json'))).toEqual(names.slice(2));
    // keep 0 is read as 1: the newest stays
    expect(await store.prune(0)).toEqual(names.slice(2, 4).reverse());
    expect(files(dir).filter((name) => !name.endsWith('.json'))).toEqual([names[4]]);
  });

  it('refuses a truncated, corrupt or incomplete file, naming it', async () => {
    const { dir, store } = storeAt();
    const done = await backUp(store);
    const bytes = readFileSync(join(dir, done.name));
    const truncated = join(dir, 'truncated.maieutic');
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 12));
    await expect(store.openRead({ path: truncated })).rejects.toThrow(/^truncated\.maieutic cannot be restored: the file is damaged or truncated/);
    const garbage = join(dir, 'garbage.maieutic');
    writeFileSync(garbage, 'not gzip at all');
    await expect(store.openRead({ path: garbage })).rejects.toThrow(/^garbage\.maieutic cannot be restored: the file is damaged/);
    const noManifest = join(dir, 'cut.maieutic');
    writeFileSync(noManifest, gzipSync(`{"format":"maieutic-backup","formatVersion":1}\n{"table":"datasets","rows":[]}\n`));
    await expect(store.openRead({ path: noManifest })).rejects.toThrow(/^cut\.maieutic cannot be restored: the file is truncated \(no manifest/);
    const miscounted = join(dir, 'miscount.maieutic');
    writeFileSync(miscounted, gzipSync(`{"format":"maieutic-backup","formatVersion":1}\n{"table":"datasets","rows":[{"id":"a"}]}\n${JSON.stringify({ manifest: manifest({ datasets: 2 }) })}\n`));
    await expect(store.openRead({ path: miscounted })).rejects.toThrow(/^miscount\.maieutic cannot be restored: datasets has 1 rows, the manifest says 2/);
    await expect(store.openRead({ name: '../etc.maieutic' })).rejects.toThrow(/No backup named/);
  });
});
