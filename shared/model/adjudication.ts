/**
 * Adjudication (issue 11): where the chosen annotation layers disagree on a turn's field, an
 * adjudicator decides. Each decided (turn, field) is one record with its provenance; together the
 * records are the data set's adjudicated (verified) layer.
 */

/** unanimous: every chosen layer agreed (accepted as is); adjudicated: a person decided; unresolved: left open (flagged or deferred) */
export type AdjudicationStatus = 'unanimous' | 'adjudicated' | 'unresolved';

export interface AdjudicationRow {
  /** `${turnId}|${fieldId}` */
  id: string;
  datasetId: string;
  dialogueId: string;
  turnId: string;
  fieldId: string;
  status: AdjudicationStatus;
  /** label codes for label fields; empty for free text, where `text` holds the value */
  codes: string[];
  text: string | null;
  /** the rater keys (shared/agreement raterKey) of the layers compared when it was decided */
  compared: string[];
  /** the rater keys whose value equals the one decided */
  agreedWith: string[];
  /** the annotator id of the adjudicator who decided (for unanimous values: who accepted them); absent only on rows made without one */
  decidedBy?: string;
  /** the guideline is unclear here: the codebook needs an update */
  needsGuidelineUpdate: boolean;
  note: string;
  at: string;
}
