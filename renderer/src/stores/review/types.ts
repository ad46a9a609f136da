import type { DialogueStatus } from '../../../../shared/model/review';
import type { MaieuticDb } from '../../db/db';
import type { ChangeConflict, ChangeSet, TurnToVerify } from '../../db/repositories/reviews';
import type { SuggestionLayer } from '../../db/repositories/suggestions';
import type { FieldContext, FieldIntent, RefusalReason } from './field-intents';
import type { UndoHistory } from './undo-stack';

/**
 * One undoable user action; undo writes every `before` back, redo every `after`, each only
 * where the stored value is still what the step left (compare-and-set).
 */
export interface EditStep {
  /** where undo/redo moves the cursor; null for a dialogue-level step */
  turnIndex: number | null;
  changes: ChangeSet;
}

/** A short message about the last command, shown near the fields (not an error). */
export type ReviewNotice =
  | { kind: 'refused'; reason: RefusalReason; fieldId: string }
  | { kind: 'accepted-all'; accepted: number; skipped: number }
  | { kind: 'nothing-to-undo' }
  | { kind: 'nothing-to-redo' }
  | { kind: 'undone' }
  | { kind: 'redone' }
  | { kind: 'not-applicable'; fieldId: string }
  | { kind: 'no-such-label'; fieldId: string; position: number }
  | { kind: 'end-of-list'; direction: 'next' | 'prev' }
  /** f / Shift+F found no flagged field (or one needing a value) further that way; `total` in the whole dialogue */
  | { kind: 'no-attention-left'; direction: 'next' | 'prev'; total: number }
  /** a turn was verified as shown: `accepted` pre-annotated values were confirmed with it */
  | { kind: 'verified-turn'; turnId: string; accepted: number }
  /** the whole dialogue was verified: its turns, and the values confirmed with them */
  | { kind: 'verified-dialogue'; turns: number; accepted: number }
  /** nothing was verified: these applicable fields need a value first */
  | { kind: 'verify-refused'; missing: { turnId: string; fieldId: string }[] }
  /** the suggestion now comes from this layer; null: the imported pre-annotation */
  | { kind: 'suggestion-changed'; layer: SuggestionLayer | null }
  /** s / Shift+S on a data set without annotation layers */
  | { kind: 'no-suggestion-layers' }
  /** undo or redo left parts alone that had changed since (another window, another edit) */
  | { kind: 'undo-conflict'; direction: 'undo' | 'redo'; applied: number; conflicts: ChangeConflict[] };

export interface SaveStatus {
  /** writes queued or running */
  pending: number;
  /** ISO time of the last successful write of this session */
  lastSavedAt: string | null;
  /** the last failed write's message, until dismissed or a later write succeeds */
  error: string | null;
}

export interface ReviewDeps {
  db: () => MaieuticDb;
  /** the reviewer name from settings, read at the moment of each write */
  reviewer: () => string;
  /** ISO time */
  now: () => string;
  /** where failed writes are reported besides the save indicator */
  reportError?: (error: unknown, context: string) => void;
}

export interface FieldEditRequest {
  /**
   * The turn's own dialogue. A commit can arrive after the user has moved on (a text box
   * committing as it unmounts): the write still goes to the dialogue the turn belongs to.
   */
  dialogueId: string;
  turnId: string;
  fieldId: string;
  context: FieldContext;
  intent: FieldIntent;
}

/** A turn named the way writes need it, independent of which dialogue is open now. */
export interface TurnTarget {
  dialogueId: string;
  turnId: string;
  /** where the turn sits in its dialogue; undo moves the cursor back here */
  turnIndex: number;
}

export interface WriteProgress {
  issued: number;
  finished: number;
}

/** What `flush()` found while waiting. */
export interface FlushResult {
  /** writes that failed while the flush waited (each already reported) */
  failedWrites: number;
  /** the message of the last of those failures */
  error: string | null;
}

