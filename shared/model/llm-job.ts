import type { StoredCall } from '../llm/pre-annotation-job';

/** One connection of a pre-annotation job and the layer its answers go to. */
export interface LlmJobLayer {
  connectionId: string;
  /** the connection's name when the job was started (it may be renamed or deleted later) */
  connectionName: string;
  model: string;
  layerId: string;
}

/** A pre-annotation job main runs, as the renderer needs it to store the job's results. */
export interface LlmJobRow {
  /** codebookVersionHash of the codebook version used (issue 12); absent on rows made before versioning (schema v10) */
  codebookHash?: string;
  /** main's job id */
  id: string;
  datasetId: string;
  title: string;
  createdAt: string;
  layers: LlmJobLayer[];
}

/** The calls behind one stored result item of a job. */
export interface LlmCallsRow {
  /** `${layerId}|${dialogueId}|${sample}` */
  id: string;
  jobId: string;
  layerId: string;
  dialogueId: string;
  sample: number;
  calls: StoredCall[];
  storedAt: string;
}
