import type { Codebook } from '../../../../shared/codebook/types';
import type { DialogueStatus } from '../../../../shared/model/review';
import { keyHold } from '../../keyboard/key-hold';
import { LABEL_PICKS, type LabelPickCommand } from '../../keyboard/keymap';
import type { CommandHandlers } from '../../keyboard/use-commands';
import type { FieldIntent } from '../../stores/review/field-intents';
import type { ReviewStore } from '../../stores/review/store';
import { focusCodebookSearch } from '../codebook/search-focus';
import { HANDLED_COMMANDS, type ReviewCommand } from './handled-commands';
import { ALWAYS_FRESH, type ModelFreshness, type ModelNeed } from './model-freshness';
import {
  activeFieldId,
  applicableFieldIds,
  attentionCount,
  dialogueVerifySummary,
  nextAttentionField,
  nothingToConfirm,
  turnToVerify,
  type DialogueModel,
  type FieldRowModel,
  type TurnModel,
} from './review-model';

export interface ReviewCommandContext {
  store: ReviewStore;
  codebook: Codebook;
  dialogueId: string;
  /**
   * The open dialogue as last rendered. Its values may lag behind writes still in the queue, so
   * commands decide value questions in the write itself; its turns and fields (positions) are
   * current.
   */
  model: () => DialogueModel;
  status: () => DialogueStatus;
  visibleDialogueIds: () => readonly string[];
  /** runs the action now when a reviewer name is set, else after the user has given one */
  guarded: (action: () => void) => void;
  openDialogue: (dialogueId: string) => void;
  backToTable: () => void;
  /** shows the suggestion from the next (previous) source: the imported pre-annotation, each layer */
  stepSuggestion: (direction: 1 | -1) => void;
  /** opens the history panel of the focused field */
  openHistory?: () => void;
  /** whether `model()` shows every write asked for so far; always, when absent */
  freshness?: ModelFreshness;
}

export interface ReviewActions {
  /** true when the write was queued (not refused, not held back for the reviewer's name) */
  edit: (fieldId: string, intent: FieldIntent) => boolean;
  pickNumber: (position: number) => void;
  accept: (fieldId: string) => void;
  acceptAll: () => void;
  verifyTurn: () => void;
  verifyDialogue: () => void;
  stepDialogue: (direction: 'next' | 'prev') => void;
  /** moves the cursor to the next (previous) flagged field or field needing a value, across turns */
  stepAttention: (direction: 'next' | 'prev') => void;
  undo: () => void;
  redo: () => void;
  /** true when the write was queued */
  setTeacherModel: (teacherModel: string | null) => boolean;
}

/** Where the cursor is now: read from the store at the moment of the key, never from a render that may be a frame old. */
export interface LiveCursor {
  turnIndex: number;
  turn: TurnModel | undefined;
  activeRow: FieldRowModel | undefined;
}

export function liveCursor(ctx: Pick<ReviewCommandContext, 'store' | 'model' | 'dialogueId'>): LiveCursor {
  const state = ctx.store.getState();
  const { turns } = ctx.model();
  const ready = state.dialogueId === ctx.dialogueId;
  const turnIndex = ready ? Math.min(state.turnIndex, Math.max(0, turns.length - 1)) : 0;
  const turn = turns[turnIndex];
  const fieldId = activeFieldId(turn, ready ? state.fieldId : null);
  return { turnIndex, turn, activeRow: turn?.fields.find((row) => row.field.id === fieldId) };
}

