/**
 * One rule per table of every schema version (schema.ts): the check a row must pass, checked by
 * the repositories before they write a row and by a restore before it writes anything, and what
 * the row names of other rows (a review its turn, a layer's value its layer), which a restore
 * requires the file to hold. A table without a rule fails the unit test that lists every table of
 * every version (tests/unit/renderer/backup/table-rules.test.ts).
 *
 * Only references the app keeps are required: the rows deleting a data set removes with it, the
 * annotators no path removes. What may outlive its target is not (a generation run's data set,
 * a replaced layer a review was judged against, an audit entry's target, a setting's data set).
 */
import type { Dataset, Dialogue, SourceRecord, Turn } from '../../../../../shared/model/dataset';
import type { Annotator } from '../../../../../shared/model/annotator';
import type { AdjudicationRow } from '../../../../../shared/model/adjudication';
import type { AssignmentRow } from '../../../../../shared/model/assignment';
import type { DraftRow } from '../../../../../shared/model/draft';
import type { EditLogEntry } from '../../../../../shared/model/edit-log';
import type { FindingDismissalRow } from '../../../../../shared/model/finding-dismissal';
import type { GeneratedConversationRow } from '../../../../../shared/model/generation';
import type { ExpertScoreRow, JudgeRunRow, JudgeScoreRow } from '../../../../../shared/model/judge';
import type { LayerRow, LayerValueRow } from '../../../../../shared/model/layer';
import type { LlmCallsRow, LlmJobRow } from '../../../../../shared/model/llm-job';
import type { MetricRunRow, MetricRunScoresRow } from '../../../../../shared/model/metric-run';
import type { PairwiseVerdictRow } from '../../../../../shared/model/pairwise';
import type { DialogueReview, FieldReview, TurnReview } from '../../../../../shared/model/review';
import type { SpotCheckRow } from '../../../../../shared/model/spot-check';
import type { SynthesisRoundRow, SynthesisVersionRow } from '../../../../../shared/model/synthesis';
import type { TurnBlockRow } from '../../turn-blocks';
import type { DialogueTurnsRow } from '../../turn-packing';
import { datasetRow, dialogueRow, sourceRow } from '../validate';
import { RowProblem, type Check } from './check';
import { codebookVersionRow } from './codebook-rows';
import { generatedConversationRow, generationRunRow, scenarioVersionRow } from './generation-rows';
import { expertScoreRow, judgeRunRow, judgeScoreRow, pairwiseVerdictRow, rubricSetRow } from './judge-rows';
import { llmCallsRow, llmJobRow, metricRunRow, metricRunScoresRow, promptTemplateRow } from './job-rows';
import { adjudicationRow, assignmentRow, layerRow, layerValueRow, spotCheckRow } from './layer-rows';
import { annotatorRow, dialogueReviewRow, draftRow, editLogEntry, editLogRow, fieldReviewRow, findingDismissalRow, turnReviewRow } from './review-rows';
import { settingRow } from './setting-rows';
import { synthesisRoundRow, synthesisSessionRow, synthesisVersionRow } from './synthesis-rows';
import { blockTurnCounts, dialogueTurnsRow, storedTurnRow, turnBlockRow } from './turn-rows';

export { ROW_PROBLEM_CODES, RowProblem, type RowProblemCode } from './check';

export const REFERENCE_KINDS = ['dataset', 'source', 'dialogue', 'turn', 'annotator', 'layer', 'assignment', 'llmJob', 'metricRun', 'judgeRun', 'generationRun', 'synthesisSession'] as const satisfies readonly ReferenceKind[];

/** What a row may name that another row of the file must be. */
export type ReferenceKind = 'dataset' | 'source' | 'dialogue' | 'turn' | 'annotator' | 'layer' | 'assignment' | 'llmJob' | 'metricRun' | 'judgeRun' | 'generationRun' | 'synthesisSession';

export interface Reference {
  /** the field that names it, as a problem names it */
  field: string;
  kind: ReferenceKind;
  key: string;
}

/** What a row makes known: it is the row of `kind` with key `key`; a dialogue's stored turns. */
export interface Provided {
  kind: ReferenceKind;
  key: string;
  /** turn rows and blocks: the dialogues whose turns they hold, and how many */
  turns?: [dialogueId: string, count: number][];
  /** a dialogue: how many turns it says it has */
  turnCount?: number;
}

export interface TableRule<Row = never> {
  /** the row as stored (restored) */
  check: Check;
  /** the row as a repository writes it, when that differs (an audit entry before IndexedDB gives it its key) */
  writeCheck?: Check;
  provides?(row: Row): Provided[];
  refs?(row: Row): Reference[];
}

const ref = (field: string, kind: ReferenceKind, key: string | undefined | null): Reference[] => (typeof key === 'string' && key !== '' ? [{ field, kind, key }] : []);
const is = (kind: ReferenceKind, key: string): Provided[] => [{ kind, key }];

