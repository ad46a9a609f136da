/** Issue 29 point 15: adjudication and the agreement cell list name a dialogue with its teacher model when another model holds the same SID id. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../renderer/src/db/db';
import { importParsedFiles } from '../../../renderer/src/db/repositories/import';
import { loadAdjudicationData } from '../../../renderer/src/stores/adjudication/load';
import { loadTurnInfo } from '../../../renderer/src/stores/agreement/load-layers';
import { dialogue, freshDb, parsedFile } from './fixtures';

describe('adjudication data: dialogue names', () => {
  let db: MaieuticDb;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('"7-1-1" held by two models reads "7-1-1 · GPT-4o" and "7-1-1 · Qwen"; an id one model holds stays short', async () => {
    db = freshDb();
    const { datasetId } = await importParsedFiles(db, { kind: 'new', name: 'Two models', codebookId: 'sid-default' }, [
      parsedFile('GPT-4o/a.jsonl', [dialogue(1, 2)], { teacherModel: 'GPT-4o' }),
      parsedFile('Qwen/a.jsonl', [dialogue(1, 2, { teacherModel: 'Qwen' }), dialogue(2, 2, { teacherModel: 'Qwen' })], { teacherModel: 'Qwen' }),
    ]);
    const data = await loadAdjudicationData(db, datasetId);
    expect(Object.values(data!.dialogues).map((context) => context.name).sort()).toEqual(['7-1-1 · GPT-4o', '7-1-1 · Qwen', '7-2-1']);
  });
});

describe('agreement cell list: dialogue names', () => {
  let db: MaieuticDb;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('names a turn behind a confusion cell with its teacher model where another model holds its dialogue id', async () => {
    db = freshDb();
    const { datasetId } = await importParsedFiles(db, { kind: 'new', name: 'Two models', codebookId: 'sid-default' }, [
      parsedFile('GPT-4o/a.jsonl', [dialogue(1, 2)], { teacherModel: 'GPT-4o' }),
      parsedFile('Qwen/a.jsonl', [dialogue(1, 2, { teacherModel: 'Qwen' }), dialogue(2, 2, { teacherModel: 'Qwen' })], { teacherModel: 'Qwen' }),
    ]);
    const turnIds = (await db.dialogues.where('datasetId').equals(datasetId).toArray()).map((stored) => `${stored.id}#1`);
    const info = await loadTurnInfo(db, turnIds);
    expect([...info.values()].map((turn) => turn.name).sort()).toEqual(['7-1-1 · GPT-4o', '7-1-1 · Qwen', '7-2-1']);
  });
});
