import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { MaieuticDb } from '../../../../renderer/src/db/db';
import type { DraftRow } from '../../../../shared/model/draft';
import type { LayerRow, LayerValueRow } from '../../../../shared/model/layer';
import type { LlmCallsRow, LlmJobRow } from '../../../../shared/model/llm-job';
import type { MetricRunRow, MetricRunScoresRow } from '../../../../shared/model/metric-run';
import type { PromptTemplateRow } from '../../../../shared/model/prompt-template';
import { CURRENT_SCHEMA_VERSION, schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9, schemaV10, schemaV11, schemaV12, schemaV13, schemaV14 } from '../../../../renderer/src/db/schema';
import type { PairwiseVerdictRow } from '../../../../shared/model/pairwise';
import type { GeneratedConversationRow, GenerationRunRow, ScenarioVersionRow } from '../../../../shared/model/generation';
import type { SynthesisRoundRow, SynthesisSessionRow, SynthesisVersionRow } from '../../../../shared/model/synthesis';
import type { ExpertScoreRow, JudgeRunRow, JudgeScoreRow, RubricSetRow } from '../../../../shared/model/judge';
import { rubricSetHash, SID_RUBRIC_SET } from '../../../../shared/judge';
import type { FindingDismissalRow } from '../../../../shared/model/finding-dismissal';
import type { CodebookVersionRow } from '../../../../shared/model/codebook-version';
import { upgradeToV10 } from '../../../../renderer/src/db/migrations/v10';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import type { AssignmentRow } from '../../../../shared/model/assignment';
import type { SpotCheckRow } from '../../../../shared/model/spot-check';
import { packTurns } from '../../../../renderer/src/db/turn-packing';
import { BLOCK_MAX_DIALOGUES, BLOCK_MAX_TURNS, packTurnBlock, packTurnBlocks } from '../../../../renderer/src/db/turn-blocks';
import { upgradeToV5 } from '../../../../renderer/src/db/migrations/v5';
import { upgradeToV6 } from '../../../../renderer/src/db/migrations/v6';
import type { Annotator } from '../../../../shared/model/annotator';
import { countStoredTurns, deleteTurnsOf, getTurn, listTurns, putDialogueTurns } from '../../../../renderer/src/db/repositories/turns';
import { sourceIdsOf, turnsBySource } from '../../../../renderer/src/db/repositories/by-source';
import { applyFieldEdits, setTurnVerified } from '../../../../renderer/src/db/repositories/reviews';
import { codebookVersionHash, DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { parseSourceFile } from '../../../../shared/import';
import { generateSidJsonl } from '../../../bench/generate';
import { importTurnRowsV4, TurnRowsV4Db, turnsBySourceV4 } from '../../../support/reference/turn-rows-v4';
import type { Dataset, Dialogue, SourceRecord, Turn } from '../../../../shared/model/dataset';
import type { DialogueReview, FieldReview, TurnReview } from '../../../../shared/model/review';

/**
 * Migration harness: open the database as an older release wrote it, seed rows, close, then
 * open it with today's MaieuticDb and check that every row is still there (and upgraded).
 * A new schema version adds one case to MIGRATION_CASES; shipped cases are never edited.
 */
interface MigrationCase {
  /** the version the seeded database was written with */
  fromVersion: number;
  /** the schema chain of that release, oldest first */
  schemas: readonly Record<string, string | null>[];
  seed(db: Dexie): Promise<void>;
  check(db: MaieuticDb): Promise<void>;
}

const AT = '2026-11-29T12:00:00.000Z';
const dataset: Dataset = { id: 'ds1', name: '试点', createdAt: AT, codebookId: 'sid-default' };
const source: SourceRecord = {
  id: 'src1', datasetId: 'ds1', file: 'GPT-4o/a.jsonl', format: 'sid-jsonl', contentHash: 'abc', teacherModel: 'GPT-4o',
  importedAt: AT, dialogues: 1, turns: 1, warnings: 0,
};
const dialogue: Dialogue = {
  id: 'src1:1', datasetId: 'ds1', sourceId: 'src1', externalId: '7-3-1', teacherModel: 'GPT-4o', topicId: '7', topicText: '校园生态',
  studentId: '3', studentType: '知识掌握不足', scenario: '课堂探究', repeatId: '1', turnCount: 1, flaggedCount: 1,
  file: 'GPT-4o/a.jsonl', line: 1, extra: { model_version: 'x' }, unaligned: [],
};
const turn: Turn = {
  id: 'src1:1#0', dialogueId: 'src1:1', index: 0, speaker: 'student', speakerRaw: '学生', utterance: '为什么？', endMarker: false,
  pre: { cognitive_level: { raw: '理解（Understand）', codes: [], unknown: ['理解（Understand）'], status: 'unknown' } },
  alignment: 'exact', fragments: 1,
};
const fieldReview: FieldReview = {
  id: 'src1:1#0|cognitive_level', turnId: 'src1:1#0', dialogueId: 'src1:1', fieldId: 'cognitive_level', decision: 'changed',
  codes: ['understand'], text: null, reviewer: 'Li', at: AT,
};
const turnReview: TurnReview = { id: 'src1:1#0', dialogueId: 'src1:1', verified: true, reviewer: 'Li', at: AT };
const dialogueReview: DialogueReview = { id: 'src1:1', status: 'verified', reviewer: 'Li', at: AT };

/** The rows of every table from v5 on (annotators, annotatorId on reviews), with the turns stored as `storeTurns` stores them in `turnsTable`. */
async function seedSince5(db: Dexie, storeTurns: (table: Dexie.Table) => Promise<unknown>, turnsTable: 'dialogueTurns' | 'turnBlocks'): Promise<void> {
  const li: Annotator = { id: 'ann-li', name: 'Li', role: 'expert', kind: 'human', createdAt: AT };
  await db.table('datasets').add(dataset);
  await db.table('sources').add(source);
  await db.table('dialogues').add(dialogue);
  await storeTurns(db.table(turnsTable));
  await db.table('annotators').add(li);
  await db.table('fieldReviews').add({ ...fieldReview, annotatorId: li.id });
  await db.table('turnReviews').add({ ...turnReview, annotatorId: li.id });
  await db.table('dialogueReviews').add({ ...dialogueReview, annotatorId: li.id });
  await db.table('editLog').add({ dialogueId: 'src1:1', target: { kind: 'dialogue' }, before: 'unreviewed', after: 'verified', reviewer: 'Li', at: AT });
  await db.table('settings').bulkAdd([{ key: 'reviewerName', value: 'Li' }, { key: 'labelLanguage', value: 'zh' }]);
  await db.table('layers').add(layer);
  await db.table('layerValues').add(layerValue);
  await db.table('metricRuns').add(metricRun);
  await db.table('metricRunScores').add(metricRunScores);
  await db.table('drafts').add(draft);
}

const MIGRATION_CASES: MigrationCase[] = [
  {
    fromVersion: 1,
    schemas: [schemaV1],
    async seed(db) {
      await db.table('datasets').add(dataset);
      await db.table('sources').add(source);
      await db.table('dialogues').add(dialogue);
      await db.table('turns').add(turn);
      await db.table('fieldReviews').add(fieldReview);
      await db.table('turnReviews').add(turnReview);
      await db.table('dialogueReviews').add(dialogueReview);
      await db.table('editLog').add({ dialogueId: 'src1:1', target: { kind: 'dialogue' }, before: 'unreviewed', after: 'verified', reviewer: 'Li', at: AT });
      await db.table('settings').bulkAdd([{ key: 'reviewerName', value: 'Li' }, { key: 'labelLanguage', value: 'zh' }]);
    },
    async check(db) {
      expect(await db.datasets.get('ds1')).toEqual(dataset);
      expect(await db.sources.where('contentHash').equals('abc').toArray()).toEqual([source]);
      expect(await db.dialogues.where('datasetId').equals('ds1').toArray()).toEqual([dialogue]);
      expect(await listTurns(db, 'src1:1')).toEqual([turn]);
      // from v5 on, every review row names its annotator: here Li, the reviewer in settings
      const li = await expertNamed(db, 'Li');
      expect(await db.fieldReviews.where('turnId').equals('src1:1#0').toArray()).toEqual([{ ...fieldReview, annotatorId: li.id }]);
      expect(await db.turnReviews.get('src1:1#0')).toEqual({ ...turnReview, annotatorId: li.id });
      expect(await db.dialogueReviews.get('src1:1')).toEqual({ ...dialogueReview, annotatorId: li.id });
      expect(await db.fieldReviews.where('annotatorId').equals(li.id).count()).toBe(1);
      expect(await db.editLog.where('dialogueId').equals('src1:1').count()).toBe(1);
      expect(await db.settings.get('reviewerName')).toEqual({ key: 'reviewerName', value: 'Li' });
    },
  },
  {
    fromVersion: 2,
    schemas: [schemaV1, schemaV2],
    async seed(db) {
      await MIGRATION_CASES[0].seed(db);
      await db.table('layers').add(layer);
      await db.table('layerValues').add(layerValue);
    },
    async check(db) {
      await MIGRATION_CASES[0].check(db);
      expect(await db.layers.where('datasetId').equals('ds1').toArray()).toEqual([layer]);
      expect(await db.layerValues.where('turnId').equals('src1:1#0').toArray()).toEqual([layerValue]);
    },
  },
  {
    fromVersion: 3,
    schemas: [schemaV1, schemaV2, schemaV3],
    async seed(db) {
      await MIGRATION_CASES[1].seed(db);
      await db.table('metricRuns').add(metricRun);
      await db.table('metricRunScores').add(metricRunScores);
    },
    async check(db) {
      await MIGRATION_CASES[1].check(db);
      expect(await db.metricRuns.where('datasetId').equals('ds1').toArray()).toEqual([metricRun]);
      expect(await db.metricRunScores.get('run1')).toEqual(metricRunScores);
    },
  },
  {
    fromVersion: 4,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4],
    async seed(db) {
      await MIGRATION_CASES[2].seed(db);
      await db.table('drafts').add(draft);
    },
    async check(db) {
      await MIGRATION_CASES[2].check(db);
      expect(await db.drafts.where('dialogueId').equals('src1:1').toArray()).toEqual([draft]);
    },
  },
  {
    fromVersion: 5,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5],
    async seed(db) {
      await seedSince5(db, (turns) => turns.add(packTurns('src1:1', [turn])), 'dialogueTurns');
    },
    async check(db) {
      await MIGRATION_CASES[3].check(db);
    },
  },
  {
    fromVersion: 6,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6],
    async seed(db) {
      await seedSince5(db, (turns) => turns.add(packTurnBlock([['src1:1', [turn]]])), 'turnBlocks');
    },
    async check(db) {
      await MIGRATION_CASES[4].check(db);
    },
  },
  {
    fromVersion: 7,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7],
    async seed(db) {
      await MIGRATION_CASES[5].seed(db);
      await db.table('llmJobs').add(llmJob);
      await db.table('llmCalls').add(llmCalls);
    },
    async check(db) {
      await MIGRATION_CASES[5].check(db);
      expect(await db.llmJobs.where('datasetId').equals('ds1').toArray()).toEqual([llmJob]);
      expect(await db.llmCalls.where('layerId').equals('layer1').toArray()).toEqual([llmCalls]);
    },
  },
  {
    fromVersion: 8,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8],
    async seed(db) {
      await MIGRATION_CASES[6].seed(db);
      await db.table('promptTemplates').add(promptTemplate);
    },
    async check(db) {
      await MIGRATION_CASES[6].check(db);
      expect(await db.promptTemplates.where('id').equals('sid-pre-annotation').toArray()).toEqual([promptTemplate]);
    },
  },
  {
    fromVersion: 9,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9],
    async seed(db) {
      await MIGRATION_CASES[7].seed(db);
      await db.table('spotChecks').add(spotCheck);
      await db.table('assignments').add(assignment);
      await db.table('adjudications').add(adjudication);
    },
    async check(db) {
      await MIGRATION_CASES[7].check(db);
      expect(await db.spotChecks.where('datasetId').equals('ds1').toArray()).toEqual([spotCheck]);
      expect(await db.assignments.where('datasetId').equals('ds1').toArray()).toEqual([assignment]);
      expect(await db.adjudications.where('dialogueId').equals('src1:1').toArray()).toEqual([adjudication]);
    },
  },
  {
    fromVersion: 10,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9, schemaV10],
    async seed(db) {
      await MIGRATION_CASES[8].seed(db);
      await db.table('findingDismissals').add(findingDismissal);
      await db.table('codebookVersions').add(codebookVersion);
    },
    async check(db) {
      await MIGRATION_CASES[8].check(db);
      expect(await db.findingDismissals.where('datasetId').equals('ds1').toArray()).toEqual([findingDismissal]);
      expect(await db.codebookVersions.where('codebookId').equals('sid-default').toArray()).toEqual([codebookVersion]);
    },
  },
  {
    fromVersion: 11,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9, schemaV10, schemaV11],
    async seed(db) {
      await MIGRATION_CASES[9].seed(db);
      await db.table('rubricSets').add(rubricSetRowV11);
      await db.table('judgeRuns').add(judgeRun);
      await db.table('judgeScores').add(judgeScore);
      await db.table('expertScores').add(expertScore);
    },
    async check(db) {
      await MIGRATION_CASES[9].check(db);
      expect(await db.rubricSets.where('setId').equals(SID_RUBRIC_SET.id).toArray()).toEqual([rubricSetRowV11]);
      expect(await db.judgeRuns.where('datasetId').equals('ds1').toArray()).toEqual([judgeRun]);
      expect(await db.judgeScores.where('[runId+dialogueId]').equals(['jr1', 'src1:1']).toArray()).toEqual([judgeScore]);
      expect(await db.expertScores.where('dialogueId').equals('src1:1').toArray()).toEqual([expertScore]);
    },
  },
  {
    fromVersion: 12,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9, schemaV10, schemaV11, schemaV12],
    async seed(db) {
      await MIGRATION_CASES[10].seed(db);
      await db.table('judgeRuns').add(pairwiseRun);
      await db.table('pairwiseVerdicts').add(pairwiseVerdict);
    },
    async check(db) {
      await MIGRATION_CASES[9].check(db);
      expect(await db.judgeRuns.where('datasetId').equals('ds1').sortBy('id')).toEqual([judgeRun, pairwiseRun]);
      expect(await db.judgeScores.where('[runId+dialogueId]').equals(['jr1', 'src1:1']).toArray()).toEqual([judgeScore]);
      expect(await db.pairwiseVerdicts.where('[runId+pairId]').equals(['pw1', '7-3-1']).toArray()).toEqual([pairwiseVerdict]);
    },
  },  {
    fromVersion: 13,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9, schemaV10, schemaV11, schemaV12, schemaV13],
    async seed(db) {
      await MIGRATION_CASES[11].seed(db);
      await db.table('scenarioVersions').add(scenarioVersion);
      await db.table('generationRuns').add(generationRun);
      await db.table('generatedConversations').add(generatedConversation);
    },
    async check(db) {
      await MIGRATION_CASES[11].check(db);
      expect(await db.scenarioVersions.where('scenarioId').equals('sid-teacher-led').toArray()).toEqual([scenarioVersion]);
      expect(await db.generationRuns.where('datasetId').equals('ds1').toArray()).toEqual([generationRun]);
      expect(await db.generatedConversations.where('runId').equals('job1').toArray()).toEqual([generatedConversation]);
    },
  },  {
    fromVersion: 14,
    schemas: [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9, schemaV10, schemaV11, schemaV12, schemaV13, schemaV14],
    async seed(db) {
      await MIGRATION_CASES[12].seed(db);
      await db.table('synthesisSessions').add(synthesisSession);
      await db.table('synthesisRounds').add(synthesisRound);
      await db.table('synthesisVersions').add(synthesisVersion);
    },
    async check(db) {
      await MIGRATION_CASES[12].check(db);
      expect(await db.synthesisSessions.get('synthesis-1')).toEqual(synthesisSession);
      expect(await db.synthesisRounds.where('jobId').equals('job9').toArray()).toEqual([synthesisRound]);
      expect(await db.synthesisVersions.where('sessionId').equals('synthesis-1').toArray()).toEqual([synthesisVersion]);
    },
  },
];

