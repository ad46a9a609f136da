/**
 * The expert layer's reads and writes. Every write stores the row(s) and one edit-log entry
 * per change in the same transaction, so the audit trail never disagrees with the data.
 * The current value is read inside that transaction: callers describe an edit as a function
 * of the current value, never as a value computed from a possibly stale screen.
 */
import type { Dialogue, Turn } from '../../../../shared/model/dataset';
import { ACCEPTANCE_KINDS, type AcceptanceKind, type DialogueReview, type DialogueStatus, type FieldReview, type ReviewDecision, type TurnReview } from '../../../../shared/model/review';
import type { MaieuticDb } from '../db';
import type { AuditReason, EditLogEntry } from '../../../../shared/model/edit-log';
import { auditEntry, fieldReason } from '../../../../shared/audit/entries';
import { expertAnnotatorId } from './annotators';
import { loadSuggestion, suggestionTables, type Suggestion, type SuggestionLayer } from './suggestions';
import { getTurn, listTurns } from './turns';
import { checkedRow } from './row-checks';

/** A field's expert value without its bookkeeping; `null` means "not reviewed" (no row). */
export interface FieldState {
  decision: ReviewDecision;
  codes: string[];
  text: string | null;
  /**
   * the annotation layer whose suggestion the decision was made against; absent: the imported
   * pre-annotation. Bookkeeping, not part of the value: fieldStatesEqual ignores it.
   */
  suggestionLayerId?: string;
  /**
   * decision `accepted` only: by verifying the turn, or deliberately; absent on rows stored before
   * it was recorded. Bookkeeping, like suggestionLayerId: fieldStatesEqual ignores it, so accepting
   * again a value that verifying accepted writes nothing (it stays `verify`).
   */
  acceptance?: AcceptanceKind;
}

export interface DialogueState {
  status: DialogueStatus;
  /** the corrected teacher model; undefined when the imported one stands */
  teacherModel?: string;
}

/** Who writes and when: one context per user action. */
export interface WriteContext {
  dialogueId: string;
  reviewer: string;
  /** ISO time */
  at: string;
  /** set by undo and redo: every entry the write makes is logged with this reason instead of its own */
  reason?: 'undone' | 'redone';
}

export const KEEP_CURRENT = Symbol('keep-current');

export interface FieldEdit {
  turnId: string;
  fieldId: string;
  /** the new value given the stored one; KEEP_CURRENT leaves the field untouched and unlogged */
  resolve: (current: FieldState | null) => FieldState | null | typeof KEEP_CURRENT;
}

export interface FieldChange {
  turnId: string;
  fieldId: string;
  before: FieldState | null;
  after: FieldState | null;
}

export interface StatusChange {
  before: DialogueState;
  after: DialogueState;
}

export interface FieldEditResult {
  changes: FieldChange[];
  /** set when this write moved the dialogue from unreviewed to in-progress */
  statusChange: StatusChange | null;
}

export interface TurnVerifiedChange {
  turnId: string;
  before: boolean;
  after: boolean;
}

/**
 * Everything one user action changed, all kinds at once: a verification accepts field values,
 * marks turns and may set the dialogue's status, and undo must take all of it back as one step.
 */
export interface ChangeSet {
  fields: FieldChange[];
  turns: TurnVerifiedChange[];
  dialogue: StatusChange | null;
}

export const emptyChangeSet = (): ChangeSet => ({ fields: [], turns: [], dialogue: null });

export const changeCount = (changes: ChangeSet): number => changes.fields.length + changes.turns.length + (changes.dialogue ? 1 : 0);

/** A stored value that is no longer what an undo or redo expected: someone else changed it since. */
export type ChangeConflict =
  | { kind: 'field'; turnId: string; fieldId: string; expected: FieldState | null; found: FieldState | null; reviewer: string | null; at: string | null }
  | { kind: 'turn'; turnId: string; expected: boolean; found: boolean; reviewer: string | null; at: string | null }
  | { kind: 'dialogue'; expected: DialogueState; found: DialogueState; reviewer: string | null; at: string | null };

export interface RevertResult {
  /** what was written: the parts of the change set that still held the expected value */
  applied: ChangeSet;
  /** the parts left alone because the stored value had changed since */
  conflicts: ChangeConflict[];
}

/** One turn to verify: every applicable field, with the value that confirming it as shown stores. */
export interface TurnToVerify {
  turnId: string;
  fields: {
    fieldId: string;
    /** the pre-annotation as an expert value ('accepted'); null when it cannot be taken as is */
    accepted: FieldState | null;
  }[];
}

