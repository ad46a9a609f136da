import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyFieldEdits,
  KEEP_CURRENT,
  loadReviewBundle,
  readEditLog,
  restoreDialogueState,
  setTurnVerified,
  updateDialogueReview,
  type FieldState,
  type WriteContext,
} from '../../../../renderer/src/db/repositories/reviews';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { AT, freshDbName, openDb, REVIEWER, seedDialogue } from './fixtures';

const opened: MaieuticDb[] = [];
function track(db: MaieuticDb): MaieuticDb {
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const ctx = (at = AT): WriteContext => ({ dialogueId: 'd1', reviewer: REVIEWER, at });
const changed: FieldState = { decision: 'changed', codes: ['check_understanding'], text: null };

describe('reviews repository', () => {
  it('writes the field row and its edit-log entry together, and marks the dialogue in progress', async () => {
    const db = track(openDb(freshDbName()));
    await seedDialogue(db);
    const result = await applyFieldEdits(db, ctx(), [{ turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => changed }]);

    expect(result.changes).toEqual([{ turnId: 'd1#1', fieldId: 'teacher_intent', before: null, after: changed }]);
    const row = await db.fieldReviews.get('d1#1|teacher_intent');
    expect(row).toMatchObject({ dialogueId: 'd1', turnId: 'd1#1', decision: 'changed', codes: ['check_understanding'], reviewer: REVIEWER, at: AT });

    const log = await readEditLog(db, 'd1');
    const fieldEntries = log.filter((entry) => entry.target.kind === 'field');
    expect(fieldEntries).toHaveLength(1);
    expect(fieldEntries[0]).toMatchObject({ before: null, after: changed, reviewer: REVIEWER, at: AT, target: { kind: 'field', turnId: 'd1#1', fieldId: 'teacher_intent' } });
    expect((await db.dialogueReviews.get('d1'))?.status).toBe('in-progress');
    expect(log.filter((entry) => entry.target.kind === 'dialogue')).toHaveLength(1);
    expect(result.statusChange).toEqual({ before: { status: 'unreviewed' }, after: { status: 'in-progress' } });
  });

  it('writes nothing at all when one edit of the batch is invalid', async () => {
    const db = track(openDb(freshDbName()));
    await seedDialogue(db);
    const bad = { decision: 'maybe', codes: [], text: null } as unknown as FieldState;
    await expect(
      applyFieldEdits(db, ctx(), [
        { turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => changed },
        { turnId: 'd1#1', fieldId: 'cognitive_level', resolve: () => bad },
      ]),
    ).rejects.toThrow(/unknown decision "maybe"/);
    expect(await db.fieldReviews.count()).toBe(0);
    expect(await db.editLog.count()).toBe(0);
    expect(await db.dialogueReviews.count()).toBe(0);
  });

  it('refuses a write without a reviewer, or for a turn of another dialogue', async () => {
    const db = track(openDb(freshDbName()));
    await seedDialogue(db);
    await seedDialogue(db, 'd2');
    await expect(applyFieldEdits(db, { ...ctx(), reviewer: '  ' }, [{ turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => changed }])).rejects.toThrow(/reviewer/);
    await expect(applyFieldEdits(db, ctx(), [{ turnId: 'd2#1', fieldId: 'teacher_intent', resolve: () => changed }])).rejects.toThrow(/belongs to dialogue "d2"/);
    expect(await db.editLog.count()).toBe(0);
  });

  it('resolves each edit against the stored value and skips no-ops without logging them', async () => {
    const db = track(openDb(freshDbName()));
    await seedDialogue(db);
    await applyFieldEdits(db, ctx(), [{ turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => changed }]);
    const seen: (FieldState | null)[] = [];
    const result = await applyFieldEdits(db, ctx('2026-03-01T10:01:00.000Z'), [
      { turnId: 'd1#1', fieldId: 'teacher_intent', resolve: (current) => (seen.push(current), current) },
      { turnId: 'd1#1', fieldId: 'cognitive_level', resolve: () => KEEP_CURRENT },
    ]);
    expect(seen).toEqual([changed]);
    expect(result.changes).toEqual([]);
    expect((await readEditLog(db, 'd1')).filter((entry) => entry.target.kind === 'field')).toHaveLength(1);
  });

  it('undo writes the previous value back as a new, logged edit; clearing deletes the row', async () => {
    const db = track(openDb(freshDbName()));
    await seedDialogue(db);
    const first = await applyFieldEdits(db, ctx(), [{ turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => changed }]);
    const change = first.changes[0];
    await applyFieldEdits(db, ctx('2026-03-01T10:02:00.000Z'), [{ turnId: change.turnId, fieldId: change.fieldId, resolve: () => change.before }]);

    expect(await db.fieldReviews.get('d1#1|teacher_intent')).toBeUndefined();
    const fieldLog = (await readEditLog(db, 'd1')).filter((entry) => entry.target.kind === 'field');
    expect(fieldLog.map((entry) => [entry.before, entry.after])).toEqual([
      [null, changed],
      [changed, null],
    ]);
    expect(fieldLog[1].at).toBe('2026-03-01T10:02:00.000Z');
  });

  it('sets and clears a turn verified flag, logging both', async () => {
    const db = track(openDb(freshDbName()));
    await seedDialogue(db);
    expect(await setTurnVerified(db, ctx(), 'd1#0', true)).toEqual({ turnId: 'd1#0', before: false, after: true });
    expect(await db.turnReviews.get('d1#0')).toMatchObject({ verified: true, dialogueId: 'd1', reviewer: REVIEWER });
    expect(await setTurnVerified(db, ctx(), 'd1#0', true)).toBeNull();
    expect(await setTurnVerified(db, ctx(), 'd1#0', false)).toEqual({ turnId: 'd1#0', before: true, after: false });
    expect(await db.turnReviews.get('d1#0')).toBeUndefined();
    const turnLog = (await readEditLog(db, 'd1')).filter((entry) => entry.target.kind === 'turn');
    expect(turnLog.map((entry) => entry.after)).toEqual([{ verified: true }, { verified: false }]);
  });

  it('edits the teacher model and status, and restores a whole dialogue state', async () => {
    const db = track(openDb(freshDbName()));
    await seedDialogue(db);
    const edit = await updateDialogueReview(db, ctx(), { teacherModel: 'GPT-4o-mini' });
    expect(edit).toEqual({ before: { status: 'unreviewed' }, after: { status: 'in-progress', teacherModel: 'GPT-4o-mini' } });
    const verify = await updateDialogueReview(db, ctx(), { status: 'verified' });
    expect(verify?.after).toEqual({ status: 'verified', teacherModel: 'GPT-4o-mini' });
    await restoreDialogueState(db, ctx(), { status: 'in-progress' });
    const row = await db.dialogueReviews.get('d1');
    expect(row?.status).toBe('in-progress');
    expect(row?.teacherModel).toBeUndefined();
  });

  it('reads the same values back through a new connection to the same database', async () => {
    const name = freshDbName();
    const writer = track(openDb(name));
    await seedDialogue(writer);
    await applyFieldEdits(writer, ctx(), [
      { turnId: 'd1#1', fieldId: 'teacher_intent', resolve: () => changed },
      { turnId: 'd1#1', fieldId: 'discipline', resolve: () => ({ decision: 'unsure', codes: ['biology'], text: null }) },
    ]);
    await setTurnVerified(writer, ctx(), 'd1#1', true);
    writer.close();

    const reader = track(openDb(name));
    const bundle = await loadReviewBundle(reader, 'd1');
    expect(bundle?.turns.map((turn) => turn.index)).toEqual([0, 1, 2, 3]);
    expect(bundle?.codebookId).toBe('sid-default');
    const byField = Object.fromEntries((bundle?.fieldReviews ?? []).map((row) => [row.fieldId, [row.decision, row.codes]]));
    expect(byField).toEqual({ teacher_intent: ['changed', ['check_understanding']], discipline: ['unsure', ['biology']] });
    expect(bundle?.turnReviews.map((row) => row.id)).toEqual(['d1#1']);
    expect(bundle?.dialogueReview?.status).toBe('in-progress');
  });

  it('loads only the asked-for dialogue', async () => {
    const db = track(openDb(freshDbName()));
    await seedDialogue(db, 'd1');
    await seedDialogue(db, 'd2');
    await applyFieldEdits(db, { ...ctx(), dialogueId: 'd2' }, [{ turnId: 'd2#1', fieldId: 'teacher_intent', resolve: () => changed }]);
    const bundle = await loadReviewBundle(db, 'd1');
    expect(bundle?.turns.every((turn) => turn.dialogueId === 'd1')).toBe(true);
    expect(bundle?.fieldReviews).toEqual([]);
    expect(await loadReviewBundle(db, 'missing')).toBeNull();
  });
});