const synthesisSession: SynthesisSessionRow = {
  id: 'synthesis-1', title: 'Elmes+ rubric', spec: { id: 'elmes-scenegen', version: '1', hash: 'h1' }, specSource: 'format: maieutic.synthesis/1\n', specFile: 'elmes-scenegen.yaml',
  connections: { drafter: 'c1', generator: 'c2', judge: 'c3' },
  connectionLabels: { drafter: { name: 'Drafter', model: 'm1' }, generator: { name: 'Teacher', model: 'm2' }, judge: { name: 'Judge', model: 'm3' } },
  answersPerItem: 1, language: 'zh', status: 'running', stop: null, working: null, savedRubricSets: [], createdAt: AT, updatedAt: AT,
};
const synthesisRound: SynthesisRoundRow = { id: 'synthesis-1|0', sessionId: 'synthesis-1', round: 0, jobId: 'job9', carried: null, payload: null, failure: null, createdAt: AT };
const synthesisVersion: SynthesisVersionRow = { id: 'synthesis-1|1', sessionId: 'synthesis-1', seq: 1, kind: 'expert-edit', round: 0, metrics: [], locked: ['PER-1'], by: '王老师', at: AT };

const scenarioVersion: ScenarioVersionRow = { id: 'sid-teacher-led@abc', scenarioId: 'sid-teacher-led', version: '1', hash: 'abc', source: 'format: maieutic.scenario/1\n', origin: 'sid-teacher-led.yaml', createdAt: AT };
const generationRun: GenerationRunRow = {
  id: 'job1', title: 'SID × 2', scenario: { id: 'sid-teacher-led', version: '1', hash: 'abc' }, teachers: [{ connectionId: 'c1', name: 'Qwen', model: 'qwen3-32b' }],
  roleConnections: { student: 'c2' }, conversations: 1, createdAt: AT, datasetId: 'ds1',
};
const generatedConversation: GeneratedConversationRow = {
  id: 'job1|["c1","t0-r1",0]', runId: 'job1',
  payload: {
    status: 'failed', reasons: ['HTTP 500'], conversationId: 't0-r1', connectionId: 'c1', teacherModel: 'qwen3-32b', taskIndex: 0, repeatId: 1, row: { topic_id: 1, topic: '浮力' },
    scenario: { id: 'sid-teacher-led', version: '1', hash: 'abc' }, roles: {}, turns: [], assessments: [], preferences: [], tokens: { input: 0, output: 0 }, cached: false,
  },
};

