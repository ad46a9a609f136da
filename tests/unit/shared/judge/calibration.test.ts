/**
 * Calibration statistics against published or independently computed values
 * (../shared/references/agreement-references.md: §5 correlations of the anxiety raters, §2.1–2.2
 * weighted kappa) and hand-computed small cases.
 */
import { describe, expect, it } from 'vitest';
import { buildScoreIndex, calibrate, studentTQuantile, type ExpertScore } from '../../../../shared/judge';
import { ANXIETY } from '../../../fixtures/agreement/reference-data';
import { expectDerived } from '../agreement/support';
import { line, testRubricSet } from './support';

const scores = ANXIETY.map((row) => row.map(Number));
const anxietySet = testRubricSet(['R'], { min: 1, max: 6 });

/** The judge rates like anxiety rater `judgeColumn`, one expert like rater `expertColumn`. */
function anxietyCase(judgeColumn: number, expertColumn: number, extraExperts: ExpertScore[] = []) {
  const lines = scores.map((row, item) => line('G', `d${item}`, 'judge', 0, { R: row[judgeColumn] }));
  const experts: ExpertScore[] = scores.map((row, item) => ({ dialogue: `d${item}`, rubric: 'R', rater: 'e1', score: row[expertColumn] }));
  return { lines, experts: [...experts, ...extraExperts] };
}

describe('judge against one expert: the anxiety raters (references §5, §2.2)', () => {
  it('r1 as judge, r2 as expert: Pearson 0.29974463809210333, Spearman 0.42219382265555966, Kendall tau-b 0.3380152922565091, quadratic κ 0.2967651195499298', () => {
    const { lines, experts } = anxietyCase(0, 1);
    const [row] = calibrate(buildScoreIndex(anxietySet, lines), experts).rows;
    expect(row).toMatchObject({ judge: 'judge', rubric: 'R', n: 20, qwkN: 20 });
    expectDerived(row.pearson.value, 0.29974463809210333);
    expectDerived(row.spearman.value, 0.42219382265555966);
    expectDerived(row.kendall.value, 0.3380152922565091);
    expectDerived(row.qwk.value, 0.2967651195499298);
  });

  it('r2 against r3 on the full 1–6 scale (level 5 unused): quadratic κ 0.22979797979797978, not the 0.2520325 of the reduced scale', () => {
    const { lines, experts } = anxietyCase(1, 2);
    expectDerived(calibrate(buildScoreIndex(anxietySet, lines), experts).rows[0].qwk.value, 0.22979797979797978);
  });

  it('scikit-learn weighting example on 0–2 (references §2.1): quadratic κ 0.9541284403669725', () => {
    const y1 = [...Array(46).fill(0), ...Array(44).fill(1), ...Array(10).fill(2)];
    const y2 = [...Array(50).fill(0), ...Array(40).fill(1), ...Array(10).fill(2)];
    const set = testRubricSet(['R'], { min: 0, max: 2 });
    const lines = y1.map((score, item) => line('G', `d${item}`, 'judge', 0, { R: score }));
    const experts = y2.map((score, item) => ({ dialogue: `d${item}`, rubric: 'R', rater: 'e', score }));
    expectDerived(calibrate(buildScoreIndex(set, lines), experts).rows[0].qwk.value, 0.9541284403669725);
  });

  it('kappa uses single-expert dialogues only: dialogues two experts scored enter the correlations but not kappa', () => {
    const extraLines = [line('G', 'x1', 'judge', 0, { R: 6 }), line('G', 'x2', 'judge', 0, { R: 1 })];
    const extra: ExpertScore[] = [
      { dialogue: 'x1', rubric: 'R', rater: 'e1', score: 5 },
      { dialogue: 'x1', rubric: 'R', rater: 'e2', score: 6 },
      { dialogue: 'x2', rubric: 'R', rater: 'e1', score: 1 },
      { dialogue: 'x2', rubric: 'R', rater: 'e2', score: 2 },
    ];
    const { lines, experts } = anxietyCase(0, 1, extra);
    const [row] = calibrate(buildScoreIndex(anxietySet, [...lines, ...extraLines]), experts).rows;
    expect(row).toMatchObject({ n: 22, qwkN: 20 });
    expectDerived(row.qwk.value, 0.2967651195499298);
    expect(row.pearson.value).not.toBeCloseTo(0.29974463809210333, 3);
    const onlyDouble = calibrate(buildScoreIndex(anxietySet, extraLines), extra).rows[0];
    expect(onlyDouble.qwk).toEqual({ value: null, reason: expect.stringMatching(/single-expert dialogues only/) });
    expect(onlyDouble.n).toBe(2);
  });
});

