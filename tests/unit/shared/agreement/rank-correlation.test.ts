/** Correlations between raters, agreement references doc §5 (anxiety, derived with scipy and irr's formula). */
import { describe, expect, it } from 'vitest';
import { averageRanks, kendallTauB, kendallW, pearson, spearman } from '../../../../shared/agreement';
import { ANXIETY } from '../../../fixtures/agreement/reference-data';
import { expectDerived } from './support';

const scores = ANXIETY.map((row) => row.map(Number));
const r1 = scores.map((row) => row[0]);
const r2 = scores.map((row) => row[1]);

describe('anxiety r1 vs r2 (scipy, derived)', () => {
  it('Pearson 0.29974463809210333, Spearman 0.42219382265555966, Kendall tau-b 0.3380152922565091', () => {
    expectDerived(pearson(r1, r2).value, 0.29974463809210333);
    expectDerived(spearman(r1, r2).value, 0.42219382265555966);
    expectDerived(kendallTauB(r1, r2).value, 0.3380152922565091);
    expect(pearson(r1, r2).n).toBe(20);
  });
});

describe("Kendall's W over the three anxiety raters (irr kendall(anxiety, TRUE))", () => {
  it('W 0.501921470342523, tie-corrected W_t 0.5396568759543698, χ² = m(n − 1)W_t 30.760441929399082', () => {
    const result = kendallW(scores);
    expectDerived(result.uncorrected, 0.501921470342523);
    expectDerived(result.value, 0.5396568759543698);
    expectDerived(result.chiSquare, 30.760441929399082);
    expect(result).toMatchObject({ n: 20, raters: 3, degreesOfFreedom: 19 });
  });
});

describe('ranks and undefined cases', () => {
  it('ties share their average rank', () => {
    expect(averageRanks([10, 20, 10, 30, 20, 20])).toEqual([1.5, 4, 1.5, 6, 4, 4]);
  });

  it('a constant rater makes every correlation null with a reason', () => {
    const constant = r1.map(() => 3);
    for (const result of [pearson(constant, r2), spearman(constant, r2), kendallTauB(constant, r2)]) {
      expect(result.value).toBeNull();
      expect(result.reason).toMatch(/same score/);
    }
    expect(kendallW([[1, 1], [1, 1]]).value).toBeNull();
  });
});

describe('Kendall tau-b in O(n log n) equals the pair-by-pair definition', () => {
  /** tau-b straight from its definition, every pair once: (C − D) / √((n₀ − n₁)(n₀ − n₂)). */
  function pairByPair(x: readonly number[], y: readonly number[]): number {
    let concordant = 0;
    let discordant = 0;
    let onlyX = 0;
    let onlyY = 0;
    for (let i = 0; i < x.length; i++) {
      for (let j = i + 1; j < x.length; j++) {
        const product = (x[i] - x[j]) * (y[i] - y[j]);
        if (product > 0) concordant++;
        else if (product < 0) discordant++;
        else if (x[i] === x[j] && y[i] !== y[j]) onlyX++;
        else if (y[i] === y[j] && x[i] !== x[j]) onlyY++;
      }
    }
    return (concordant - discordant) / Math.sqrt((concordant + discordant + onlyX) * (concordant + discordant + onlyY));
  }

  // few distinct values take the table path, many the merge-sort path: both are tried
  it.each([
    ['tie-heavy 1–5 scores', (next: () => number) => 1 + Math.floor(next() * 5), (next: () => number) => 1 + Math.floor(next() * 5)],
    ['half-point expert means', (next: () => number) => 1 + Math.floor(next() * 5), (next: () => number, x: number) => (x + 1 + Math.floor(next() * 5)) / 2],
    ['one-decimal values 0–10 (ties, 101 × 101 cells)', (next: () => number) => Math.round(next() * 100) / 10, (next: () => number, x: number) => Math.round((x + next() * 5) * 10) / 10],
    ['continuous values', (next: () => number) => next(), (next: () => number, x: number) => x + next()],
  ])('on %s, seeded', (_, drawX, drawY) => {
    let state = 12345;
    const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let trial = 0; trial < 30; trial++) {
      const n = 2 + Math.floor(next() * 400);
      const x = Array.from({ length: n }, () => drawX(next));
      const y = x.map((value) => drawY(next, value));
      const expected = pairByPair(x, y);
      const result = kendallTauB(x, y).value;
      if (Number.isNaN(expected)) expect(result).toBeNull();
      else expect(result).toBeCloseTo(expected, 12);
    }
  });
});
