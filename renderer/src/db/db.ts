import Dexie, { type EntityTable } from 'dexie';
import type { Dataset, Dialogue, SourceRecord } from '../../../shared/model/dataset';
import type { DialogueReview, FieldReview, TurnReview } from '../../../shared/model/review';
import type { Annotator } from '../../../shared/model/annotator';
import type { DraftRow } from '../../../shared/model/draft';
import type { EditLogEntry } from '../../../shared/model/edit-log';
import type { LayerRow, LayerValueRow } from '../../../shared/model/layer';
import type { LlmCallsRow, LlmJobRow } from '../../../shared/model/llm-job';
import type { MetricRunRow, MetricRunScoresRow } from '../../../shared/model/metric-run';
import type { PromptTemplateRow } from '../../../shared/model/prompt-template';
import type { SettingRow } from '../../../shared/model/setting';
import { trackChanges } from './backup/backup-settings';
import { upgradeToV5 } from './migrations/v5';
import { upgradeToV6 } from './migrations/v6';
import { upgradeToV10 } from './migrations/v10';
import { schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9, schemaV10, schemaV11, schemaV12, schemaV13, schemaV14 } from './schema';
import type { ExpertScoreRow, JudgeRunRow, JudgeScoreRow, RubricSetRow } from '../../../shared/model/judge';
import type { PairwiseVerdictRow } from '../../../shared/model/pairwise';
import type { CodebookVersionRow } from '../../../shared/model/codebook-version';
import type { FindingDismissalRow } from '../../../shared/model/finding-dismissal';
import type { AdjudicationRow } from '../../../shared/model/adjudication';
import type { AssignmentRow } from '../../../shared/model/assignment';
import type { SpotCheckRow } from '../../../shared/model/spot-check';
import type { TurnBlockRow } from './turn-blocks';
import type { GeneratedConversationRow, GenerationRunRow, ScenarioVersionRow } from '../../../shared/model/generation';
import type { SynthesisRoundRow, SynthesisSessionRow, SynthesisVersionRow } from '../../../shared/model/synthesis';

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
  findingDismissals!: EntityTable<FindingDismissalRow, 'id'>;
  codebookVersions!: EntityTable<CodebookVersionRow, 'id'>;
  rubricSets!: EntityTable<RubricSetRow, 'id'>;
  judgeRuns!: EntityTable<JudgeRunRow, 'id'>;
  judgeScores!: EntityTable<JudgeScoreRow, 'id'>;
  expertScores!: EntityTable<ExpertScoreRow, 'id'>;
  pairwiseVerdicts!: EntityTable<PairwiseVerdictRow, 'id'>;
  scenarioVersions!: EntityTable<ScenarioVersionRow, 'id'>;
  generationRuns!: EntityTable<GenerationRunRow, 'id'>;
  generatedConversations!: EntityTable<GeneratedConversationRow, 'id'>;
  synthesisSessions!: EntityTable<SynthesisSessionRow, 'id'>;
  synthesisRounds!: EntityTable<SynthesisRoundRow, 'id'>;
  synthesisVersions!: EntityTable<SynthesisVersionRow, 'id'>;

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
    this.version(10).stores(schemaV10).upgrade((tx) => upgradeToV10(tx));
    this.version(11).stores(schemaV11);
    this.version(12).stores(schemaV12);
    this.version(13).stores(schemaV13);
    this.version(14).stores(schemaV14);
  }
}

let instance: MaieuticDb | null = null;
let changes: { generation(): number } | null = null;

/** The app's database. Tests create their own `new MaieuticDb(uniqueName)` with fake-indexeddb. */
export function getDb(): MaieuticDb {
  if (!instance) {
    instance = new MaieuticDb();
    // before it opens: Dexie takes middleware registered after open into account only on the next open
    changes = trackChanges(instance);
  }
  return instance;
}

/** How many writes the app's database has seen since getDb() made it (the backup schedule's "changed?"). */
export function dbChangeGeneration(): number {
  return changes?.generation() ?? 0;
}

/**
 * Closes the app's database for good (no auto-reopen) and forgets it: a restore replaces the
 * database underneath, and the next getDb() opens (and upgrades) what was restored.
 */
export function releaseDb(): void {
  instance?.close({ disableAutoOpen: true });
  instance = null;
}
