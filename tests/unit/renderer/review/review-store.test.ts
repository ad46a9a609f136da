import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { loadReviewBundle, readEditLog } from '../../../../renderer/src/db/repositories/reviews';
import { buildDialogueModel } from '../../../../renderer/src/features/review/review-model';
import { createReviewStore } from '../../../../renderer/src/stores/review/store';
import type { FieldEditRequest } from '../../../../renderer/src/stores/review/types';
import type { FieldIntent } from '../../../../renderer/src/stores/review/field-intents';
import { DEFAULT_CODEBOOK, fieldsToVerify, freshDbName, openDb, REVIEWER, seedDialogue } from './fixtures';

const opened: MaieuticDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function setup(reviewer = REVIEWER) {
  const db = openDb(freshDbName());
  opened.push(db);
  await seedDialogue(db);
  let tick = 0;
  const reported: unknown[] = [];
  const names = { reviewer };
  const store = createReviewStore({
    db: () => db,
    reviewer: () => names.reviewer,
    now: () => new Date(Date.UTC(2026, 2, 1, 10, 0, tick++)).toISOString(),
    reportError: (error) => reported.push(error),
  });
  store.getState().startSession('d1');
  return { db, store, reported, names };
}

/** A request the way the review screen of `dialogueId` builds it. */
async function request(db: MaieuticDb, turnIndex: number, fieldId: string, intent: FieldIntent, dialogueId = 'd1'): Promise<FieldEditRequest> {
  const bundle = await loadReviewBundle(db, dialogueId);
  if (!bundle) throw new Error('no bundle');
  const row = buildDialogueModel(DEFAULT_CODEBOOK, bundle).turns[turnIndex].fields.find((candidate) => candidate.field.id === fieldId);
  if (!row) throw new Error(fieldId);
  const turn = bundle.turns[turnIndex];
  return { dialogueId: turn.dialogueId, turnId: turn.id, fieldId, context: row.context, intent };
}

const stored = async (db: MaieuticDb, id: string) => {
  const row = await db.fieldReviews.get(id);
  return row ? { decision: row.decision, codes: row.codes } : null;
};

