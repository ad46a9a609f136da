import { describe, expect, it } from 'vitest';
import type { OrderVerdict, PositionVerdict } from '../../../../shared/judge/pairwise';
import { pairwiseSummary, winRateInterval } from '../../../../shared/judge/pairwise-summary';

/** `n` consistent pairs won by `winner` for `judge` (A wins: "first" when A is first, "second" when B is). */
function pairs(judge: string, winner: 'A' | 'B' | 'tie' | 'first-both', n: number, from = 0): OrderVerdict[] {
  const [ab, ba]: [PositionVerdict, PositionVerdict] = winner === 'A' ? ['first', 'second'] : winner === 'B' ? ['second', 'first'] : winner === 'tie' ? ['tie', 'tie'] : ['first', 'first'];
  return Array.from({ length: n }, (_, index) => [
    { judge, pairId: `p${from + index}`, order: 'ab' as const, sample: 0, verdict: ab },
    { judge, pairId: `p${from + index}`, order: 'ba' as const, sample: 0, verdict: ba },
  ]).flat();
}

describe('pairwise summary', () => {
  it("gives the Wilson interval of Newcombe (1998), Table I, method 3: 81/263 → 0.2553–0.3662, 15/148 → 0.0624–0.1605", () => {
    const first = winRateInterval({ winRateA: 81 / 263, consistent: 263 })!;
    expect(first.low).toBeCloseTo(0.2553, 4);
    expect(first.high).toBeCloseTo(0.3662, 4);
    const [row] = pairwiseSummary([...pairs('j', 'A', 15), ...pairs('j', 'B', 133, 15)]);
    expect(row.winRateA).toBeCloseTo(15 / 148, 12);
    expect(row.winRateAInterval!.low).toBeCloseTo(0.0624, 4);
    expect(row.winRateAInterval!.high).toBeCloseTo(0.1605, 4);
  });

  it('counts ties as half a win on consistent pairs only, and leaves inconsistent pairs out of the rate', () => {
    const [row] = pairwiseSummary([...pairs('j', 'A', 3), ...pairs('j', 'tie', 2, 3), ...pairs('j', 'B', 1, 5), ...pairs('j', 'first-both', 4, 6)]);
    expect(row).toMatchObject({ judge: 'j', judged: 10, consistent: 6, inconsistent: 4, winsA: 3, ties: 2, winsB: 1, firstPositionFavoured: 4 });
    expect(row.positionInconsistencyRate).toBeCloseTo(0.4, 12);
    expect(row.winRateA).toBeCloseTo(4 / 6, 12);
  });

  it('adds a panel row pooling every judge when there are several, none for one', () => {
    expect(pairwiseSummary(pairs('one', 'A', 2)).map((row) => row.judge)).toEqual(['one']);
    const rows = pairwiseSummary([...pairs('x', 'A', 2), ...pairs('y', 'first-both', 2)]);
    expect(rows.map((row) => row.judge)).toEqual(['x', 'y', null]);
    expect(rows[2]).toMatchObject({ judged: 4, consistent: 2, inconsistent: 2, winsA: 2, positionInconsistencyRate: 0.5, winRateA: 1 });
    expect(rows[1].winRateAInterval).toBeNull();
  });
});