const pairwiseRun: JudgeRunRow = {
  id: 'pw1', datasetId: 'ds1', name: 'pairs.jsonl', rubricSet: { id: SID_RUBRIC_SET.id, version: SID_RUBRIC_SET.version, hash: rubricSetHash(SID_RUBRIC_SET) },
  judges: [{ name: 'deepseek-v3' }], settings: { file: 'pairs.jsonl' }, samples: 1, createdAt: AT, source: 'import', sourceFile: 'pairs.jsonl', lines: 1, failed: 0, unmatchedCount: 0, unmatched: [],
  mode: 'pairwise', pairwise: { groupA: 'GPT-4o', groupB: 'Qwen', pairs: [{ id: '7-3-1', a: 'src1:1', b: 'src2:1', topicId: '7', studentId: '3', repeatId: '1' }], unpaired: [], unpairedCount: 0 },
};
const pairwiseVerdict: PairwiseVerdictRow = {
  id: 'pw1|7-3-1|ab|deepseek-v3|0', runId: 'pw1', pairId: '7-3-1', order: 'ab', dialogueA: 'src1:1', dialogueB: 'src2:1', groupA: 'GPT-4o', groupB: 'Qwen',
  judge: 'deepseek-v3', sample: 0, status: 'valid', verdict: 'first', winner: 'A', rationale: '更善于追问',
};