export type VerifyResult =
  | { ok: true; changes: ChangeSet; accepted: number }
  /** nothing was written: these applicable fields have no value and no pre-annotation that can be taken */
  | { ok: false; missing: { turnId: string; fieldId: string }[] };

/** Everything the review view shows for one dialogue; nothing of any other dialogue. */
export interface ReviewBundle {
  dialogue: Dialogue;
  /** the codebook of the dialogue's data set; null when the data set row is missing */
  codebookId: string | null;
  /** the data set's recorded codebook version (schema v10); absent for data sets made before */
  codebookHash?: string;
  /** ordered by index */
  turns: Turn[];
  fieldReviews: FieldReview[];
  turnReviews: TurnReview[];
  dialogueReview: DialogueReview | null;
  /** the data set's annotation layers, which the suggestion can be chosen from */
  layers: SuggestionLayer[];
  /** what is shown as the suggestion beside the expert's value */
  suggestion: Suggestion;
}

const DECISIONS: readonly ReviewDecision[] = ['accepted', 'changed', 'unsure', 'labelled'];
const STATUSES: readonly DialogueStatus[] = ['unreviewed', 'in-progress', 'verified'];

export const fieldReviewId = (turnId: string, fieldId: string) => `${turnId}|${fieldId}`;

export function fieldStateOf(row: FieldReview | undefined | null): FieldState | null {
  if (!row) return null;
  const state: FieldState = { decision: row.decision, codes: [...row.codes], text: row.text };
  if (row.suggestionLayerId !== undefined) state.suggestionLayerId = row.suggestionLayerId;
  if (row.acceptance !== undefined) state.acceptance = row.acceptance;
  return state;
}

export function dialogueStateOf(row: DialogueReview | undefined | null): DialogueState {
  if (!row) return { status: 'unreviewed' };
  return row.teacherModel === undefined ? { status: row.status } : { status: row.status, teacherModel: row.teacherModel };
}

export function fieldStatesEqual(a: FieldState | null, b: FieldState | null): boolean {
  if (a === null || b === null) return a === b;
  return a.decision === b.decision && a.text === b.text && a.codes.length === b.codes.length && a.codes.every((code, i) => code === b.codes[i]);
}

function dialogueStatesEqual(a: DialogueState, b: DialogueState): boolean {
  return a.status === b.status && a.teacherModel === b.teacherModel;
}

function requireContext(ctx: WriteContext): void {
  if (!ctx.dialogueId) throw new Error('Review write without a dialogue id');
  if (!ctx.reviewer.trim()) throw new Error('Review write without a reviewer name: set your name before editing');
  if (Number.isNaN(Date.parse(ctx.at))) throw new Error(`Review write with an invalid time "${ctx.at}"`);
}

function validateFieldState(state: FieldState, where: string): void {
  if (!DECISIONS.includes(state.decision)) throw new Error(`${where}: unknown decision "${String(state.decision)}"`);
  if (!Array.isArray(state.codes) || state.codes.some((code) => typeof code !== 'string' || code.trim() === '')) {
    throw new Error(`${where}: codes must be non-empty strings`);
  }
  if (new Set(state.codes).size !== state.codes.length) throw new Error(`${where}: the same code is listed twice`);
  if (state.text !== null && typeof state.text !== 'string') throw new Error(`${where}: text must be a string or null`);
  if (state.suggestionLayerId !== undefined && (typeof state.suggestionLayerId !== 'string' || state.suggestionLayerId === '')) {
    throw new Error(`${where}: the suggestion layer must be a layer id`);
  }
  if (state.acceptance !== undefined && (state.decision !== 'accepted' || !ACCEPTANCE_KINDS.includes(state.acceptance))) {
    throw new Error(`${where}: "${String(state.acceptance)}" is not how an accepted value was accepted`);
  }
}

function validateDialogueState(state: DialogueState): void {
  if (!STATUSES.includes(state.status)) throw new Error(`Dialogue review: unknown status "${String(state.status)}"`);
  if (state.teacherModel !== undefined && typeof state.teacherModel !== 'string') {
    throw new Error('Dialogue review: teacher model must be text');
  }
}

/** The data set of each context's dialogue, read once per user action inside its transaction. */
const datasetOfContext = new WeakMap<WriteContext, string>();

