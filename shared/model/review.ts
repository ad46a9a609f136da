/**
 * The expert's layer: what a reviewer decided for each field of each turn.
 * Stored one row per (turn, field) so an edit is one small write.
 */

export type ReviewDecision =
  /** the suggestion is right: the expert value equals the one shown (the imported pre-annotation, or the layer in suggestionLayerId) */
  | 'accepted'
  /** the expert chose another value */
  | 'changed'
  /** the expert is not sure; `codes`/`text` hold their best guess (may be the pre-annotation) */
  | 'unsure'
  /**
   * the expert gave the value with no suggestion shown (a blind assignment, a turn no annotation
   * was aligned to, a chosen layer without a value for the turn): their own label, neither an
   * acceptance nor a change of anything
   */
  | 'labelled';

/**
 * How an `accepted` value was accepted: `verify`, taken as shown when the expert verified its turn
 * or dialogue (`v`, `Shift+V`); `deliberate`, accepted by itself (`a`, `Shift+A`, the same label
 * picked, the same text typed, an unsure flag lifted). Rows written before this was recorded have
 * none: accepted, how unknown.
 */
export type AcceptanceKind = 'verify' | 'deliberate';

export const ACCEPTANCE_KINDS: readonly AcceptanceKind[] = ['verify', 'deliberate'];

export interface FieldReview {
  /** `${turnId}|${fieldId}` */
  id: string;
  turnId: string;
  dialogueId: string;
  fieldId: string;
  decision: ReviewDecision;
  /** label codes for label fields; for free-text fields empty and `text` is used */
  codes: string[];
  text: string | null;
  reviewer: string;
  /**
   * the annotator record of `reviewer` (schema v5): every stored row has one (the v5 upgrade gave
   * older rows theirs); optional only because rows built outside the database, as exporters' inputs, need none
   */
  annotatorId?: string;
  /**
   * the annotation layer whose suggestion the decision was made against (an LLM or second
   * annotator's layer the expert chose in review); absent: the imported pre-annotation
   */
  suggestionLayerId?: string;
  /** decision `accepted` only: how it was accepted; absent on rows written before it was recorded (how unknown) */
  acceptance?: AcceptanceKind;
  /** ISO time of the last change */
  at: string;
}

export interface TurnReview {
  /** the turn id */
  id: string;
  dialogueId: string;
  verified: boolean;
  reviewer: string;
  /** the annotator record of `reviewer` (schema v5) */
  annotatorId?: string;
  at: string;
}

export type DialogueStatus = 'unreviewed' | 'in-progress' | 'verified';

export interface DialogueReview {
  /** the dialogue id */
  id: string;
  status: DialogueStatus;
  /** the teacher model as corrected by the user, when edited */
  teacherModel?: string;
  reviewer: string;
  /** the annotator record of `reviewer` (schema v5) */
  annotatorId?: string;
  at: string;
}