describe('review store: edits, undo and redo', () => {
  it('survives change, undo, redo, each written to the database and logged', async () => {
    const { db, store } = await setup();
    const change = await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' });

    expect(await store.getState().editFields(1, [change])).toBe(true);
    expect(await stored(db, 'd1#1|teacher_intent')).toEqual({ decision: 'changed', codes: ['check_understanding'] });

    expect(await store.getState().undo()).toBe(true);
    expect(await stored(db, 'd1#1|teacher_intent')).toBeNull();

    expect(await store.getState().redo()).toBe(true);
    expect(await stored(db, 'd1#1|teacher_intent')).toEqual({ decision: 'changed', codes: ['check_understanding'] });

    const fieldLog = (await readEditLog(db, 'd1')).filter((entry) => entry.target.kind === 'field');
    expect(fieldLog.map((entry) => [entry.before === null ? null : 'value', entry.after === null ? null : 'value'])).toEqual([
      [null, 'value'],
      ['value', null],
      [null, 'value'],
    ]);
    expect(new Set(fieldLog.map((entry) => entry.at)).size).toBe(3);
    expect(store.getState().history.past).toHaveLength(1);
    expect(store.getState().history.future).toHaveLength(0);
  });

  it('lands rapid key presses in order: three toggles on a set field build on each other', async () => {
    const { db, store } = await setup();
    const toggle = (code: string) => request(db, 1, 'discipline', { kind: 'pick', code });
    const [a, b, c] = await Promise.all([toggle('geography'), toggle('physics'), toggle('geography')]);
    // Not awaited one by one: the queue must order them.
    const writes = [store.getState().editFields(1, [a]), store.getState().editFields(1, [b]), store.getState().editFields(1, [c])];
    await Promise.all(writes);
    expect(await stored(db, 'd1#1|discipline')).toEqual({ decision: 'changed', codes: ['physics', 'biology', 'geography'] });
    expect(store.getState().history.past).toHaveLength(3);

    await store.getState().undo();
    expect((await stored(db, 'd1#1|discipline'))?.codes).toEqual(['physics', 'biology']);
    await store.getState().undo();
    expect((await stored(db, 'd1#1|discipline'))?.codes).toEqual(['biology']);
    await store.getState().undo();
    expect(await stored(db, 'd1#1|discipline')).toBeNull();
  });

  it('an undo pressed right after an edit waits for that edit', async () => {
    const { db, store } = await setup();
    const change = await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' });
    void store.getState().editFields(1, [change]);
    await store.getState().undo();
    expect(await stored(db, 'd1#1|teacher_intent')).toBeNull();
    expect(store.getState().history.future).toHaveLength(1);
  });

  it('an undo pressed with no write in flight moves the cursor at once; a move made before it lands stays (issue 29, point 6)', async () => {
    const { db, store } = await setup();
    await store.getState().editFields(2, [await request(db, 2, 'discipline', { kind: 'pick', code: 'physics' })]);
    store.getState().goToTurn(0, 4);
    void store.getState().undo();
    expect(store.getState()).toMatchObject({ turnIndex: 2, fieldId: 'discipline' });
    // the next key, typed before the undo's write lands, moves on from there
    store.getState().moveTurn(1, 4);
    await store.getState().flush();
    expect(store.getState().turnIndex).toBe(3);
    expect(await stored(db, 'd1#2|discipline')).toBeNull();
    expect(store.getState().notice).toEqual({ kind: 'undone' });
  });

  it('counts the writes asked for and finished, and the last that may change each field', async () => {
    const { db, store } = await setup();
    expect(store.getState().writeProgress()).toEqual({ issued: 0, finished: 0 });
    void store.getState().editFields(1, [await request(db, 1, 'teacher_intent', { kind: 'unsure' })]);
    void store.getState().editFields(1, [await request(db, 1, 'speaker', { kind: 'pick', code: 'student' })]);
    expect(store.getState().writeProgress()).toEqual({ issued: 2, finished: 0 });
    expect(store.getState().lastWriteNaming('speaker')).toBe(2);
    expect(store.getState().lastWriteNaming('discipline')).toBe(0);
    await store.getState().flush();
    expect(store.getState().writeProgress()).toEqual({ issued: 2, finished: 2 });
    // an undo whose step is not known yet (a write in flight) may change any field
    void store.getState().editFields(1, [await request(db, 1, 'teacher_intent', { kind: 'clear' })]);
    void store.getState().undo();
    expect(store.getState().lastWriteNaming('discipline')).toBe(4);
    await store.getState().flush();
  });

  it('accept-all writes one undo step and reports what it skipped', async () => {
    const { db, store } = await setup();
    const fields = ['teacher_intent', 'teaching_strategy', 'cognitive_level'];
    const requests = await Promise.all(fields.map((fieldId) => request(db, 3, fieldId, { kind: 'accept' })));
    await store.getState().editFields(3, requests);
    // turn 3 has the intent value 引导推理 as a strategy: unknown, so it is skipped
    expect(store.getState().notice).toEqual({ kind: 'accepted-all', accepted: 2, skipped: 1 });
    expect(await stored(db, 'd1#3|teaching_strategy')).toBeNull();
    expect(store.getState().history.past).toHaveLength(1);
    await store.getState().undo();
    expect(await db.fieldReviews.count()).toBe(0);
  });

  it('undoes a turn verification and a dialogue verification', async () => {
    const { db, store } = await setup();
    await store.getState().setTurnVerified({ dialogueId: 'd1', turnId: 'd1#0', turnIndex: 0 }, true, await fieldsToVerify(db, 0, 'd1'));
    await store.getState().setDialogueStatus('verified');
    expect((await db.dialogueReviews.get('d1'))?.status).toBe('verified');
    await store.getState().undo();
    expect((await db.dialogueReviews.get('d1'))?.status).toBe('in-progress');
    await store.getState().undo();
    expect(await db.turnReviews.get('d1#0')).toBeUndefined();
    await store.getState().redo();
    expect((await db.turnReviews.get('d1#0'))?.verified).toBe(true);
    expect(store.getState().turnIndex).toBe(0);
  });

  it('undo is compare-and-set: a later edit from another window is kept and named, the rest is undone', async () => {
    const { db, store } = await setup();
    // a second window: its own store over the same database, another reviewer
    const other = createReviewStore({ db: () => db, reviewer: () => 'Dr. Wang', now: () => '2026-03-01T11:00:00.000Z' });
    other.getState().startSession('d1');
    await store.getState().editFields(1, [
      await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' }),
      await request(db, 1, 'discipline', { kind: 'pick', code: 'physics' }),
    ]);
    await other.getState().editFields(1, [await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'summarize_elevate' })]);

    await store.getState().undo();
    expect(await stored(db, 'd1#1|teacher_intent')).toEqual({ decision: 'changed', codes: ['summarize_elevate'] });
    expect(await stored(db, 'd1#1|discipline')).toBeNull();
    const notice = store.getState().notice;
    expect(notice).toMatchObject({ kind: 'undo-conflict', direction: 'undo', applied: 1 });
    expect(notice?.kind === 'undo-conflict' && notice.conflicts).toEqual([
      {
        kind: 'field',
        turnId: 'd1#1',
        fieldId: 'teacher_intent',
        expected: { decision: 'changed', codes: ['check_understanding'], text: null },
        found: { decision: 'changed', codes: ['summarize_elevate'], text: null },
        reviewer: 'Dr. Wang',
        at: '2026-03-01T11:00:00.000Z',
      },
    ]);
  });

  it('undo of a turn verification leaves a turn another window unverified and re-verified alone', async () => {
    const { db, store } = await setup();
    const other = createReviewStore({ db: () => db, reviewer: () => 'Dr. Wang', now: () => '2026-03-01T11:00:00.000Z' });
    other.getState().startSession('d1');
    await store.getState().setTurnVerified({ dialogueId: 'd1', turnId: 'd1#0', turnIndex: 0 }, true, await fieldsToVerify(db, 0));
    await other.getState().editFields(0, [await request(db, 0, 'discipline', { kind: 'pick', code: 'physics' })]);
    await store.getState().undo();
    // the discipline the other window chose stays; everything else of the verification is undone
    expect((await stored(db, 'd1#0|discipline'))?.codes).toContain('physics');
    expect(await db.turnReviews.get('d1#0')).toBeUndefined();
    expect(await db.fieldReviews.where('turnId').equals('d1#0').count()).toBe(1);
    expect(store.getState().notice).toMatchObject({ kind: 'undo-conflict', applied: 6 });
  });

  it('an edit and its undo typed just before moving to another dialogue both apply to the dialogue they were typed in', async () => {
    const { db, store } = await setup();
    await seedDialogue(db, 'd2');
    const unsure = await request(db, 0, 'discipline', { kind: 'unsure' });
    // no awaits: the keys come faster than the writes, and the third opens another dialogue
    void store.getState().editFields(0, [unsure]);
    void store.getState().undo();
    store.getState().startSession('d2');
    await store.getState().flush();
    expect(await stored(db, 'd1#0|discipline')).toBeNull();
    expect(store.getState().history.past).toHaveLength(0);
    // back on d1, its history is its own again: the undone step can be redone
    store.getState().startSession('d1');
    expect(store.getState().history.future).toHaveLength(1);
    await store.getState().redo();
    expect((await stored(db, 'd1#0|discipline'))?.decision).toBe('unsure');
  });

  it('keeps undo history per dialogue session', async () => {
    const { db, store } = await setup();
    await seedDialogue(db, 'd2');
    await store.getState().editFields(1, [await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' })]);
    store.getState().startSession('d2');
    expect(store.getState().history.past).toHaveLength(0);
    await store.getState().undo();
    expect(store.getState().notice).toEqual({ kind: 'nothing-to-undo' });
    expect(await stored(db, 'd1#1|teacher_intent')).not.toBeNull();
  });

  it('shows a failed write and keeps the step undone nowhere', async () => {
    const { db, store, reported, names } = await setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    names.reviewer = '';
    const change = await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' });
    expect(await store.getState().editFields(1, [change])).toBe(false);
    expect(store.getState().save.error).toMatch(/reviewer/);
    expect(reported).toHaveLength(1);
    expect(store.getState().history.past).toHaveLength(0);
    expect(await db.fieldReviews.count()).toBe(0);

    names.reviewer = REVIEWER;
    expect(await store.getState().editFields(1, [change])).toBe(true);
    // the failure stays visible until dismissed
    expect(store.getState().save.error).not.toBeNull();
    store.getState().dismissSaveError();
    expect(store.getState().save).toMatchObject({ error: null, pending: 0 });
    expect(store.getState().save.lastSavedAt).not.toBeNull();
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});

describe('review store: writes go to the dialogue they name', () => {
  it("writes a text commit that arrives after a dialogue switch to the turn's own dialogue, without a false save error", async () => {
    const { db, store, reported } = await setup();
    await seedDialogue(db, 'd2');
    // Built while d1 was on screen; committed by the text box as it unmounts, after d2 opened.
    const correction = await request(db, 2, 'utterance', { kind: 'text', text: '阳光和水？' });
    store.getState().startSession('d2');

    expect(await store.getState().editFields(2, [correction])).toBe(true);

    expect(store.getState().save.error).toBeNull();
    expect(reported).toEqual([]);
    const row = await db.fieldReviews.get('d1#2|utterance');
    expect(row).toMatchObject({ dialogueId: 'd1', text: '阳光和水？', decision: 'changed' });
    expect((await readEditLog(db, 'd1')).map((entry) => entry.target)).toContainEqual({ kind: 'field', turnId: 'd1#2', fieldId: 'utterance' });
    expect(await readEditLog(db, 'd2')).toEqual([]);
    expect((await db.dialogueReviews.get('d1'))?.status).toBe('in-progress');
    expect(await db.dialogueReviews.get('d2')).toBeUndefined();
  });

  it("does not make another dialogue's late commit an undo step (or a notice) of the open one", async () => {
    const { db, store } = await setup();
    await seedDialogue(db, 'd2');
    const late = await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' });
    store.getState().startSession('d2');
    await store.getState().editFields(1, [late]);

    expect(store.getState().history.past).toHaveLength(0);
    expect(store.getState().notice).toBeNull();
    await store.getState().undo();
    expect(store.getState().notice).toEqual({ kind: 'nothing-to-undo' });
    expect(await stored(db, 'd1#1|teacher_intent')).toEqual({ decision: 'changed', codes: ['check_understanding'] });
  });

  it('keeps a commit queued before the switch out of the new dialogue, too', async () => {
    const { db, store } = await setup();
    await seedDialogue(db, 'd2');
    const change = await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' });
    const written = store.getState().editFields(1, [change]);
    store.getState().startSession('d2');
    expect(await written).toBe(true);
    expect(store.getState().history.past).toHaveLength(0);
    expect(await stored(db, 'd1#1|teacher_intent')).not.toBeNull();
  });

  it('refuses one edit that names two dialogues, writing neither', async () => {
    const { db, store, reported } = await setup();
    await seedDialogue(db, 'd2');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ofD1 = await request(db, 1, 'teacher_intent', { kind: 'accept' });
    const ofD2 = await request(db, 1, 'teaching_strategy', { kind: 'accept' }, 'd2');

    expect(await store.getState().editFields(1, [ofD1, ofD2])).toBe(false);
    expect(store.getState().save.error).toMatch(/two dialogues/);
    expect(reported).toHaveLength(1);
    expect(await db.fieldReviews.count()).toBe(0);
    consoleError.mockRestore();
  });

  it('writes a teacher model and a turn verification to the dialogue they name, not the open one', async () => {
    const { db, store } = await setup();
    await seedDialogue(db, 'd2');
    store.getState().startSession('d2');

    await store.getState().setTeacherModel('d1', 'GPT-4o-mini');
    await store.getState().setTurnVerified({ dialogueId: 'd1', turnId: 'd1#0', turnIndex: 0 }, true, await fieldsToVerify(db, 0, 'd1'));

    expect((await db.dialogueReviews.get('d1'))?.teacherModel).toBe('GPT-4o-mini');
    expect(await db.dialogueReviews.get('d2')).toBeUndefined();
    expect((await db.turnReviews.get('d1#0'))?.verified).toBe(true);
    expect(store.getState().save.error).toBeNull();
    expect(store.getState().history.past).toHaveLength(0);

    await store.getState().setTeacherModel('d2', 'Claude');
    expect((await db.dialogueReviews.get('d2'))?.teacherModel).toBe('Claude');
    expect(store.getState().history.past).toHaveLength(1);
  });
});

describe('review store: navigation', () => {
  it('moves between turns within bounds and between applicable fields with wrap-around', async () => {
    const { store } = await setup();
    expect(store.getState().moveTurn(-1, 4)).toBe(false);
    expect(store.getState().moveTurn(1, 4)).toBe(true);
    store.getState().goToTurn(10, 4);
    expect(store.getState().turnIndex).toBe(3);
    store.getState().focusField('b');
    store.getState().moveField(1, ['a', 'b', 'c']);
    expect(store.getState().fieldId).toBe('c');
    store.getState().moveField(1, ['a', 'b', 'c']);
    expect(store.getState().fieldId).toBe('a');
    store.getState().moveField(-1, ['a', 'b', 'c']);
    expect(store.getState().fieldId).toBe('c');
  });
});