async function logEntry(db: MaieuticDb, ctx: WriteContext, target: EditLogEntry['target'], reason: AuditReason, before: unknown, after: unknown): Promise<void> {
  let datasetId = datasetOfContext.get(ctx);
  if (datasetId === undefined) {
    const dialogue = await db.dialogues.get(ctx.dialogueId);
    if (!dialogue) throw new Error(`Dialogue "${ctx.dialogueId}" does not exist`);
    datasetId = dialogue.datasetId;
    datasetOfContext.set(ctx, datasetId);
  }
  const annotatorId = await expertAnnotatorId(db, ctx.reviewer, ctx.at);
  await db.editLog.add(checkedRow('editLog', auditEntry({ datasetId, reviewer: ctx.reviewer, annotatorId, at: ctx.at }, ctx.dialogueId, target, ctx.reason ?? reason, before, after)));
}

async function writeDialogueState(db: MaieuticDb, ctx: WriteContext, next: DialogueState, reason?: AuditReason): Promise<StatusChange | null> {
  validateDialogueState(next);
  const before = dialogueStateOf(await db.dialogueReviews.get(ctx.dialogueId));
  if (dialogueStatesEqual(before, next)) return null;
  const row: DialogueReview = { id: ctx.dialogueId, status: next.status, reviewer: ctx.reviewer, annotatorId: await expertAnnotatorId(db, ctx.reviewer, ctx.at), at: ctx.at };
  if (next.teacherModel !== undefined) row.teacherModel = next.teacherModel;
  await db.dialogueReviews.put(checkedRow('dialogueReviews', row));
  const why = reason ?? (before.teacherModel !== next.teacherModel ? 'teacher-model' : 'status');
  await logEntry(db, ctx, { kind: 'dialogue' }, why, before, next);
  return { before, after: next };
}

/** The first edit of an unreviewed dialogue puts it in progress (logged like any change). */
async function markInProgress(db: MaieuticDb, ctx: WriteContext): Promise<StatusChange | null> {
  const current = dialogueStateOf(await db.dialogueReviews.get(ctx.dialogueId));
  if (current.status !== 'unreviewed') return null;
  return writeDialogueState(db, ctx, { ...current, status: 'in-progress' }, 'status');
}

async function requireTurnOfDialogue(db: MaieuticDb, ctx: WriteContext, turnId: string): Promise<void> {
  const turn = await getTurn(db, turnId);
  if (!turn) throw new Error(`Turn "${turnId}" does not exist`);
  if (turn.dialogueId !== ctx.dialogueId) throw new Error(`Turn "${turnId}" belongs to dialogue "${turn.dialogueId}", not "${ctx.dialogueId}"`);
}

const writeTables = (db: MaieuticDb) => [db.dialogues, db.turnBlocks, db.annotators, db.fieldReviews, db.turnReviews, db.dialogueReviews, db.editLog];

/** Reads one dialogue and its expert layer in one consistent snapshot; null when the dialogue is gone. */
export async function loadReviewBundle(db: MaieuticDb, dialogueId: string): Promise<ReviewBundle | null> {
  return db.transaction('r', [db.datasets, db.dialogues, db.turnBlocks, db.fieldReviews, db.turnReviews, db.dialogueReviews, ...suggestionTables(db)], async () => {
    const dialogue = await db.dialogues.get(dialogueId);
    if (!dialogue) return null;
    const [dataset, turns, fieldReviews, turnReviews, dialogueReview, choice] = await Promise.all([
      db.datasets.get(dialogue.datasetId),
      listTurns(db, dialogueId),
      db.fieldReviews.where('dialogueId').equals(dialogueId).toArray(),
      db.turnReviews.where('dialogueId').equals(dialogueId).toArray(),
      db.dialogueReviews.get(dialogueId),
      loadSuggestion(db, dialogue.datasetId, dialogueId),
    ]);
    return { dialogue, codebookId: dataset?.codebookId ?? null, codebookHash: dataset?.codebookHash, turns, fieldReviews, turnReviews, dialogueReview: dialogueReview ?? null, ...choice };
  });
}

/**
 * Applies field edits atomically: each resolves against the stored value, changed ones are
 * written (or deleted when resolved to null) and logged. No-op edits write nothing.
 */
