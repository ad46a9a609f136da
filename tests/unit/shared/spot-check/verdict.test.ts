/**
 * The three verdicts against bounds worked by hand. z = 1.959963984540054, z² = 3.8414588207.
 * With 0 errors of n the Wilson upper bound is z²/(n + z²); with n errors of n the lower bound is
 * n/(n + z²); other bounds below were computed with the textbook formula
 * (p + z²/2n ± z √(p(1 − p)/n + z²/4n²)) / (1 + z²/n) in a separate script, four decimals.
 * n0, the smallest n at which 0 errors pass: n > z²(1 − t)/t, so for t = 0.1: 3.8415 × 9 = 34.57
 * → 35 (0/34: U = 3.8415/37.8415 = 0.1015, 0/35: U = 3.8415/38.8415 = 0.0989); t = 0.05:
 * 3.8415 × 19 = 72.99 → 73 (0/72: 0.0507, 0/73: 0.04999); t = 0.2: 3.8415 × 4 = 15.37 → 16
 * (0/15: 0.2039, 0/16: 0.1936); t = 1: 0 → 1.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reviewsNeeded, verdictOf, wilsonInterval, Z_95 } from '../../../../shared/spot-check';

const Z2 = Z_95 * Z_95;
const cleanUpper = (n: number) => Z2 / (n + Z2);
const verdict = (errors: number, n: number, threshold: number) => verdictOf(wilsonInterval(errors, n), n, threshold);

describe('reviewsNeeded (n0)', () => {
  it.each([
    [0.1, 35],
    [0.05, 73],
    [0.2, 16],
    [1, 1],
  ])('threshold %f → %i', (threshold, n0) => {
    expect(reviewsNeeded(threshold)).toBe(n0);
    expect(cleanUpper(n0)).toBeLessThan(threshold);
    if (n0 > 1) expect(cleanUpper(n0 - 1)).toBeGreaterThanOrEqual(threshold);
  });

  it('agrees with the hand-computed clean bounds at t = 0.1', () => {
    expect(cleanUpper(34)).toBeCloseTo(0.1015, 4);
    expect(cleanUpper(35)).toBeCloseTo(0.0989, 4);
    expect(wilsonInterval(0, 34).high).toBeCloseTo(cleanUpper(34), 12);
    expect(wilsonInterval(0, 35).high).toBeCloseTo(cleanUpper(35), 12);
  });

  it('refuses a threshold outside (0, 1]', () => {
    expect(() => reviewsNeeded(0)).toThrow(/threshold/);
    expect(() => reviewsNeeded(1.5)).toThrow(/threshold/);
  });
});

describe('verdictOf at t = 0.1 (n0 = 35)', () => {
  it('no reviewed value is not a fail: insufficient', () => {
    expect(verdict(0, 0, 0.1)).toBe('insufficient');
  });

  it('0 of 3 (U = 3.8415/6.8415 = 0.5615) is insufficient, not a fail', () => {
    expect(wilsonInterval(0, 3).high).toBeCloseTo(0.5615, 4);
    expect(verdict(0, 3, 0.1)).toBe('insufficient');
  });

  it('0 of 34 (U 0.1015) is still insufficient; 0 of 35 (U 0.0989) passes', () => {
    expect(verdict(0, 34, 0.1)).toBe('insufficient');
    expect(verdict(0, 35, 0.1)).toBe('pass');
  });

  it('1 of 20 (0.0089 – 0.2361) is insufficient; 3 of 3 (L = 3/6.8415 = 0.4385 > 0.1) fails on few values', () => {
    expect(wilsonInterval(1, 20).high).toBeCloseTo(0.2361, 4);
    expect(verdict(1, 20, 0.1)).toBe('insufficient');
    expect(wilsonInterval(3, 3).low).toBeCloseTo(3 / (3 + Z2), 12);
    expect(wilsonInterval(3, 3).low).toBeCloseTo(0.4385, 4);
    expect(verdict(3, 3, 0.1)).toBe('fail');
  });

  it('2 of 35 (0.0158 – 0.1861) and 1 of 35 (0.0051 – 0.1453) fail: enough was reviewed and the bound stayed above', () => {
    expect(wilsonInterval(2, 35).low).toBeCloseTo(0.0158, 4);
    expect(wilsonInterval(2, 35).high).toBeCloseTo(0.1861, 4);
    expect(wilsonInterval(1, 35).high).toBeCloseTo(0.1453, 4);
    expect(verdict(2, 35, 0.1)).toBe('fail');
    expect(verdict(1, 35, 0.1)).toBe('fail');
  });

  it('3 of 40 (0.0258 – 0.1986) fails; 1 of 60 (0.0029 – 0.0886) passes', () => {
    expect(wilsonInterval(3, 40).high).toBeCloseTo(0.1986, 4);
    expect(verdict(3, 40, 0.1)).toBe('fail');
    expect(wilsonInterval(1, 60).high).toBeCloseTo(0.0886, 4);
    expect(verdict(1, 60, 0.1)).toBe('pass');
  });
});

describe('verdictOf at other thresholds', () => {
  it('t = 0.05: 0 of 72 (U 0.0507) insufficient, 0 of 73 (U 0.04999) pass', () => {
    expect(verdict(0, 72, 0.05)).toBe('insufficient');
    expect(verdict(0, 73, 0.05)).toBe('pass');
  });

  it('t = 1: 0 of 1 (U 0.7935) passes, 1 of 1 (U = 1, n ≥ n0 = 1) fails', () => {
    expect(verdict(0, 1, 1)).toBe('pass');
    expect(verdict(1, 1, 1)).toBe('fail');
  });
});

describe('the rule as properties', () => {
  const cases = fc.record({ threshold: fc.double({ min: 0.01, max: 1, noNaN: true }), n: fc.integer({ min: 0, max: 600 }), share: fc.double({ min: 0, max: 1, noNaN: true }) });

  it('pass exactly when U < t; fail exactly when L > t or (n ≥ n0 and U ≥ t); else insufficient', () => {
    fc.assert(
      fc.property(cases, ({ threshold, n, share }) => {
        const errors = Math.round(share * n);
        const bounds = wilsonInterval(errors, n);
        const needed = reviewsNeeded(threshold);
        const expected = n > 0 && bounds.high < threshold ? 'pass' : n > 0 && bounds.low > threshold ? 'fail' : n >= needed ? 'fail' : 'insufficient';
        expect(verdictOf(bounds, n, threshold)).toBe(expected);
      }),
    );
  });

  it('from n0 reviewed values on, every field gets a pass or a fail; below it a clean sample never passes', () => {
    fc.assert(
      fc.property(cases, ({ threshold, share }) => {
        const needed = reviewsNeeded(threshold);
        const errors = Math.round(share * needed);
        expect(verdict(errors, needed, threshold)).not.toBe('insufficient');
        if (needed > 1) expect(verdict(0, needed - 1, threshold)).not.toBe('pass');
      }),
    );
  });
});
