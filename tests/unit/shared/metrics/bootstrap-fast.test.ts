/**
 * The bootstrap sums columns in blocks (shared/metrics/bootstrap.ts); its intervals must equal,
 * to the bit, those of the row-by-row loop it replaced (tests/support/reference/bootstrap.ts),
 * for every seed: same draws, same additions in the same order.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapMeans } from '../../../../shared/metrics/bootstrap';
import { simdSumResamples } from '../../../../shared/metrics/bootstrap-simd/sum-resamples';
import { drawScale, indexAt, indexAtScaled, nextState, nextState32, seededRandom } from '../../../../shared/metrics/random';
import { referenceBootstrapMeans } from '../../../support/reference/bootstrap';

type Column = (number | null)[];

/** `width` columns of `rows` scores: fractions like the metrics', some with nulls, some constant. */
function seededColumns(seed: number, rows: number, width: number): Column[] {
  const next = seededRandom(seed);
  return Array.from({ length: width }, (_, c) => {
    const nullShare = c % 3 === 2 ? next() * 0.6 : 0;
    const constant = c === 4 ? Math.round(next() * 10) / 10 : null;
    return Array.from({ length: rows }, () => (next() < nullShare ? null : (constant ?? (next() < 0.5 ? Math.round(next() * 7) / 7 : next()))));
  });
}

// the WebAssembly SIMD loop runs wherever it can (Node and Chromium here); the JavaScript loop
// where it cannot (a CSP without 'wasm-unsafe-eval'): both must equal the reference
const SIMD = simdSumResamples();

it('the SIMD loop is available in Node, so the tests below run it and do not quietly fall back', () => {
  expect(SIMD).not.toBeNull();
});

describe.each([
  ['the SIMD loop', SIMD],
  ['the JavaScript loop', null],
])('bootstrapMeans with %s equals the reference loop bit for bit', (_engine, sumResamples) => {
  it.each([
    [1, 200, 8, 500],
    [2, 57, 8, 300],
    [3, 1000, 8, 200],
    [4, 3, 5, 400],
    [5, 2, 1, 100],
    [6, 400, 9, 250],
    [20240601, 120, 8, 2000],
  ])('seed %i, %i rows × %i columns, %i resamples', (seed, rows, width, resamples) => {
    const columns = seededColumns(seed, rows, width);
    expect(bootstrapMeans(columns, { seed, resamples }, sumResamples)).toEqual(referenceBootstrapMeans(columns, { seed, resamples }));
  });

  it.each([
    [1, 200, 8, 300],
    [2, 57, 8, 200],
    [3, 1, 8, 100],
    [4, 2, 3, 100],
    [5, 7, 5, 100],
    [2 ** 31 + 5, 1003, 8, 60],
    [2 ** 32 - 3, 20_000, 8, 12],
  ])('seed %i, %i rows × %i columns without nulls (one block: the loop the SIMD form replaces), %i resamples', (seed, rows, width, resamples) => {
    const columns = seededColumns(seed, rows, 12).filter((column) => !column.includes(null)).slice(0, width);
    expect(columns).toHaveLength(width);
    expect(bootstrapMeans(columns, { seed, resamples }, sumResamples)).toEqual(referenceBootstrapMeans(columns, { seed, resamples }));
  });

  it('with every column holding a null (no block: the rows are drawn on their own) and with more columns than one block', () => {
    const withNulls = seededColumns(11, 300, 3).map((column) => [null, ...column.slice(1)]);
    expect(bootstrapMeans(withNulls, { seed: 11, resamples: 400 }, sumResamples)).toEqual(referenceBootstrapMeans(withNulls, { seed: 11, resamples: 400 }));
    const wide = Array.from({ length: 17 }, (_, c) => seededColumns(100 + c, 150, 1)[0]);
    expect(bootstrapMeans(wide, { seed: 3, resamples: 300 }, sumResamples)).toEqual(referenceBootstrapMeans(wide, { seed: 3, resamples: 300 }));
  });

  it('on edge cases: all null, one value, one row, no rows, constant, negative zero, other levels', () => {
    const columns: Column[] = [
      [null, null, null, null],
      [null, 0.5, null, null],
      [0.25, 0.25, 0.25, 0.25],
      [-0, 0, -0, 0],
      [1, null, 0, null],
    ];
    for (const seed of [0, 1, 99]) {
      for (const level of [0.5, 0.9, 0.95, 0.99]) expect(bootstrapMeans(columns, { seed, resamples: 300, level }, sumResamples)).toEqual(referenceBootstrapMeans(columns, { seed, resamples: 300, level }));
    }
    expect(bootstrapMeans([[0.3]], { seed: 1, resamples: 50 }, sumResamples)).toEqual(referenceBootstrapMeans([[0.3]], { seed: 1, resamples: 50 }));
    expect(bootstrapMeans([[], []], { seed: 1, resamples: 50 }, sumResamples)).toEqual(referenceBootstrapMeans([[], []], { seed: 1, resamples: 50 }));
    expect(bootstrapMeans([], { seed: 1, resamples: 50 }, sumResamples)).toEqual([]);
  });
});

describe('nextState and indexAt', () => {
  it('draw what Math.floor(seededRandom() * bound) draws, draw after draw', () => {
    for (const seed of [0, 1, 7, 20240601, 2 ** 32 - 1]) {
      const next = seededRandom(seed);
      let state = seed >>> 0;
      for (const bound of [1, 2, 10, 20_000, 1_000_003]) {
        const drawn = Array.from({ length: 500 }, () => indexAt((state = nextState(state)), bound));
        expect(drawn).toEqual(Array.from({ length: 500 }, () => Math.floor(next() * bound)));
      }
    }
  });

  it('nextState32 and indexAtScaled (the bootstrap loop\'s int32 form) draw the same rows, across the sign bit and up to bounds near 2^31', () => {
    const bounds = [1, 2, 3, 10, 20_000, 1_000_003, 2 ** 31 - 1];
    for (const seed of [0, 1, 7, 20240601, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]) {
      for (const bound of bounds) {
        let unsigned = seed >>> 0;
        let signed = seed | 0;
        const scale = drawScale(bound);
        for (let k = 0; k < 2000; k++) {
          unsigned = nextState(unsigned);
          signed = nextState32(signed);
          expect(signed >>> 0).toBe(unsigned);
          const index = indexAtScaled(signed, scale);
          if (index !== indexAt(unsigned, bound)) expect([seed, bound, k, index]).toEqual([seed, bound, k, indexAt(unsigned, bound)]);
        }
      }
    }
    // the states whose output bits are the extremes: 0 and 2^32 - 1 give 0 and bound - 1
    for (const bound of bounds) expect(indexAtScaled(0, drawScale(bound))).toBe(indexAt(0, bound));
  });
});
