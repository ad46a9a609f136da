/** The expert's audit trail (Dexie table editLog). */

/** One row per change the expert made, never rewritten: the audit trail behind undo and provenance. */
export interface EditLogEntry {
  seq?: number;
  dialogueId: string;
  /** what changed: a field value, a turn's verified flag, or the dialogue's status */
  target: { kind: 'field'; turnId: string; fieldId: string } | { kind: 'turn'; turnId: string } | { kind: 'dialogue' };
  before: unknown;
  after: unknown;
  reviewer: string;
  at: string;
}