export async function applyFieldEdits(db: MaieuticDb, ctx: WriteContext, edits: FieldEdit[]): Promise<FieldEditResult> {
  requireContext(ctx);
  return db.transaction('rw', writeTables(db), async () => {
    const changes: FieldChange[] = [];
    for (const edit of edits) {
      if (!edit.fieldId) throw new Error(`Field edit on turn "${edit.turnId}" without a field id`);
      await requireTurnOfDialogue(db, ctx, edit.turnId);
      const id = fieldReviewId(edit.turnId, edit.fieldId);
      const before = fieldStateOf(await db.fieldReviews.get(id));
      const resolved = edit.resolve(before);
      if (resolved === KEEP_CURRENT || fieldStatesEqual(before, resolved)) continue;
      if (resolved === null) {
        await db.fieldReviews.delete(id);
      } else {
        validateFieldState(resolved, `Field "${edit.fieldId}" of turn "${edit.turnId}"`);
        const row: FieldReview = {
          id,
          turnId: edit.turnId,
          dialogueId: ctx.dialogueId,
          fieldId: edit.fieldId,
          decision: resolved.decision,
          codes: [...resolved.codes],
          text: resolved.text,
          reviewer: ctx.reviewer,
          annotatorId: await expertAnnotatorId(db, ctx.reviewer, ctx.at),
          at: ctx.at,
        };
        if (resolved.suggestionLayerId !== undefined) row.suggestionLayerId = resolved.suggestionLayerId;
        if (resolved.acceptance !== undefined) row.acceptance = resolved.acceptance;
        await db.fieldReviews.put(checkedRow('fieldReviews', row));
      }
      await logEntry(db, ctx, { kind: 'field', turnId: edit.turnId, fieldId: edit.fieldId }, fieldReason(resolved), before, resolved);
      changes.push({ turnId: edit.turnId, fieldId: edit.fieldId, before, after: resolved });
    }
    const statusChange = changes.length > 0 ? await markInProgress(db, ctx) : null;
    return { changes, statusChange };
  });
}

/** Sets a turn's verified flag; null when it already had that value. */
export async function setTurnVerified(db: MaieuticDb, ctx: WriteContext, turnId: string, verified: boolean): Promise<TurnVerifiedChange | null> {
  requireContext(ctx);
  return db.transaction('rw', writeTables(db), async () => {
    await requireTurnOfDialogue(db, ctx, turnId);
    const before = (await db.turnReviews.get(turnId))?.verified ?? false;
    if (before === verified) return null;
    if (verified) {
      const annotatorId = await expertAnnotatorId(db, ctx.reviewer, ctx.at);
      await db.turnReviews.put(checkedRow('turnReviews', { id: turnId, dialogueId: ctx.dialogueId, verified: true, reviewer: ctx.reviewer, annotatorId, at: ctx.at }));
    } else {
      // An unverified turn has no row, the same as a turn never touched.
      await db.turnReviews.delete(turnId);
    }
    await logEntry(db, ctx, { kind: 'turn', turnId }, verified ? 'verified' : 'unverified', { verified: before }, { verified });
    await markInProgress(db, ctx);
    return { turnId, before, after: verified };
  });
}

/**
 * Changes the dialogue's review status and/or corrected teacher model. A teacher-model edit
 * on an unreviewed dialogue also puts it in progress. Null when nothing changed.
 */
export async function updateDialogueReview(
  db: MaieuticDb,
  ctx: WriteContext,
  patch: { status?: DialogueStatus; teacherModel?: string | null },
): Promise<StatusChange | null> {
  requireContext(ctx);
  return db.transaction('rw', writeTables(db), async () => {
    const current = dialogueStateOf(await db.dialogueReviews.get(ctx.dialogueId));
    const next: DialogueState = { status: patch.status ?? current.status };
    const teacherModel = patch.teacherModel === undefined ? current.teacherModel : patch.teacherModel;
    if (teacherModel !== null && teacherModel !== undefined) next.teacherModel = teacherModel;
    if (patch.status === undefined && next.status === 'unreviewed' && next.teacherModel !== current.teacherModel) {
      next.status = 'in-progress';
    }
    const reason: AuditReason = patch.teacherModel !== undefined && next.teacherModel !== current.teacherModel ? 'teacher-model' : 'status';
    return writeDialogueState(db, ctx, next, reason);
  });
}

/** Writes a whole dialogue state back (undo/redo of a dialogue-level step). */
export async function restoreDialogueState(db: MaieuticDb, ctx: WriteContext, state: DialogueState): Promise<StatusChange | null> {
  requireContext(ctx);
  return db.transaction('rw', writeTables(db), () => writeDialogueState(db, ctx, state));
}

/** The audit trail of one data set, oldest first (the audit view). */
export async function readDatasetEditLog(db: MaieuticDb, datasetId: string): Promise<EditLogEntry[]> {
  return db.editLog.where('datasetId').equals(datasetId).sortBy('seq');
}

/** The audit trail of one dialogue, oldest first. */
export async function readEditLog(db: MaieuticDb, dialogueId: string): Promise<EditLogEntry[]> {
  return db.editLog.where('dialogueId').equals(dialogueId).sortBy('seq');
}

