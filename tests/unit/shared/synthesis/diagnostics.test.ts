import { describe, expect, it } from 'vitest';
import { defaultThresholds, metricDiagnostics, type MetricScore } from '../../../../shared/synthesis';

const RANGE = { min: 1, max: 5 };

function scores(metric: string, values: number[], groups?: string[]): MetricScore[] {
  return values.map((score, index) => ({ answer: `a${index + 1}`, metric, score, ...(groups ? { group: groups[index] } : {}) }));
}

describe('metricDiagnostics', () => {
  it('defaults to half at the floor, half at the ceiling, SD below an eighth of the range', () => {
    expect(defaultThresholds(RANGE)).toEqual({ floorShare: 0.5, ceilingShare: 0.5, minSd: 0.5 });
    expect(defaultThresholds({ min: 0, max: 10 }).minSd).toBe(1.25);
  });

  it('finds the too strict, the too lenient, the weak and the fine, with hand-computed statistics', () => {
    const all = [...scores('S', [1, 1, 1, 3]), ...scores('L', [5, 5, 4, 5]), ...scores('W', [3, 3, 3, 3]), ...scores('F', [2, 4, 2, 4])];
    const [strict, lenient, weak, fine] = metricDiagnostics(['S', 'L', 'W', 'F'], all, RANGE);
    expect(strict).toMatchObject({ n: 4, answers: 4, mean: 1.5, floorShare: 0.75, ceilingShare: 0, verdict: 'too-strict' });
    expect(strict.sd).toBeCloseTo(1, 12); // deviations −0.5 ×3, 1.5: (0.75 + 2.25) / 3 = 1
    expect(lenient).toMatchObject({ mean: 4.75, floorShare: 0, ceilingShare: 0.75, verdict: 'too-lenient' });
    expect(weak).toMatchObject({ mean: 3, sd: 0, verdict: 'weak' });
    expect(fine).toMatchObject({ mean: 3, verdict: 'fine' });
    expect(fine.sd).toBeCloseTo(Math.sqrt(4 / 3), 12);
    expect(fine.thresholds).toEqual({ floorShare: 0.5, ceilingShare: 0.5, minSd: 0.5 });
    expect(fine.discrimination.betweenGroups).toBeNull();
  });

  it('counts an SD exactly at the threshold as fine, and uses the thresholds given', () => {
    // 3, 3, 3, 4: mean 3.25, squared deviations 3 × 0.0625 + 0.5625 = 0.75, / 3 = 0.25, SD 0.5
    const [d] = metricDiagnostics(['C'], scores('C', [3, 3, 3, 4]), RANGE);
    expect(d.discrimination.acrossAnswers).toBe(0.5);
    expect(d.verdict).toBe('fine');
    expect(metricDiagnostics(['C'], scores('C', [3, 3, 3, 4]), RANGE, { floorShare: 0.5, ceilingShare: 0.5, minSd: 0.6 })[0].verdict).toBe('weak');
  });

  it('measures discrimination across answers on per-answer means, and between groups when given', () => {
    const repeated: MetricScore[] = [{ answer: 'a1', metric: 'E', score: 2 }, { answer: 'a1', metric: 'E', score: 4 }, { answer: 'a2', metric: 'E', score: 3 }];
    const [e] = metricDiagnostics(['E'], repeated, RANGE);
    expect(e).toMatchObject({ n: 3, answers: 2, sd: 1, discrimination: { acrossAnswers: 0, betweenGroups: null }, verdict: 'weak' });
    const [g] = metricDiagnostics(['G'], scores('G', [2, 2, 4, 4], ['t1', 't1', 't2', 't2']), RANGE);
    expect(g.discrimination.betweenGroups).toBe(1); // group means 2 and 4, population SD 1
  });

  it('calls a metric without two scored answers weak', () => {
    const [none, one] = metricDiagnostics(['N', 'O'], scores('O', [3]), RANGE);
    expect(none).toMatchObject({ n: 0, verdict: 'weak' });
    expect(one).toMatchObject({ n: 1, answers: 1, verdict: 'weak' });
  });
});
