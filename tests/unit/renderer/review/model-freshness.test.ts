/**
 * Whether the review model a command reads shows every write asked for before it
 * (renderer/src/features/review/model-freshness.ts), against a real review store: a write makes the
 * values stale until a model read after it is rendered; which fields apply goes stale only with a
 * write that may change the speaker; waiting flushes the writes, reads again and resolves once that
 * read is rendered; a view that goes away lets every waiting command go.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { loadReviewBundle } from '../../../../renderer/src/db/repositories/reviews';
import { createModelFreshness } from '../../../../renderer/src/features/review/model-freshness';
import { APPLICABILITY_FIELD, buildDialogueModel } from '../../../../renderer/src/features/review/review-model';
import type { FieldIntent } from '../../../../renderer/src/stores/review/field-intents';
import { createReviewStore } from '../../../../renderer/src/stores/review/store';
import type { FieldEditRequest } from '../../../../renderer/src/stores/review/types';
import { DEFAULT_CODEBOOK, freshDbName, openDb, REVIEWER, seedDialogue } from './fixtures';

const opened: MaieuticDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function setup() {
  const db = openDb(freshDbName());
  opened.push(db);
  await seedDialogue(db);
  const store = createReviewStore({ db: () => db, reviewer: () => REVIEWER, now: () => new Date().toISOString() });
  store.getState().startSession('d1');
  const refreshes: number[] = [];
  const freshness = createModelFreshness({
    store,
    applicabilityField: APPLICABILITY_FIELD,
    // the view reads the dialogue again: here, the read says which writes it shows at once
    refresh: () => refreshes.push(store.getState().writeProgress().finished),
  });
  return { db, store, freshness, refreshes };
}

async function request(db: MaieuticDb, turnIndex: number, fieldId: string, intent: FieldIntent): Promise<FieldEditRequest> {
  const bundle = await loadReviewBundle(db, 'd1');
  const row = buildDialogueModel(DEFAULT_CODEBOOK, bundle!).turns[turnIndex].fields.find((candidate) => candidate.field.id === fieldId)!;
  const turn = bundle!.turns[turnIndex];
  return { dialogueId: turn.dialogueId, turnId: turn.id, fieldId, context: row.context, intent };
}

describe('model freshness', () => {
  it('a write makes the values stale until a model read after it is rendered; applicability only with a speaker write', async () => {
    const { db, store, freshness } = await setup();
    expect(freshness.isFresh('values')).toBe(true);
    void store.getState().editFields(1, [await request(db, 1, 'teacher_intent', { kind: 'pick', code: 'check_understanding' })]);
    expect(freshness.isFresh('values')).toBe(false);
    expect(freshness.isFresh('applicability')).toBe(true);
    await store.getState().flush();
    // the write has landed, but the model rendered was read before it
    expect(freshness.isFresh('values')).toBe(false);
    freshness.rendered(store.getState().writeProgress().finished);
    expect(freshness.isFresh('values')).toBe(true);

    void store.getState().editFields(1, [await request(db, 1, 'speaker', { kind: 'pick', code: 'student' })]);
    expect(freshness.isFresh('applicability')).toBe(false);
  });

  it('whenFresh waits for the writes, asks for a read and resolves once a read after them is rendered', async () => {
    const { db, store, freshness, refreshes } = await setup();
    void store.getState().editFields(1, [await request(db, 1, 'speaker', { kind: 'pick', code: 'student' })]);
    let fresh = false;
    const waiting = freshness.whenFresh('applicability').then(() => (fresh = true));
    await store.getState().flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refreshes).toEqual([1]);
    expect(fresh).toBe(false);
    // an older read rendered late does not count
    freshness.rendered(0);
    await Promise.resolve();
    expect(fresh).toBe(false);
    freshness.rendered(refreshes[0]);
    await waiting;
    expect(fresh).toBe(true);
  });

  it('a view that goes away lets the waiting commands go', async () => {
    const { db, store, freshness } = await setup();
    void store.getState().editFields(1, [await request(db, 1, 'teacher_intent', { kind: 'unsure' })]);
    const waiting = freshness.whenFresh('values');
    freshness.dispose();
    await waiting;
    expect(freshness.isFresh('values')).toBe(true);
  });
});
