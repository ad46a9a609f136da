/**
 * The results of judge jobs main runs (issue 13): each job is one judge run of a data set
 * (judgeRuns, source 'job', its id the job's id) and each finished item — one dialogue × judge
 * connection × sample — one JudgeScoreRow, written in one transaction with the run's counts. Ids
 * are deterministic (judgeScoreId), so an item main delivers again rewrites the same row and the
 * counts move only by what changed.
 */
import type { JobItemEvent } from '../../../../shared/jobs';
import { judgeJobResult, type JudgeJobPayload } from '../../../../shared/judge/job-result';
import type { JudgeLineScore } from '../../../../shared/judge/result-line';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import type { RubricSet } from '../../../../shared/judge/types';
import type { StoredCall } from '../../../../shared/llm/pre-annotation-job';
import { judgeScoreId, MAX_STORED_RAW, type JudgeJobConnection, type JudgeRunRow, type JudgeScoreRow } from '../../../../shared/model/judge';
import type { MaieuticDb } from '../db';
import { rubricSetRow } from './judge';
import { ValidationError } from './validate';
import { checkedRow } from './row-checks';

export interface JudgeJobConnectionRef {
  id: string;
  name: string;
  model: string;
  family?: string;
}

/**
 * The judge name each connection's results are kept under: its name, with the model when two
 * connections share a name, and a number when even that repeats (per-judge results must not mix).
 */
export function judgeNamesOf(connections: readonly Pick<JudgeJobConnectionRef, 'name' | 'model'>[]): string[] {
  const count = (names: string[], name: string) => names.filter((other) => other === name).length;
  const plain = connections.map((connection) => connection.name.trim() || connection.model);
  const withModel = plain.map((name, index) => (count(plain, name) > 1 ? `${name} (${connections[index].model})` : name));
  return withModel.map((name, index) => (count(withModel, name) > 1 ? `${name} #${withModel.slice(0, index + 1).filter((other) => other === name).length}` : name));
}

export interface RegisterJudgeJobInput {
  jobId: string;
  datasetId: string;
  name: string;
  rubricSet: RubricSet;
  connections: readonly JudgeJobConnectionRef[];
  samples: number;
  /** language, reasoningFirst, fewShot count, sampling, topLogprobs, samples, the dialogue scope… as chosen */
  settings: Record<string, unknown>;
  now?: Date;
}

/**
 * Records a started judge job (of either kind) as an empty run of its data set, with the
 * rubric-set version it judges against, in one transaction. Registering the same job again
 * changes nothing. Refused: a data set that no longer exists. `extra` is what the kind adds to
 * the run (a pairwise run's mode and pairs).
 */
export async function registerJobRun(db: MaieuticDb, input: RegisterJudgeJobInput, defaultName: string, extra: Partial<JudgeRunRow> = {}): Promise<JudgeRunRow> {
  const createdAt = (input.now ?? new Date()).toISOString();
  const names = judgeNamesOf(input.connections);
  const setRow = rubricSetRow(input.rubricSet, createdAt);
  return db.transaction('rw', [db.datasets, db.judgeRuns, db.rubricSets], async () => {
    const existing = await db.judgeRuns.get(input.jobId);
    if (existing) return existing;
    if (!(await db.datasets.get(input.datasetId))) throw new ValidationError('The data set of the judge run no longer exists.');
    if (!(await db.rubricSets.get(setRow.id))) await db.rubricSets.add(checkedRow('rubricSets', setRow));
    const run: JudgeRunRow = {
      id: input.jobId,
      datasetId: input.datasetId,
      name: input.name.trim() || defaultName,
      rubricSet: { id: input.rubricSet.id, version: input.rubricSet.version, hash: rubricSetHash(input.rubricSet) },
      judges: input.connections.map((connection, index) => (connection.family ? { name: names[index], family: connection.family } : { name: names[index] })),
      settings: input.settings,
      samples: input.samples,
      createdAt,
      source: 'job',
      lines: 0,
      failed: 0,
      unmatchedCount: 0,
      unmatched: [],
      jobConnections: input.connections.map((connection, index): JudgeJobConnection => ({ connectionId: connection.id, judge: names[index], model: connection.model })),
      ...extra,
    };
    await db.judgeRuns.add(checkedRow('judgeRuns', run));
    return run;
  });
}

/** Records a started judge (scores) job as an empty run of its data set; see registerJobRun. */
export function registerJudgeJob(db: MaieuticDb, input: RegisterJudgeJobInput): Promise<JudgeRunRow> {
  return registerJobRun(db, input, input.rubricSet.id);
}