const rubricSetRowV11: RubricSetRow = {
  id: `${SID_RUBRIC_SET.id}@${rubricSetHash(SID_RUBRIC_SET)}`, setId: SID_RUBRIC_SET.id, version: SID_RUBRIC_SET.version, hash: rubricSetHash(SID_RUBRIC_SET), set: SID_RUBRIC_SET, createdAt: AT,
};
const judgeRun: JudgeRunRow = {
  id: 'jr1', datasetId: 'ds1', name: 'results.jsonl', rubricSet: { id: SID_RUBRIC_SET.id, version: SID_RUBRIC_SET.version, hash: rubricSetHash(SID_RUBRIC_SET) },
  judges: [{ name: 'deepseek-v3', family: 'deepseek' }], settings: { file: 'results.jsonl' }, samples: 1, createdAt: AT, source: 'import', sourceFile: 'results.jsonl',
  lines: 1, failed: 0, unmatchedCount: 0, unmatched: [],
};
const judgeScore: JudgeScoreRow = {
  id: 'jr1|src1:1|deepseek-v3|0', runId: 'jr1', dialogueId: 'src1:1', group: 'GPT-4o', externalId: '1-1-1', judge: 'deepseek-v3', sample: 0, status: 'valid',
  scores: [{ rubric: 'X-SRG', score: 4, rationale: '引导充分' }],
};
const expertScore: ExpertScoreRow = {
  id: `ds1|src1:1|${rubricSetHash(SID_RUBRIC_SET)}|X-SRG|Li`, datasetId: 'ds1', dialogueId: 'src1:1', rubricSetId: SID_RUBRIC_SET.id, rubricSetHash: rubricSetHash(SID_RUBRIC_SET),
  rubric: 'X-SRG', rater: 'Li', score: 3, rationale: '', at: AT,
};

const findingDismissal: FindingDismissalRow = {
  id: 'bloom-on-inapplicable|src1:1#0|cognitive_level', datasetId: 'ds1', dialogueId: 'src1:1', turnId: 'src1:1#0', fieldId: 'cognitive_level',
  ruleId: 'bloom-on-inapplicable', note: '学生在复述老师的问题', reviewer: 'Li', at: AT,
};
const codebookVersion: CodebookVersionRow = {
  id: `sid-default@${codebookVersionHash(DEFAULT_CODEBOOK)}`, codebookId: 'sid-default', hash: codebookVersionHash(DEFAULT_CODEBOOK), codebook: DEFAULT_CODEBOOK,
  rules: { codebookId: 'sid-default', rules: [] }, createdAt: AT,
};

const spotCheck: SpotCheckRow = {
  id: 'sc1', datasetId: 'ds1', name: 'Spot-check 1', createdAt: AT, seed: 42, unit: 'turn', fraction: 0.2, strata: { kind: 'teacher-model' },
  strataCounts: [{ key: 'GPT-4o', population: 1, sampled: 1 }], items: [{ dialogueId: 'src1:1', turnId: 'src1:1#0', stratum: 'GPT-4o' }], threshold: 0.1, position: 0,
};
const assignment: AssignmentRow = {
  id: 'as1', datasetId: 'ds1', direction: 'sent', annotatorName: '王老师', sourceDatasetId: 'ds1', sourceDatasetName: '试点', dialogueIds: ['src1:1'],
  blind: true, codebookId: 'sid-default', codebookVersion: '1', codebookHash: '0123456789abcdef', createdAt: AT,
};
const adjudication: AdjudicationRow = {
  id: 'src1:1#0|cognitive_level', datasetId: 'ds1', dialogueId: 'src1:1', turnId: 'src1:1#0', fieldId: 'cognitive_level', status: 'adjudicated',
  codes: ['understand'], text: null, compared: ['expert', 'layer:layer1'], agreedWith: ['expert'], decidedBy: 'ann-li', needsGuidelineUpdate: false, note: '', at: AT,
};

const promptTemplate: PromptTemplateRow = {
  key: 'sid-pre-annotation@2', id: 'sid-pre-annotation', version: '2', system: 'Fields: {{fields}}', user: '{{turns}}', hash: 'h2', createdAt: AT, basedOn: 'sid-pre-annotation@1',
};

const llmJob: LlmJobRow = {
  id: 'job1', datasetId: 'ds1', title: 'Pre-annotation', createdAt: AT,
  layers: [{ connectionId: 'c1', connectionName: 'Local', model: 'qwen3-32b', layerId: 'layer1' }],
};
const llmCalls: LlmCallsRow = {
  id: 'layer1|src1:1|0', jobId: 'job1', layerId: 'layer1', dialogueId: 'src1:1', sample: 0, storedAt: AT,
  calls: [{
    baseURL: 'http://127.0.0.1:8000/v1', model: 'qwen3-32b', parameters: { temperature: 0.8 }, template: { id: 'sid-pre-annotation', version: '1', hash: 'abc' },
    raw: '{"turns":[]}', parseStatus: 'valid', reasons: [], tokens: { input: 10, output: 5 }, latencyMs: 12, attempts: 1, fromCache: false, at: AT, appVersion: '0.1.0',
  }],
};

async function expertNamed(db: MaieuticDb, name: string): Promise<Annotator> {
  const found = await db.annotators.where('name').equals(name).toArray();
  expect(found).toEqual([{ id: expect.any(String), name, role: 'expert', kind: 'human', createdAt: expect.any(String) }]);
  return found[0];
}

const draft: DraftRow = {
  id: 'src1:1#0|utterance|text', dialogueId: 'src1:1', target: { kind: 'text-field', turnId: 'src1:1#0', fieldId: 'utterance' },
  text: '为什么呢？', base: '为什么？', updatedAt: AT,
};

const layer: LayerRow = {
  id: 'layer1', datasetId: 'ds1', name: '王老师', kind: 'human', sourceFile: 'wang.jsonl', contentHash: 'def', importedAt: AT, turns: 1,
  problems: [{ file: 'wang.jsonl', line: 2, message: 'Dialogue "7-9-1" (teacher model GPT-4o) is not in the data set; its 2 turn(s) are not attached.' }],
};
const layerValue: LayerValueRow = {
  id: 'layer1|src1:1#0', layerId: 'layer1', dialogueId: 'src1:1', turnId: 'src1:1#0',
  values: { cognitive_level: { raw: '理解', codes: ['understand'], unknown: [], status: 'ok' } },
};