/** What each review command does. Every action reads the cursor when it runs, so keys pressed within one frame land where the previous key left the cursor. */
export function buildReviewActions(ctx: ReviewCommandContext): ReviewActions {
  const { store } = ctx;
  const state = () => store.getState();
  const freshness = ctx.freshness ?? ALWAYS_FRESH;

  /**
   * Runs `action` now when the model shows what it reads, else once it does (a button pressed while
   * writes land); keys pressed meanwhile wait for it, so they act after it, as after a key.
   */
  const onFresh = (need: ModelNeed, action: () => void) => {
    if (freshness.isFresh(need)) action();
    else keyHold.holdUntil(freshness.whenFresh(need).then(action));
  };

  /** Runs `action` through the reviewer-name guard; true when it ran now. */
  const runGuarded = (action: () => void) => {
    let ran = false;
    ctx.guarded(() => {
      ran = true;
      action();
    });
    return ran;
  };

  const edit = (fieldId: string, intent: FieldIntent) => {
    const { turn, turnIndex } = liveCursor(ctx);
    const row = turn?.fields.find((candidate) => candidate.field.id === fieldId);
    if (!turn || !row) return false;
    if (!row.applicable) {
      state().setNotice({ kind: 'not-applicable', fieldId });
      return false;
    }
    if (intent.kind === 'accept' && row.acceptRefusal) {
      state().setNotice({ kind: 'refused', reason: row.acceptRefusal, fieldId });
      return false;
    }
    const { dialogueId, id: turnId } = turn.turn;
    return runGuarded(() => {
      void state().editFields(turnIndex, [{ dialogueId, turnId, fieldId, context: row.context, intent }]);
    });
  };

  return {
    edit,
    accept: (fieldId) => edit(fieldId, { kind: 'accept' }),
    pickNumber(position) {
      const row = liveCursor(ctx).activeRow;
      if (!row) return;
      if (row.field.type === 'text') {
        state().setNotice({ kind: 'refused', reason: 'wrong-kind', fieldId: row.field.id });
        return;
      }
      const label = row.field.labels[position - 1];
      if (!label) {
        state().setNotice({ kind: 'no-such-label', fieldId: row.field.id, position });
        return;
      }
      edit(row.field.id, { kind: 'pick', code: label.code });
    },
    acceptAll: () => onFresh('applicability', () => {
      const { turn, turnIndex } = liveCursor(ctx);
      if (!turn) return;
      // Every applicable field is asked; the write skips the ones already reviewed by then.
      const rows = turn.fields.filter((row) => row.applicable);
      if (rows.length === 0) {
        state().setNotice({ kind: 'accepted-all', accepted: 0, skipped: 0 });
        return;
      }
      ctx.guarded(() => {
        void state().editFields(
          turnIndex,
          rows.map((row) => ({
            dialogueId: turn.turn.dialogueId,
            turnId: turn.turn.id,
            fieldId: row.field.id,
            context: row.context,
            intent: { kind: 'accept', unlessReviewed: true },
          })),
        );
      });
    }),
    verifyTurn: () => onFresh('values', () => {
      const { turn, turnIndex } = liveCursor(ctx);
      if (!turn) return;
      const verify = !turn.verified;
      const target = { dialogueId: turn.turn.dialogueId, turnId: turn.turn.id, turnIndex };
      if (!verify) {
        ctx.guarded(() => void state().setTurnVerified(target, false, []));
        return;
      }
      // Whether a field still lacks a value is decided by the write, on the stored values: the screen
      // may not show yet a label picked the moment before (every field of a blind turn is picked).
      // A refusal there names the fields and brings the cursor back to the first of them, so the
      // keys pressed after v wait until the write has decided: they act where it leaves the cursor.
      ctx.guarded(() => {
        const decided = state().setTurnVerified(target, true, turnToVerify(turn).fields);
        state().moveTurn(1, ctx.model().turns.length);
        keyHold.holdUntil(decided);
      });
    }),
    verifyDialogue: () => onFresh('values', () => {
      if (ctx.status() === 'verified') {
        state().armVerifyDialogue(false);
        ctx.guarded(() => void state().setDialogueStatus('in-progress'));
        return;
      }
      const model = ctx.model();
      const summary = dialogueVerifySummary(model);
      if (summary.missing.length > 0) {
        state().armVerifyDialogue(false);
        state().setNotice({ kind: 'verify-refused', missing: summary.missing });
        return;
      }
      if (!nothingToConfirm(summary) && !state().verifyDialogueArmed) {
        state().armVerifyDialogue(true);
        return;
      }
      state().armVerifyDialogue(false);
      ctx.guarded(() => void state().verifyDialogue(model.turns.map(turnToVerify)));
    }),
    stepDialogue(direction) {
      const ids = ctx.visibleDialogueIds();
      const position = ids.indexOf(ctx.dialogueId);
      const target = position === -1 ? undefined : ids[position + (direction === 'next' ? 1 : -1)];
      if (target === undefined) {
        state().setNotice({ kind: 'end-of-list', direction });
        return;
      }
      ctx.openDialogue(target);
    },
    stepAttention(direction) {
      const { turnIndex, activeRow } = liveCursor(ctx);
      const model = ctx.model();
      const target = nextAttentionField(model, { turnIndex, fieldId: activeRow?.field.id ?? null }, direction === 'next' ? 1 : -1);
      if (!target) {
        state().setNotice({ kind: 'no-attention-left', direction, total: attentionCount(model) });
        return;
      }
      if (target.turnIndex !== turnIndex) state().goToTurn(target.turnIndex, model.turns.length);
      else if (state().notice?.kind === 'no-attention-left') state().setNotice(null);
      state().focusField(target.fieldId);
    },
    undo: () => onFresh('values', () => ctx.guarded(() => void state().undo())),
    redo: () => onFresh('values', () => ctx.guarded(() => void state().redo())),
    setTeacherModel: (teacherModel) => runGuarded(() => void state().setTeacherModel(ctx.dialogueId, teacherModel)),
  };
}