/**
 * What storing one judge item came to:
 * - `stored`: its score row is written (`status` valid or failed);
 * - `unknown-job`: no run of that job is recorded here (not acknowledged: main sends it again);
 * - `discarded`: it cannot be stored (its dialogue was deleted, its result is missing or names
 *   another item); `reason` says why. Nothing is written.
 */
export type StoreJudgeItemResult = { kind: 'stored'; scoreId: string; status: 'valid' | 'failed' } | { kind: 'unknown-job' } | { kind: 'discarded'; reason: string };

/** The call as kept on the score row: its raw answer cut short (a runaway answer must not bloat every report read). */
export function keptCall(call: StoredCall): StoredCall {
  return call.raw.length > MAX_STORED_RAW ? { ...call, raw: `${call.raw.slice(0, MAX_STORED_RAW)}…` } : call;
}

function scoresOf(payload: Extract<JudgeJobPayload, { status: 'valid' }>): JudgeLineScore[] {
  return payload.scores.map(({ rubric, score, rationale, expected }) => ({ rubric, score, rationale, ...(expected === undefined ? {} : { expected }) }));
}

/** Whether a judge job is recorded here (the jobs store routes items by it when main's snapshot is not known yet). */
export async function isJudgeJob(db: MaieuticDb, jobId: string): Promise<boolean> {
  return (await judgeJobMode(db, jobId)) !== null;
}

/** The mode of the judge run recorded for a job: score runs, pairwise runs, or null when the job is no judge job of this profile. */
export async function judgeJobMode(db: MaieuticDb, jobId: string): Promise<'scores' | 'pairwise' | null> {
  const run = await db.judgeRuns.get(jobId);
  if (run?.source !== 'job') return null;
  return run.mode === 'pairwise' ? 'pairwise' : 'scores';
}

/** Stores one finished item of a judge job in ONE transaction (its score row and the run's counts). */
export async function storeJudgeItem(db: MaieuticDb, event: JobItemEvent<JudgeJobPayload>): Promise<StoreJudgeItemResult> {
  return db.transaction('rw', [db.judgeRuns, db.judgeScores, db.dialogues], async (): Promise<StoreJudgeItemResult> => {
    const run = await db.judgeRuns.get(event.jobId);
    if (!run || run.source !== 'job' || run.mode === 'pairwise') return { kind: 'unknown-job' };
    const { itemId, connectionId, sample } = event.item;
    const connection = run.jobConnections?.find((candidate) => candidate.connectionId === connectionId);
    if (!connection) return { kind: 'discarded', reason: `the run has no judge for connection ${connectionId}` };
    const result = judgeJobResult(event.outcome);
    // a failure without a result (the endpoint refused, the job stopped) is still a failed line: counted, never averaged
    if (result && (result.dialogueId !== itemId || result.connectionId !== connectionId || result.sample !== sample)) {
      return { kind: 'discarded', reason: 'the result names another dialogue, connection or sample than its item' };
    }
    if (event.outcome.ok && !result) return { kind: 'discarded', reason: 'the result holds no scores' };
    const dialogue = await db.dialogues.get(itemId);
    if (!dialogue || dialogue.datasetId !== run.datasetId) return { kind: 'discarded', reason: 'the dialogue is no longer in the data set' };

    const id = judgeScoreId(run.id, itemId, connection.judge, sample);
    const base = { id, runId: run.id, dialogueId: itemId, group: dialogue.teacherModel, externalId: dialogue.externalId, judge: connection.judge, sample };
    const call = result ? { call: keptCall(result.call) } : {};
    const row: JudgeScoreRow =
      result?.status === 'valid'
        ? { ...base, status: 'valid', scores: scoresOf(result), ...call }
        : { ...base, status: 'failed', scores: [], reason: result?.status === 'failed' ? result.reasons.join('; ') : event.outcome.ok ? '' : event.outcome.reason, ...call };
    const before = await db.judgeScores.get(id);
    await db.judgeScores.put(checkedRow('judgeScores', row));
    const lines = run.lines + (before ? 0 : 1);
    const failed = run.failed - (before?.status === 'failed' ? 1 : 0) + (row.status === 'failed' ? 1 : 0);
    await db.judgeRuns.update(run.id, { lines, failed, samples: Math.max(run.samples, sample + 1) });
    return { kind: 'stored', scoreId: id, status: row.status };
  });
}
