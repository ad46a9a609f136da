import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { deleteDataset, listDatasetSummaries } from '../../../../renderer/src/db/repositories/datasets';
import { listDialogueRows } from '../../../../renderer/src/db/repositories/dialogues';
import { countStoredTurns, listTurns } from '../../../../renderer/src/db/repositories/turns';
import { countExportable, loadExportItems } from '../../../../renderer/src/db/repositories/export';
import { importParsedFiles, type ImportResult } from '../../../../renderer/src/db/repositories/import';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const AT = '2026-11-29T12:00:00.000Z';

/** Marks turns verified and optionally writes the dialogue's review row, as the review view would. */
async function review(db: MaieuticDb, dialogueId: string, verifiedTurns: number[], status?: 'in-progress' | 'verified', teacherModel?: string) {
  await db.turnReviews.bulkPut(verifiedTurns.map((index) => ({ id: `${dialogueId}#${index}`, dialogueId, verified: true, reviewer: 'Li', at: AT })));
  if (status) await db.dialogueReviews.put({ id: dialogueId, status, reviewer: 'Li', at: AT, ...(teacherModel ? { teacherModel } : {}) });
}

describe('review progress, summaries, export reads and deletion', () => {
  let db: MaieuticDb;
  let imported: ImportResult;
  let ids: string[];

  beforeEach(async () => {
    db = freshDb();
    imported = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [
      parsedFile('GPT-4o/a.jsonl', [dialogue(2, 4), dialogue(1, 3)]),
      parsedFile('Qwen/b.jsonl', [dialogue(1, 5, { teacherModel: 'Qwen' })], { teacherModel: 'Qwen' }),
    ]);
    const [a, b] = imported.sourceIds;
    ids = [`${a}:1`, `${a}:2`, `${b}:1`];
  });

  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('lists rows in source order with verified turns and a status', async () => {
    // A turn review marked not verified must not count.
    await db.turnReviews.put({ id: `${ids[0]}#0`, dialogueId: ids[0], verified: false, reviewer: 'Li', at: AT });
    await review(db, ids[1], [0, 1]);
    await review(db, ids[2], [0, 1, 2, 3, 4], 'verified', 'Qwen-2.5');

    const rows = await listDialogueRows(db, imported.datasetId);
    expect(rows.map((row) => [row.file, row.line, row.verifiedTurns, row.turnCount, row.status, row.teacherModel])).toEqual([
      ['GPT-4o/a.jsonl', 1, 0, 3, 'unreviewed', 'GPT-4o'],
      ['GPT-4o/a.jsonl', 2, 2, 4, 'in-progress', 'GPT-4o'],
      ['Qwen/b.jsonl', 1, 5, 5, 'verified', 'Qwen-2.5'],
    ]);
  });

  it('keeps another data set’s reviews and turns out of this one’s rows, counts and export', async () => {
    const other = await importParsedFiles(db, { kind: 'new', name: 'Other', codebookId: 'sid-default' }, [parsedFile('c.jsonl', [dialogue(1, 6)])]);
    const otherId = `${other.sourceIds[0]}:1`;
    await review(db, otherId, [0, 1, 2, 3, 4, 5], 'verified');

    const rows = await listDialogueRows(db, imported.datasetId);
    expect(rows.map((row) => row.verifiedTurns)).toEqual([0, 0, 0]);
    expect(await countExportable(db, imported.datasetId)).toEqual({ all: { dialogues: 3, turns: 12 }, verified: { dialogues: 0, turns: 0 }, 'verified-turns': { dialogues: 0, turns: 0 } });
    expect(await loadExportItems(db, { datasetId: imported.datasetId, scope: 'verified-turns' })).toEqual([]);
    const all = await loadExportItems(db, { datasetId: imported.datasetId, scope: 'all' });
    expect(all.flatMap((item) => item.turns).every((turn) => ids.includes(turn.dialogueId))).toBe(true);
    expect(all.flatMap((item) => item.turnReviews)).toEqual([]);
    expect((await listDialogueRows(db, other.datasetId)).map((row) => [row.verifiedTurns, row.status])).toEqual([[6, 'verified']]);
  });

  it('reads a dialogue’s turns in index order', async () => {
    const turns = await listTurns(db, ids[2]);
    expect(turns.map((turn) => turn.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('summarises data sets with counts from the stored rows', async () => {
    await review(db, ids[2], [0], 'verified');
    const [summary] = await listDatasetSummaries(db);
    expect(summary).toMatchObject({ sources: 2, dialogues: 3, turns: 12, verifiedDialogues: 1, teacherModels: ['GPT-4o', 'Qwen'] });
  });

  it('exports all or only verified dialogues with their turns and reviews', async () => {
    await review(db, ids[1], [0, 1, 2, 3], 'verified');
    await db.fieldReviews.put({
      id: `${ids[1]}#2|teacher_intent`, turnId: `${ids[1]}#2`, dialogueId: ids[1], fieldId: 'teacher_intent',
      decision: 'changed', codes: ['guide_reasoning'], text: null, reviewer: 'Li', at: AT,
    });

    const all = await loadExportItems(db, { datasetId: imported.datasetId, scope: 'all' });
    expect(all.map((item) => item.dialogue.id)).toEqual([ids[0], ids[1], ids[2]]);

    const verified = await loadExportItems(db, { datasetId: imported.datasetId, scope: 'verified' });
    expect(verified).toHaveLength(1);
    expect(verified[0].dialogue.id).toBe(ids[1]);
    expect(verified[0].turns.map((turn) => turn.index)).toEqual([0, 1, 2, 3]);
    expect(verified[0].fieldReviews.map((item) => item.fieldId)).toEqual(['teacher_intent']);
    expect(verified[0].turnReviews).toHaveLength(4);
    expect(verified[0].dialogueReview?.status).toBe('verified');

    expect(await countExportable(db, imported.datasetId)).toEqual({ all: { dialogues: 3, turns: 12 }, verified: { dialogues: 1, turns: 4 }, 'verified-turns': { dialogues: 1, turns: 4 } });
  });

  it('verified turns: reads the dialogues holding one, with all their turns, and counts the turns, not the dialogues', async () => {
    await review(db, ids[1], [1, 3]);
    await review(db, ids[2], [0]);
    // an unverified turn review row (as old databases may hold) counts for nothing
    await db.turnReviews.put({ id: `${ids[0]}#0`, dialogueId: ids[0], verified: false, reviewer: 'Li', at: AT });

    const items = await loadExportItems(db, { datasetId: imported.datasetId, scope: 'verified-turns' });
    expect(items.map((item) => [item.dialogue.id, item.turns.length, item.turnReviews.filter((row) => row.verified).length])).toEqual([
      [ids[1], 4, 2],
      [ids[2], 5, 1],
    ]);
    expect(await countExportable(db, imported.datasetId)).toEqual({
      all: { dialogues: 3, turns: 12 }, verified: { dialogues: 0, turns: 0 }, 'verified-turns': { dialogues: 2, turns: 3 },
    });
  });

  it('deletes a data set with everything in it and nothing of another data set', async () => {
    const other = await importParsedFiles(db, { kind: 'new', name: 'Other', codebookId: 'sid-default' }, [parsedFile('c.jsonl', [dialogue(1, 2)])]);
    await review(db, ids[0], [0, 1], 'in-progress');
    await db.editLog.add({ dialogueId: ids[0], target: { kind: 'dialogue' }, before: 'unreviewed', after: 'in-progress', reviewer: 'Li', at: AT });

    await deleteDataset(db, imported.datasetId);

    expect(await db.datasets.toCollection().primaryKeys()).toEqual([other.datasetId]);
    expect(await db.dialogues.count()).toBe(1);
    expect(await countStoredTurns(db)).toBe(2);
    expect(await db.sources.count()).toBe(1);
    expect(await db.turnReviews.count()).toBe(0);
    expect(await db.dialogueReviews.count()).toBe(0);
    expect(await db.editLog.count()).toBe(0);
  });
});
