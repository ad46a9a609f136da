/**
 * Pairwise mode (MT-Bench's swap): two teacher models' dialogues for the same topic and student,
 * shown to the judge once as (A, B) and once as (B, A). A verdict names a position; mapped back
 * to models, the two orders agree or they do not. Only consistent verdicts are counted as wins
 * or ties; the share of inconsistent pairs is the position-inconsistency rate.
 */

/** What the judge answered: the dialogue shown first, the one shown second, or a tie. */
export type PositionVerdict = 'first' | 'second' | 'tie';

export interface PairVerdicts {
  /** the pair's id (topic and student) */
  pair: string;
  /** A shown first */
  ab: PositionVerdict | null;
  /** B shown first */
  ba: PositionVerdict | null;
}

export type ModelVerdict = 'A' | 'B' | 'tie';

export interface PairwiseResult {
  /** pairs with both orders judged */
  judged: number;
  /** pairs missing one or both verdicts (failed answers): not counted anywhere else */
  incomplete: number;
  consistent: number;
  inconsistent: number;
  winsA: number;
  winsB: number;
  ties: number;
  /** inconsistent / judged; null when nothing was judged */
  positionInconsistencyRate: number | null;
  /** (winsA + ties/2) / consistent; null when no verdict was consistent */
  winRateA: number | null;
  /** among inconsistent pairs, how many favoured whichever dialogue was shown first in both orders (position bias) */
  firstPositionFavoured: number;
}

export function modelVerdict(order: 'ab' | 'ba', verdict: PositionVerdict): ModelVerdict {
  if (verdict === 'tie') return 'tie';
  const firstIsA = order === 'ab';
  return (verdict === 'first') === firstIsA ? 'A' : 'B';
}

export function pairwiseResult(pairs: readonly PairVerdicts[]): PairwiseResult {
  const result: PairwiseResult = { judged: 0, incomplete: 0, consistent: 0, inconsistent: 0, winsA: 0, winsB: 0, ties: 0, positionInconsistencyRate: null, winRateA: null, firstPositionFavoured: 0 };
  for (const { ab, ba } of pairs) {
    if (ab === null || ba === null) {
      result.incomplete++;
      continue;
    }
    result.judged++;
    const one = modelVerdict('ab', ab);
    const other = modelVerdict('ba', ba);
    if (one !== other) {
      result.inconsistent++;
      if (ab === 'first' && ba === 'first') result.firstPositionFavoured++;
      continue;
    }
    result.consistent++;
    if (one === 'A') result.winsA++;
    else if (one === 'B') result.winsB++;
    else result.ties++;
  }
  if (result.judged > 0) result.positionInconsistencyRate = result.inconsistent / result.judged;
  if (result.consistent > 0) result.winRateA = (result.winsA + result.ties / 2) / result.consistent;
  return result;
}

/** One judged order of a pair, from a job payload or a results line; `verdict` null when the answer failed. */
export interface OrderVerdict {
  judge: string;
  pairId: string;
  order: 'ab' | 'ba';
  sample: number;
  verdict: PositionVerdict | null;
}

/**
 * The pairs of each judge, ready for pairwiseResult: the two orders of one pair and sample make
 * one entry (each sample is its own swapped comparison). A second verdict for the same judge,
 * pair, order and sample is not read (`duplicates` counts them): a resumed run that wrote a line
 * twice must not count a pair twice. Judges in the order first seen.
 */
export function pairVerdictsByJudge(verdicts: readonly OrderVerdict[]): { byJudge: Map<string, PairVerdicts[]>; duplicates: number } {
  const byJudge = new Map<string, Map<string, PairVerdicts>>();
  const seen = new Set<string>();
  let duplicates = 0;
  for (const entry of verdicts) {
    let pairs = byJudge.get(entry.judge);
    if (!pairs) byJudge.set(entry.judge, (pairs = new Map()));
    const key = JSON.stringify([entry.pairId, entry.sample]);
    let pair = pairs.get(key);
    if (!pair) pairs.set(key, (pair = { pair: entry.sample === 0 ? entry.pairId : `${entry.pairId}#${entry.sample}`, ab: null, ba: null }));
    const orderKey = JSON.stringify([entry.judge, entry.pairId, entry.sample, entry.order]);
    if (seen.has(orderKey)) {
      duplicates++;
      continue;
    }
    seen.add(orderKey);
    pair[entry.order] = entry.verdict;
  }
  return { byJudge: new Map([...byJudge].map(([judge, pairs]) => [judge, [...pairs.values()]])), duplicates };
}
