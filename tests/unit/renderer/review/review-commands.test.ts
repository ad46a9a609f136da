import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { loadReviewBundle } from '../../../../renderer/src/db/repositories/reviews';
import { putDialogueTurns } from '../../../../renderer/src/db/repositories/turns';
import { HANDLED_COMMANDS } from '../../../../renderer/src/features/review/handled-commands';
import { buildDialogueModel } from '../../../../renderer/src/features/review/review-model';
import type { ModelFreshness, ModelNeed } from '../../../../renderer/src/features/review/model-freshness';
import { buildCommandHandlers, buildReviewActions, type ReviewCommandContext } from '../../../../renderer/src/features/review/use-review-commands';
import type { CommandId } from '../../../../renderer/src/keyboard/keymap';
import { createReviewStore, type ReviewStore } from '../../../../renderer/src/stores/review/store';
import type { Turn } from '../../../../shared/model/dataset';
import { DEFAULT_CODEBOOK, freshDbName, openDb, REVIEWER, sampleTurns, seedDialogue } from './fixtures';

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
  /** the handlers over the screen as it is now, for firing several commands before any write lands */
  handlersNow(visibleDialogueIds?: string[]): Promise<(command: CommandId) => void>;
}

/** `turns` replaces the seeded dialogue's turns (same ids), for cases the sample turns lack. */
async function harness(turns?: Turn[]): Promise<Harness> {
  const db = openDb(freshDbName());
  opened.push(db);
  await seedDialogue(db);
  if (turns) await putDialogueTurns(db, turns);
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
      (await h.handlersNow(visibleDialogueIds))(command);
      await store.getState().flush();
    },
    async handlersNow(visibleDialogueIds = ['d0', 'd1', 'd2']) {
      const bundle = await loadReviewBundle(db, 'd1');
      if (!bundle) throw new Error('no bundle');
      const model = buildDialogueModel(DEFAULT_CODEBOOK, bundle);
      const ctx: ReviewCommandContext = {
        store,
        codebook: DEFAULT_CODEBOOK,
        dialogueId: 'd1',
        model: () => model,
        status: () => bundle.dialogueReview?.status ?? 'unreviewed',
        visibleDialogueIds: () => visibleDialogueIds,
        guarded: (action) => {
          h.guardedCalls += 1;
          if (h.reviewerSet) action();
        },
        openDialogue: (id) => h.opened.push(id),
        backToTable: () => {
          h.backCalls += 1;
        },
        stepSuggestion: () => undefined,
      };
      const handlers = buildCommandHandlers(ctx, buildReviewActions(ctx));
      return (command: CommandId) => {
        const handler = handlers[command];
        if (!handler) throw new Error(`no handler for ${command}`);
        handler();
      };
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
    const ctx = { store: h.store, codebook: DEFAULT_CODEBOOK, dialogueId: 'd1', model: () => model, status: () => 'unreviewed', visibleDialogueIds: () => [], guarded: () => undefined, openDialogue: () => undefined, backToTable: () => undefined, stepSuggestion: () => undefined } satisfies ReviewCommandContext;
    const handlers = buildCommandHandlers(ctx, buildReviewActions(ctx));
    expect(Object.keys(handlers).sort()).toEqual([...HANDLED_COMMANDS].sort());
  });

  it('a command that reads values the writes before it may change waits (its key with it) while the model is behind; a move does not', async () => {
    const h = await harness();
    const bundle = await loadReviewBundle(h.db, 'd1');
    const model = buildDialogueModel(DEFAULT_CODEBOOK, bundle!);
    let fresh = { values: false, applicability: true };
    const waits: ModelNeed[] = [];
    const freshness: ModelFreshness = { isFresh: (need) => fresh[need], whenFresh: (need) => (waits.push(need), Promise.resolve()), rendered: () => undefined, dispose: () => undefined };
    const ctx = { store: h.store, codebook: DEFAULT_CODEBOOK, dialogueId: 'd1', model: () => model, status: () => 'unreviewed', visibleDialogueIds: () => [], guarded: (action) => action(), openDialogue: () => undefined, backToTable: () => undefined, stepSuggestion: () => undefined, freshness } satisfies ReviewCommandContext;
    const handlers = buildCommandHandlers(ctx, buildReviewActions(ctx));
    for (const command of ['turn.verify', 'edit.undo', 'edit.redo', 'dialogue.verify', 'field.nextFlagged'] as const) {
      expect(handlers[command]!(), command).toHaveProperty('deferUntil');
    }
    expect(h.store.getState().turnIndex).toBe(0);
    expect(handlers['turn.next']!()).toBeUndefined();
    expect(handlers['field.accept']!()).toBeUndefined();
    expect(h.store.getState().turnIndex).toBe(1);
    fresh = { values: true, applicability: false };
    expect(handlers['label.pick1']!()).toHaveProperty('deferUntil');
    expect(handlers['turn.verify']!()).toBeUndefined();
    expect(waits).toEqual(['values', 'values', 'values', 'values', 'values', 'applicability']);
    await h.store.getState().flush();
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

  it('refuses to verify a dialogue while a field has neither a value nor a usable pre-annotation, naming it', async () => {
    const h = await harness();
    await h.press('dialogue.verify');
    expect(h.store.getState().verifyDialogueArmed).toBe(false);
    expect(h.store.getState().notice).toEqual({ kind: 'verify-refused', missing: [{ turnId: 'd1#3', fieldId: 'teaching_strategy' }] });
    expect(await h.db.dialogueReviews.get('d1')).toBeUndefined();
    expect(await h.db.fieldReviews.count()).toBe(0);
  });

  it('asks for a second Shift+V naming what it confirms, Escape then only cancels; verifying confirms every value as one undo step', async () => {
    const h = await harness();
    h.store.getState().goToTurn(3, 4);
    h.store.getState().focusField('teaching_strategy');
    await h.press('label.pick1');
    await h.press('dialogue.verify');
    expect(h.store.getState().verifyDialogueArmed).toBe(true);
    expect(await h.db.dialogueReviews.get('d1')).toMatchObject({ status: 'in-progress' });
    await h.press('nav.datasets');
    expect(h.store.getState().verifyDialogueArmed).toBe(false);
    expect(h.backCalls).toBe(0);
    await h.press('nav.datasets');
    expect(h.backCalls).toBe(1);

    await h.press('dialogue.verify');
    await h.press('dialogue.verify');
    expect((await h.db.dialogueReviews.get('d1'))?.status).toBe('verified');
    expect(await h.db.turnReviews.count()).toBe(4);
    // 6 + 8 + 6 + 8 applicable fields; the strategy of turn 3 was picked by hand before
    expect(await h.db.fieldReviews.count()).toBe(28);
    expect(h.store.getState().notice).toEqual({ kind: 'verified-dialogue', turns: 4, accepted: 27 });
    expect(await expert(h.db, 'd1#3|teaching_strategy')).toEqual(['changed', [expect.any(String)]]);
    expect(await expert(h.db, 'd1#1|teacher_intent')).toEqual(['accepted', ['guide_reasoning']]);

    // one undo takes the whole verification back, leaving the hand-picked value
    await h.press('edit.undo');
    expect(await h.db.turnReviews.count()).toBe(0);
    expect(await h.db.fieldReviews.count()).toBe(1);
    expect((await h.db.dialogueReviews.get('d1'))?.status).toBe('in-progress');
    await h.press('edit.redo');
    expect(await h.db.fieldReviews.count()).toBe(28);

    // and once verified, Shift+V reopens it
    await h.press('dialogue.verify');
    expect((await h.db.dialogueReviews.get('d1'))?.status).toBe('in-progress');
  });

  it('verifying a turn confirms its unreviewed values as accepted, keeps reviewed ones, and undoes as one step', async () => {
    const h = await harness();
    h.store.getState().goToTurn(1, 4);
    h.store.getState().focusField('teacher_guidance_level');
    await h.press('label.pick3');
    await h.press('turn.verify');
    expect((await h.db.turnReviews.get('d1#1'))?.verified).toBe(true);
    expect(await h.db.fieldReviews.where('turnId').equals('d1#1').count()).toBe(8);
    expect(await expert(h.db, 'd1#1|teacher_guidance_level')).toEqual(['changed', ['L3']]);
    expect(await expert(h.db, 'd1#1|teacher_intent')).toEqual(['accepted', ['guide_reasoning']]);
    expect(h.store.getState().notice).toEqual({ kind: 'verified-turn', turnId: 'd1#1', accepted: 7 });
    expect(h.store.getState().turnIndex).toBe(2);
    await h.press('edit.undo');
    expect(await h.db.turnReviews.get('d1#1')).toBeUndefined();
    expect(await h.db.fieldReviews.where('turnId').equals('d1#1').count()).toBe(1);
    expect(h.store.getState().turnIndex).toBe(1);
  });

  it('v pressed right after the key that gives the last missing value verifies the turn: the write decides, not a screen that has not caught up', async () => {
    const h = await harness();
    h.store.getState().goToTurn(3, 4);
    h.store.getState().focusField('teaching_strategy');
    // both keys against the same (stale) screen, as when they are typed within one frame
    const press = await h.handlersNow();
    press('label.pick1');
    press('turn.verify');
    await h.store.getState().flush();
    expect((await h.db.turnReviews.get('d1#3'))?.verified).toBe(true);
    expect(h.store.getState().notice).toEqual({ kind: 'verified-turn', turnId: 'd1#3', accepted: 7 });
  });

  it('v on a turn still missing a value when its write runs: refused, the cursor goes back to that turn and field', async () => {
    const h = await harness();
    h.store.getState().goToTurn(2, 4);
    h.store.getState().focusField('discipline');
    const press = await h.handlersNow();
    press('turn.next');
    press('turn.verify');
    press('turn.prev');
    await h.store.getState().flush();
    expect(await h.db.turnReviews.count()).toBe(0);
    expect(h.store.getState().notice).toEqual({ kind: 'verify-refused', missing: [{ turnId: 'd1#3', fieldId: 'teaching_strategy' }] });
    expect(h.store.getState().turnIndex).toBe(3);
    expect(h.store.getState().fieldId).toBe('teaching_strategy');
  });

  it('does not verify a turn whose field needs a value: nothing is written, the cursor stays and goes to that field', async () => {
    const h = await harness();
    h.store.getState().goToTurn(3, 4);
    await h.press('turn.verify');
    expect(h.store.getState().notice).toEqual({ kind: 'verify-refused', missing: [{ turnId: 'd1#3', fieldId: 'teaching_strategy' }] });
    expect(h.store.getState().turnIndex).toBe(3);
    expect(h.store.getState().fieldId).toBe('teaching_strategy');
    expect(await h.db.turnReviews.count()).toBe(0);
    expect(await h.db.fieldReviews.count()).toBe(0);
  });

  it('keys pressed within one frame apply in order to where the previous key left the cursor', async () => {
    const h = await harness();
    const fire = await h.handlersNow();
    h.store.getState().goToTurn(1, 4);
    h.store.getState().focusField('teacher_guidance_level');
    // one stale screen for all of them, as when keys arrive before the next render
    fire('label.pick3');
    fire('turn.acceptAll');
    fire('turn.verify');
    fire('field.accept');
    await h.store.getState().flush();
    expect(await expert(h.db, 'd1#1|teacher_guidance_level')).toEqual(['changed', ['L3']]);
    expect((await h.db.turnReviews.get('d1#1'))?.verified).toBe(true);
    // 'a' after 'v' landed on turn 2, where the cursor had moved
    expect(h.store.getState().turnIndex).toBe(2);
    expect(await h.db.fieldReviews.where('turnId').equals('d1#2').count()).toBe(1);
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

  describe('f / Shift+F: the next flagged field or field needing a value', () => {
    /**
     * Turn 1's guidance level is empty (it needs a value), turn 2's cognitive level comes from
     * fragments that disagree (flagged), turn 3's strategy and one of its disciplines (天文) are
     * outside the codebook (flagged).
     */
    function attentionTurns(): Turn[] {
      const turns = sampleTurns('d1');
      turns[1].pre.teacher_guidance_level = { raw: '', codes: [], unknown: [], status: 'empty' };
      turns[2].pre.cognitive_level = { raw: '记忆 | 理解', codes: ['remember', 'understand'], unknown: [], status: 'conflict' };
      return turns;
    }
    const cursor = (h: Harness) => [h.store.getState().turnIndex, h.store.getState().fieldId];

    it('moves across turns, from where the cursor is, to each flagged field or field without a usable value, and says when none is left', async () => {
      const h = await harness(attentionTurns());
      await h.press('field.nextFlagged');
      expect(cursor(h)).toEqual([1, 'teacher_guidance_level']);
      await h.press('field.nextFlagged');
      expect(cursor(h)).toEqual([2, 'cognitive_level']);
      await h.press('field.nextFlagged');
      expect(cursor(h)).toEqual([3, 'teaching_strategy']);
      await h.press('field.nextFlagged');
      expect(cursor(h)).toEqual([3, 'discipline']);
      expect(h.store.getState().notice).toBeNull();
      await h.press('field.nextFlagged');
      expect(cursor(h)).toEqual([3, 'discipline']);
      expect(h.store.getState().notice).toEqual({ kind: 'no-attention-left', direction: 'next', total: 4 });

      await h.press('field.prevFlagged');
      expect(cursor(h)).toEqual([3, 'teaching_strategy']);
      expect(h.store.getState().notice).toBeNull();
      await h.press('field.prevFlagged');
      expect(cursor(h)).toEqual([2, 'cognitive_level']);
      await h.press('field.prevFlagged');
      await h.press('field.prevFlagged');
      expect(h.store.getState().notice).toEqual({ kind: 'no-attention-left', direction: 'prev', total: 4 });
      expect(cursor(h)).toEqual([1, 'teacher_guidance_level']);
      expect(await h.db.editLog.count()).toBe(0);
    });

    it('starts from the live cursor, skips fields given a value since, and keeps flagged ones even when answered', async () => {
      const h = await harness(attentionTurns());
      h.store.getState().goToTurn(1, 4);
      h.store.getState().focusField('teacher_guidance_level');
      await h.press('label.pick2');
      // the field now has a value: Shift+F from the start of turn 3 stops at turn 2, then finds nothing before
      h.store.getState().goToTurn(3, 4);
      h.store.getState().focusField('speaker');
      await h.press('field.prevFlagged');
      expect(cursor(h)).toEqual([2, 'cognitive_level']);
      await h.press('field.prevFlagged');
      expect(cursor(h)).toEqual([2, 'cognitive_level']);
      expect(h.store.getState().notice).toEqual({ kind: 'no-attention-left', direction: 'prev', total: 3 });
      // answered, but still a flagged pre-annotation: f still stops there (from the turn's start)
      h.store.getState().goToTurn(3, 4);
      h.store.getState().focusField('teaching_strategy');
      await h.press('label.pick1');
      h.store.getState().focusField('speaker');
      await h.press('field.nextFlagged');
      expect(cursor(h)).toEqual([3, 'teaching_strategy']);
    });

    it('keys pressed within one frame step from where the previous key left the cursor', async () => {
      const h = await harness(attentionTurns());
      const fire = await h.handlersNow();
      fire('field.nextFlagged');
      fire('field.nextFlagged');
      expect(cursor(h)).toEqual([2, 'cognitive_level']);
    });

    it('says so when the dialogue has nothing flagged and nothing needing a value', async () => {
      const turns = sampleTurns('d1');
      turns[3].pre.teaching_strategy = { raw: '追问', codes: ['follow_up_questioning'], unknown: [], status: 'ok' };
      turns[3].pre.discipline = { raw: '生物', codes: ['biology'], unknown: [], status: 'ok' };
      const h = await harness(turns);
      await h.press('field.nextFlagged');
      expect(h.store.getState().notice).toEqual({ kind: 'no-attention-left', direction: 'next', total: 0 });
      expect(cursor(h)).toEqual([0, null]);
    });
  });
});
