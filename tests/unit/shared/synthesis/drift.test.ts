import { describe, expect, it } from 'vitest';
import { anchorDrift, compareAnchorScores, type MetricScore } from '../../../../shared/synthesis';

const s = (answer: string, metric: string, score: number): MetricScore => ({ answer, metric, score });
const FIRST = [s('x1', 'A', 3), s('x2', 'A', 4), s('x1', 'B', 3)];
const LATER = [s('x1', 'A', 4), s('x2', 'A', 2), s('x1', 'B', 3), s('x9', 'B', 5)];

describe('anchor drift', () => {
  it('gives per metric and overall the mean absolute and signed differences over shared pairs', () => {
    const drift = compareAnchorScores(['A', 'B'], FIRST, LATER, 0.5);
    expect(drift.metrics).toEqual([
      { metric: 'A', pairs: 2, meanAbsoluteDifference: 1.5, meanSignedDifference: -0.5 },
      { metric: 'B', pairs: 1, meanAbsoluteDifference: 0, meanSignedDifference: 0 },
    ]);
    expect(drift.overall.pairs).toBe(3);
    expect(drift.overall.meanAbsoluteDifference).toBe(1);
    expect(drift.overall.meanSignedDifference).toBeCloseTo(-1 / 3, 12);
    expect(drift.beyondThreshold).toBe(true);
    expect(drift.warning).toContain('A 1.500');
  });

  it('warns only beyond the threshold', () => {
    const drift = compareAnchorScores(['A', 'B'], FIRST, LATER, 1.5);
    expect(drift.beyondThreshold).toBe(false);
    expect(drift.warning).toBeNull();
  });

  it('averages repeated scores of one anchor, and compares with the previous round from round 2 on', () => {
    const repeated = [s('x1', 'A', 2), s('x1', 'A', 4)];
    expect(compareAnchorScores(['A'], [s('x1', 'A', 3)], repeated, 0.5).metrics[0]).toMatchObject({ pairs: 1, meanAbsoluteDifference: 0 });
    expect(anchorDrift(['A'], FIRST, null, LATER, 0.5).sincePrevious).toBeNull();
    expect(anchorDrift(['A'], FIRST, [s('x1', 'A', 4)], LATER, 0.5).sincePrevious?.metrics[0]).toMatchObject({ pairs: 1, meanAbsoluteDifference: 0 });
  });
});
