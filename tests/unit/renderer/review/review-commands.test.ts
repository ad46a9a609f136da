import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { loadReviewBundle } from '../../../../renderer/src/db/repositories/reviews';
import { HANDLED_COMMANDS } from '../../../../renderer/src/features/review/handled-commands';
import { activeFieldId, buildDialogueModel } from '../../../../renderer/src/features/review/review-model';
import { buildCommandHandlers, buildReviewActions, type ReviewCommandContext } from '../../../../renderer/src/features/review/use-review-commands';
import type { CommandId } from '../../../../renderer/src/keyboard/keymap';
import { createReviewStore, type ReviewStore } from '../../../../renderer/src/stores/review/store';
import { DEFAULT_CODEBOOK, freshDbName, openDb, REVIEWER, seedDialogue } from './fixtures';

const opened: MaieuticDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

interface Harness {
  db: MaieuticDb;
  store: ReviewStore;
  opened: string[];
  backCalls: number;
  guardedCalls: number;
  reviewerSet: boolean;
  /** runs a command against what the screen would show now, then waits for its writes */
  press(command: CommandId, visibleDialogueIds?: string[]): Promise<void>;
}

async function harness(): Promise<Harness> {
  const db = openDb(freshDbName());
  opened.push(db);
  await seedDialogue(db);
  const store = createReviewStore({ db: () => db, reviewer: () => REVIEWER, now: () => new Date().toISOString() });
  store.getState().startSession('d1');
  const h: Harness = {
    db,
    store,
    opened: [],
    backCalls: 0,
    guardedCalls: 0,
    reviewerSet: true,
    async press(command, visibleDialogueIds = ['d0', 'd1', 'd2']) {
      const bundle = await loadReviewBundle(db, 'd1');
      if (!bundle) throw new Error('no bundle');
      const model = buildDialogueModel(DEFAULT_CODEBOOK, bundle);
      const state = store.getState();
      const turn = model.turns[state.turnIndex];
      const fieldId = activeFieldId(turn, state.fieldId);
      const ctx: ReviewCommandContext = {
        store,
        codebook: DEFAULT_CODEBOOK,
        dialogueId: 'd1',
        model,
        turn,
        turnIndex: state.turnIndex,
        activeRow: turn.fields.find((row) => row.field.id === fieldId),
        status: bundle.dialogueReview?.status ?? 'unreviewed',
        visibleDialogueIds,
        guarded: (action) => {
          h.guardedCalls += 1;
          if (h.reviewerSet) action();
        },
        openDialogue: (id) => h.opened.push(id),
        backToTable: () => {
          h.backCalls += 1;
        },
        focusText: () => undefined,
      };
      const handlers = buildCommandHandlers(ctx, buildReviewActions(ctx));
      const handler = handlers[command];
      if (!handler) throw new Error(`no handler for ${command}`);
      handler();
      await store.getState().flush();
    },
  };
  return h;
}

const expert = async (db: MaieuticDb, id: string) => {
  const row = await db.fieldReviews.get(id);
  return row ? [row.decision, row.codes] : null;
};