export interface NavigationSlice {
  dialogueId: string | null;
  turnIndex: number;
  /** id of the field with the focus ring; null before the first field is known */
  fieldId: string | null;
  typeaheadOpen: boolean;
  /** the first Shift+V arms the confirmation that names what it will confirm; the second verifies */
  verifyDialogueArmed: boolean;
  /**
   * The text field the user opened for editing ('/' on a text field), with a request number
   * the editor focuses on. It belongs to one turn and field: any move clears it, so a key
   * pressed on another turn never reaches a text box the user did not open there.
   */
  textEdit: TextEditTarget | null;
  /** starts a review session; a new dialogue resets the cursor and brings its own undo history */
  startSession(dialogueId: string): void;
  goToTurn(index: number, turnCount: number): void;
  /** returns false at either end, where the cursor stays */
  moveTurn(delta: number, turnCount: number): boolean;
  focusField(fieldId: string): void;
  /** moves among `fieldIds` (the applicable ones, in codebook order), wrapping around */
  moveField(delta: number, fieldIds: readonly string[]): void;
  setTypeaheadOpen(open: boolean): void;
  /** opens the text editor of this turn's field for typing */
  openTextEdit(turnId: string, fieldId: string): void;
  /** the editor of this turn's field lost the focus or was closed: editing ends */
  endTextEdit(turnId: string, fieldId: string): void;
  armVerifyDialogue(armed: boolean): void;
  /** turns marked for the reader (the turns behind a metric, from the metrics drill-down); null: none */
  highlight: TurnHighlight | null;
  /** marks turns of a dialogue; a session on another dialogue drops the marks */
  highlightTurns(highlight: TurnHighlight | null): void;
}

export interface TextEditTarget {
  turnId: string;
  fieldId: string;
  /** bumped by each '/': the editor focuses on a new request only */
  request: number;
}

export interface TurnHighlight {
  dialogueId: string;
  /** why the turns are marked, as the reader should see it (e.g. "SD: teacher turns with a strategy") */
  label: string;
  /** 0-based positions in the dialogue's turn list */
  positions: readonly number[];
}

export interface EditsSlice {
  /** bumped by startSession for a new dialogue: results of older sessions' writes are not recorded */
  sessionId: number;
  /** the open dialogue's undo history (each dialogue keeps its own while the app runs) */
  history: UndoHistory<EditStep>;
  /** parks the open dialogue's history and returns the next dialogue's (empty on a first visit) */
  switchHistory(nextDialogueId: string): UndoHistory<EditStep>;
  save: SaveStatus;
  notice: ReviewNotice | null;
  /**
   * Each resolves to false when the write failed (already reported). Writes go to the dialogue
   * they name; they become undo steps (and notices) only while that dialogue is the open one.
   */
  editFields(turnIndex: number, requests: FieldEditRequest[]): Promise<boolean>;
  /**
   * Verifies a turn as shown: each applicable field still unreviewed takes its pre-annotation
   * (accepted), all in one write and one undo step. Refused (nothing written) when a field has
   * neither a value nor a usable pre-annotation. `verified: false` only lifts the mark.
   */
  setTurnVerified(turn: TurnTarget, verified: boolean, fields: TurnToVerify['fields']): Promise<boolean>;
  /** verifies every turn of the open dialogue as shown and the dialogue itself, as one step */
  verifyDialogue(turns: readonly TurnToVerify[]): Promise<boolean>;
  /** the open dialogue's status (a command on what is on screen) */
  setDialogueStatus(status: DialogueStatus): Promise<boolean>;
  /** null restores the imported model */
  setTeacherModel(dialogueId: string, teacherModel: string | null): Promise<boolean>;
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  /**
   * Writes asked for and finished so far (in queue order): a screen read once `finished` writes
   * had finished shows every one of them, and lacks those asked for after.
   */
  writeProgress(): WriteProgress;
  /** the position (1-based, in `issued` order) of the last write asked for that may change this field; 0 for none */
  lastWriteNaming(fieldId: string): number;
  /** resolves when every write queued so far (and any queued while waiting) has finished */
  flush(): Promise<FlushResult>;
  setNotice(notice: ReviewNotice | null): void;
  dismissSaveError(): void;
}

export type ReviewState = NavigationSlice & EditsSlice;