const rule = <Row>(table: TableRule<Row>): TableRule => table as unknown as TableRule;

/** Every table of every schema version, by name. */
export const TABLE_RULES = {
  datasets: rule<Dataset>({ check: datasetRow, provides: (row) => is('dataset', row.id) }),
  sources: rule<SourceRecord>({ check: sourceRow, provides: (row) => is('source', row.id), refs: (row) => ref('datasetId', 'dataset', row.datasetId) }),
  dialogues: rule<Dialogue>({
    check: dialogueRow,
    provides: (row) => [{ kind: 'dialogue', key: row.id, turnCount: row.turnCount }],
    refs: (row) => [...ref('datasetId', 'dataset', row.datasetId), ...ref('sourceId', 'source', row.sourceId)],
  }),
  turns: rule<Turn>({ check: storedTurnRow, provides: (row) => [{ kind: 'turn', key: row.id, turns: [[row.dialogueId, 1]] }], refs: (row) => ref('dialogueId', 'dialogue', row.dialogueId) }),
  dialogueTurns: rule<DialogueTurnsRow>({ check: dialogueTurnsRow, provides: (row) => [{ kind: 'turn', key: row.dialogueId, turns: [[row.dialogueId, row.turnCount]] }], refs: (row) => ref('dialogueId', 'dialogue', row.dialogueId) }),
  turnBlocks: rule<TurnBlockRow>({
    check: turnBlockRow,
    provides: (row) => [{ kind: 'turn', key: row.id, turns: blockTurnCounts(row) }],
    refs: (row) => row.dialogueIds.flatMap((dialogueId, index) => ref(`dialogueIds[${index}]`, 'dialogue', dialogueId)),
  }),
  annotators: rule<Annotator>({ check: annotatorRow, provides: (row) => is('annotator', row.id) }),
  fieldReviews: rule<FieldReview>({
    check: fieldReviewRow,
    refs: (row) => [...ref('dialogueId', 'dialogue', row.dialogueId), ...ref('turnId', 'turn', row.turnId), ...ref('annotatorId', 'annotator', row.annotatorId)],
  }),
  turnReviews: rule<TurnReview>({ check: turnReviewRow, refs: (row) => [...ref('dialogueId', 'dialogue', row.dialogueId), ...ref('id', 'turn', row.id), ...ref('annotatorId', 'annotator', row.annotatorId)] }),
  dialogueReviews: rule<DialogueReview>({ check: dialogueReviewRow, refs: (row) => [...ref('id', 'dialogue', row.id), ...ref('annotatorId', 'annotator', row.annotatorId)] }),
  editLog: rule<EditLogEntry>({
    check: editLogRow,
    writeCheck: editLogEntry,
    refs: (row) => [...ref('datasetId', 'dataset', row.datasetId), ...ref('dialogueId', 'dialogue', row.dialogueId), ...ref('annotatorId', 'annotator', row.annotatorId)],
  }),
  settings: rule({ check: settingRow }),
  layers: rule<LayerRow>({
    check: layerRow,
    provides: (row) => is('layer', row.id),
    refs: (row) => [...ref('datasetId', 'dataset', row.datasetId), ...ref('annotatorId', 'annotator', row.annotatorId), ...ref('assignmentId', 'assignment', row.assignmentId)],
  }),
  layerValues: rule<LayerValueRow>({ check: layerValueRow, refs: (row) => [...ref('layerId', 'layer', row.layerId), ...ref('dialogueId', 'dialogue', row.dialogueId), ...ref('turnId', 'turn', row.turnId)] }),
  metricRuns: rule<MetricRunRow>({ check: metricRunRow, provides: (row) => is('metricRun', row.id), refs: (row) => ref('datasetId', 'dataset', row.datasetId) }),
  metricRunScores: rule<MetricRunScoresRow>({ check: metricRunScoresRow, refs: (row) => [...ref('runId', 'metricRun', row.runId), ...ref('datasetId', 'dataset', row.datasetId)] }),
  drafts: rule<DraftRow>({ check: draftRow, refs: (row) => [...ref('dialogueId', 'dialogue', row.dialogueId), ...(row.target.kind === 'text-field' ? ref('target.turnId', 'turn', row.target.turnId) : [])] }),
  llmJobs: rule<LlmJobRow>({ check: llmJobRow, provides: (row) => is('llmJob', row.id), refs: (row) => ref('datasetId', 'dataset', row.datasetId) }),
  llmCalls: rule<LlmCallsRow>({ check: llmCallsRow, refs: (row) => [...ref('jobId', 'llmJob', row.jobId), ...ref('layerId', 'layer', row.layerId), ...ref('dialogueId', 'dialogue', row.dialogueId)] }),
  promptTemplates: rule({ check: promptTemplateRow }),
  spotChecks: rule<SpotCheckRow>({
    check: spotCheckRow,
    refs: (row) => [...ref('datasetId', 'dataset', row.datasetId), ...row.items.flatMap((item, index) => [...ref(`items[${index}].dialogueId`, 'dialogue', item.dialogueId), ...ref(`items[${index}].turnId`, 'turn', item.turnId)])],
  }),
  assignments: rule<AssignmentRow>({
    check: assignmentRow,
    provides: (row) => is('assignment', row.id),
    refs: (row) => [...ref('datasetId', 'dataset', row.datasetId), ...(row.localDialogueIds ?? []).flatMap((id, index) => ref(`localDialogueIds[${index}]`, 'dialogue', id))],
  }),
  adjudications: rule<AdjudicationRow>({
    check: adjudicationRow,
    refs: (row) => [...ref('datasetId', 'dataset', row.datasetId), ...ref('dialogueId', 'dialogue', row.dialogueId), ...ref('turnId', 'turn', row.turnId), ...ref('decidedBy', 'annotator', row.decidedBy)],
  }),
  findingDismissals: rule<FindingDismissalRow>({
    check: findingDismissalRow,
    refs: (row) => [...ref('datasetId', 'dataset', row.datasetId), ...ref('dialogueId', 'dialogue', row.dialogueId), ...ref('turnId', 'turn', row.turnId), ...ref('annotatorId', 'annotator', row.annotatorId)],
  }),
  codebookVersions: rule({ check: codebookVersionRow }),
  rubricSets: rule({ check: rubricSetRow }),
  judgeRuns: rule<JudgeRunRow>({ check: judgeRunRow, provides: (row) => is('judgeRun', row.id), refs: (row) => ref('datasetId', 'dataset', row.datasetId) }),
  judgeScores: rule<JudgeScoreRow>({ check: judgeScoreRow, refs: (row) => [...ref('runId', 'judgeRun', row.runId), ...ref('dialogueId', 'dialogue', row.dialogueId)] }),
  expertScores: rule<ExpertScoreRow>({ check: expertScoreRow, refs: (row) => [...ref('datasetId', 'dataset', row.datasetId), ...ref('dialogueId', 'dialogue', row.dialogueId)] }),
  pairwiseVerdicts: rule<PairwiseVerdictRow>({
    check: pairwiseVerdictRow,
    refs: (row) => [...ref('runId', 'judgeRun', row.runId), ...ref('dialogueA', 'dialogue', row.dialogueA), ...ref('dialogueB', 'dialogue', row.dialogueB)],
  }),
  scenarioVersions: rule({ check: scenarioVersionRow }),
  generationRuns: rule({ check: generationRunRow, provides: (row: { id: string }) => is('generationRun', row.id) }),
  generatedConversations: rule<GeneratedConversationRow>({ check: generatedConversationRow, refs: (row) => ref('runId', 'generationRun', row.runId) }),
  synthesisSessions: rule({ check: synthesisSessionRow, provides: (row: { id: string }) => is('synthesisSession', row.id) }),
  synthesisRounds: rule<SynthesisRoundRow>({ check: synthesisRoundRow, refs: (row) => ref('sessionId', 'synthesisSession', row.sessionId) }),
  synthesisVersions: rule<SynthesisVersionRow>({ check: synthesisVersionRow, refs: (row) => ref('sessionId', 'synthesisSession', row.sessionId) }),
} satisfies Record<string, TableRule>;

