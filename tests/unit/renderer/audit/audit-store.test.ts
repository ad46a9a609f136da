/** The audit view names labels by the data set's recorded codebook version, not the bundled codebook of its id. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { applyFieldEdits, type WriteContext } from '../../../../renderer/src/db/repositories/reviews';
import { createAuditStore } from '../../../../renderer/src/stores/audit/store';
import { ADDED_CODE, ADDED_NAME, useEditedVersion } from '../codebook/edited-version';
import { AT, freshDbName, openDb, REVIEWER, seedDialogue } from '../review/fixtures';

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
