import type { StoredLayerProblem } from '../layers/problems';
import type { WorkTurnRecord } from './assignment';
import type { FieldValues } from './dataset';

/** Who produced an annotation layer: an LLM annotator, a human one, or adjudication (the decided values, repositories/adjudications.ts). */
export type LayerKind = 'llm' | 'human' | 'adjudicated';

/** An annotation layer attached to a data set: one annotator's file, matched to the stored turns. */
export interface LayerRow {
  /** codebookVersionHash of the codebook version used (issue 12); absent on rows made before versioning (schema v10) */
  codebookHash?: string;
  id: string;
  datasetId: string;
  /** shown in the agreement view; unique within the data set */
  name: string;
  kind: LayerKind;
  /** the file name as the user chose it */
  sourceFile: string;
  /** hex digest of the file text: the same file attached twice to one data set is refused */
  contentHash: string;
  importedAt: string;
  /** how many stored turns got values from the file */
  turns: number;
  /** every dialogue or turn of the file that matched nothing, kept so the report can be shown again */
  problems: StoredLayerProblem[];
  /** a layer made from a work package (issue 11): its annotator record and the assignment it answers */
  annotatorId?: string;
  assignmentId?: string;
}

/** One turn's values in an annotation layer. */
export interface LayerValueRow {
  /** `${layerId}|${turnId}` */
  id: string;
  layerId: string;
  dialogueId: string;
  turnId: string;
  values: FieldValues;
  /** a work package's decisions, reviewers and verified flag for the turn (issue 11) */
  work?: WorkTurnRecord;
}
