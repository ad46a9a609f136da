/** Every review write path leaves one audit entry per change, with its reason, data set and annotator. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { applyFieldEdits, readDatasetEditLog, setTurnVerified, updateDialogueReview, verifyTurns, type WriteContext } from '../../../../renderer/src/db/repositories/reviews';
import { applyAdjudications } from '../../../../renderer/src/db/repositories/adjudications';
import { createReviewStore } from '../../../../renderer/src/stores/review/store';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import { AT, fieldsToVerify, freshDbName, openDb, REVIEWER, seedDialogue } from '../review/fixtures';

const opened: MaieuticDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function seeded() {
  const db = openDb(freshDbName());
  opened.push(db);
  await seedDialogue(db);
  return db;
}

const ctx = (): WriteContext => ({ dialogueId: 'd1', reviewer: REVIEWER, at: AT });
const target = (turnId: string, fieldId: string) => ({ kind: 'field', turnId, fieldId });
const summary = async (db: MaieuticDb) => (await readDatasetEditLog(db, 'ds1')).map((entry) => [entry.target.kind, entry.reason]);

describe('audit entries of the review write paths', () => {
  it('field edits: accepted, corrected, unsure, cleared, each with data set and annotator; the first edit logs the status', async () => {
    const db = await seeded();
    await applyFieldEdits(db, ctx(), [{ turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => ({ decision: 'accepted', codes: ['guide_reasoning'], text: null }) }]);
    await applyFieldEdits(db, ctx(), [{ turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => ({ decision: 'changed', codes: ['check_understanding'], text: null }) }]);
    await applyFieldEdits(db, ctx(), [{ turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => ({ decision: 'unsure', codes: ['check_understanding'], text: null }) }]);
    await applyFieldEdits(db, ctx(), [{ turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => null }]);
    const log = await readDatasetEditLog(db, 'ds1');
    expect(log.map((entry) => [entry.target.kind, entry.reason])).toEqual([
      ['field', 'accepted'], ['dialogue', 'status'], ['field', 'corrected'], ['field', 'unsure'], ['field', 'cleared'],
    ]);
    const annotator = await db.annotators.where('name').equals(REVIEWER).first();
    expect(log.every((entry) => entry.datasetId === 'ds1' && entry.annotatorId === annotator?.id && entry.reviewer === REVIEWER)).toBe(true);
    expect(log[4]).toMatchObject({ target: target('d1#1', 'teacher_intent'), before: { decision: 'unsure' }, after: null });
  });

  it('turn verified / unverified, and the dialogue status apart from its teacher model', async () => {
    const db = await seeded();
    await setTurnVerified(db, ctx(), 'd1#0', true);
    await setTurnVerified(db, ctx(), 'd1#0', false);
    await updateDialogueReview(db, ctx(), { teacherModel: 'GPT-4o' });
    await updateDialogueReview(db, ctx(), { status: 'verified' });
    expect(await summary(db)).toEqual([['turn', 'verified'], ['dialogue', 'status'], ['turn', 'unverified'], ['dialogue', 'teacher-model'], ['dialogue', 'status']]);
  });

  it('a teacher model set on an unreviewed dialogue is a teacher-model change (its status moves with it)', async () => {
    const db = await seeded();
    await updateDialogueReview(db, ctx(), { teacherModel: 'GPT-4o' });
    expect(await summary(db)).toEqual([['dialogue', 'teacher-model']]);
  });

  it('verify as shown: the values taken are accepted, the turn verified', async () => {
    const db = await seeded();
    const result = await verifyTurns(db, ctx(), [{ turnId: 'd1#1', fields: await fieldsToVerify(db, 1) }]);
    expect(result.ok).toBe(true);
    const kinds = await summary(db);
    expect(kinds.filter(([kind]) => kind === 'field').every(([, reason]) => reason === 'accepted')).toBe(true);
    expect(kinds.filter(([kind]) => kind === 'field').length).toBeGreaterThan(0);
    expect(kinds).toContainEqual(['turn', 'verified']);
  });

  it('undo and redo write their entries as undone and redone', async () => {
    const db = await seeded();
    let tick = 0;
    const store = createReviewStore({ db: () => db, reviewer: () => REVIEWER, now: () => new Date(Date.UTC(2026, 2, 1, 10, 0, tick++)).toISOString() });
    store.getState().startSession('d1');
    await store.getState().setTeacherModel('d1', 'GPT-4o');
    await store.getState().undo();
    await store.getState().redo();
    expect(await summary(db)).toEqual([['dialogue', 'teacher-model'], ['dialogue', 'undone'], ['dialogue', 'redone']]);
  });
});

describe('audit entries of adjudication', () => {
  const row = (over: Partial<AdjudicationRow> = {}): AdjudicationRow => ({
    id: 'd1#1|teacher_intent', datasetId: 'ds1', dialogueId: 'd1', turnId: 'd1#1', fieldId: 'teacher_intent', status: 'adjudicated', codes: ['guide_reasoning'], text: null,
    compared: ['llm', 'expert'], agreedWith: ['llm'], decidedBy: 'adj1', needsGuidelineUpdate: false, note: 'per the guideline', at: AT, ...over,
  });

  it('a decision is one layer-field entry of the adjudicated layer with the note and adjudicator; its undo is undone', async () => {
    const db = await seeded();
    const by = { name: 'Prof. Wu', annotatorId: 'adj1' };
    const layer = await applyAdjudications(db, 'ds1', { put: [row()], by }, new Date(AT));
    await applyAdjudications(db, 'ds1', { put: [row({ codes: ['check_understanding'] })], by }, new Date(AT));
    await applyAdjudications(db, 'ds1', { remove: [row().id], by, reason: 'undone' }, new Date(AT));
    const log = await readDatasetEditLog(db, 'ds1');
    expect(log.map((entry) => [entry.reason, entry.before, entry.after])).toEqual([
      ['adjudicated', null, { codes: ['guide_reasoning'], text: null, status: 'adjudicated' }],
      ['adjudicated', { codes: ['guide_reasoning'], text: null, status: 'adjudicated' }, { codes: ['check_understanding'], text: null, status: 'adjudicated' }],
      ['undone', { codes: ['check_understanding'], text: null, status: 'adjudicated' }, null],
    ]);
    expect(log[0]).toMatchObject({ dialogueId: 'd1', target: { kind: 'layer-field', layerId: layer.id, turnId: 'd1#1', fieldId: 'teacher_intent' }, reviewer: 'Prof. Wu', annotatorId: 'adj1', note: 'per the guideline' });
  });
});