describe('bias, its t interval and the variances (hand-computed)', () => {
  // judge 3, 4, 5; experts' means 2, 4, 4 (the last from two experts 3 and 5)
  const set = testRubricSet(['R']);
  const lines = [line('G', 'a', 'J', 0, { R: 3 }), line('G', 'b', 'J', 0, { R: 4 }), line('G', 'c', 'J', 0, { R: 5 })];
  const experts: ExpertScore[] = [
    { dialogue: 'a', rubric: 'R', rater: 'e1', score: 2 },
    { dialogue: 'b', rubric: 'R', rater: 'e1', score: 4 },
    { dialogue: 'c', rubric: 'R', rater: 'e1', score: 3 },
    { dialogue: 'c', rubric: 'R', rater: 'e2', score: 5 },
  ];

  it('bias 2/3 ± t₀.₉₇₅(2)·(1/3); judge variance 1, expert variance 4/3, ratio 0.75', () => {
    const [row] = calibrate(buildScoreIndex(set, lines), experts).rows;
    // differences 1, 0, 1: sd √(1/3), se 1/3; t₀.₉₇₅(2) = 4.302652729749464 (t tables: 4.303)
    expect(row.bias).toBeCloseTo(2 / 3, 14);
    expect(row.biasCi95![0]).toBeCloseTo(2 / 3 - 4.302652729749464 / 3, 12);
    expect(row.biasCi95![1]).toBeCloseTo(2 / 3 + 4.302652729749464 / 3, 12);
    expect(row.judgeVariance).toBeCloseTo(1, 14);
    expect(row.expertVariance).toBeCloseTo(4 / 3, 14);
    expect(row.varianceRatio).toBeCloseTo(0.75, 14);
    expect(row.qwkN).toBe(2);
  });

  it('the judge value is the mean of its valid samples; failed samples do not enter', () => {
    const sampled = [...lines, line('G', 'a', 'J', 1, { R: 5 }), line('G', 'a', 'J', 2, null)];
    const [row] = calibrate(buildScoreIndex(set, sampled), experts).rows;
    // a's judge value becomes 4: differences 2, 0, 1
    expect(row.bias).toBeCloseTo(1, 14);
  });

  it('counts expert rows it cannot use instead of guessing', () => {
    const index = buildScoreIndex(set, [...lines, line('H', 'a', 'J', 0, { R: 1 })]);
    const result = calibrate(index, [
      { dialogue: 'a', rubric: 'R', rater: 'e1', score: 2 }, // a is under G and H: ambiguous without a group
      { dialogue: 'a', group: 'H', rubric: 'R', rater: 'e1', score: 1 },
      { dialogue: 'a', group: 'H', rubric: 'R', rater: 'e1', score: 2 }, // the same rater twice
      { dialogue: 'zz', rubric: 'R', rater: 'e1', score: 2 },
      { dialogue: 'b', rubric: 'R', rater: 'e1', score: 7 },
      { dialogue: 'b', rubric: 'Q', rater: 'e1', score: 2 },
    ]);
    expect(result.experts).toMatchObject({ ambiguous: 1, duplicates: 1, unmatched: 1, ratings: 1, items: 1 });
    expect(result.experts.invalid).toEqual(['b: e1 gives R the score 7, not a whole number in 1–5', 'b: the rubric "Q" is not in the set test']);
  });
});

describe("Student's t quantiles against the printed tables (two-sided 95%)", () => {
  it.each([[1, 12.706], [2, 4.303], [5, 2.571], [10, 2.228], [19, 2.093], [30, 2.042], [120, 1.98]])('df %d: %d', (df, table) => {
    expect(studentTQuantile(0.975, df)).toBeCloseTo(table, 3);
  });

  it('is symmetric and approaches the normal quantile', () => {
    expect(studentTQuantile(0.025, 7)).toBeCloseTo(-studentTQuantile(0.975, 7), 14);
    expect(studentTQuantile(0.975, 1e7)).toBeCloseTo(1.959963984540054, 5);
  });
});

