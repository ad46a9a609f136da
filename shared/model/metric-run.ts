import type { DialogueScore, GroupScore, MetricsSettings } from '../metrics';

/** Which dialogues a metrics run scored. */
export type MetricScope = 'all' | 'verified';

/** Which annotations a metrics run scored. */
export type MetricLayer = { kind: 'verified' } | { kind: 'llm' } | { kind: 'layer'; layerId: string };

/** One computation of the objective metrics over a data set, kept as computed. */
export interface MetricRunRow {
  /** codebookVersionHash of the codebook version used (issue 12); absent on rows made before versioning (schema v10) */
  codebookHash?: string;
  id: string;
  datasetId: string;
  createdAt: string;
  appVersion: string;
  layer: MetricLayer;
  /** the layer's name when the run was made (an attached layer may be deleted later) */
  layerName: string;
  /** which dialogues were scored: all the layer covers, or only those the expert verified (always so for the verified layer) */
  scope: MetricScope;
  settings: MetricsSettings;
  groups: GroupScore[];
  overall: GroupScore;
  /**
   * "Run 3": the run's number within its data set, 1 for the first, never reused after a delete.
   * Not indexed, so no schema version; runs saved before it existed get theirs on first listing.
   */
  sequence?: number;
  /** the reader's own name for the run ("before the second pass"); absent when none was given */
  name?: string;
}

/** One scored dialogue of a run: the stored dialogue id beside its score and the turns behind each metric. */
export type ScoredDialogue = DialogueScore & { dialogueId: string };

/**
 * A run's per-dialogue scores, kept apart from the run's summary so that listing runs does not
 * read every dialogue of every run (20,000 dialogues are megabytes); read for the run shown.
 */
export interface MetricRunScoresRow {
  runId: string;
  datasetId: string;
  dialogues: ScoredDialogue[];
}
