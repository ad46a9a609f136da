/**
 * Pairwise judge runs (issue 13's pairwise mode): a `judge-pairwise` job is one judge run of a
 * data set with `mode: 'pairwise'` (its id the job's id), and each finished item — one pair ×
 * order × judge connection × sample — one PairwiseVerdictRow, written in one transaction with
 * the run's counts. Ids are deterministic, so an item delivered again rewrites the same row.
 */
import type { JobItemEvent } from '../../../../shared/jobs';
import type { Pairing } from '../../../../shared/judge/pairing';
import { parsePairwiseItemId, pairwiseJobResult, type PairwiseJobPayload } from '../../../../shared/judge/pairwise-job';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import type { RubricSet } from '../../../../shared/judge/types';
import type { JudgeJobConnection, JudgeRunRow } from '../../../../shared/model/judge';
import { MAX_UNPAIRED_KEPT, pairwiseVerdictId, type PairwiseRunInfo, type PairwiseVerdictRow } from '../../../../shared/model/pairwise';
import type { MaieuticDb } from '../db';
import { rubricSetRow } from './judge';
import { judgeNamesOf, keptCall, type JudgeJobConnectionRef, type StoreJudgeItemResult } from './judge-jobs';
import { ValidationError } from './validate';

/** What a run keeps of a pairing (its dialogue ids are the data set's). */
export function pairwiseRunInfo(pairing: Pairing): PairwiseRunInfo {
  return {
    groupA: pairing.groupA,
    groupB: pairing.groupB,
    pairs: pairing.pairs.map(({ id, a, b, topicId, studentId, repeatId }) => ({ id, a, b, topicId, studentId, repeatId })),
    unpaired: pairing.unpaired.slice(0, MAX_UNPAIRED_KEPT),
    unpairedCount: pairing.unpaired.length,
  };
}

export interface RegisterPairwiseJobInput {
  jobId: string;
  datasetId: string;
  name: string;
  rubricSet: RubricSet;
  connections: readonly JudgeJobConnectionRef[];
  samples: number;
  pairing: Pairing;
  settings: Record<string, unknown>;
  now?: Date;
}

/** Records a started pairwise job as an empty pairwise run of its data set, in one transaction; registering it again changes nothing. */
export async function registerPairwiseJob(db: MaieuticDb, input: RegisterPairwiseJobInput): Promise<JudgeRunRow> {
  const createdAt = (input.now ?? new Date()).toISOString();
  const names = judgeNamesOf(input.connections);
  const setRow = rubricSetRow(input.rubricSet, createdAt);
  return db.transaction('rw', [db.datasets, db.judgeRuns, db.rubricSets], async () => {
    const existing = await db.judgeRuns.get(input.jobId);
    if (existing) return existing;
    if (!(await db.datasets.get(input.datasetId))) throw new ValidationError('The data set of the judge run no longer exists.');
    if (!(await db.rubricSets.get(setRow.id))) await db.rubricSets.add(setRow);
    const run: JudgeRunRow = {
      id: input.jobId,
      datasetId: input.datasetId,
      name: input.name.trim() || `${input.pairing.groupA} vs ${input.pairing.groupB}`,
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
      mode: 'pairwise',
      pairwise: pairwiseRunInfo(input.pairing),
    };
    await db.judgeRuns.add(run);
    return run;
  });
}

/** Stores one finished item of a pairwise job in ONE transaction (its verdict row and the run's counts). A failed item is stored failed, with its reasons, and is never a verdict. */
export async function storePairwiseItem(db: MaieuticDb, event: JobItemEvent<PairwiseJobPayload>): Promise<StoreJudgeItemResult> {
  return db.transaction('rw', [db.judgeRuns, db.pairwiseVerdicts], async (): Promise<StoreJudgeItemResult> => {
    const run = await db.judgeRuns.get(event.jobId);
    if (!run || run.source !== 'job' || run.mode !== 'pairwise' || !run.pairwise) return { kind: 'unknown-job' };
    const { itemId, connectionId, sample } = event.item;
    const connection = run.jobConnections?.find((candidate) => candidate.connectionId === connectionId);
    if (!connection) return { kind: 'discarded', reason: `the run has no judge for connection ${connectionId}` };
    const parsed = parsePairwiseItemId(itemId);
    const pair = parsed ? run.pairwise.pairs.find((candidate) => candidate.id === parsed.pairId) : undefined;
    if (!parsed || !pair) return { kind: 'discarded', reason: `the item ${itemId} names no pair of the run` };
    const result = pairwiseJobResult(event.outcome);
    if (result && (result.pairId !== parsed.pairId || result.order !== parsed.order || result.connectionId !== connectionId || result.sample !== sample)) {
      return { kind: 'discarded', reason: 'the result names another pair, order, connection or sample than its item' };
    }
    if (event.outcome.ok && !result) return { kind: 'discarded', reason: 'the result holds no verdict' };

    const id = pairwiseVerdictId(run.id, pair.id, parsed.order, connection.judge, sample);
    const base = { id, runId: run.id, pairId: pair.id, order: parsed.order, dialogueA: pair.a, dialogueB: pair.b, groupA: run.pairwise.groupA, groupB: run.pairwise.groupB, judge: connection.judge, sample };
    const call = result ? { call: keptCall(result.call) } : {};
    const row: PairwiseVerdictRow =
      result?.status === 'valid'
        ? { ...base, status: 'valid', verdict: result.verdict, winner: result.winner, rationale: result.rationale, ...call }
        : { ...base, status: 'failed', reason: result?.status === 'failed' ? result.reasons.join('; ') : event.outcome.ok ? '' : event.outcome.reason, ...call };
    const before = await db.pairwiseVerdicts.get(id);
    await db.pairwiseVerdicts.put(row);
    const lines = run.lines + (before ? 0 : 1);
    const failed = run.failed - (before?.status === 'failed' ? 1 : 0) + (row.status === 'failed' ? 1 : 0);
    await db.judgeRuns.update(run.id, { lines, failed, samples: Math.max(run.samples, sample + 1) });
    return { kind: 'stored', scoreId: id, status: row.status };
  });
}

export function pairwiseVerdictsOfRun(db: MaieuticDb, runId: string): Promise<PairwiseVerdictRow[]> {
  return db.pairwiseVerdicts.where('runId').equals(runId).toArray();
}
