import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ackRecord, JournalError, JournalWriter, jobRecord, readJournal, replayJournal, resultRecord, statusRecord } from '../../../../electron/services/jobs/job-journal';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

describe('the job journal', () => {
  let dir: TempDir;
  let path: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    path = join(dir.path, 'job-1.jsonl');
  });
  afterEach(() => dir.remove());

  it('replays the definition, results, acknowledgements and the last status', async () => {
    const journal = await JournalWriter.open<{ items: string[] }, { value: number }>(path);
    await journal.append(jobRecord({ items: ['a', 'b', 'c'] }));
    await journal.append(resultRecord('a', { value: 1 }));
    await journal.append(resultRecord('b', { value: -1 }));
    await journal.append(statusRecord('running'));
    await journal.append(ackRecord(['a']));
    await journal.append(resultRecord('b', { value: 2 }));
    await journal.append(statusRecord('paused'));
    await journal.close();
    const state = await readJournal<{ items: string[] }, { value: number }>(path);
    expect(state.definition).toEqual({ items: ['a', 'b', 'c'] });
    // b's later result replaces its first
    expect([...state.results]).toEqual([['a', { value: 1 }], ['b', { value: 2 }]]);
    expect([...state.acknowledged]).toEqual(['a']);
    expect(state.status?.status).toBe('paused');
    expect(state.tornTail).toBe(false);
  });

  it('writes appends that come together in one sync, every one of them, in order', async () => {
    const journal = await JournalWriter.open(path);
    await journal.append(jobRecord({}));
    await Promise.all(Array.from({ length: 200 }, (_, index) => journal.append(resultRecord(`item-${index}`, index))));
    await journal.close();
    const state = await readJournal(path);
    expect([...state.results.keys()]).toEqual(Array.from({ length: 200 }, (_, index) => `item-${index}`));
    await expect(journal.append(ackRecord([]))).rejects.toThrow(/closed/);
  });

  it('leaves out a torn last line (a crash mid-append) and cuts it off before appending again', async () => {
    const journal = await JournalWriter.open(path);
    await journal.append(jobRecord({ n: 1 }));
    await journal.append(resultRecord('a', 1));
    await journal.close();
    await appendFile(path, '{"type":"result","key":"b","res');
    const torn = await readJournal(path);
    expect(torn.tornTail).toBe(true);
    expect([...torn.results.keys()]).toEqual(['a']);
    const again = await JournalWriter.open(path, torn.wholeBytes);
    await again.append(resultRecord('b', 2));
    await again.close();
    const state = await readJournal(path);
    expect(state.tornTail).toBe(false);
    expect([...state.results]).toEqual([['a', 1], ['b', 2]]);
  });

  it('counts whole lines in bytes, not characters (labels and utterances are Chinese)', () => {
    const text = `${JSON.stringify(jobRecord({ topic: '光合作用' }))}\n{"type":"resu`;
    const state = replayJournal(text, 'j.jsonl');
    expect(state.wholeBytes).toBe(Buffer.byteLength(text.slice(0, text.indexOf('\n') + 1)));
  });

  it('names the file and line of a damaged record, a journal without its definition, or a second one', async () => {
    const good = JSON.stringify(jobRecord({}));
    await writeFile(path, `${good}\nnot json\n${JSON.stringify(resultRecord('a', 1))}\n`);
    await expect(readJournal(path)).rejects.toThrow(`${path}:2: this journal line is not JSON`);
    expect(() => replayJournal(`${JSON.stringify(resultRecord('a', 1))}\n`, 'j.jsonl')).toThrow(/j.jsonl:1: a journal starts with its job's definition/);
    expect(() => replayJournal('', 'j.jsonl')).toThrow(JournalError);
    expect(() => replayJournal(`${good}\n${good}\n`, 'j.jsonl')).toThrow(/j.jsonl:2: a second job definition/);
    expect(() => replayJournal(`${good}\n{"type":"other"}\n`, 'j.jsonl')).toThrow(/j.jsonl:2: an unknown journal record/);
    expect(await readFile(path, 'utf8')).toContain('not json');
  });
});
