/** Runs side by side: means, differences from the first run and agreement, worked out by hand below. */
import { describe, expect, it } from 'vitest';
import { compareRuns, comparisonProblem } from '../../../../shared/judge/run-comparison';
import { line, testRubricSet } from './support';

const set = testRubricSet(['A', 'B']);

// run 1: model-10 d3 (A 5, B 5) read first; model-2 d1 (A 4, B 2), d2 (A 2, B 4)
const first = [line('model-10', 'd3', 'j', 0, { A: 5, B: 5 }), line('model-2', 'd1', 'j', 0, { A: 4, B: 2 }), line('model-2', 'd2', 'j', 0, { A: 2, B: 4 })];
// run 2: model-2 d1 (A 5, B 3), d2 twice (A 3 then 5, B 3 both); model-10 d3 (A 4, B 4)
const second = [
  line('model-2', 'd1', 'j', 0, { A: 5, B: 3 }),
  line('model-2', 'd2', 'j', 0, { A: 3, B: 3 }),
  line('model-2', 'd2', 'j', 1, { A: 5, B: 3 }),
  line('model-10', 'd3', 'j', 0, { A: 4, B: 4 }),
];
const comparison = compareRuns(set, [
  { key: 'r1', runId: 'run-1', runName: 'without anchors', judge: 'j', lines: first },
  { key: 'r2', runId: 'run-2', runName: 'with anchors', judge: 'j', lines: second },
]);
const row = (group: string, rubric: string) => comparison.rows.find((entry) => entry.group === group && entry.rubric === rubric)!;

describe('compareRuns', () => {
  it('contrasts a later run with the first run’s series of the same judge, else its first series', () => {
    const few = [line('G', 'd1', 'x', 0, { A: 1, B: 1 })];
    const three = compareRuns(set, [
      { key: 'a-k', runId: 'a', runName: 'a', judge: 'k', lines: few },
      { key: 'a-j', runId: 'a', runName: 'a', judge: 'j', lines: few },
      { key: 'b-j', runId: 'b', runName: 'b', judge: 'j', lines: few },
      { key: 'b-m', runId: 'b', runName: 'b', judge: 'm', lines: few },
    ]);
    expect(three.contrasts).toEqual([{ series: 2, baseline: 1 }, { series: 3, baseline: 0 }]);
  });

  it('lists teacher models in natural order (model-2 before model-10), rubrics in set order then the overall', () => {
    expect(comparison.groups).toEqual(['model-2', 'model-10']);
    expect(comparison.rows.map((entry) => `${entry.group}/${entry.rubric}`)).toEqual(['model-2/A', 'model-2/B', 'model-2/overall', 'model-10/A', 'model-10/B', 'model-10/overall']);
  });

  it('means per run (samples of a dialogue averaged first) and the second minus the first', () => {
    // model-2 A: run 1 (4 + 2) / 2 = 3; run 2 d1 5, d2 (3 + 5) / 2 = 4 → 4.5; difference 1.5
    expect(row('model-2', 'A').cells.map((cell) => cell.mean)).toEqual([3, 4.5]);
    expect(row('model-2', 'A').differences).toEqual([1.5]);
    // model-2 B: 3 and 3 → 0
    expect(row('model-2', 'B').differences).toEqual([0]);
    // overall (equal weights, per sample): run 1 d1 3, d2 3 → 3; run 2 d1 4, d2 (3 + 4) / 2 = 3.5 → 3.75
    expect(row('model-2', 'overall').cells.map((cell) => cell.mean)).toEqual([3, 3.75]);
    expect(row('model-2', 'overall').differences).toEqual([0.75]);
    expect(row('model-10', 'A').differences).toEqual([-1]);
    expect(row('model-10', 'A').cells.map((cell) => cell.n)).toEqual([1, 1]);
  });

  it('agreement on the shared dialogues: rubric A, run 1 [5, 4, 2] against run 2 [4, 5, 4] (d3, d1, d2)', () => {
    const pair = comparison.agreement.find((entry) => entry.rubric === 'A')!;
    expect(pair).toMatchObject({ judgeA: 'r1', judgeB: 'r2', n: 3 });
    // d1, d2, d3: deviations (1/3, −5/3, 4/3) and (2/3, −1/3, −1/3): r = (1/3) / √((42/9)(6/9)) = 3/√252
    expect(pair.pearson.value).toBeCloseTo(3 / Math.sqrt(252), 12);
    // mean of (run 1 − run 2) = (−1 − 2 + 1) / 3
    expect(pair.meanDifference).toBeCloseTo(-2 / 3, 12);
  });
});

describe('comparisonProblem', () => {
  const ref = (hash: string) => ({ id: 'sid', version: '1', hash });
  it('needs two runs on the same rubric-set hash, and says which differs', () => {
    expect(comparisonProblem([{ name: 'a', rubricSet: ref('h1') }])).toMatch(/at least two/);
    expect(comparisonProblem([{ name: 'a', rubricSet: ref('h1') }, { name: 'b', rubricSet: ref('h1') }])).toBeNull();
    expect(comparisonProblem([{ name: 'a', rubricSet: ref('h1') }, { name: 'b', rubricSet: ref('h2') }])).toMatch(/“b”.*“a”.*not on the same scale/);
  });
});
