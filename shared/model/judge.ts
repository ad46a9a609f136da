import type { JudgeLineScore } from '../judge/result-line';
import type { StoredCall } from '../llm/pre-annotation-job';
import type { RubricSet, RubricSetRef } from '../judge/types';
import type { PairwiseRunInfo } from './pairwise';

/**
 * One version of a rubric set (Dexie table rubricSets, schema v11): the bundled SID set or one a
 * user imported or edited. Rows are never rewritten: an edit is a new row with a new hash.
 */
export interface RubricSetRow {
  /** `${setId}@${hash}` */
  id: string;
  setId: string;
  version: string;
  /** rubricSetHash(set) */
  hash: string;
  set: RubricSet;
  createdAt: string;
}

export function rubricSetRowId(setId: string, hash: string): string {
  return `${setId}@${hash}`;
}

/** A judge of a run: the connection or model name results are keyed by, and its model family when known (self-preference). */
export interface JudgeRunJudge {
  name: string;
  family?: string;
}

/** A results line that named no dialogue of the data set (kept on the run, the first ones only). */
export interface UnmatchedJudgeLine {
  line: number;
  dialogue: string;
  group: string;
}

/** One judge run of a data set (Dexie table judgeRuns): imported from a results file or run by the job engine. */
export interface JudgeRunRow {
  id: string;
  datasetId: string;
  name: string;
  rubricSet: RubricSetRef;
  judges: JudgeRunJudge[];
  /** what the run was made with (sampling, prompt language, source file…), as given */
  settings: Record<string, unknown>;
  /** samples per dialogue (highest sample index + 1) */
  samples: number;
  createdAt: string;
  source: 'import' | 'job';
  /** import: the file name */
  sourceFile?: string;
  /** lines stored (matched dialogues), failed lines among them */
  lines: number;
  failed: number;
  /** import: how many lines named no dialogue of the data set, and the first of them */
  unmatchedCount: number;
  unmatched: UnmatchedJudgeLine[];
  /** job: which judge (by name) each connection of the job scores as; the run's id is the job's id */
  jobConnections?: JudgeJobConnection[];
  /** absent: a score run (judgeScores); 'pairwise': a run of verdicts (pairwiseVerdicts) over `pairwise` */
  mode?: 'scores' | 'pairwise';
  pairwise?: PairwiseRunInfo;
}

/** One connection of a judge job, as its results are stored: the judge name they are keyed by. */
export interface JudgeJobConnection {
  connectionId: string;
  /** the JudgeRunJudge name (the connection's name, made unique within the run) */
  judge: string;
  model: string;
}

/** One dialogue × judge × sample of a run (Dexie table judgeScores). */
export interface JudgeScoreRow {
  /** `${runId}|${dialogueId}|${judge}|${sample}` */
  id: string;
  runId: string;
  dialogueId: string;
  /** the teacher model (Table I's column) when the run was stored */
  group: string;
  /** `<topic_id>-<student_id>-<repeat_id>` */
  externalId: string;
  judge: string;
  sample: number;
  status: 'valid' | 'failed';
  scores: JudgeLineScore[];
  reason?: string;
  /** job: the call behind the result (provenance), its raw answer cut to MAX_STORED_RAW characters; never anything of the key */
  call?: StoredCall;
}

/** A stored call's raw answer is kept up to this many characters: enough to see what the judge said, small enough for the report's reads. */
export const MAX_STORED_RAW = 4000;

export function judgeScoreId(runId: string, dialogueId: string, judge: string, sample: number): string {
  return `${runId}|${dialogueId}|${judge}|${sample}`;
}

/** One expert's score of one dialogue on one rubric of one rubric-set version (Dexie table expertScores). */
export interface ExpertScoreRow {
  /** `${datasetId}|${dialogueId}|${rubricSetHash}|${rubric}|${rater}` */
  id: string;
  datasetId: string;
  dialogueId: string;
  rubricSetId: string;
  rubricSetHash: string;
  rubric: string;
  /** the expert rater's name (settings) */
  rater: string;
  score: number;
  rationale: string;
  /** ISO time of the last change */
  at: string;
}

export function expertScoreId(datasetId: string, dialogueId: string, rubricSetHash: string, rubric: string, rater: string): string {
  return `${datasetId}|${dialogueId}|${rubricSetHash}|${rubric}|${rater}`;
}
