import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { findPriorImports } from '../../../../renderer/src/db/repositories/sources';
import { countStoredTurns, listTurns } from '../../../../renderer/src/db/repositories/turns';
import { ValidationError } from '../../../../renderer/src/db/repositories/validate';
import { dialogue, freshDb, parsedFile, turn, value } from '../fixtures';

const NEW = { kind: 'new', name: 'Pilot', codebookId: 'sid-default' } as const;

async function rowCounts(db: MaieuticDb) {
  const [datasets, sources, dialogues, turns] = await Promise.all([db.datasets.count(), db.sources.count(), db.dialogues.count(), countStoredTurns(db)]);
  return { datasets, sources, dialogues, turns };
}

describe('importParsedFiles', () => {
  let db: MaieuticDb;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('stores a new data set with one source row per file and the documented ids', async () => {
    db = freshDb();
    const files = [parsedFile('GPT-4o/a.jsonl', [dialogue(1, 3), dialogue(2, 2)]), parsedFile('Qwen/b.jsonl', [dialogue(1, 4)], { teacherModel: 'Qwen' })];
    const result = await importParsedFiles(db, NEW, files, { now: new Date('2026-11-29T10:00:00Z') });

    expect(result).toMatchObject({ dialogues: 3, turns: 9 });
    expect(await rowCounts(db)).toEqual({ datasets: 1, sources: 2, dialogues: 3, turns: 9 });

    const dataset = await db.datasets.get(result.datasetId);
    expect(dataset).toMatchObject({ name: 'Pilot', codebookId: 'sid-default', createdAt: '2026-11-29T10:00:00.000Z' });

    const [firstSourceId, secondSourceId] = result.sourceIds;
    const source = await db.sources.get(firstSourceId);
    expect(source).toMatchObject({ file: 'GPT-4o/a.jsonl', contentHash: 'hash-GPT-4o/a.jsonl', dialogues: 2, turns: 5, datasetId: result.datasetId });

    const stored = await db.dialogues.get(`${secondSourceId}:1`);
    expect(stored).toMatchObject({ sourceId: secondSourceId, datasetId: result.datasetId, file: 'Qwen/b.jsonl', line: 1, turnCount: 4 });
    const turnIds = (await listTurns(db, `${secondSourceId}:1`)).map((stored) => stored.id);
    expect(turnIds).toEqual([0, 1, 2, 3].map((index) => `${secondSourceId}:1#${index}`));
  });

  it('counts unknown and conflicting pre-annotation values plus unaligned annotations as flags', async () => {
    db = freshDb();
    const flagged = dialogue(5, 0, {
      turns: [
        turn(0, { cognitive_level: value('理解（Understand）', 'unknown'), discipline: value('生物', 'ok', ['biology']) }),
        turn(1, { teaching_strategy: value('追问 | 提示', 'conflict'), teacher_intent: value('', 'empty') }),
      ],
      unaligned: [{ index: 9, speakerRaw: '教师', utterance: '总结', raw: {} }],
    });
    const result = await importParsedFiles(db, NEW, [parsedFile('a.jsonl', [flagged])]);
    const stored = await db.dialogues.get(`${result.sourceIds[0]}:5`);
    expect(stored?.flaggedCount).toBe(3);
  });

  it('leaves nothing behind when the second file fails to write', async () => {
    db = freshDb();
    // A storage failure half-way: the database refuses the second file's turns.
    db.turnBlocks.hook('creating', (_key, row) => {
      if (row.strings.includes('FAIL')) throw new Error('simulated write failure');
    });
    const good = parsedFile('a.jsonl', [dialogue(1, 3), dialogue(2, 3)]);
    const bad = parsedFile('b.jsonl', [dialogue(1, 0, { turns: [turn(0), { ...turn(1), utterance: 'FAIL' }] })]);

    await expect(importParsedFiles(db, NEW, [good, bad])).rejects.toThrow();
    expect(await rowCounts(db)).toEqual({ datasets: 0, sources: 0, dialogues: 0, turns: 0 });
  });

  it('leaves an existing data set untouched when an import into it fails', async () => {
    db = freshDb();
    const first = await importParsedFiles(db, NEW, [parsedFile('a.jsonl', [dialogue(1, 2)])]);
    const before = await rowCounts(db);
    db.dialogues.hook('creating', (_key, row) => {
      if (row.file === 'c.jsonl') throw new Error('simulated write failure');
    });
    await expect(
      importParsedFiles(db, { kind: 'existing', datasetId: first.datasetId }, [parsedFile('b.jsonl', [dialogue(1, 2)]), parsedFile('c.jsonl', [dialogue(1, 2)])]),
    ).rejects.toThrow('simulated write failure');
    expect(await rowCounts(db)).toEqual(before);
  });

  it('refuses invalid rows before writing anything, naming the file and line', async () => {
    db = freshDb();
    const invalid = parsedFile('b.jsonl', [dialogue(4, 0, { turns: [{ ...turn(0), speaker: 'narrator' as never }] })]);
    await expect(importParsedFiles(db, NEW, [parsedFile('a.jsonl', [dialogue(1, 2)]), invalid])).rejects.toThrow(/b\.jsonl:4.*speaker/);
    expect(await rowCounts(db)).toEqual({ datasets: 0, sources: 0, dialogues: 0, turns: 0 });
  });

  it('refuses files with errors, an empty selection, a blank name and a vanished target', async () => {
    db = freshDb();
    const withError = parsedFile('a.jsonl', [], {
      issues: [{ severity: 'error', file: 'a.jsonl', line: 3, code: 'malformed-json', message: 'Unexpected token' }],
    });
    await expect(importParsedFiles(db, NEW, [withError])).rejects.toBeInstanceOf(ValidationError);
    await expect(importParsedFiles(db, NEW, [])).rejects.toBeInstanceOf(ValidationError);
    await expect(importParsedFiles(db, { ...NEW, name: '   ' }, [parsedFile('a.jsonl', [dialogue(1, 1)])])).rejects.toBeInstanceOf(ValidationError);
    await expect(importParsedFiles(db, { kind: 'existing', datasetId: 'gone' }, [parsedFile('a.jsonl', [dialogue(1, 1)])])).rejects.toThrow(/no longer exists/);
    expect(await rowCounts(db)).toEqual({ datasets: 0, sources: 0, dialogues: 0, turns: 0 });
  });

  it('refuses two dialogues on the same line of one file', async () => {
    db = freshDb();
    await expect(importParsedFiles(db, NEW, [parsedFile('a.jsonl', [dialogue(3, 1), dialogue(3, 2)])])).rejects.toThrow(/a\.jsonl:3/);
  });

  it('adds to an existing data set', async () => {
    db = freshDb();
    const first = await importParsedFiles(db, NEW, [parsedFile('a.jsonl', [dialogue(1, 2)])]);
    const second = await importParsedFiles(db, { kind: 'existing', datasetId: first.datasetId }, [parsedFile('b.jsonl', [dialogue(1, 3)])]);
    expect(second.datasetId).toBe(first.datasetId);
    expect(await db.dialogues.where('datasetId').equals(first.datasetId).count()).toBe(2);
    expect(await db.datasets.count()).toBe(1);
  });
});

describe('findPriorImports', () => {
  let db: MaieuticDb;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('finds an earlier import of the same content, with its date and data set', async () => {
    db = freshDb();
    await importParsedFiles(db, NEW, [parsedFile('a.jsonl', [dialogue(1, 2)], { contentHash: 'same' })], { now: new Date('2026-01-02T03:04:05Z') });
    const prior = await findPriorImports(db, ['same', 'other']);
    expect(prior).toEqual([
      { contentHash: 'same', file: 'a.jsonl', importedAt: '2026-01-02T03:04:05.000Z', datasetId: expect.any(String), datasetName: 'Pilot' },
    ]);
    expect(await findPriorImports(db, ['other'])).toEqual([]);
    expect(await findPriorImports(db, [])).toEqual([]);
  });
});
