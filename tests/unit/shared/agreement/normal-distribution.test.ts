/** The normal tail against published values of erfc (Abramowitz & Stegun table 7.1 and its extensions). */
import { describe, expect, it } from 'vitest';
import { erfc, normalTwoSided, normalUpperTail, Z_975 } from '../../../../shared/agreement';

function expectRelative(actual: number, expected: number, tolerance: number): void {
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(tolerance);
}

describe('normal distribution', () => {
  it('erfc to about 13 significant digits, from the centre far into the tail', () => {
    const published: [number, number][] = [
      [0.5, 0.479500122186953462317],
      [1, 0.157299207050285130659],
      [2, 0.004677734981047265838],
      [3, 2.209049699858544137e-5],
      [5, 1.53745979442803485e-12],
      [10, 2.088487583762544757e-45],
      [-1, 1.842700792949714869341],
    ];
    for (const [x, value] of published) expectRelative(erfc(x), value, 1e-12);
  });

  it('z = 1.959964 leaves 5% in two tails and 2.5% in one', () => {
    expect(normalTwoSided(Z_975)).toBeCloseTo(0.05, 14);
    expect(normalTwoSided(-Z_975)).toBeCloseTo(0.05, 14);
    expect(normalUpperTail(Z_975)).toBeCloseTo(0.025, 14);
    expect(normalUpperTail(-Z_975)).toBeCloseTo(0.975, 14);
    expect(normalTwoSided(0)).toBe(1);
  });
});
