/**
 * Per-model means, the 3C conventions' counts, the seeded bootstrap and the weights. Expected
 * means are worked by hand; the bootstrap is checked where its answer is known exactly.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapMeans, computeMetrics, DEFAULT_SETTINGS, DEFAULT_WEIGHTS, parseWeights, quantile, weightsProblem, type MetricDialogue, type MetricTurn } from '../../../../shared/metrics';

const T = (strategy: string[] = []): MetricTurn => ({ speaker: 'teacher', codes: { teaching_strategy: strategy } });
const S = (state: string): MetricTurn => ({ speaker: 'student', codes: { student_cognition_state: [state] } });

const dialogues: MetricDialogue[] = [
  // A1: SD 1/2, 3C 1 (vacuous)
  { id: 'A1', group: 'A', turns: [T(['provide_hints']), T()] },
  // A2: SD 1, 3C 0 (error, no next student turn)
  { id: 'A2', group: 'A', turns: [T(['use_analogies']), S('incorrect_answer')] },
  // B1: SD 0, 3C 1 (error then clear)
  { id: 'B1', group: 'B', turns: [S('incorrect_answer'), T(), S('clear_understanding')] },
];

describe('computeMetrics', () => {
  it('averages per group without weighting by length, in order of first appearance, with counts', () => {
    const report = computeMetrics(dialogues);
    expect(report.groups.map((group) => [group.group, group.dialogues])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    const [a, b] = report.groups;
    expect(a.means.SD).toBe(0.75);
    expect(a.means['3C']).toBe(0.5);
    expect(a.vacuous3C).toBe(1);
    expect(b.means['3C']).toBe(1);
    expect(b.vacuous3C).toBe(0);
    // A1 total .15·.5 + .10·1/8 + .20·1 = .2875; A2 .15 + .0125 + 0 = .1625; mean .225
    expect(a.means.TotalScore).toBeCloseTo(0.225, 15);
    expect(report.overall.dialogues).toBe(3);
    expect(report.overall.means.SD).toBeCloseTo(0.5, 15);
    // one dialogue: no interval
    expect(b.ci95.SD).toBeNull();
    expect(report.overall.withoutLabels).toBe(0);
    const unlabelled = computeMetrics([{ id: 'U', group: 'A', turns: [{ speaker: 'teacher', codes: {} }, { speaker: 'student', codes: { teaching_strategy: [] } }] }]);
    expect(unlabelled.overall.withoutLabels).toBe(1);
  });

  it('leaves vacuous dialogues out of 3C and TotalScore under strict, and counts them', () => {
    const report = computeMetrics(dialogues, { ...DEFAULT_SETTINGS, threeC: 'strict' });
    const [a] = report.groups;
    expect(a.means['3C']).toBe(0);
    expect(a.n['3C']).toBe(1);
    expect(a.n.TotalScore).toBe(1);
    expect(a.n.SD).toBe(2);
    expect(a.vacuous3C).toBe(1);
    expect(a.means.TotalScore).toBeCloseTo(0.1625, 15);
    expect(report.dialogues.find((dialogue) => dialogue.id === 'A1')?.values['3C']).toBeNull();
  });

  it('reports its steps: scoring, each group, all dialogues', () => {
    const steps: string[] = [];
    computeMetrics(dialogues, DEFAULT_SETTINGS, (done, total) => steps.push(`${done}/${total}`));
    expect(steps).toEqual(['1/4', '2/4', '3/4', '4/4']);
  });

  it('refuses weights that do not sum to 1', () => {
    expect(() => computeMetrics(dialogues, { ...DEFAULT_SETTINGS, weights: { ...DEFAULT_WEIGHTS, SD: 0.5 } })).toThrow(/sum to 1\.35/);
  });
});

describe('bootstrapMeans', () => {
  it('gives [0, 1] for the two values 0 and 1 (resample means 0, 1/2, 1 with chances 1/4, 1/2, 1/4)', () => {
    expect(bootstrapMeans([[0, 1]], { resamples: 2000, seed: 7 })).toEqual([[0, 1]]);
  });

  it('gives a point interval for constant values, null under two values, and skips nulls', () => {
    const [constant, single, withNull] = bootstrapMeans([[0.4, 0.4, 0.4], [1, null, null], [null, 0.2, 0.2]], { resamples: 200 });
    expect(constant![0]).toBeCloseTo(0.4, 15);
    expect(constant![1]).toBeCloseTo(0.4, 15);
    expect(single).toBeNull();
    expect(withNull![0]).toBeCloseTo(0.2, 15);
    expect(withNull![1]).toBeCloseTo(0.2, 15);
    expect(() => bootstrapMeans([[1, 2], [1]])).toThrow(/one value/);
    expect(bootstrapMeans([[1, 2]], { resamples: 0 })).toEqual([null]);
    expect(() => bootstrapMeans([[1, 2]], { resamples: -1 })).toThrow(/whole number/);
  });

  it('is reproducible for a seed, differs between seeds, and contains the mean', () => {
    const values = Array.from({ length: 50 }, (_, index) => ((index * 37) % 50) / 50);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const [first] = bootstrapMeans([values], { seed: 1 });
    const [again] = bootstrapMeans([values], { seed: 1 });
    const [other] = bootstrapMeans([values], { seed: 2 });
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(first![0]).toBeLessThan(mean);
    expect(first![1]).toBeGreaterThan(mean);
    // the normal-theory half-width of a mean of 50 values spread like these is about 0.08
    expect(first![1] - first![0]).toBeGreaterThan(0.1);
    expect(first![1] - first![0]).toBeLessThan(0.22);
  });

  it('interpolates quantiles as R type 7 / NumPy: quantile([1, 2, 3, 4], 0.25) = 1.75', () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.975)).toBeCloseTo(3.925, 12);
  });
});

describe('weights', () => {
  it('parses NAME=WEIGHT over the paper weights, case- and space-tolerant', () => {
    expect(parseWeights('SD=0.25, sv=0.0, l3 gr=0.1')).toEqual({ ...DEFAULT_WEIGHTS, SD: 0.25, SV: 0 });
    expect(parseWeights('')).toEqual(DEFAULT_WEIGHTS);
  });

  it('names the problem: unknown metric, not a number, negative, wrong sum', () => {
    expect(() => parseWeights('XX=1')).toThrow('Unknown metric "XX"');
    expect(() => parseWeights('SD=abc')).toThrow('SD is "abc"');
    expect(() => parseWeights('SD')).toThrow('not NAME=WEIGHT');
    expect(weightsProblem({ ...DEFAULT_WEIGHTS, SD: -0.15, SV: 0.4 })).toMatch(/negative/);
    expect(weightsProblem({ ...DEFAULT_WEIGHTS, SD: 0.2 })).toMatch(/sum to 1\.05/);
    expect(weightsProblem(DEFAULT_WEIGHTS)).toBeNull();
  });
});