describe('review commands', () => {
  it('binds a handler for every command it lists', async () => {
    const h = await harness();
    const bundle = await loadReviewBundle(h.db, 'd1');
    const model = buildDialogueModel(DEFAULT_CODEBOOK, bundle!);
    const ctx = { store: h.store, codebook: DEFAULT_CODEBOOK, dialogueId: 'd1', model, turn: model.turns[0], turnIndex: 0, activeRow: undefined, status: 'unreviewed', visibleDialogueIds: [], guarded: () => undefined, openDialogue: () => undefined, backToTable: () => undefined, focusText: () => undefined } satisfies ReviewCommandContext;
    const handlers = buildCommandHandlers(ctx, buildReviewActions(ctx));
    expect(Object.keys(handlers).sort()).toEqual([...HANDLED_COMMANDS].sort());
  });

  it('picks labels by number on the focused field: equal to the pre-annotation is accepted', async () => {
    const h = await harness();
    h.store.getState().goToTurn(1, 4);
    h.store.getState().focusField('teacher_intent');
    await h.press('label.pick3');
    expect(await expert(h.db, 'd1#1|teacher_intent')).toEqual(['accepted', ['guide_reasoning']]);
    await h.press('label.pick2');
    expect(await expert(h.db, 'd1#1|teacher_intent')).toEqual(['changed', ['check_understanding']]);
    await h.press('label.pick9');
    expect(h.store.getState().notice).toEqual({ kind: 'no-such-label', fieldId: 'teacher_intent', position: 9 });
  });

  it('explains instead of writing when a pre-annotation cannot be accepted or a text field gets a number', async () => {
    const h = await harness();
    h.store.getState().goToTurn(3, 4);
    h.store.getState().focusField('teaching_strategy');
    await h.press('field.accept');
    expect(h.store.getState().notice).toEqual({ kind: 'refused', reason: 'pre-unknown', fieldId: 'teaching_strategy' });
    h.store.getState().focusField('utterance');
    await h.press('label.pick1');
    expect(h.store.getState().notice).toEqual({ kind: 'refused', reason: 'wrong-kind', fieldId: 'utterance' });
    expect(await h.db.fieldReviews.count()).toBe(0);
    expect(await h.db.editLog.count()).toBe(0);
  });

  it('accept-all leaves a field the expert already changed alone', async () => {
    const h = await harness();
    h.store.getState().goToTurn(1, 4);
    h.store.getState().focusField('teacher_guidance_level');
    await h.press('label.pick3');
    await h.press('turn.acceptAll');
    expect(await expert(h.db, 'd1#1|teacher_guidance_level')).toEqual(['changed', ['L3']]);
    expect(await expert(h.db, 'd1#1|teacher_intent')).toEqual(['accepted', ['guide_reasoning']]);
    expect(await expert(h.db, 'd1#1|student_cognition_state')).toBeNull();
    expect(await h.db.fieldReviews.where('turnId').equals('d1#1').count()).toBe(8);
  });

  it('verifies the turn and moves to the next one', async () => {
    const h = await harness();
    await h.press('turn.verify');
    expect((await h.db.turnReviews.get('d1#0'))?.verified).toBe(true);
    expect(h.store.getState().turnIndex).toBe(1);
  });

  it('asks for a second Shift+V while work is open; Escape then only cancels', async () => {
    const h = await harness();
    await h.press('dialogue.verify');
    expect(h.store.getState().verifyDialogueArmed).toBe(true);
    expect(await h.db.dialogueReviews.get('d1')).toBeUndefined();
    await h.press('nav.datasets');
    expect(h.store.getState().verifyDialogueArmed).toBe(false);
    expect(h.backCalls).toBe(0);
    await h.press('nav.datasets');
    expect(h.backCalls).toBe(1);

    await h.press('dialogue.verify');
    await h.press('dialogue.verify');
    expect((await h.db.dialogueReviews.get('d1'))?.status).toBe('verified');
    // and once verified, Shift+V reopens it
    await h.press('dialogue.verify');
    expect((await h.db.dialogueReviews.get('d1'))?.status).toBe('in-progress');
  });

  it('steps through the table order of dialogues and says when there is no next one', async () => {
    const h = await harness();
    await h.press('dialogue.next');
    await h.press('dialogue.prev');
    expect(h.opened).toEqual(['d2', 'd0']);
    await h.press('dialogue.next', ['d0', 'd1']);
    expect(h.store.getState().notice).toEqual({ kind: 'end-of-list', direction: 'next' });
    expect(h.opened).toHaveLength(2);
  });

  it('writes nothing until a reviewer name is given', async () => {
    const h = await harness();
    h.reviewerSet = false;
    h.store.getState().goToTurn(1, 4);
    for (const command of ['field.accept', 'field.unsure', 'field.clear', 'label.pick1', 'turn.acceptAll', 'turn.verify', 'edit.undo', 'edit.redo'] as const) {
      await h.press(command);
    }
    expect(h.guardedCalls).toBe(8);
    expect(await h.db.editLog.count()).toBe(0);
  });
});
