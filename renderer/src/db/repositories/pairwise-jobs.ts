/**
 * Pairwise judge runs (issue 13's pairwise mode): a `judge-pairwise` job is one judge run of a
 * data set with `mode: 'pairwise'` (its id the job's id), and each finished item — one pair ×
 * order × judge connection × sample — one PairwiseVerdictRow, written in one transaction with
 * the run's counts. Ids are deterministic, so an item delivered again rewrites the same row.
 */
import type { JobItemEvent } from '../../../../shared/jobs';
import type { Pairing } from '../../../../shared/judge/pairing';
import { parsePairwiseItemId, pairwiseJobResult, type PairwiseJobPayload } from '../../../../shared/judge/pairwise-job';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import { MAX_UNPAIRED_KEPT, pairwiseVerdictId, type PairwiseRunInfo, type PairwiseVerdictRow } from '../../../../shared/model/pairwise';
import type { MaieuticDb } from '../db';
import { keptCall, registerJobRun, type RegisterJudgeJobInput, type StoreJudgeItemResult } from './judge-jobs';
import { checkedRow } from './row-checks';

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

export interface RegisterPairwiseJobInput extends RegisterJudgeJobInput {
  pairing: Pairing;
}

/** Records a started pairwise job as an empty pairwise run of its data set, in one transaction; registering it again changes nothing. */
export function registerPairwiseJob(db: MaieuticDb, input: RegisterPairwiseJobInput): Promise<JudgeRunRow> {
  return registerJobRun(db, input, `${input.pairing.groupA} vs ${input.pairing.groupB}`, { mode: 'pairwise', pairwise: pairwiseRunInfo(input.pairing) });
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
    await db.pairwiseVerdicts.put(checkedRow('pairwiseVerdicts', row));
    const lines = run.lines + (before ? 0 : 1);
    const failed = run.failed - (before?.status === 'failed' ? 1 : 0) + (row.status === 'failed' ? 1 : 0);
    await db.judgeRuns.update(run.id, { lines, failed, samples: Math.max(run.samples, sample + 1) });
    return { kind: 'stored', scoreId: id, status: row.status };
  });
}

export function pairwiseVerdictsOfRun(db: MaieuticDb, runId: string): Promise<PairwiseVerdictRow[]> {
  return db.pairwiseVerdicts.where('runId').equals(runId).toArray();
}
