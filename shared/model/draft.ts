/** Where a draft was typed: the correction box of one turn's text field, or a dialogue's teacher-model box. */
export type DraftTarget = { kind: 'text-field'; turnId: string; fieldId: string } | { kind: 'teacher-model' };

/** Text typed but not yet committed, kept as it is typed (one row per box). */
export interface DraftRow {
  /** draftId(dialogueId, target) */
  id: string;
  dialogueId: string;
  target: DraftTarget;
  text: string;
  /** the stored value when typing began: if it differs now, the value changed under the draft */
  base: string;
  /** ISO time of the last key */
  updatedAt: string;
}