export type RuledTable = keyof typeof TABLE_RULES;

export function tableRule(table: string): TableRule | undefined {
  return Object.hasOwn(TABLE_RULES, table) ? TABLE_RULES[table as RuledTable] : undefined;
}

/**
 * Refuses rows a repository is about to write that their table's rule does not pass, naming the
 * first problem (a RowProblem: a ValidationError). Call before the write, inside or outside its
 * transaction: nothing is written when it throws.
 */
export function assertRows(table: RuledTable, rows: readonly unknown[]): void {
  const rule: TableRule = TABLE_RULES[table];
  const check = rule.writeCheck ?? rule.check;
  rows.forEach((row, index) => {
    try {
      check(row, '');
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      const which = rows.length > 1 ? ` (row ${index + 1} of ${rows.length})` : '';
      throw new RowProblem(error.field, error.code, error.params, `${table}${which}: ${error.message}`);
    }
  });
}

export function assertRow(table: RuledTable, row: unknown): void {
  assertRows(table, [row]);
}

/** `row`, once it passes its table's rule (assertRow): what a repository hands to IndexedDB. */
export function checkedRow<T>(table: RuledTable, row: T): T {
  assertRow(table, row);
  return row;
}

/** `rows`, once each passes its table's rule (assertRows). */
export function checkedRows<T>(table: RuledTable, rows: readonly T[]): T[] {
  assertRows(table, rows);
  return rows as T[];
}