const metricScores = { SD: 1, SV: 0.125, IKT: 0, BP: 0, SC: 0, L3_GR: 0, '3C': 1, TotalScore: 0.3625 };
const metricGroup = {
  group: 'GPT-4o', dialogues: 1, means: metricScores, n: { SD: 1, SV: 1, IKT: 1, BP: 1, SC: 1, L3_GR: 1, '3C': 1, TotalScore: 1 },
  ci95: { SD: null, SV: null, IKT: null, BP: null, SC: null, L3_GR: null, '3C': null, TotalScore: null }, vacuous3C: 1, withUnknownLabels: 0, withoutLabels: 0,
};
const metricRun: MetricRunRow = {
  id: 'run1', datasetId: 'ds1', createdAt: AT, appVersion: '0.1.0', layer: { kind: 'verified' }, layerName: 'Expert (verified)', scope: 'verified',
  settings: { weights: { SD: 0.15, SV: 0.1, IKT: 0.15, BP: 0.15, SC: 0.15, L3_GR: 0.1, '3C': 0.2 }, threeC: 'vacuous-one', bootstrap: { resamples: 2000, seed: 1 } },
  groups: [metricGroup], overall: { ...metricGroup, group: 'all' },
};
const metricRunScores: MetricRunScoresRow = { runId: 'run1', datasetId: 'ds1', dialogues: [] };

let counter = 0;

async function seedDatabase(name: string, migration: MigrationCase): Promise<void> {
  const old = new Dexie(name);
  migration.schemas.forEach((schema, index) => old.version(index + 1).stores(schema));
  await old.open();
  await migration.seed(old);
  old.close();
}

