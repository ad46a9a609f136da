import Dexie, { type EntityTable } from 'dexie';
import type { AttachProblem } from '../../../shared/import/attach-layer';
import type { Dataset, Dialogue, FieldValues, SourceRecord } from '../../../shared/model/dataset';
import type { DialogueReview, FieldReview, TurnReview } from '../../../shared/model/review';
import type { DialogueScore, GroupScore, MetricsSettings } from '../../../shared/metrics';
import type { Annotator } from '../../../shared/model/annotator';
import { upgradeToV5 } from './migrations/v5';
import { upgradeToV6 } from './migrations/v6';
import { schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9 } from './schema';
import type { AdjudicationRow } from '../../../shared/model/adjudication';
import type { AssignmentRow, WorkTurnRecord } from '../../../shared/model/assignment';
import type { SpotCheckRow } from '../../../shared/model/spot-check';
import type { StoredCall } from '../../../shared/llm/pre-annotation-job';
import type { TurnBlockRow } from './turn-blocks';

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

/** Who produced an attached annotation layer: an LLM annotator or a human one. */
export type LayerKind = 'llm' | 'human';

/** An annotation layer attached to a data set: one annotator's file, matched to the stored turns. */
export interface LayerRow {
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
  problems: AttachProblem[];
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

/** Which dialogues a metrics run scored. */
export type MetricScope = 'all' | 'verified';

/** Which annotations a metrics run scored. */
export type MetricLayer = { kind: 'verified' } | { kind: 'llm' } | { kind: 'layer'; layerId: string };

/** One computation of the objective metrics over a data set, kept as computed. */
export interface MetricRunRow {
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

/** One saved version of an edited prompt template; never rewritten once added, except to mark it removed. */
export interface PromptTemplateRow {
  /** `${id}@${version}` */
  key: string;
  id: string;
  /** a whole number, one more than the highest the id had when it was saved */
  version: string;
  system: string;
  user: string;
  /** templateRef's hash of the texts, as stored calls record it */
  hash: string;
  createdAt: string;
  /** the key of the version it was edited from */
  basedOn: string;
  /** set when the user removed the version from the list; the row stays so its number is not given again */
  removedAt?: string;
}

export interface SettingRow {
  key: string;
  value: unknown;
}

export class MaieuticDb extends Dexie {
  datasets!: EntityTable<Dataset, 'id'>;
  sources!: EntityTable<SourceRecord, 'id'>;
  dialogues!: EntityTable<Dialogue, 'id'>;
  /** turns, packed in blocks of dialogues: read and written only through repositories/turns.ts and by-source.ts */
  turnBlocks!: EntityTable<TurnBlockRow, 'id'>;
  annotators!: EntityTable<Annotator, 'id'>;
  fieldReviews!: EntityTable<FieldReview, 'id'>;
  turnReviews!: EntityTable<TurnReview, 'id'>;
  dialogueReviews!: EntityTable<DialogueReview, 'id'>;
  editLog!: EntityTable<EditLogEntry, 'seq'>;
  settings!: EntityTable<SettingRow, 'key'>;
  layers!: EntityTable<LayerRow, 'id'>;
  layerValues!: EntityTable<LayerValueRow, 'id'>;
  metricRuns!: EntityTable<MetricRunRow, 'id'>;
  metricRunScores!: EntityTable<MetricRunScoresRow, 'runId'>;
  drafts!: EntityTable<DraftRow, 'id'>;
  llmJobs!: EntityTable<LlmJobRow, 'id'>;
  llmCalls!: EntityTable<LlmCallsRow, 'id'>;
  promptTemplates!: EntityTable<PromptTemplateRow, 'key'>;
  spotChecks!: EntityTable<SpotCheckRow, 'id'>;
  assignments!: EntityTable<AssignmentRow, 'id'>;
  adjudications!: EntityTable<AdjudicationRow, 'id'>;

  constructor(name = 'maieutic') {
    super(name);
    this.version(1).stores(schemaV1);
    this.version(2).stores(schemaV2);
    this.version(3).stores(schemaV3);
    this.version(4).stores(schemaV4);
    this.version(5).stores(schemaV5).upgrade((tx) => upgradeToV5(tx));
    this.version(6).stores(schemaV6).upgrade((tx) => upgradeToV6(tx));
    this.version(7).stores(schemaV7);
    this.version(8).stores(schemaV8);
    this.version(9).stores(schemaV9);
  }
}

let instance: MaieuticDb | null = null;

/** The app's database. Tests create their own `new MaieuticDb(uniqueName)` with fake-indexeddb. */
export function getDb(): MaieuticDb {
  instance ??= new MaieuticDb();
  return instance;
}
