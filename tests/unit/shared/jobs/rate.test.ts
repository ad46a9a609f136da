import { describe, expect, it } from 'vitest';
import { createRateWindow, DEFAULT_RATE_WINDOW, progressFigures } from '../../../../shared/jobs';

const everySecond = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index * 1_000);

describe('progressFigures', () => {
  it('measures one item a second as 60 a minute, and the time left from it', () => {
    // 11 finishes over 10 s, seen at the last one
    expect(progressFigures(everySecond(11), 10_000, 30)).toEqual({ rate: 60, eta: 30 });
  });

  it('lets the rate fall while nothing finishes', () => {
    const figures = progressFigures(everySecond(11), 20_000, 30);
    expect(figures.rate).toBeCloseTo(30, 9);
    expect(figures.eta).toBeCloseTo(60, 9);
  });

  it('is not measurable from fewer than two finishes or less than the minimum span', () => {
    expect(progressFigures([], 5_000, 10)).toEqual({ rate: null, eta: null });
    expect(progressFigures([4_000], 5_000, 10)).toEqual({ rate: null, eta: null });
    expect(progressFigures([4_500, 4_600], 5_000, 10)).toEqual({ rate: null, eta: null });
    expect(progressFigures([4_000, 4_600], 5_000, 10).rate).toBeCloseTo(60, 9);
  });

  it('forgets finishes older than the span', () => {
    // 5 old finishes a second apart, then a minute later 3 finishes 2 s apart: only the recent ones count
    const times = [...everySecond(5), 70_000, 72_000, 74_000];
    expect(progressFigures(times, 74_000, 0, { ...DEFAULT_RATE_WINDOW, spanMs: 60_000 })).toEqual({ rate: 30, eta: 0 });
    expect(progressFigures(everySecond(5), 200_000, 3)).toEqual({ rate: null, eta: null });
  });

  it('ignores finish times after now', () => {
    expect(progressFigures([0, 1_000, 2_000, 9_000], 2_000, 4)).toEqual({ rate: 60, eta: 4 });
  });

  it('does not depend on the order of the times', () => {
    expect(progressFigures([10_000, 0, 5_000, 2_500, 7_500], 10_000, 8)).toEqual(progressFigures(everySecond(5, 0).map((at) => at * 2.5), 10_000, 8));
  });
});

describe('createRateWindow', () => {
  it('reads the injected clock and keeps only the latest finishes', () => {
    let now = 0;
    const window = createRateWindow(() => now, { size: 3, spanMs: 60_000, minSpanMs: 0 });
    for (const at of [0, 1_000, 10_000, 11_000, 12_000]) {
      now = at;
      window.record();
    }
    // kept 10 s, 11 s, 12 s: two intervals over 2 s
    expect(window.figures(4)).toEqual({ rate: 60, eta: 4 });
    now = 14_000;
    expect(window.figures(4)).toEqual({ rate: 30, eta: 8 });
  });

  it('takes explicit times and starts over on reset', () => {
    const window = createRateWindow(() => 3_000, { size: 10, spanMs: 60_000, minSpanMs: 1_000 });
    window.record(1_000);
    window.record(2_000);
    window.record(3_000);
    expect(window.figures(2)).toEqual({ rate: 60, eta: 2 });
    window.reset();
    expect(window.figures(2)).toEqual({ rate: null, eta: null });
  });
});