describe('Dexie migrations', () => {
  it('has a case for every version up to the current one', () => {
    expect(MIGRATION_CASES.map((item) => item.fromVersion)).toEqual(Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, index) => index + 1));
  });

  for (const migration of MIGRATION_CASES) {
    it(`opens a v${migration.fromVersion} database with the current schema and keeps its rows`, async () => {
      counter += 1;
      const name = `migration-${migration.fromVersion}-${counter}`;
      await seedDatabase(name, migration);

      const current = new MaieuticDb(name);
      await current.open();
      expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
      await migration.check(current);
      current.close();
      await Dexie.delete(name);
    });
  }

  it('v10 → v11: keeps every v10 row and starts with no rubric sets, judge runs, judge scores or expert scores', async () => {
    counter += 1;
    const name = `migration-v10-v11-${counter}`;
    await seedDatabase(name, MIGRATION_CASES[9]);
    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    await MIGRATION_CASES[9].check(current);
    for (const table of [current.rubricSets, current.judgeRuns, current.judgeScores, current.expertScores]) expect(await table.count(), table.name).toBe(0);
    await current.judgeScores.add(judgeScore);
    await current.judgeScores.add({ ...judgeScore, id: 'jr1|src1:2|deepseek-v3|0', dialogueId: 'src1:2' });
    expect(await current.judgeScores.where('[runId+dialogueId]').equals(['jr1', 'src1:1']).primaryKeys()).toEqual([judgeScore.id]);
    expect(await current.judgeScores.where('runId').equals('jr1').count()).toBe(2);
    current.close();
    await Dexie.delete(name);
  });

  it('v12 → v13: keeps every v12 row and starts with empty scenario-version, generation-run and generated-conversation tables, found by their indexes', async () => {
    counter += 1;
    const name = `migration-v12-v13-${counter}`;
    await seedDatabase(name, MIGRATION_CASES[11]);
    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    await MIGRATION_CASES[11].check(current);
    expect(await current.scenarioVersions.count()).toBe(0);
    expect(await current.generationRuns.count()).toBe(0);
    expect(await current.generatedConversations.count()).toBe(0);
    await current.scenarioVersions.add(scenarioVersion);
    await current.generationRuns.bulkAdd([generationRun, { ...generationRun, id: 'job2', datasetId: null }]);
    await current.generatedConversations.bulkAdd([generatedConversation, { ...generatedConversation, id: 'job2|x', runId: 'job2' }]);
    expect(await current.scenarioVersions.where('scenarioId').equals('sid-teacher-led').primaryKeys()).toEqual(['sid-teacher-led@abc']);
    expect(await current.generationRuns.where('datasetId').equals('ds1').primaryKeys()).toEqual(['job1']);
    expect(await current.generatedConversations.where('runId').equals('job1').count()).toBe(1);
    current.close();
    await Dexie.delete(name);
  });

  it('v11 → v12: keeps every v11 row (its judge run still a score run) and starts with an empty pairwiseVerdicts table, found by run and by run and pair', async () => {
    counter += 1;
    const name = `migration-v11-v12-${counter}`;
    await seedDatabase(name, MIGRATION_CASES[10]);
    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    await MIGRATION_CASES[10].check(current);
    expect((await current.judgeRuns.get('jr1'))?.mode).toBeUndefined();
    expect(await current.pairwiseVerdicts.count()).toBe(0);
    await current.pairwiseVerdicts.bulkAdd([pairwiseVerdict, { ...pairwiseVerdict, id: 'pw1|7-3-1|ba|deepseek-v3|0', order: 'ba', verdict: 'second' }, { ...pairwiseVerdict, id: 'pw1|7-4-1|ab|deepseek-v3|0', pairId: '7-4-1' }]);
    expect(await current.pairwiseVerdicts.where('[runId+pairId]').equals(['pw1', '7-3-1']).count()).toBe(2);
    expect(await current.pairwiseVerdicts.where('runId').equals('pw1').count()).toBe(3);
    current.close();
    await Dexie.delete(name);
  });

  it('v1 → v2: keeps every v1 row and starts with no annotation layers', async () => {
    counter += 1;
    const name = `migration-v1-v2-${counter}`;
    await seedDatabase(name, MIGRATION_CASES[0]);
    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    await MIGRATION_CASES[0].check(current);
    expect(await current.layers.count()).toBe(0);
    expect(await current.layerValues.count()).toBe(0);
    // the new indexes work on the upgraded database
    await current.layers.add(layer);
    await current.layerValues.add(layerValue);
    expect(await current.layerValues.where('layerId').equals('layer1').primaryKeys()).toEqual(['layer1|src1:1#0']);
    current.close();
    await Dexie.delete(name);
  });

  it('v2 → v3: keeps every v2 row and starts with no metrics runs', async () => {
    counter += 1;
    const name = `migration-v2-v3-${counter}`;
    await seedDatabase(name, MIGRATION_CASES[1]);
    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    await MIGRATION_CASES[1].check(current);
    expect(await current.metricRuns.count()).toBe(0);
    expect(await current.metricRunScores.count()).toBe(0);
    await current.metricRuns.add(metricRun);
    expect(await current.metricRuns.where('datasetId').equals('ds1').primaryKeys()).toEqual(['run1']);
    current.close();
    await Dexie.delete(name);
  });

  it('v6 → v7: keeps every v6 row and starts with no LLM jobs or calls', async () => {
    counter += 1;
    const name = `migration-v6-v7-${counter}`;
    await seedDatabase(name, MIGRATION_CASES[5]);
    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    await MIGRATION_CASES[5].check(current);
    expect(await current.llmJobs.count()).toBe(0);
    expect(await current.llmCalls.count()).toBe(0);
    await current.llmJobs.add(llmJob);
    await current.llmCalls.add(llmCalls);
    expect(await current.llmCalls.where('dialogueId').equals('src1:1').primaryKeys()).toEqual([llmCalls.id]);
    expect(await current.llmJobs.where('datasetId').equals('ds1').primaryKeys()).toEqual(['job1']);
    current.close();
    await Dexie.delete(name);
  });

  it('v7 → v8: keeps every v7 row and starts with no saved prompt templates', async () => {
    counter += 1;
    const name = `migration-v7-v8-${counter}`;
    await seedDatabase(name, MIGRATION_CASES[6]);
    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    await MIGRATION_CASES[6].check(current);
    expect(await current.promptTemplates.count()).toBe(0);
    await current.promptTemplates.add(promptTemplate);
    expect(await current.promptTemplates.where('id').equals('sid-pre-annotation').primaryKeys()).toEqual([promptTemplate.key]);
    current.close();
    await Dexie.delete(name);
  });

  it('v3 → v4: keeps every v3 row and starts with no drafts', async () => {
    counter += 1;
    const name = `migration-v3-v4-${counter}`;
    await seedDatabase(name, MIGRATION_CASES[2]);
    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    await MIGRATION_CASES[2].check(current);
    expect(await current.drafts.count()).toBe(0);
    await current.drafts.add(draft);
    expect(await current.drafts.where('dialogueId').equals('src1:1').primaryKeys()).toEqual([draft.id]);
    current.close();
    await Dexie.delete(name);
  });

  it('v4 → v5: a populated v4 database keeps every turn value, review, layer, metric run, draft and log entry; turns are packed and each review names its annotator', async () => {
    counter += 1;
    const name = `migration-v4-v5-${counter}`;
    const v4 = new TurnRowsV4Db(name);
    const files = [11, 12].map((seed, index) => ({
      ...parseSourceFile({ name: `GPT-4o/f${index}.jsonl`, text: generateSidJsonl({ dialogues: 40, seed }) }, { codebook: DEFAULT_CODEBOOK }),
      contentHash: `hash-${index}`,
    }));
    const imported = await importTurnRowsV4(v4, { kind: 'new', name: '试点', codebookId: 'sid-default' }, files);
    const turnsBefore = await turnsBySourceV4(v4, imported.sourceIds);
    const dialogueIds = [...turnsBefore.keys()];
    const [d0, d1] = dialogueIds;
    const t0 = turnsBefore.get(d0)![0].id;
    const t1 = turnsBefore.get(d1)![1].id;
    // reviews by the reviewer in settings (Li) and by one who reviewed under another name before (Wang)
    const reviews = {
      fieldReviews: [
        { id: `${t0}|teacher_intent`, turnId: t0, dialogueId: d0, fieldId: 'teacher_intent', decision: 'changed', codes: ['ask'], text: null, reviewer: 'Li', at: AT },
        { id: `${t1}|utterance`, turnId: t1, dialogueId: d1, fieldId: 'utterance', decision: 'changed', codes: [], text: '改过的话 ✓', reviewer: 'Wang', at: AT },
      ],
      turnReviews: [{ id: t0, dialogueId: d0, verified: true, reviewer: 'Li', at: AT }, { id: t1, dialogueId: d1, verified: true, reviewer: 'Wang', at: AT }],
      dialogueReviews: [{ id: d0, status: 'verified', reviewer: 'Li', at: AT }, { id: d1, status: 'in-progress', teacherModel: 'Qwen', reviewer: 'Wang', at: AT }],
    };
    const others = {
      editLog: [{ seq: 1, dialogueId: d0, target: { kind: 'dialogue' }, before: { status: 'unreviewed' }, after: { status: 'verified' }, reviewer: 'Li', at: AT }],
      settings: [{ key: 'reviewerName', value: 'Li' }, { key: 'labelLanguage', value: 'zh' }],
      layers: [{ ...layer, datasetId: imported.datasetId }],
      layerValues: [{ ...layerValue, id: `layer1|${t0}`, dialogueId: d0, turnId: t0 }],
      metricRuns: [{ ...metricRun, datasetId: imported.datasetId }],
      metricRunScores: [{ ...metricRunScores, datasetId: imported.datasetId, dialogues: [{ dialogueId: d0, id: '1-1-1', group: 'GPT-4o', scores: metricScores }] }],
      drafts: [{ ...draft, dialogueId: d1, id: `${t1}|utterance|text`, target: { kind: 'text-field', turnId: t1, fieldId: 'utterance' } }],
    };
    for (const [table, rows] of Object.entries({ ...reviews, ...others })) await v4.table(table).bulkAdd(rows);
    const unchangedTables = ['datasets', 'sources', 'dialogues', ...Object.keys(others)];
    const before = Object.fromEntries(await Promise.all(unchangedTables.map(async (table) => [table, await v4.table(table).toArray()] as const)));
    v4.close();

    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(current.tables.map((table) => table.name)).not.toContain('turns');
    for (const table of unchangedTables.filter((name) => name !== 'editLog')) expect(await current.table(table).toArray()).toEqual(before[table]);
    // v10 adds the data set and the reason to each entry, nothing else
    expect(await current.table('editLog').toArray()).toEqual(before.editLog.map((entry) => ({ ...entry, datasetId: imported.datasetId, reason: 'status' })));

    // every turn value, read through the app's reader, equals what v4 read
    const turnsAfter = await current.transaction('r', [current.sources, current.turnBlocks], async () => turnsBySource(current, await sourceIdsOf(current, imported.datasetId)));
    expect(turnsAfter.size).toBe(80);
    expect(new Map([...turnsAfter].sort())).toStrictEqual(new Map([...turnsBefore].sort()));
    // packed through v5 (a row per dialogue) into v6 blocks: one per source of 40 dialogues
    expect(current.tables.map((table) => table.name)).not.toContain('dialogueTurns');
    expect(await current.turnBlocks.count()).toBe(2);

    const li = await expertNamed(current, 'Li');
    const wang = await expertNamed(current, 'Wang');
    expect(await current.annotators.count()).toBe(2);
    const annotatorOf = { Li: li.id, Wang: wang.id };
    for (const table of ['fieldReviews', 'turnReviews', 'dialogueReviews'] as const) {
      const expected = reviews[table].map((row) => ({ ...row, annotatorId: annotatorOf[row.reviewer as 'Li' | 'Wang'] }));
      expect(await current.table(table).toArray()).toEqual(expect.arrayContaining(expected));
      expect(await current.table(table).count()).toBe(expected.length);
    }

    // new reviews are written with their annotator; a new name gets its own record
    const [d2] = dialogueIds.slice(2);
    await applyFieldEdits(current, { dialogueId: d2, reviewer: 'Li', at: AT }, [{ turnId: `${d2}#0`, fieldId: 'teacher_intent', resolve: () => ({ decision: 'accepted', codes: [], text: null }) }]);
    await setTurnVerified(current, { dialogueId: d2, reviewer: 'Zhao', at: AT }, `${d2}#0`, true);
    expect((await current.fieldReviews.get(`${d2}#0|teacher_intent`))?.annotatorId).toBe(li.id);
    expect((await current.dialogueReviews.get(d2))?.annotatorId).toBe(li.id);
    expect((await current.turnReviews.get(`${d2}#0`))?.annotatorId).toBe((await expertNamed(current, 'Zhao')).id);
    expect(await listTurns(current, d2)).toStrictEqual(turnsBefore.get(d2));
    current.close();
    await Dexie.delete(name);
  });

  it('v5 → v6: every v5 dialogue row is regrouped into blocks of one source with the same turns; other tables are untouched and the repositories work on the blocks', async () => {
    counter += 1;
    const name = `migration-v5-v6-${counter}`;
    const v5 = new Dexie(name);
    [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5].forEach((schema, index) => v5.version(index + 1).stores(schema));
    await v5.open();
    // three sources: one over a block's worth of dialogues, one small, one with a single dialogue of no turns
    const sizes = [BLOCK_MAX_DIALOGUES + 30, 7, 1];
    const expected = new Map<string, Turn[]>();
    const files = sizes.map((dialogues, index) => parseSourceFile({ name: `GPT-4o/f${index}.jsonl`, text: generateSidJsonl({ dialogues, seed: 40 + index }) }, { codebook: DEFAULT_CODEBOOK }));
    files.forEach((file, index) =>
      file.dialogues.forEach((parsed) => {
        const dialogueId = `src${index}:${parsed.line}`;
        expected.set(dialogueId, index === 2 ? [] : parsed.turns.map((t) => ({ ...t, id: `${dialogueId}#${t.index}`, dialogueId })));
      }),
    );
    await v5.table('datasets').add(dataset);
    await v5.table('sources').bulkAdd(sizes.map((_, index) => ({ ...source, id: `src${index}`, contentHash: `h${index}` })));
    await v5.table('dialogueTurns').bulkAdd([...expected].map(([dialogueId, turns]) => packTurns(dialogueId, turns)));
    await v5.table('layers').add(layer);
    await v5.table('drafts').add(draft);
    const untouched = ['datasets', 'sources', 'layers', 'drafts'];
    const before = Object.fromEntries(await Promise.all(untouched.map(async (table) => [table, await v5.table(table).toArray()] as const)));
    v5.close();

    const current = new MaieuticDb(name);
    await current.open();
    expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(current.tables.map((table) => table.name)).not.toContain('dialogueTurns');
    for (const table of untouched) expect(await current.table(table).toArray()).toEqual(before[table]);
    const blocks = await current.turnBlocks.toArray();
    expect(blocks.map((block) => block.dialogueIds.length).sort((a, b) => a - b)).toEqual([1, 7, 30, BLOCK_MAX_DIALOGUES]);
    for (const block of blocks) expect(new Set(block.dialogueIds.map((id) => id.split(':')[0]))).toEqual(new Set([block.id.split(':')[0]]));
    const read = await current.transaction('r', [current.sources, current.turnBlocks], () => turnsBySource(current, ['src0', 'src1', 'src2']));
    expect(read).toStrictEqual(expected);
    expect(JSON.stringify([...read].sort())).toBe(JSON.stringify([...expected].sort()));
    expect(await countStoredTurns(current)).toBe([...expected.values()].reduce((sum, turns) => sum + turns.length, 0));

    const [first, second] = [...expected.keys()].sort();
    expect(await listTurns(current, second)).toStrictEqual(expected.get(second));
    expect(await getTurn(current, `${second}#1`)).toStrictEqual(expected.get(second)![1]);
    expect(await listTurns(current, 'src2:1')).toEqual([]);
    // deleting the dialogue a block is keyed by moves the block to its next dialogue; the others keep their turns
    await deleteTurnsOf(current, [first]);
    expect(await listTurns(current, first)).toEqual([]);
    expect(await listTurns(current, second)).toStrictEqual(expected.get(second));
    expect(await current.turnBlocks.get(first)).toBeUndefined();
    // a dialogue stored again after its delete comes back with its own turns
    await putDialogueTurns(current, expected.get(first)!);
    expect(await listTurns(current, first)).toStrictEqual(expected.get(first));
    current.close();
    await Dexie.delete(name);
  });

  it('v5 → v6 reads the rows a page at a time and writes the blocks packTurnBlocks makes of them all at once, whatever the page size', async () => {
    // sources of 300 short dialogues (blocks close at BLOCK_MAX_DIALOGUES), 5 dialogues long
    // enough to close blocks at BLOCK_MAX_TURNS, and 2; pages of 1, 7 and 128 rows cut blocks anywhere
    const rows = [
      ...Array.from({ length: 300 }, (_, i) => packTurns(`a:${String(i).padStart(4, '0')}`, turnsOf(`a:${String(i).padStart(4, '0')}`, 2))),
      ...Array.from({ length: 5 }, (_, i) => packTurns(`b:${i}`, turnsOf(`b:${i}`, 900))),
      ...Array.from({ length: 2 }, (_, i) => packTurns(`c:${i}`, turnsOf(`c:${i}`, i))),
    ];
    const byKey = [...rows].sort((x, y) => (x.dialogueId < y.dialogueId ? -1 : 1));
    const oneShot = packTurnBlocks(byKey.map((row) => [row.dialogueId, turnsOf(row.dialogueId, row.turnCount)] as const));
    expect(oneShot.some((block) => block.dialogueIds.length === BLOCK_MAX_DIALOGUES)).toBe(true);
    expect(oneShot.some((block) => block.turnCount <= BLOCK_MAX_TURNS && block.turnCount > BLOCK_MAX_TURNS - 900)).toBe(true);
    for (const pageRows of [1, 7, 128]) {
      counter += 1;
      const name = `migration-v6-pages-${counter}`;
      const db = new Dexie(name);
      // v6's turnBlocks with v5's dialogueTurns still there, as inside the upgrade transaction
      db.version(1).stores({ dialogueTurns: 'dialogueId', turnBlocks: 'id, *dialogueIds' });
      await db.open();
      await db.table('dialogueTurns').bulkAdd(rows);
      await db.transaction('rw', ['dialogueTurns', 'turnBlocks'], (tx) => upgradeToV6(tx, pageRows));
      const written = await db.table('turnBlocks').orderBy('id').toArray();
      expect(written, `pages of ${pageRows}`).toEqual([...oneShot].sort((x, y) => (x.id < y.id ? -1 : 1)));
      db.close();
      await Dexie.delete(name);
    }
  });
});

