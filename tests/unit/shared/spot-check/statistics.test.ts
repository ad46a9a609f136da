/**
 * The spot-check's statistics against published values: Newcombe (1998), "Two-sided confidence
 * intervals for the single proportion: comparison of seven methods", Statistics in Medicine 17,
 * Table I, method 3 (Wilson score without continuity correction), rounded to 4 decimals as
 * printed there; Cochran (1977) sample sizes for a proportion (n0 = 384.15 → 385 at e = 0.05,
 * p = 0.5; 277.7 → 278 of N = 1000); a stratified estimate worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { sampleSizeFor, stratifiedErrorRate, wilsonInterval, Z_95 } from '../../../../shared/spot-check';

const round4 = (value: number) => Math.round(value * 10000) / 10000;

describe('wilsonInterval (Newcombe 1998, Table I, method 3)', () => {
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i → %f – %f', (errors, n, low, high) => {
    const interval = wilsonInterval(errors, n);
    expect(interval.rate).toBeCloseTo(errors / n, 12);
    expect(round4(interval.low)).toBe(low);
    expect(round4(interval.high)).toBe(high);
  });

  it('is [0, 1] with no observation and exactly 1 at the top when every item is wrong', () => {
    expect(wilsonInterval(0, 0)).toEqual({ rate: null, low: 0, high: 1 });
    expect(wilsonInterval(20, 20).high).toBe(1);
    expect(() => wilsonInterval(3, 2)).toThrow(/not a proportion/);
  });

  it('uses z = 1.959963984540054', () => {
    expect(Z_95).toBe(1.959963984540054);
  });
});

describe('sampleSizeFor (Cochran 1977, eq. 4.1–4.2)', () => {
  it('e = 0.05, p = 0.5: 385 unbounded, 278 of 1000, 218 of 500', () => {
    expect(sampleSizeFor({ margin: 0.05 })).toBe(385);
    expect(sampleSizeFor({ margin: 0.05, population: 1000 })).toBe(278);
    expect(sampleSizeFor({ margin: 0.05, population: 500 })).toBe(218);
  });

  it('e = 0.03 → 1068; an expected rate of 10% at e = 0.05 → 139 (3.8415 × 0.09 / 0.0025 = 138.3)', () => {
    expect(sampleSizeFor({ margin: 0.03 })).toBe(1068);
    expect(sampleSizeFor({ margin: 0.05, expectedRate: 0.1 })).toBe(139);
  });

  it('never more than the population; a margin outside (0, 1) is refused', () => {
    expect(sampleSizeFor({ margin: 0.01, population: 50 })).toBeLessThanOrEqual(50);
    expect(sampleSizeFor({ margin: 0.05, population: 0 })).toBe(0);
    expect(() => sampleSizeFor({ margin: 0 })).toThrow(/margin/);
  });
});

describe('stratifiedErrorRate', () => {
  it('weights each stratum by its population share: 0.9 × 1/10 + 0.1 × 5/10 = 0.14', () => {
    const estimate = stratifiedErrorRate([
      { key: 'a', population: 900, n: 10, errors: 1 },
      { key: 'b', population: 100, n: 10, errors: 5 },
    ]);
    expect(estimate.rate).toBeCloseTo(0.14, 12);
    // variance 0.81 × 0.09 / 10 + 0.01 × 0.25 / 10 = 0.00754; n_eff = 0.14 × 0.86 / 0.00754 = 15.968
    expect(estimate.effectiveN).toBeCloseTo(15.968, 3);
    // Wilson bounds of 0.14 on n = 15.968, worked out separately
    expect(round4(estimate.low)).toBe(0.0418);
    expect(round4(estimate.high)).toBe(0.3778);
  });

  it('is the plain Wilson interval for one stratum; leaves out strata with no observation', () => {
    const one = stratifiedErrorRate([{ key: 'all', population: 1000, n: 263, errors: 81 }]);
    expect(round4(one.low)).toBe(0.2553);
    expect(round4(one.high)).toBe(0.3662);
    const withEmpty = stratifiedErrorRate([
      { key: 'a', population: 500, n: 20, errors: 0 },
      { key: 'b', population: 500, n: 0, errors: 0 },
    ]);
    expect(withEmpty.rate).toBe(0);
    expect(round4(withEmpty.high)).toBe(0.1611);
    expect(stratifiedErrorRate([])).toEqual({ rate: null, low: 0, high: 1, effectiveN: 0 });
  });

  it('caps the effective size at the sample (a design effect below 1 counts as 1)', () => {
    // proportional allocation: n_eff would be 53.5 of a sample of 50
    const estimate = stratifiedErrorRate([
      { key: 'a', population: 600, n: 30, errors: 3 },
      { key: 'b', population: 400, n: 20, errors: 6 },
    ]);
    expect(estimate.rate).toBeCloseTo(0.18, 12);
    expect(estimate.effectiveN).toBe(50);
  });
});