describe('judge against judge, and self-preference (hand-computed)', () => {
  const set = testRubricSet(['R']);
  // J1 (openai) and J2 (qwen) on two GPT-4o and two Qwen dialogues
  const lines = [
    line('GPT-4o', 'd1', 'J1', 0, { R: 5 }), line('GPT-4o', 'd1', 'J2', 0, { R: 3 }),
    line('GPT-4o', 'd2', 'J1', 0, { R: 4 }), line('GPT-4o', 'd2', 'J2', 0, { R: 3 }),
    line('Qwen', 'd3', 'J1', 0, { R: 3 }), line('Qwen', 'd3', 'J2', 0, { R: 3 }),
    line('Qwen', 'd4', 'J1', 0, { R: 3 }), line('Qwen', 'd4', 'J2', 0, { R: 2 }),
  ];
  const options = { judgeFamily: { J1: 'openai', J2: 'qwen' }, groupFamily: { 'GPT-4o': 'openai', Qwen: 'qwen' } };

  it('judge pairs: n, mean difference and the correlations over the dialogues both scored', () => {
    const [pair] = calibrate(buildScoreIndex(set, lines), [], options).judgePairs;
    // J1 5 4 3 3, J2 3 3 3 2: differences 2 1 0 1
    expect(pair).toMatchObject({ judgeA: 'J1', judgeB: 'J2', rubric: 'R', n: 4, meanDifference: 1, qwkN: 4 });
    // Pearson by hand: x̄ 3.75, ȳ 2.75; Sxy = 1.25·.25 + .25·.25 + (−.75)(.25) + (−.75)(−.75) = 0.75; Sxx = 2.75; Syy = 0.75
    expect(pair.pearson.value).toBeCloseTo(0.75 / Math.sqrt(2.75 * 0.75), 14);
  });

  it('self-preference: (judge − others) on own-family dialogues minus on the others, with Welch’s interval', () => {
    const rows = calibrate(buildScoreIndex(set, lines), [], options).selfPreference;
    const j1 = rows.find((row) => row.judge === 'J1' && row.rubric === 'R')!;
    // own (GPT-4o): 2, 1 → 1.5; other (Qwen): 0, 1 → 0.5; difference 1
    // each side variance 0.5 over 2 → se √0.5, Welch df = 0.25 / (0.0625 + 0.0625) = 2
    expect(j1).toMatchObject({ family: 'openai', nOwn: 2, nOther: 2, meanOwn: 1.5, meanOther: 0.5, difference: 1, flagged: false });
    const half = 4.302652729749464 * Math.sqrt(0.5);
    expect(j1.ci95![0]).toBeCloseTo(1 - half, 10);
    expect(j1.ci95![1]).toBeCloseTo(1 + half, 10);
    // J2 on Qwen: own −0.5 (0, −1), other −1.5: difference 1 as well, the mirror image
    expect(rows.find((row) => row.judge === 'J2' && row.rubric === 'R')).toMatchObject({ meanOwn: -0.5, meanOther: -1.5, difference: 1 });
    // the overall row (rubric null) equals R's with one rubric
    expect(rows.find((row) => row.judge === 'J1' && row.rubric === null)).toMatchObject({ difference: 1 });
  });

  it("Welch's degrees of freedom with unequal sides: own (2, 2, 1), other (0, 1)", () => {
    const unequal = [
      line('GPT-4o', 'd1', 'J1', 0, { R: 5 }), line('GPT-4o', 'd1', 'J2', 0, { R: 3 }),
      line('GPT-4o', 'd2', 'J1', 0, { R: 5 }), line('GPT-4o', 'd2', 'J2', 0, { R: 3 }),
      line('GPT-4o', 'd5', 'J1', 0, { R: 4 }), line('GPT-4o', 'd5', 'J2', 0, { R: 3 }),
      line('Qwen', 'd3', 'J1', 0, { R: 3 }), line('Qwen', 'd3', 'J2', 0, { R: 3 }),
      line('Qwen', 'd4', 'J1', 0, { R: 3 }), line('Qwen', 'd4', 'J2', 0, { R: 2 }),
    ];
    const j1 = calibrate(buildScoreIndex(set, unequal), [], options).selfPreference.find((row) => row.judge === 'J1')!;
    // means 5/3 and 1/2; variances/n: (1/3)/3 = 1/9 and 0.5/2 = 1/4; df = (13/36)² / ((1/9)²/2 + (1/4)²/1)
    const df = (13 / 36) ** 2 / (1 / 81 / 2 + 1 / 16);
    expect(df).toBeCloseTo(1.8989, 4);
    const half = studentTQuantile(0.975, df) * Math.sqrt(13 / 36);
    expect(j1.difference).toBeCloseTo(5 / 3 - 1 / 2, 14);
    expect(j1.ci95![1] - j1.ci95![0]).toBeCloseTo(2 * half, 10);
  });

  it('flags a difference whose interval lies above 0; says why when there is nothing to compare', () => {
    const clear = [
      line('GPT-4o', 'd1', 'J1', 0, { R: 5 }), line('GPT-4o', 'd1', 'J2', 0, { R: 3 }),
      line('GPT-4o', 'd2', 'J1', 0, { R: 4 }), line('GPT-4o', 'd2', 'J2', 0, { R: 2 }),
      line('Qwen', 'd3', 'J1', 0, { R: 3 }), line('Qwen', 'd3', 'J2', 0, { R: 3 }),
      line('Qwen', 'd4', 'J1', 0, { R: 2 }), line('Qwen', 'd4', 'J2', 0, { R: 2 }),
    ];
    const j1 = calibrate(buildScoreIndex(set, clear), [], options).selfPreference.find((row) => row.judge === 'J1')!;
    expect(j1).toMatchObject({ difference: 2, ci95: [2, 2], flagged: true, reason: null });
    const alone = calibrate(buildScoreIndex(set, clear.filter((entry) => entry.judge === 'J1')), [], options).selfPreference[0];
    expect(alone).toMatchObject({ flagged: false, difference: null, reason: expect.stringMatching(/only one judge/) });
  });
});