describe('v4 → v5 in pages', () => {
  it('packs the turn rows a page of dialogues at a time into the rows it packs all at once, whatever the page size', async () => {
    // ids that sort apart as strings and as dialogues (s:1, s:10, s:2), turn rows stored out of order
    const dialogues = Array.from({ length: 23 }, (_, i) => [`s:${i + 1}`, turnsOf(`s:${i + 1}`, (i % 5) + 1)] as const);
    const turnRows = dialogues.flatMap(([, turns]) => turns).reverse();
    const expected = dialogues.map(([dialogueId, turns]) => packTurns(dialogueId, turns)).sort((x, y) => (x.dialogueId < y.dialogueId ? -1 : 1));
    for (const pageDialogues of [1, 4, 500]) {
      counter += 1;
      const name = `migration-v5-pages-${counter}`;
      const db = new Dexie(name);
      // v5's tables with v4's turns still there, as inside the upgrade transaction
      db.version(1).stores({ turns: 'id, dialogueId', dialogueTurns: 'dialogueId', settings: 'key', annotators: 'id', fieldReviews: 'id', turnReviews: 'id', dialogueReviews: 'id' });
      await db.open();
      await db.table('turns').bulkAdd(turnRows);
      await db.transaction('rw', db.tables, (tx) => upgradeToV5(tx, () => new Date(AT), pageDialogues));
      expect(await db.table('dialogueTurns').orderBy('dialogueId').toArray(), `pages of ${pageDialogues}`).toEqual(expected);
      db.close();
      await Dexie.delete(name);
    }
  });
});

