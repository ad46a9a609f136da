/**
 * Main's writers on a full disk (issue 30 point 6): the job journal, the answer cache, backups,
 * exports (writeFileAtomic) and the IPC dispatch that carries their failure to the renderer. Each
 * names the file in a FileWriteError, loses nothing it had finished (a journal's whole records
 * stay and read back once there is room; no backup half written), and the renderer gets the
 * write-failed code, worded in both languages.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from '../../../shared/backup/manifest';
import { readReasonedMessage } from '../../../shared/ipc/reasoned-error';
import type { InvokeHandlers } from '../../../shared/ipc/contract';
import { writeFileAtomic } from '../../../electron/services/atomic-write';
import { BackupStore } from '../../../electron/services/backups/backup-store';
import { jobRecord, JournalWriter, readJournal, resultRecord } from '../../../electron/services/jobs/job-journal';
import { ResponseCache } from '../../../electron/services/llm/response-cache';
import { FileWriteError } from '../../../electron/services/write-failure';
import { dispatchInvoke } from '../../../electron/main/ipc/dispatch';
import { reasonSentence } from '../../../renderer/src/features/jobs/reason-text';
import { makeFullFolder, type FullFolder } from '../../support/full-disk';

const probe = makeFullFolder(64);
const unavailable = 'unavailable' in probe ? probe.unavailable : null;
const fillsMidRun = 'code' in probe && probe.code === 'ENOSPC';
if ('remove' in probe) probe.remove();
if (unavailable !== null) process.stdout.write(`\nSKIPPED full-disk writer tests: ${unavailable}\n`);

const answer = (content: string) => ({ content, model: 'm', usage: { input: 1, output: 1 }, finishReason: 'stop', answeredAt: '2026-12-04T00:00:00.000Z', latencyMs: 1 });

describe('the write-failed reason in both languages', () => {
  it('names the file and what the place lacks, and says nothing finished was lost', () => {
    const why = new FileWriteError('/data/answers.jsonl', 'ENOSPC').why;
    expect(reasonSentence('en', why)).toBe('Could not write /data/answers.jsonl: the disk is full. Nothing finished was lost: make room or choose another place, then try again.');
    expect(reasonSentence('zh', why)).toBe('无法写入 /data/answers.jsonl：磁盘已满。已完成的内容都没有丢失：腾出空间或换一个位置后再试一次。');
    expect(reasonSentence('en', new FileWriteError('/x', 'EROFS').why)).toContain('the disk is read-only');
  });

  it('reaches the renderer from any handler with its code, the English line as the detail', async () => {
    const failing = { 'files.saveExport': () => Promise.reject(new FileWriteError('/out/export.jsonl', 'ENOSPC')) } as unknown as InvokeHandlers;
    const error = await dispatchInvoke(failing, 'files.saveExport', {}).catch((thrown: Error) => thrown);
    const read = readReasonedMessage((error as Error).message);
    expect(read?.why).toEqual({ code: 'write-failed', params: { file: '/out/export.jsonl', place: 'ENOSPC' } });
    expect(read?.detail).toMatch(/^\/out\/export\.jsonl: could not be written \(no space left on the device, ENOSPC\); nothing finished was lost/);
  });
});

describe.skipIf(unavailable !== null)('main\'s writers on a full disk', () => {
  let disk: FullFolder;
  beforeEach(() => {
    disk = makeFullFolder(64) as FullFolder;
  });
  afterEach(() => disk.remove());

  it('an export (writeFileAtomic): FileWriteError naming the file, no temporary file, the old file whole', async () => {
    const path = join(disk.path, 'export.jsonl');
    writeFileSync(path, 'the previous export\n');
    disk.fill();
    const error = await writeFileAtomic(path, 'x'.repeat(100_000)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(FileWriteError);
    expect(error).toMatchObject({ path, code: disk.code });
    expect(readFileSync(path, 'utf8')).toBe('the previous export\n');
    expect(readdirSync(disk.path).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a backup: FileWriteError naming the backup, nothing half written, the earlier backup kept', async () => {
    const dir = join(disk.path, 'backups');
    const store = new BackupStore(dir);
    const manifest = (rows: number): BackupManifest => ({ format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, schemaVersion: 10, appVersion: 'test', createdAt: '2026-12-02T10:00:00.000Z', reason: 'manual', tables: { datasets: rows }, datasets: ['A'] });
    const first = await store.begin(undefined, 'manual');
    await store.chunk(first.writeId, 'datasets', JSON.stringify([{ id: 'a' }]));
    const kept = await store.commit(first.writeId, manifest(1));
    disk.fill();
    // random text does not compress: the gzip stream must reach the disk
    const rows = Array.from({ length: 400 }, (_, index) => ({ id: `${index}-${Math.random().toString(36).repeat(20)}` }));
    const error = await (async () => {
      const second = await store.begin(undefined, 'manual');
      await store.chunk(second.writeId, 'datasets', JSON.stringify(rows));
      await store.commit(second.writeId, manifest(rows.length));
    })().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(FileWriteError);
    expect((error as FileWriteError).path.startsWith(dir)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([kept.name, `${kept.name}.manifest.json`]);
  });

  it.skipIf(!fillsMidRun)('a job journal: the failed append names the journal and is cut back; once there is room the journal reads back whole', async () => {
    const path = join(disk.path, 'job.jsonl');
    const journal = await JournalWriter.open<{ n: number }, { text: string }>(path);
    await journal.append(jobRecord({ n: 1 }));
    // the journal just short of a page: the next record starts on disk and cannot end there
    const size = readFileSync(path).length;
    const overhead = JSON.stringify(resultRecord('a', { text: '' })).length + 1;
    await journal.append(resultRecord('a', { text: 'p'.repeat(4000 - size - overhead) }));
    disk.fill();
    const error = await journal.append(resultRecord('b', { text: 'q'.repeat(500) })).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(FileWriteError);
    expect(error).toMatchObject({ path, code: 'ENOSPC' });
    disk.free();
    await journal.append(resultRecord('c', { text: 'r' }));
    await journal.close();
    const state = await readJournal<{ n: number }, { text: string }>(path);
    expect([...state.results.keys()]).toEqual(['a', 'c']);
    expect(state.tornTail).toBe(false);
  });

  it.skipIf(!fillsMidRun)('the answer cache: a put names the cache file; answers put before stay readable, a later put once there is room too', async () => {
    const folder = join(disk.path, 'cache');
    const cache = new ResponseCache(folder);
    await cache.put('a', answer('first'));
    disk.fill();
    const error = await cache.put('b', answer('z'.repeat(20_000))).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(FileWriteError);
    expect(error).toMatchObject({ path: join(folder, 'answers.jsonl'), code: 'ENOSPC' });
    disk.free();
    await cache.put('c', answer('third'));
    cache.close();
    const reopened = new ResponseCache(folder);
    expect((await reopened.get('a'))?.content).toBe('first');
    expect((await reopened.get('c'))?.content).toBe('third');
    expect(await reopened.get('b')).toBeNull();
    reopened.close();
  });
});
