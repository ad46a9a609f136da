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

    /** Every write goes through the queue; the boolean says whether it landed. */
    const run = (task: () => Promise<void>): Promise<boolean> => queue.enqueue(task).then(
      () => true,
      () => false,
    );

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

    /**
     * Undo or redo the newest step of that side in the dialogue open when the key was pressed
     * (after every write queued before it), writing only what is still this step's value.
     */
    const replay = (direction: 'undo' | 'redo') => {
      const session = sessionDialogue();
      return run(async () => {
        const history = session ? historyOf(session.dialogueId) : emptyHistory<EditStep>();
        const step = direction === 'undo' ? peekUndo(history) : peekRedo(history);
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
        set({ notice, ...cursorFor(step) });
      });
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
        });
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
        });
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
        });
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