/** `count` plain turns of dialogue `dialogueId`, the same for the same arguments. */
function turnsOf(dialogueId: string, count: number): Turn[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    speaker: index % 2 === 0 ? 'teacher' : 'student',
    speakerRaw: index % 2 === 0 ? '教师' : '学生',
    utterance: `${dialogueId} 第${index}轮`,
    endMarker: false,
    pre: { teacher_intent: { raw: '引导', codes: ['guide_reasoning'], unknown: [], status: 'ok' } },
    alignment: 'exact',
    fragments: 1,
    id: `${dialogueId}#${index}`,
    dialogueId,
  }));
}

describe('v9 → v10: the edit log names its data set and reason', () => {
  const entries = [
    { dialogueId: 'src1:1', target: { kind: 'dialogue' }, before: 'unreviewed', after: 'verified', reviewer: 'Li', at: AT },
    { dialogueId: 'src1:1', target: { kind: 'dialogue' }, before: { status: 'in-progress' }, after: { status: 'in-progress', teacherModel: 'GPT-4o-mini' }, reviewer: 'Li', at: AT },
    { dialogueId: 'src1:1', target: { kind: 'field', turnId: 'src1:1#0', fieldId: 'cognitive_level' }, before: null, after: { decision: 'accepted', codes: ['understand'], text: null }, reviewer: 'Li', at: AT },
    { dialogueId: 'src1:1', target: { kind: 'field', turnId: 'src1:1#0', fieldId: 'cognitive_level' }, before: null, after: { decision: 'changed', codes: ['apply'], text: null }, reviewer: 'Li', at: AT },
    { dialogueId: 'src1:1', target: { kind: 'field', turnId: 'src1:1#0', fieldId: 'cognitive_level' }, before: null, after: { decision: 'unsure', codes: ['apply'], text: null }, reviewer: 'Li', at: AT },
    { dialogueId: 'src1:1', target: { kind: 'field', turnId: 'src1:1#0', fieldId: 'cognitive_level' }, before: { decision: 'unsure', codes: ['apply'], text: null }, after: null, reviewer: 'Li', at: AT },
    { dialogueId: 'src1:1', target: { kind: 'turn', turnId: 'src1:1#0' }, before: { verified: false }, after: { verified: true }, reviewer: 'Li', at: AT },
    { dialogueId: 'src1:1', target: { kind: 'turn', turnId: 'src1:1#0' }, before: { verified: true }, after: { verified: false }, reviewer: 'Li', at: AT },
    { dialogueId: 'gone:1', target: { kind: 'turn', turnId: 'gone:1#0' }, before: { verified: false }, after: { verified: true }, reviewer: 'Li', at: AT },
  ];
  const reasons = ['status', 'teacher-model', 'accepted', 'corrected', 'unsure', 'cleared', 'verified', 'unverified', 'verified'];

  async function seedV9(name: string): Promise<void> {
    const old = new Dexie(name);
    [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9].forEach((schema, index) => old.version(index + 1).stores(schema));
    await old.open();
    await old.table('datasets').add(dataset);
    await old.table('dialogues').add(dialogue);
    await old.table('editLog').bulkAdd(entries);
    old.close();
  }

  it('gives every entry its reason and the data set of its dialogue, keeps everything else, and finds them by data set', async () => {
    const name = `migration-v10-${++counter}`;
    await seedV9(name);
    const db = new MaieuticDb(name);
    await db.open();
    const upgraded = await db.editLog.orderBy('seq').toArray();
    expect(upgraded.map((entry) => entry.reason)).toEqual(reasons);
    expect(upgraded.map(({ seq, reason, datasetId, ...rest }) => rest)).toEqual(entries);
    expect(upgraded.map((entry) => entry.datasetId)).toEqual([...entries.slice(0, 8).map(() => 'ds1'), undefined]);
    expect(await db.editLog.where('datasetId').equals('ds1').count()).toBe(8);
    db.close();
    await Dexie.delete(name);
  });

  it('rewrites the log a page at a time into what one page gives, whatever the page size', async () => {
    const results: unknown[] = [];
    for (const pageEntries of [1, 2, 1000]) {
      const name = `migration-v10-pages-${++counter}`;
      await seedV9(name);
      const db = new Dexie(name);
      [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9].forEach((schema, index) => db.version(index + 1).stores(schema));
      db.version(10).stores(schemaV10).upgrade((tx) => upgradeToV10(tx, pageEntries));
      await db.open();
      results.push(await db.table('editLog').orderBy('seq').toArray());
      db.close();
      await Dexie.delete(name);
    }
    expect(results[0]).toEqual(results[2]);
    expect(results[1]).toEqual(results[2]);
    expect((results[2] as { reason: string }[]).map((entry) => entry.reason)).toEqual(reasons);
  });
});
