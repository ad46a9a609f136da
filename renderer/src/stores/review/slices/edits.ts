import type { StateCreator } from 'zustand';
import { errorMessage } from '../../../db/errors';
import {
  applyFieldEdits,
  KEEP_CURRENT,
  restoreDialogueState,
  setTurnVerified,
  updateDialogueReview,
  type StatusChange,
  type WriteContext,
} from '../../../db/repositories/reviews';
import { resolveIntent, type RefusalReason } from '../field-intents';
import type { EditStep, EditsSlice, ReviewDeps, ReviewNotice, ReviewState } from '../types';
import { afterRedo, afterUndo, emptyHistory, peekRedo, peekUndo, recordStep } from '../undo-stack';
import { createWriteQueue } from '../write-queue';

type Side = 'before' | 'after';

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

    /** Records a step unless the user has moved to another dialogue since the write was asked for. */
    const record = (sessionId: number, step: EditStep) => {
      if (get().sessionId === sessionId) set({ history: recordStep(get().history, step) });
    };

    const sessionDialogue = (): { sessionId: number; dialogueId: string } | null => {
      const { sessionId, dialogueId } = get();
      return dialogueId ? { sessionId, dialogueId } : null;
    };

    const writeSide = async (dialogueId: string, step: EditStep, side: Side) => {
      const ctx = contextFor(dialogueId);
      const db = deps.db();
      if (step.kind === 'fields') {
        await applyFieldEdits(db, ctx, step.changes.map((change) => ({
          turnId: change.turnId,
          fieldId: change.fieldId,
          resolve: () => change[side],
        })));
      } else if (step.kind === 'turn') {
        await setTurnVerified(db, ctx, step.change.turnId, step.change[side]);
      } else {
        await restoreDialogueState(db, ctx, step.change[side]);
      }
    };

    const cursorFor = (step: EditStep): Partial<ReviewState> => {
      if (step.kind === 'fields') return { turnIndex: step.turnIndex, fieldId: step.changes[0]?.fieldId ?? get().fieldId };
      if (step.kind === 'turn') return { turnIndex: step.turnIndex };
      return {};
    };

    const recordDialogueChange = (sessionId: number, change: StatusChange | null) => {
      if (change) record(sessionId, { kind: 'dialogue', change });
    };

    return {
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
        // Captured now: a commit that arrives after a dialogue switch is written, but it is not an
        // undo step (or a notice) of the dialogue that is open by then.
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
          if (!ofOpenDialogue) return;
          if (result.changes.length > 0) record(sessionId, { kind: 'fields', turnIndex, changes: result.changes });
          let notice: ReviewNotice | null = null;
          if (requests.length > 1) notice = { kind: 'accepted-all', accepted: result.changes.length, skipped: refusals.length };
          else if (refusals[0]) notice = { kind: 'refused', reason: refusals[0].reason, fieldId: refusals[0].fieldId };
          if (get().sessionId === sessionId) set({ notice });
        });
      },

      setTurnVerified(turn, verified) {
        const sessionId = get().sessionId;
        const ofOpenDialogue = get().dialogueId === turn.dialogueId;
        return run(async () => {
          const change = await setTurnVerified(deps.db(), contextFor(turn.dialogueId), turn.turnId, verified);
          if (change && ofOpenDialogue) record(sessionId, { kind: 'turn', turnIndex: turn.turnIndex, change });
        });
      },

      setDialogueStatus(status) {
        const session = sessionDialogue();
        if (!session) return Promise.resolve(false);
        return run(async () => {
          recordDialogueChange(session.sessionId, await updateDialogueReview(deps.db(), contextFor(session.dialogueId), { status }));
        });
      },

      setTeacherModel(dialogueId, teacherModel) {
        const sessionId = get().sessionId;
        const ofOpenDialogue = get().dialogueId === dialogueId;
        return run(async () => {
          const change = await updateDialogueReview(deps.db(), contextFor(dialogueId), { teacherModel });
          if (ofOpenDialogue) recordDialogueChange(sessionId, change);
        });
      },

      undo() {
        return run(async () => {
          const session = sessionDialogue();
          const step = peekUndo(get().history);
          if (!session || !step) {
            set({ notice: { kind: 'nothing-to-undo' } });
            return;
          }
          await writeSide(session.dialogueId, step, 'before');
          if (get().sessionId !== session.sessionId) return;
          set({ history: afterUndo(get().history), notice: { kind: 'undone' }, ...cursorFor(step) });
        });
      },

      redo() {
        return run(async () => {
          const session = sessionDialogue();
          const step = peekRedo(get().history);
          if (!session || !step) {
            set({ notice: { kind: 'nothing-to-redo' } });
            return;
          }
          await writeSide(session.dialogueId, step, 'after');
          if (get().sessionId !== session.sessionId) return;
          set({ history: afterRedo(get().history), notice: { kind: 'redone' }, ...cursorFor(step) });
        });
      },

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
