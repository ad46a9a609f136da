/** The audit trail (Dexie table editLog): one row per change of a value, never rewritten. */

/**
 * Why a value changed, as the audit view names it. Stored on every entry since schema v10; the
 * v10 upgrade read it off older entries' before/after (an older undo or redo reads as the change
 * it made: those entries did not say they were one).
 * - accepted / corrected / unsure / cleared: an expert field value (cleared: the value removed);
 *   labelled: a value given with no suggestion shown (blind work), neither accepted nor a correction
 * - verified / unverified: a turn's verified flag; status / teacher-model: the dialogue's
 * - adjudicated: a decision written by adjudication; imported: a value that came in from a file
 *   (an assignment's work package, an attached layer); restored: the database restored from a
 *   backup or a project file; undone / redone: the step of undo or redo that wrote it
 * - codebook: the data set moved to another version of its codebook (an expert saved an edited
 *   version, or chose an older one); target 'dataset', before/after the version hashes
 * - scored: an expert's rubric score or its rationale given or changed (issue 13); target
 *   'rubric-score', before/after `{ score, rationale }` (null: none); a removed score is 'cleared'
 */
export type AuditReason =
  | 'accepted'
  | 'corrected'
  | 'labelled'
  | 'unsure'
  | 'cleared'
  | 'verified'
  | 'unverified'
  | 'status'
  | 'teacher-model'
  | 'adjudicated'
  | 'imported'
  | 'restored'
  | 'undone'
  | 'redone'
  | 'codebook'
  | 'scored';

export const AUDIT_REASONS: readonly AuditReason[] = [
  'accepted', 'corrected', 'labelled', 'unsure', 'cleared', 'verified', 'unverified', 'status', 'teacher-model',
  'adjudicated', 'imported', 'restored', 'undone', 'redone', 'codebook', 'scored',
];

export type EditTarget =
  /** a value of the expert layer */
  | { kind: 'field'; turnId: string; fieldId: string }
  /** a turn's verified flag: the expert's, or with `layerId` a layer's (a work package's, issue 12) */
  | { kind: 'turn'; turnId: string; layerId?: string }
  /** the dialogue's status or corrected teacher model */
  | { kind: 'dialogue' }
  /** a value of another layer: adjudication's decided layer, a work package or attached file */
  | { kind: 'layer-field'; layerId: string; turnId: string; fieldId: string }
  /** the whole data set (a restore); `dialogueId` is '' */
  | { kind: 'dataset' }
  /** an expert's score of the dialogue on one rubric of one rubric-set version (the judge's calibration data) */
  | { kind: 'rubric-score'; rubricSetId: string; rubricSetHash: string; rubric: string };

export interface EditLogEntry {
  seq?: number;
  /** '' for an entry about the whole data set */
  dialogueId: string;
  /** set on every entry since schema v10 (the upgrade filled it in from the dialogue) */
  datasetId?: string;
  target: EditTarget;
  before: unknown;
  after: unknown;
  reviewer: string;
  /** the annotator record of `reviewer`, when the writer knows it */
  annotatorId?: string;
  /** set on every entry since schema v10 */
  reason?: AuditReason;
  /** free text the person gave (a restore's file, an adjudication note) */
  note?: string;
  at: string;
}
