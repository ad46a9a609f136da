/**
 * Rubric synthesis in the renderer's database (schema v14, issue 15): one session per loop an
 * educator runs (a spec and its bound models), one row per round job with the state it carried
 * and the payload it gave, and one row per version of the metrics — the draft, each revision,
 * each rollback, each educator's edit or lock between rounds — so any two versions can be diffed.
 */
import type { JobReason } from '../jobs/reasons';
import type { JudgeLanguage } from '../judge/types';
import type { StopReason } from '../synthesis/loop';
import type { WorkingMetrics } from '../synthesis/session';
import type { SynthesisCarried, SynthesisRoundPayload } from '../synthesis/synthesis-job';
import type { DraftMetric } from '../synthesis/types';

export type SynthesisRole = 'drafter' | 'generator' | 'judge';

/**
 * - `running`: a round's job is started and its payload not stored yet;
 * - `between-rounds`: the last round is stored (or failed); the educator edits and continues or stops;
 * - `stopped`: the loop's stopping rule or the educator ended it (`stop` says which).
 */
export type SynthesisSessionStatus = 'running' | 'between-rounds' | 'stopped';

export interface SynthesisSessionRow {
  /** `synthesis-<time>-<random>` */
  id: string;
  title: string;
  spec: { id: string; version: string; hash: string };
  /** the spec's YAML text and file name, as each round's job sends them */
  specSource: string;
  specFile: string;
  /** connection id per role */
  connections: Record<SynthesisRole, string>;
  /** connection name and model per role, for people (a connection may be deleted later) */
  connectionLabels: Record<SynthesisRole, { name: string; model: string }>;
  answersPerItem: number;
  /** further teacher models' connection ids compared with the generator (extraGenerators); absent: none */
  extraGenerators?: string[];
  language: JudgeLanguage;
  status: SynthesisSessionStatus;
  /** the loop's stop reason after the last round, or `educator` */
  stop: { reason: StopReason | 'educator'; at: string } | null;
  /** what the next round starts from; null until round 0 is stored */
  working: WorkingMetrics | null;
  /** the rubric-set versions saved from this session (`${setId}@${hash}`), oldest first */
  savedRubricSets: string[];
  createdAt: string;
  updatedAt: string;
}

/** One round's job (`${sessionId}|${round}`): rewritten only when its payload or failure arrives, or when the round is run again. */
export interface SynthesisRoundRow {
  id: string;
  sessionId: string;
  round: number;
  jobId: string;
  /** the state the job carried (null for round 0) */
  carried: SynthesisCarried | null;
  payload: SynthesisRoundPayload | null;
  /** why the round failed (the job's reason, in English); null while running or when it finished */
  failure: string | null;
  /** `failure` as a code the app words in the reader's language; absent for rows made before codes */
  failureWhy?: JobReason;
  createdAt: string;
}

export type SynthesisVersionKind = 'draft' | 'revision' | 'rollback' | 'expert-edit' | 'lock';

/** One version of the metrics (`${sessionId}|${seq}`, seq from 1), never rewritten. */
export interface SynthesisVersionRow {
  id: string;
  sessionId: string;
  seq: number;
  kind: SynthesisVersionKind;
  /** the round it came from (draft, revision), returned to (rollback) or follows (edit, lock) */
  round: number;
  metrics: DraftMetric[];
  locked: string[];
  /** the educator, for edits and locks; null for the model's versions */
  by: string | null;
  at: string;
}

export function synthesisRoundRowId(sessionId: string, round: number): string {
  return `${sessionId}|${round}`;
}

export function synthesisVersionRowId(sessionId: string, seq: number): string {
  return `${sessionId}|${seq}`;
}