/**
 * What each command reads from the model besides positions (model-freshness.ts): it acts only once
 * the model shows the writes it depends on, and the keys after it wait for it. Commands not listed
 * read positions only (turns, dialogues) or decide in their write, on the stored value.
 */
const COMMAND_NEEDS: Partial<Record<ReviewCommand, ModelNeed>> = {
  ...Object.fromEntries(LABEL_PICKS.map(({ command }) => [command, 'applicability'])),
  'field.next': 'applicability',
  'field.prev': 'applicability',
  'label.search': 'applicability',
  'codebook.search': 'applicability',
  'history.open': 'applicability',
  'field.accept': 'applicability',
  'field.unsure': 'applicability',
  'field.clear': 'applicability',
  'turn.acceptAll': 'applicability',
  'field.nextFlagged': 'values',
  'field.prevFlagged': 'values',
  'turn.verify': 'values',
  'dialogue.verify': 'values',
  'edit.undo': 'values',
  'edit.redo': 'values',
};

/** The key-map table's review commands bound to actions; typed so none can be left out. */
export function buildCommandHandlers(ctx: ReviewCommandContext, actions: ReviewActions): CommandHandlers {
  const { store } = ctx;
  const state = () => store.getState();
  const freshness = ctx.freshness ?? ALWAYS_FRESH;
  const picks = Object.fromEntries(LABEL_PICKS.map(({ command, position }) => [command, () => actions.pickNumber(position)])) as Record<LabelPickCommand, () => void>;

  const moveField = (delta: number) => {
    const { turn, activeRow } = liveCursor(ctx);
    if (activeRow) state().focusField(activeRow.field.id);
    state().moveField(delta, applicableFieldIds(turn));
  };

  const handlers: Record<ReviewCommand, () => void> = {
    'nav.datasets': ctx.backToTable,
    'turn.next': () => {
      state().moveTurn(1, ctx.model().turns.length);
    },
    'turn.prev': () => {
      state().moveTurn(-1, ctx.model().turns.length);
    },
    'field.next': () => moveField(1),
    'field.prev': () => moveField(-1),
    'field.nextFlagged': () => actions.stepAttention('next'),
    'field.prevFlagged': () => actions.stepAttention('prev'),
    ...picks,
    'label.search': () => {
      const { turn, activeRow } = liveCursor(ctx);
      if (!turn || !activeRow) return;
      if (activeRow.field.type === 'text') state().openTextEdit(turn.turn.id, activeRow.field.id);
      else state().setTypeaheadOpen(true);
    },
    'codebook.search': () => {
      focusCodebookSearch();
    },
    'history.open': () => {
      ctx.openHistory?.();
    },
    'field.accept': () => {
      const row = liveCursor(ctx).activeRow;
      if (row) actions.accept(row.field.id);
    },
    'field.unsure': () => {
      const row = liveCursor(ctx).activeRow;
      if (row) actions.edit(row.field.id, { kind: 'unsure' });
    },
    'field.clear': () => {
      const row = liveCursor(ctx).activeRow;
      if (row) actions.edit(row.field.id, { kind: 'clear' });
    },
    'turn.acceptAll': actions.acceptAll,
    'turn.verify': actions.verifyTurn,
    'dialogue.verify': actions.verifyDialogue,
    'dialogue.next': () => actions.stepDialogue('next'),
    'dialogue.prev': () => actions.stepDialogue('prev'),
    'suggestion.next': () => ctx.stepSuggestion(1),
    'suggestion.prev': () => ctx.stepSuggestion(-1),
    'edit.undo': actions.undo,
    'edit.redo': actions.redo,
  };

  // Any command but Shift+V itself cancels an armed "verify anyway"; Escape then only cancels.
  const wrapped: CommandHandlers = {};
  for (const command of HANDLED_COMMANDS) {
    const handler = handlers[command];
    const need = COMMAND_NEEDS[command];
    const run =
      command === 'dialogue.verify'
        ? handler
        : () => {
            const wasArmed = state().verifyDialogueArmed;
            state().armVerifyDialogue(false);
            if (wasArmed && command === 'nav.datasets') return;
            handler();
          };
    wrapped[command] = need === undefined ? run : () => (freshness.isFresh(need) ? run() : { deferUntil: freshness.whenFresh(need) });
  }
  return wrapped;
}
