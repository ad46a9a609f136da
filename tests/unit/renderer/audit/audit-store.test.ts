/** The audit view names labels by the data set's recorded codebook version, not the bundled codebook of its id. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { applyFieldEdits, type WriteContext } from '../../../../renderer/src/db/repositories/reviews';
import { createAuditStore } from '../../../../renderer/src/stores/audit/store';
import { ADDED_CODE, ADDED_NAME, useEditedVersion } from '../codebook/edited-version';
import { AT, freshDbName, openDb, REVIEWER, seedDialogue } from '../review/fixtures';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const opened: MaieuticDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const ctx = (): WriteContext => ({ dialogueId: 'd1', reviewer: REVIEWER, at: AT });

describe('audit store', () => {
  it("names a label of the data set's edited codebook version by its name, in both languages", async () => {
    const db = openDb(freshDbName());
    opened.push(db);
    await seedDialogue(db);
    const { codebook } = await useEditedVersion(db, 'ds1');
    await applyFieldEdits(db, ctx(), [{ turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => ({ decision: 'changed', codes: [ADDED_CODE], text: null }) }]);
    const store = createAuditStore(() => db);
    await store.getState().load('ds1', 'en');
    expect(store.getState().codebook).toEqual(codebook);
    const row = store.getState().rows.find((candidate) => candidate.fieldId === 'teacher_intent');
    expect(row?.after).toContain(ADDED_NAME.en);
    await store.getState().load('ds1', 'zh');
    expect(store.getState().rows.find((candidate) => candidate.fieldId === 'teacher_intent')?.after).toContain(ADDED_NAME.zh);
  });
});

describe('audit store: dialogue names', () => {
  it('names the teacher model beside an id that several models hold (issue 29 point 15), and not beside one that one model holds', async () => {
    const db = freshDb();
    opened.push(db);
    const first = await importParsedFiles(db, { kind: 'new', name: 'Three models', codebookId: 'sid-default' }, [
      parsedFile('GPT-4o/a.jsonl', [dialogue(1, 2)], { teacherModel: 'GPT-4o' }),
      parsedFile('Qwen/a.jsonl', [dialogue(1, 2, { teacherModel: 'Qwen' }), dialogue(2, 2, { teacherModel: 'Qwen' })], { teacherModel: 'Qwen' }),
    ], { now: new Date(AT) });
    const dialogues = await db.dialogues.where('datasetId').equals(first.datasetId).toArray();
    for (const stored of dialogues) {
      await applyFieldEdits(db, { dialogueId: stored.id, reviewer: REVIEWER, at: AT }, [{ turnId: `${stored.id}#1`, fieldId: 'teacher_intent', resolve: () => ({ decision: 'changed', codes: ['guide_reasoning'], text: null }) }]);
    }
    const store = createAuditStore(() => db);
    await store.getState().load(first.datasetId, 'en');
    expect([...new Set(store.getState().rows.map((row) => row.dialogue))].sort()).toEqual(['7-1-1 · GPT-4o', '7-1-1 · Qwen', '7-2-1']);
  });
});