/**
 * Verifies turns as shown: in one transaction every applicable field still without an expert
 * value takes its pre-annotation (recorded as accepted), each turn is marked verified, and the
 * dialogue optionally gets a new status. Values are read inside the transaction, so an edit
 * queued just before is respected, never overwritten. When any field has neither a value nor a
 * usable pre-annotation nothing is written and those fields are named.
 */
export async function verifyTurns(
  db: MaieuticDb,
  ctx: WriteContext,
  turns: readonly TurnToVerify[],
  dialogueStatus?: DialogueStatus,
): Promise<VerifyResult> {
  requireContext(ctx);
  return db.transaction('rw', writeTables(db), async () => {
    const missing: { turnId: string; fieldId: string }[] = [];
    const plans: { turnId: string; edits: FieldEdit[] }[] = [];
    for (const turn of turns) {
      await requireTurnOfDialogue(db, ctx, turn.turnId);
      const stored = await db.fieldReviews.bulkGet(turn.fields.map((field) => fieldReviewId(turn.turnId, field.fieldId)));
      const edits: FieldEdit[] = [];
      turn.fields.forEach((field, index) => {
        if (stored[index]) return;
        if (field.accepted === null) missing.push({ turnId: turn.turnId, fieldId: field.fieldId });
        else {
          // taken as shown because the turn is verified: told apart from a value accepted by itself
          const accepted: FieldState = { ...field.accepted, acceptance: 'verify' };
          edits.push({ turnId: turn.turnId, fieldId: field.fieldId, resolve: (current) => (current === null ? accepted : KEEP_CURRENT) });
        }
      });
      plans.push({ turnId: turn.turnId, edits });
    }
    if (missing.length > 0) return { ok: false, missing };
    const changes = emptyChangeSet();
    for (const plan of plans) {
      const result = await applyFieldEdits(db, ctx, plan.edits);
      changes.fields.push(...result.changes);
      const turnChange = await setTurnVerified(db, ctx, plan.turnId, true);
      if (turnChange) changes.turns.push(turnChange);
    }
    if (dialogueStatus !== undefined) changes.dialogue = await updateDialogueReview(db, ctx, { status: dialogueStatus });
    return { ok: true, changes, accepted: changes.fields.length };
  });
}

/**
 * Writes one side of a change set back (undo: `before`, redo: `after`), compare-and-set: each
 * part is written only while the stored value is still the other side, i.e. still what this
 * user's step left there. A part changed since (in another window, or by a later edit that was
 * not undone) is left alone and reported, so undo never deletes somebody else's work.
 */
export async function revertChanges(db: MaieuticDb, ctx: WriteContext, changes: ChangeSet, side: 'before' | 'after'): Promise<RevertResult> {
  requireContext(ctx);
  const expectedSide = side === 'before' ? 'after' : 'before';
  return db.transaction('rw', writeTables(db), async () => {
    const applied = emptyChangeSet();
    const conflicts: ChangeConflict[] = [];
    for (const change of changes.fields) {
      const row = await db.fieldReviews.get(fieldReviewId(change.turnId, change.fieldId));
      const found = fieldStateOf(row);
      if (!fieldStatesEqual(found, change[expectedSide])) {
        conflicts.push({ kind: 'field', turnId: change.turnId, fieldId: change.fieldId, expected: change[expectedSide], found, reviewer: row?.reviewer ?? null, at: row?.at ?? null });
        continue;
      }
      const result = await applyFieldEdits(db, ctx, [{ turnId: change.turnId, fieldId: change.fieldId, resolve: () => change[side] }]);
      applied.fields.push(...result.changes);
    }
    for (const change of changes.turns) {
      const row = await db.turnReviews.get(change.turnId);
      const found = row?.verified ?? false;
      if (found !== change[expectedSide]) {
        conflicts.push({ kind: 'turn', turnId: change.turnId, expected: change[expectedSide], found, reviewer: row?.reviewer ?? null, at: row?.at ?? null });
        continue;
      }
      const result = await setTurnVerified(db, ctx, change.turnId, change[side]);
      if (result) applied.turns.push(result);
    }
    if (changes.dialogue) {
      const row = await db.dialogueReviews.get(ctx.dialogueId);
      const found = dialogueStateOf(row);
      if (!dialogueStatesEqual(found, changes.dialogue[expectedSide])) {
        conflicts.push({ kind: 'dialogue', expected: changes.dialogue[expectedSide], found, reviewer: row?.reviewer ?? null, at: row?.at ?? null });
      } else {
        applied.dialogue = await writeDialogueState(db, ctx, changes.dialogue[side]);
      }
    }
    return { applied, conflicts };
  });
}
