import { describe, expect, it } from 'vitest';
import { passAtK, summarisePassAtK } from '../../../../shared/scenario';

describe('passAtK', () => {
  it('matches hand-computed values of 1 − C(n−c, k)/C(n, k)', () => {
    expect(passAtK(5, 2, 2)).toBeCloseTo(1 - 3 / 10, 12); // C(3,2) = 3, C(5,2) = 10
    expect(passAtK(10, 3, 5)).toBeCloseTo(1 - 21 / 252, 12); // C(7,5) = 21, C(10,5) = 252
    expect(passAtK(20, 1, 10)).toBeCloseTo(0.5, 12); // C(19,10)/C(20,10) = 10/20
    expect(passAtK(6, 2, 3)).toBeCloseTo(1 - 4 / 20, 12); // C(4,3) = 4, C(6,3) = 20
  });

  it('is c/n for k = 1', () => {
    for (const [n, c] of [[1, 0], [1, 1], [5, 2], [7, 3], [100, 37]]) expect(passAtK(n, c, 1)).toBeCloseTo(c / n, 12);
  });

  it('handles n = k, c = 0 and c = n', () => {
    expect(passAtK(4, 0, 4)).toBe(0);
    expect(passAtK(4, 1, 4)).toBe(1);
    expect(passAtK(5, 0, 3)).toBe(0);
    expect(passAtK(5, 5, 1)).toBe(1);
    expect(passAtK(5, 5, 5)).toBe(1);
    expect(passAtK(5, 3, 3)).toBe(1); // n − c = 2 < k: every draw of 3 holds a correct one
  });

  it('stays finite where binomial coefficients overflow', () => {
    expect(passAtK(2000, 1000, 1)).toBeCloseTo(0.5, 12);
    expect(passAtK(2000, 1, 1000)).toBeCloseTo(0.5, 12);
  });

  it('refuses impossible counts', () => {
    expect(() => passAtK(5, 6, 1)).toThrow(RangeError);
    expect(() => passAtK(5, 2, 6)).toThrow(RangeError);
    expect(() => passAtK(5, 2, 0)).toThrow(RangeError);
    expect(() => passAtK(5, 1.5, 1)).toThrow(RangeError);
  });
});

describe('summarisePassAtK', () => {
  it('gives the mean and a Student-t interval across tasks', () => {
    // mean 0.5, sd = sqrt(0.02 / 3), t(0.975, 3) = 3.182446
    const summary = summarisePassAtK([0.4, 0.6, 0.5, 0.5]);
    expect(summary.tasks).toBe(4);
    expect(summary.mean).toBeCloseTo(0.5, 12);
    expect(summary.low).toBeCloseTo(0.5 - 3.182446 * Math.sqrt(0.02 / 3 / 4), 5);
    expect(summary.high).toBeCloseTo(0.5 + 3.182446 * Math.sqrt(0.02 / 3 / 4), 5);
  });

  it('clips to [0, 1] and collapses to the mean for one task', () => {
    expect(summarisePassAtK([0, 0.5, 1])).toMatchObject({ low: 0, high: 1, mean: 0.5 });
    expect(summarisePassAtK([0.3])).toEqual({ tasks: 1, mean: 0.3, low: 0.3, high: 0.3, level: 0.95 });
    expect(() => summarisePassAtK([])).toThrow(RangeError);
  });
});
