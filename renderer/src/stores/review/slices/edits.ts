import type { StateCreator } from 'zustand';
import { errorMessage } from '../../../db/errors';
import {
  applyFieldEdits,
  changeCount,
  emptyChangeSet,
  KEEP_CURRENT,
  revertChanges,
  setTurnVerified,
  updateDialogueReview,
  verifyTurns,
  type ChangeSet,
  type WriteContext,
} from '../../../db/repositories/reviews';
import { resolveIntent, type RefusalReason } from '../field-intents';
import type { EditStep, EditsSlice, ReviewDeps, ReviewNotice, ReviewState } from '../types';
import { afterRedo, afterUndo, emptyHistory, peekRedo, peekUndo, recordStep, type UndoHistory } from '../undo-stack';
import { createWriteQueue } from '../write-queue';

/** An undo or redo whose step is not known yet (writes before it in flight) may change any field. */
const ANY_FIELD = '*';

export function createEditsSlice(deps: ReviewDeps): StateCreator<ReviewState, [], [], EditsSlice> {
  return (set, get) => {
    /** failures so far and the last message: flush() reports those that happen while it waits */
    const failures = { count: 0, lastMessage: null as string | null };
    const queue = createWriteQueue({
      onPendingChange: (pending) => set((state) => ({ save: { ...state.save, pending } })),
      onSuccess: () => set((state) => ({ save: { ...state.save, lastSavedAt: deps.now() } })),
      onError: (error) => {
        console.error('Review write failed', error);
        deps.reportError?.(error, 'Saving a review edit / 保存审阅修改');
        failures.count += 1;
        failures.lastMessage = errorMessage(error);
        set((state) => ({ save: { ...state.save, error: errorMessage(error) } }));
      },
    });

    /**
     * Writes asked for and finished so far, in queue order, and the position of the last write
     * asked for that names each field: what a screen read after `finished` writes still lacks.
     */
    const progress = { issued: 0, finished: 0 };
    const lastWriteNaming = new Map<string, number>();

    /** Every write goes through the queue; the boolean says whether it landed. `fields`: the field ids it may change (ANY_FIELD: any). */
    const run = (task: () => Promise<void>, fields: readonly string[] = []): Promise<boolean> => {
      progress.issued += 1;
      for (const fieldId of fields) lastWriteNaming.set(fieldId, progress.issued);
      const finish = () => {
        progress.finished += 1;
      };
      return queue.enqueue(task).then(
        () => {
          finish();
          return true;
        },
        () => {
          finish();
          return false;
        },
      );
    };

    const contextFor = (dialogueId: string): WriteContext => ({ dialogueId, reviewer: deps.reviewer(), at: deps.now() });

    /**
     * Undo history per dialogue: the open one's in `history` (what the view shows), the others
     * parked here, so a write or an undo that lands after the user has moved on (keys typed
     * faster than the disk) still belongs to the dialogue it was typed in.
     */
    const parked = new Map<string, UndoHistory<EditStep>>();
    const historyOf = (dialogueId: string): UndoHistory<EditStep> =>
      get().dialogueId === dialogueId ? get().history : (parked.get(dialogueId) ?? emptyHistory<EditStep>());
    const setHistoryOf = (dialogueId: string, history: UndoHistory<EditStep>) => {
      if (get().dialogueId === dialogueId) set({ history });
      else parked.set(dialogueId, history);
    };

    /** Records a step in the history of the dialogue the write went to. */
    const record = (dialogueId: string, turnIndex: number | null, changes: ChangeSet) => {
      if (changeCount(changes) > 0) setHistoryOf(dialogueId, recordStep(historyOf(dialogueId), { turnIndex, changes }));
    };

    /** A notice for the session that asked for it; a later session has its own. */
    const noticeFor = (sessionId: number, notice: ReviewNotice | null) => {
      if (get().sessionId === sessionId) set({ notice });
    };

    const sessionDialogue = (): { sessionId: number; dialogueId: string } | null => {
      const { sessionId, dialogueId } = get();
      return dialogueId ? { sessionId, dialogueId } : null;
    };

    const cursorFor = (step: EditStep): Partial<ReviewState> => {
      if (step.turnIndex === null) return {};
      const fieldId = step.changes.fields[0]?.fieldId;
      return fieldId ? { turnIndex: step.turnIndex, fieldId } : { turnIndex: step.turnIndex };
    };

    const stepOf = (history: UndoHistory<EditStep>, direction: 'undo' | 'redo') => (direction === 'undo' ? peekUndo(history) : peekRedo(history));

    /**
     * Undo or redo the newest step of that side in the dialogue open when the key was pressed
     * (after every write queued before it), writing only what is still this step's value. With no
     * write in flight the step is known at once and the cursor moves now, like every other
     * command's, so the next key acts where the undo put it; otherwise it moves when the step is
     * known, after the writes before it.
     */
    const replay = (direction: 'undo' | 'redo') => {
      const session = sessionDialogue();
      const known = session && queue.pending() === 0 ? stepOf(historyOf(session.dialogueId), direction) : undefined;
      if (known) {
        const cursor = cursorFor(known);
        const otherTurn = cursor.turnIndex !== undefined && cursor.turnIndex !== get().turnIndex;
        const otherField = cursor.fieldId !== undefined && cursor.fieldId !== get().fieldId;
        // An open text box belongs to its turn and field, the label search to its turn: each closes
        // when the cursor leaves it, as with any move. The search stays open for an undo on its turn,
        // so the Escape typed next closes it rather than leaving the dialogue.
        set({ ...cursor, ...(otherTurn ? { typeaheadOpen: false } : {}), ...(otherTurn || otherField ? { textEdit: null } : {}) });
      }
      const fields = known ? known.changes.fields.map((change) => change.fieldId) : [ANY_FIELD];
      return run(async () => {
        const history = session ? historyOf(session.dialogueId) : emptyHistory<EditStep>();
        const step = stepOf(history, direction);
        if (!session || !step) {
          if (!session || get().sessionId === session.sessionId) set({ notice: { kind: direction === 'undo' ? 'nothing-to-undo' : 'nothing-to-redo' } });
          return;
        }
        const result = await revertChanges(deps.db(), { ...contextFor(session.dialogueId), reason: direction === 'undo' ? 'undone' : 'redone' }, step.changes, direction === 'undo' ? 'before' : 'after');
        const latest = historyOf(session.dialogueId);
        setHistoryOf(session.dialogueId, direction === 'undo' ? afterUndo(latest) : afterRedo(latest));
        if (get().sessionId !== session.sessionId) return;
        const notice: ReviewNotice = result.conflicts.length > 0
          ? { kind: 'undo-conflict', direction, applied: changeCount(result.applied), conflicts: result.conflicts }
          : { kind: direction === 'undo' ? 'undone' : 'redone' };
        // a cursor moved when the key was pressed stays where later keys have taken it since
        set(step === known ? { notice } : { notice, ...cursorFor(step) });
      }, fields);
    };

    return {
      switchHistory(nextDialogueId) {
        const { dialogueId, history } = get();
        if (dialogueId) parked.set(dialogueId, history);
        const next = parked.get(nextDialogueId) ?? emptyHistory<EditStep>();
        parked.delete(nextDialogueId);
        return next;
      },
      sessionId: 0,
      history: emptyHistory<EditStep>(),
      save: { pending: 0, lastSavedAt: null, error: null },
      notice: null,

      editFields(turnIndex, requests) {
        const dialogueId = requests[0]?.dialogueId;
        if (!dialogueId) return Promise.resolve(false);
        const mixed = requests.find((request) => request.dialogueId !== dialogueId);
        if (mixed) {
          return run(async () => {
            throw new Error(`One edit names two dialogues ("${dialogueId}" and "${mixed.dialogueId}")`);
          });
        }
        // Captured now: a commit that arrives after a dialogue switch is written and becomes an
        // undo step of its own dialogue, never a step (or a notice) of the one open by then.
        const sessionId = get().sessionId;
        const ofOpenDialogue = get().dialogueId === dialogueId;
        const fields = requests.map((request) => request.fieldId);
        return run(async () => {
          const refusals: { fieldId: string; reason: RefusalReason }[] = [];
          const result = await applyFieldEdits(deps.db(), contextFor(dialogueId), requests.map((request) => ({
            turnId: request.turnId,
            fieldId: request.fieldId,
            resolve: (current) => {
              const resolved = resolveIntent(request.context, current, request.intent);
              if (resolved.ok) return resolved.next;
              refusals.push({ fieldId: request.fieldId, reason: resolved.reason });
              return KEEP_CURRENT;
            },
          })));
          record(dialogueId, turnIndex, { ...emptyChangeSet(), fields: result.changes });
          if (!ofOpenDialogue) return;
          const blocking = refusals.filter((refusal) => refusal.reason !== 'already-reviewed');
          let notice: ReviewNotice | null = null;
          if (requests.length > 1) notice = { kind: 'accepted-all', accepted: result.changes.length, skipped: blocking.length };
          else if (blocking[0]) notice = { kind: 'refused', reason: blocking[0].reason, fieldId: blocking[0].fieldId };
          noticeFor(sessionId, notice);
        }, fields);
      },

      setTurnVerified(turn, verified, fields) {
        const sessionId = get().sessionId;
        const ofOpenDialogue = get().dialogueId === turn.dialogueId;
        return run(async () => {
          const ctx = contextFor(turn.dialogueId);
          if (!verified) {
            const change = await setTurnVerified(deps.db(), ctx, turn.turnId, false);
            if (change) record(turn.dialogueId, turn.turnIndex, { ...emptyChangeSet(), turns: [change] });
            return;
          }
          const result = await verifyTurns(deps.db(), ctx, [{ turnId: turn.turnId, fields }]);
          if (result.ok) record(turn.dialogueId, turn.turnIndex, result.changes);
          if (!ofOpenDialogue) return;
          if (!result.ok) {
            // back to the turn (the key moved on when it was pressed) and its first field without a value
            if (get().sessionId === sessionId && result.missing[0]) {
              get().goToTurn(turn.turnIndex, turn.turnIndex + 1);
              get().focusField(result.missing[0].fieldId);
            }
            noticeFor(sessionId, { kind: 'verify-refused', missing: result.missing });
            return;
          }
          if (result.changes.turns.length > 0) noticeFor(sessionId, { kind: 'verified-turn', turnId: turn.turnId, accepted: result.accepted });
        }, fields.map((field) => field.fieldId));
      },

      verifyDialogue(turns) {
        const session = sessionDialogue();
        if (!session) return Promise.resolve(false);
        return run(async () => {
          const result = await verifyTurns(deps.db(), contextFor(session.dialogueId), turns, 'verified');
          if (!result.ok) {
            noticeFor(session.sessionId, { kind: 'verify-refused', missing: result.missing });
            return;
          }
          record(session.dialogueId, null, result.changes);
          noticeFor(session.sessionId, { kind: 'verified-dialogue', turns: result.changes.turns.length, accepted: result.accepted });
        }, [...new Set(turns.flatMap((turn) => turn.fields.map((field) => field.fieldId)))]);
      },

      setDialogueStatus(status) {
        const session = sessionDialogue();
        if (!session) return Promise.resolve(false);
        return run(async () => {
          const change = await updateDialogueReview(deps.db(), contextFor(session.dialogueId), { status });
          record(session.dialogueId, null, { ...emptyChangeSet(), dialogue: change });
        });
      },

      setTeacherModel(dialogueId, teacherModel) {
        return run(async () => {
          const change = await updateDialogueReview(deps.db(), contextFor(dialogueId), { teacherModel });
          record(dialogueId, null, { ...emptyChangeSet(), dialogue: change });
        });
      },

      undo: () => replay('undo'),
      redo: () => replay('redo'),
      writeProgress: () => ({ issued: progress.issued, finished: progress.finished }),
      lastWriteNaming: (fieldId) => Math.max(lastWriteNaming.get(fieldId) ?? 0, lastWriteNaming.get(ANY_FIELD) ?? 0),
      async flush() {
        const before = failures.count;
        // Writes queued while waiting (an undo pressed during an export) are waited for too.
        do {
          await queue.idle();
        } while (queue.pending() > 0);
        const failedWrites = failures.count - before;
        return { failedWrites, error: failedWrites > 0 ? failures.lastMessage : null };
      },

      setNotice(notice) {
        set({ notice });
      },

      dismissSaveError() {
        set((state) => ({ save: { ...state.save, error: null } }));
      },
    };
  };
}
