import { wilsonBounds } from '../spot-check/wilson';
import { pairVerdictsByJudge, pairwiseResult, type OrderVerdict, type PairwiseResult } from './pairwise';

/** What the pairwise view and its exports show for one judge, or for the panel (every judge's comparisons pooled). */
export interface PairwiseSummaryRow extends PairwiseResult {
  /** the judge's name; null for the panel row */
  judge: string | null;
  /** the 95% Wilson interval of winRateA on the consistent pairs; null when none was consistent */
  winRateAInterval: { low: number; high: number } | null;
}

/**
 * The 95% Wilson interval of A's win rate, ties counted as half a win, on the `consistent`
 * comparisons only (inconsistent ones are no verdict). The rate may be fractional (a tie), which
 * the score interval takes as it is.
 */
export function winRateInterval(result: Pick<PairwiseResult, 'winRateA' | 'consistent'>): { low: number; high: number } | null {
  if (result.winRateA === null || result.consistent === 0) return null;
  return wilsonBounds(result.winRateA, result.consistent);
}

/**
 * One row per judge in the order first seen, then — with more than one judge — the panel row:
 * every judge's comparisons pooled (each judge × pair × sample is one swapped comparison), so
 * the panel's inconsistency rate is the judges' mean weighted by what each judged.
 */
export function pairwiseSummary(verdicts: readonly OrderVerdict[]): PairwiseSummaryRow[] {
  const { byJudge } = pairVerdictsByJudge(verdicts);
  const rows: PairwiseSummaryRow[] = [...byJudge].map(([judge, pairs]) => {
    const result = pairwiseResult(pairs);
    return { judge, ...result, winRateAInterval: winRateInterval(result) };
  });
  if (byJudge.size > 1) {
    const pooled = pairwiseResult([...byJudge.values()].flat());
    rows.push({ judge: null, ...pooled, winRateAInterval: winRateInterval(pooled) });
  }
  return rows;
}
