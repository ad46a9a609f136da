import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { loadReviewBundle } from '../../../../renderer/src/db/repositories/reviews';
import { buildDialogueModel } from '../../../../renderer/src/features/review/review-model';
import { createDraftRegistry, type DraftCommitter } from '../../../../renderer/src/stores/review/drafts';
import { createFlushAll, createHasUnsavedWork } from '../../../../renderer/src/stores/review/flush-all';
import type { FieldIntent } from '../../../../renderer/src/stores/review/field-intents';
import { createReviewStore, type ReviewStore } from '../../../../renderer/src/stores/review/store';
import type { FieldEditRequest } from '../../../../renderer/src/stores/review/types';
import { DEFAULT_CODEBOOK, fieldsToVerify, freshDbName, openDb, REVIEWER, seedDialogue } from './fixtures';
import { holdReviewTables } from './slow-writes';

const opened: MaieuticDb[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const db of opened.splice(0)) db.close();
});

async function setup() {
  const db = openDb(freshDbName());
  opened.push(db);
  await seedDialogue(db);
  const names = { reviewer: REVIEWER };
  const store = createReviewStore({ db: () => db, reviewer: () => names.reviewer, now: () => new Date().toISOString() });
  store.getState().startSession('d1');
  const drafts = createDraftRegistry();
  const deps = { drafts, store };
  return { db, store, drafts, names, flushAll: createFlushAll(deps), hasUnsavedWork: createHasUnsavedWork(deps) };
}

async function request(db: MaieuticDb, turnIndex: number, fieldId: string, intent: FieldIntent): Promise<FieldEditRequest> {
  const bundle = await loadReviewBundle(db, 'd1');
  const row = buildDialogueModel(DEFAULT_CODEBOOK, bundle!).turns[turnIndex].fields.find((candidate) => candidate.field.id === fieldId);
  const turn = bundle!.turns[turnIndex];
  return { dialogueId: turn.dialogueId, turnId: turn.id, fieldId, context: row!.context, intent };
}

/** A text box holding a typed correction, committing the way TextFieldEditor does. */
function textBox(store: ReviewStore, turnIndex: number, correction: FieldEditRequest, options: { holdsBack?: boolean } = {}) {
  let handedOver = false;
  const committer: DraftCommitter & { commits: number } = {
    commits: 0,
    hasDraft: () => !handedOver,
    commit() {
      committer.commits += 1;
      // A commit held back (waiting for the reviewer's name) queues nothing and stays open.
      if (options.holdsBack) return;
      handedOver = true;
      void store.getState().editFields(turnIndex, [correction]);
    },
  };
  return committer;
}

const expert = async (db: MaieuticDb, id: string) => {
  const row = await db.fieldReviews.get(id);
  return row ? { decision: row.decision, codes: row.codes, text: row.text } : null;
};

describe('flush-all', () => {
  it('resolves only when every queued write and every open draft are in IndexedDB', async () => {
    const { db, store, drafts, flushAll } = await setup();
    // Built first: reading the screen's rows would wait behind the held tables.
    const intent = await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' });
    const discipline = await request(db, 1, 'discipline', { kind: 'pick', code: 'physics' });
    const correction = await request(db, 2, 'utterance', { kind: 'text', text: '阳光和水？' });
    const verifyFields = await fieldsToVerify(db, 1);
    const hold = holdReviewTables(db);
    void store.getState().editFields(1, [intent]);
    void store.getState().editFields(1, [discipline]);
    void store.getState().setTurnVerified({ dialogueId: 'd1', turnId: 'd1#1', turnIndex: 1 }, true, verifyFields);
    drafts.register(textBox(store, 2, correction));
    expect(store.getState().save.pending).toBe(3);

    const flushing = flushAll();
    setTimeout(hold.release, 20);
    expect(await flushing).toEqual({ flushed: true });

    expect(store.getState().save.pending).toBe(0);
    expect(await expert(db, 'd1#1|teacher_intent')).toEqual({ decision: 'changed', codes: ['check_understanding'], text: null });
    expect((await expert(db, 'd1#1|discipline'))?.codes).toContain('physics');
    expect((await db.turnReviews.get('d1#1'))?.verified).toBe(true);
    expect(await expert(db, 'd1#2|utterance')).toEqual({ decision: 'changed', codes: [], text: '阳光和水？' });
  });

  it('commits only boxes that hold a draft', async () => {
    const { db, store, drafts, flushAll } = await setup();
    const open = textBox(store, 2, await request(db, 2, 'utterance', { kind: 'text', text: '阳光？！' }));
    const clean: DraftCommitter = { hasDraft: () => false, commit: vi.fn() };
    drafts.register(open);
    const unregister = drafts.register(clean);

    expect(await flushAll()).toEqual({ flushed: true });
    expect(open.commits).toBe(1);
    expect(clean.commit).not.toHaveBeenCalled();

    expect(await flushAll()).toEqual({ flushed: true });
    expect(open.commits).toBe(1);
    unregister();
    expect(drafts.hasDrafts()).toBe(false);
  });

  it('also waits for writes queued while it waits', async () => {
    const { db, store, flushAll } = await setup();
    const first = await request(db, 1, 'teacher_intent', { kind: 'accept' });
    const later = await request(db, 3, 'teacher_intent', { kind: 'pick', code: 'check_understanding' });
    const hold = holdReviewTables(db);
    void store.getState().editFields(1, [first]);

    const flushing = flushAll();
    // Queued after the flush began, while the first write is still held.
    await new Promise((resolve) => setTimeout(resolve, 5));
    void store.getState().editFields(3, [later]);
    hold.release();

    expect(await flushing).toEqual({ flushed: true });
    expect(store.getState().save.pending).toBe(0);
    expect(await expert(db, 'd1#3|teacher_intent')).not.toBeNull();
  });

  it('says so when a write fails while it waits', async () => {
    const { db, store, names, flushAll } = await setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    names.reviewer = '';
    void store.getState().editFields(1, [await request(db, 1, 'teacher_intent', { kind: 'accept' })]);

    const outcome = await flushAll();
    expect(outcome.flushed).toBe(false);
    expect(outcome.error).toMatch(/reviewer name/);

    // The failure was reported once; a later flush with nothing failing is clean again.
    names.reviewer = REVIEWER;
    expect(await flushAll()).toEqual({ flushed: true });
  });

  it('says so when a draft could not be handed over', async () => {
    const { db, store, drafts, flushAll } = await setup();
    const heldBack = textBox(store, 2, await request(db, 2, 'utterance', { kind: 'text', text: '阳光？' }), { holdsBack: true });
    drafts.register(heldBack);

    const outcome = await flushAll();
    expect(heldBack.commits).toBe(1);
    expect(outcome).toEqual({ flushed: false, error: expect.stringContaining('text box could not be saved') });
    expect(await db.fieldReviews.count()).toBe(0);
  });
});

describe('unsaved work', () => {
  it('is there while a draft is open or a write is queued, and gone once both are stored', async () => {
    const { db, store, drafts, flushAll, hasUnsavedWork } = await setup();
    expect(hasUnsavedWork()).toBe(false);

    const box = textBox(store, 2, await request(db, 2, 'utterance', { kind: 'text', text: '阳光？' }));
    const unregister = drafts.register(box);
    expect(hasUnsavedWork()).toBe(true);

    const hold = holdReviewTables(db);
    drafts.commitAll();
    // handed over, not yet stored
    expect(drafts.hasDrafts()).toBe(false);
    expect(hasUnsavedWork()).toBe(true);

    hold.release();
    await flushAll();
    expect(hasUnsavedWork()).toBe(false);
    unregister();
  });
});
