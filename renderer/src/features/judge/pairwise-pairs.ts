/**
 * The drill-down rows of a pairwise run: one per judge × pair × sample, both orders' verdicts
 * side by side and what they come to (a consistent win or tie, inconsistent, incomplete).
 */
import { modelVerdict, type ModelVerdict } from '../../../../shared/judge/pairwise';
import type { OrderVerdict } from '../../../../shared/judge/pairwise';
import type { PairwiseRunPair, PairwiseVerdictRow } from '../../../../shared/model/pairwise';

export type PairOutcome = 'A' | 'B' | 'tie' | 'inconsistent' | 'incomplete';

export interface PairDrillRow {
  key: string;
  judge: string;
  sample: number;
  pair: PairwiseRunPair;
  ab: PairwiseVerdictRow | null;
  ba: PairwiseVerdictRow | null;
  outcome: PairOutcome;
}

function winnerOf(row: PairwiseVerdictRow | null): ModelVerdict | null {
  return row?.status === 'valid' && row.verdict ? modelVerdict(row.order, row.verdict) : null;
}

export function pairOutcome(ab: PairwiseVerdictRow | null, ba: PairwiseVerdictRow | null): PairOutcome {
  const one = winnerOf(ab);
  const other = winnerOf(ba);
  if (one === null || other === null) return 'incomplete';
  return one === other ? one : 'inconsistent';
}

/** Every pair of the run for every judge and sample seen, in the run's pair order; a pair nothing was stored for yet is incomplete. */
export function pairDrillRows(pairs: readonly PairwiseRunPair[], verdicts: readonly PairwiseVerdictRow[], judges: readonly string[]): PairDrillRow[] {
  const byKey = new Map<string, PairwiseVerdictRow>();
  const samples = new Set<number>([0]);
  for (const row of verdicts) {
    byKey.set(JSON.stringify([row.judge, row.pairId, row.sample, row.order]), row);
    samples.add(row.sample);
  }
  const rows: PairDrillRow[] = [];
  for (const judge of judges) {
    for (const sample of [...samples].sort((a, b) => a - b)) {
      for (const pair of pairs) {
        const ab = byKey.get(JSON.stringify([judge, pair.id, sample, 'ab'])) ?? null;
        const ba = byKey.get(JSON.stringify([judge, pair.id, sample, 'ba'])) ?? null;
        rows.push({ key: JSON.stringify([judge, pair.id, sample]), judge, sample, pair, ab, ba, outcome: pairOutcome(ab, ba) });
      }
    }
  }
  return rows;
}

/** The verdict rows as pairwiseSummary reads them (a failed answer is no verdict). */
export function orderVerdictsOf(verdicts: readonly PairwiseVerdictRow[]): OrderVerdict[] {
  return verdicts.map((row) => ({ judge: row.judge, pairId: row.pairId, order: row.order, sample: row.sample, verdict: row.status === 'valid' ? (row.verdict ?? null) : null }));
}
