import { cohenKappaFromConfusion } from '../agreement/cohen-kappa';
import { confusionFromCounts } from '../agreement/confusion-matrix';
import { correlations } from '../agreement/rank-correlation';
import { summarize } from './aggregate';
import { dialogueMean, type ScoreCells, type ScoreIndex } from './score-index';
import { studentTQuantile } from './student-t';
import type { Rubric } from './types';

/** One expert's score of one dialogue on one rubric (the experts file: `dialogue,rubric,rater,score`, optionally `group`). */
export interface ExpertScore {
  dialogue: string;
  /** the teacher model; needed only where a dialogue id occurs under several groups */
  group?: string;
  rubric: string;
  rater: string;
  score: number;
}

/** A value with the reason it is missing (never NaN). */
export interface Statistic {
  value: number | null;
  reason: string | null;
}

/**
 * A judge against the experts on one rubric, over the dialogues both scored. The expert value of
 * a dialogue is the mean of its expert raters; the judge value is the mean of the judge's valid
 * samples of it. Pearson, Spearman, Kendall's tau-b, the bias and the variances use these.
 *
 * Quadratic-weighted kappa is an agreement between two ratings on the integer scale, so it is
 * computed only on dialogues that exactly one expert scored, against the judge's lowest-numbered
 * valid sample (one draw, as a run with one sample), over the rubric's full range (unused scores
 * count: agreement-references §2.2). Rounding an expert mean instead would invent scores: two
 * experts giving 3 and 4 make 3.5, and either rounding moves the expert by half a point in one
 * direction every time they differ by one, which kappa would then read as (dis)agreement. Nor are
 * items where several experts happen to agree kept: they are the easy ones. `qwkN` says how many
 * dialogues it used; with only multi-expert dialogues it is null with that reason.
 */
export interface CalibrationRow {
  judge: string;
  rubric: string;
  /** dialogues with a judge value and an expert value */
  n: number;
  pearson: Statistic;
  spearman: Statistic;
  kendall: Statistic;
  qwk: Statistic;
  qwkN: number;
  /** mean of (judge − expert): positive is a lenient judge (additive bias) */
  bias: number | null;
  /** bias ± t₀.₉₇₅(n − 1)·sd/√n; null for n < 2 */
  biasCi95: [number, number] | null;
  /** sample variance (n − 1) of the judge values and of the expert values over the same dialogues (Elmes+ Table 2) */
  judgeVariance: number | null;
  expertVariance: number | null;
  /** judgeVariance / expertVariance; below 1: the judge spreads its scores less than the experts */
  varianceRatio: number | null;
}

/** Two judges on one rubric, over the dialogues both scored (same conventions as CalibrationRow; qwk on both judges' lowest-numbered valid samples). */
export interface JudgePairRow {
  judgeA: string;
  judgeB: string;
  rubric: string;
  n: number;
  pearson: Statistic;
  spearman: Statistic;
  kendall: Statistic;
  qwk: Statistic;
  qwkN: number;
  /** mean of (A − B) */
  meanDifference: number | null;
}

/**
 * Self-preference of one judge on one rubric (null rubric: the weighted overall). Per dialogue
 * the judge's value minus the mean of the other judges' values (dialogues some other judge also
 * scored); `difference` is that mean on dialogues whose teacher model is of the judge's family
 * minus that mean on the others, with Welch's 95% interval. Flagged when the difference is above
 * 0 and the interval lies above 0: the judge favours its own family beyond what the other judges
 * see in the same dialogues.
 */
export interface SelfPreferenceRow {
  judge: string;
  family: string;
  rubric: string | null;
  nOwn: number;
  nOther: number;
  /** mean (judge − others) on own-family dialogues, and on the others */
  meanOwn: number | null;
  meanOther: number | null;
  difference: number | null;
  ci95: [number, number] | null;
  flagged: boolean;
  reason: string | null;
}

export interface ExpertProblems {
  /** expert rows naming a dialogue no judge result has */
  unmatched: number;
  /** rows whose dialogue id occurs under several groups and that name no group */
  ambiguous: number;
  /** the same rater twice for one dialogue and rubric (the first is kept) */
  duplicates: number;
  /** rubric not in the set, or a score that is not a whole number in its range */
  invalid: string[];
}

export interface Calibration {
  rows: CalibrationRow[];
  judgePairs: JudgePairRow[];
  selfPreference: SelfPreferenceRow[];
  experts: ExpertProblems & { ratings: number; items: number };
}

export interface CalibrationOptions {
  /** each judge's model family (a connection's family field) */
  judgeFamily?: Readonly<Record<string, string>>;
  /** each teacher model's family */
  groupFamily?: Readonly<Record<string, string>>;
}

const MAX_LISTED = 20;

function statistic(result: { value: number | null; reason: string | null }): Statistic {
  return { value: result.value, reason: result.reason };
}

function correlationStatistics(x: readonly number[], y: readonly number[]): { pearson: Statistic; spearman: Statistic; kendall: Statistic } {
  const result = correlations(x, y);
  return { pearson: statistic(result.pearson), spearman: statistic(result.spearman), kendall: statistic(result.kendall) };
}

function sampleVariance(values: ArrayLike<number>): number | null {
  const { sd } = summarize(values);
  return sd === null ? null : sd * sd;
}

function meanInterval(values: ArrayLike<number>): { mean: number | null; ci95: [number, number] | null } {
  const { n, mean, sd } = summarize(values);
  if (mean === null || sd === null) return { mean, ci95: null };
  const half = studentTQuantile(0.975, n - 1) * (sd / Math.sqrt(n));
  return { mean, ci95: [mean - half, mean + half] };
}

/** Welch's interval of mean(a) − mean(b), Welch–Satterthwaite degrees of freedom. */
function welchInterval(a: ArrayLike<number>, b: ArrayLike<number>): [number, number] | null {
  const one = summarize(a);
  const two = summarize(b);
  if (one.sd === null || two.sd === null) return null;
  const va = (one.sd * one.sd) / one.n;
  const vb = (two.sd * two.sd) / two.n;
  const difference = one.mean! - two.mean!;
  const se = Math.sqrt(va + vb);
  if (se === 0) return [difference, difference];
  const df = (va + vb) ** 2 / ((va * va) / (one.n - 1) + (vb * vb) / (two.n - 1));
  const half = studentTQuantile(0.975, df) * se;
  return [difference - half, difference + half];
}

function quadraticKappa(rubric: Rubric, rows: readonly number[], columns: readonly number[]): Statistic {
  const { min, max } = rubric.range;
  const k = max - min + 1;
  const counts = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < rows.length; i++) counts[rows[i] - min][columns[i] - min]++;
  const categories = Array.from({ length: k }, (_, index) => String(min + index));
  return statistic(cohenKappaFromConfusion(confusionFromCounts({ categories, counts }), 'quadratic'));
}

function isScaleScore(value: number, rubric: Rubric): boolean {
  return Number.isInteger(value) && value >= rubric.range.min && value <= rubric.range.max;
}

export interface ExpertCells {
  sum: Float64Array;
  count: Int32Array;
  /** the score when exactly one expert scored the dialogue */
  single: Float64Array;
}

export function readExperts(index: ScoreIndex, experts: readonly ExpertScore[]): { cells: ExpertCells[]; problems: ExpertProblems; ratings: number; items: number } {
  const byId = new Map<string, number[]>();
  const byGroup = new Map<string, Map<string, number>>();
  for (const [key, slot] of index.dialogueSlot) {
    const cut = key.indexOf('\u0000');
    const group = key.slice(0, cut);
    const id = key.slice(cut + 1);
    const list = byId.get(id);
    if (list) list.push(slot);
    else byId.set(id, [slot]);
    let dialogues = byGroup.get(group);
    if (!dialogues) byGroup.set(group, (dialogues = new Map()));
    dialogues.set(id, slot);
  }
  const size = index.dialogueCount;
  const cells: ExpertCells[] = index.set.rubrics.map(() => ({ sum: new Float64Array(size), count: new Int32Array(size), single: new Float64Array(size).fill(Number.NaN) }));
  const rubricIndex = new Map(index.set.rubrics.map((rubric, r) => [rubric.id, r]));
  const problems: ExpertProblems = { unmatched: 0, ambiguous: 0, duplicates: 0, invalid: [] };
  // raters already read per (rubric, dialogue): a bit for each of the first 31 raters, a set beyond
  const raterIndex = new Map<string, number>();
  const seenMasks = index.set.rubrics.map(() => new Int32Array(size));
  const seenHigh = new Set<string>();
  let ratings = 0;
  for (const expert of experts) {
    const r = rubricIndex.get(expert.rubric);
    if (r === undefined) {
      if (problems.invalid.length < MAX_LISTED) problems.invalid.push(`${expert.dialogue}: the rubric ${JSON.stringify(expert.rubric)} is not in the set ${index.set.id}`);
      continue;
    }
    const rubric = index.set.rubrics[r];
    if (!isScaleScore(expert.score, rubric)) {
      if (problems.invalid.length < MAX_LISTED) problems.invalid.push(`${expert.dialogue}: ${expert.rater} gives ${rubric.id} the score ${expert.score}, not a whole number in ${rubric.range.min}–${rubric.range.max}`);
      continue;
    }
    let slot: number | undefined;
    if (expert.group !== undefined && expert.group !== '') slot = byGroup.get(expert.group)?.get(expert.dialogue);
    else {
      const slots = byId.get(expert.dialogue);
      if (slots && slots.length > 1) {
        problems.ambiguous++;
        continue;
      }
      slot = slots?.[0];
    }
    if (slot === undefined) {
      problems.unmatched++;
      continue;
    }
    let rater = raterIndex.get(expert.rater);
    if (rater === undefined) raterIndex.set(expert.rater, (rater = raterIndex.size));
    let duplicate: boolean;
    if (rater < 31) {
      duplicate = (seenMasks[r][slot] & (1 << rater)) !== 0;
      seenMasks[r][slot] |= 1 << rater;
    } else {
      const key = `${slot}\u0000${r}\u0000${rater}`;
      duplicate = seenHigh.has(key);
      seenHigh.add(key);
    }
    if (duplicate) {
      problems.duplicates++;
      continue;
    }
    ratings++;
    const cell = cells[r];
    cell.sum[slot] += expert.score;
    cell.count[slot]++;
    cell.single[slot] = cell.count[slot] === 1 ? expert.score : Number.NaN;
  }
  let items = 0;
  for (const cell of cells) for (let d = 0; d < size; d++) if (cell.count[d] > 0) items++;
  return { cells, problems, ratings, items };
}

function calibrationRow(index: ScoreIndex, judge: number, r: number, experts: ExpertCells): CalibrationRow {
  const rubric = index.set.rubrics[r];
  const cells = index.cells[judge][r];
  const x: number[] = [];
  const y: number[] = [];
  const qwkJudge: number[] = [];
  const qwkExpert: number[] = [];
  for (let d = 0; d < index.dialogueCount; d++) {
    if (cells.count[d] === 0 || experts.count[d] === 0) continue;
    x.push(dialogueMean(cells, d));
    y.push(experts.sum[d] / experts.count[d]);
    if (experts.count[d] === 1 && isScaleScore(cells.first[d], rubric)) {
      qwkJudge.push(cells.first[d]);
      qwkExpert.push(experts.single[d]);
    }
  }
  const differences = x.map((value, i) => value - y[i]);
  const { mean: bias, ci95 } = meanInterval(differences);
  const judgeVariance = sampleVariance(x);
  const expertVariance = sampleVariance(y);
  let qwk: Statistic;
  if (index.values === 'expected') qwk = { value: null, reason: 'Expected (logprob-weighted) scores are not on the integer scale; quadratic-weighted kappa uses the sampled scores.' };
  else if (qwkJudge.length === 0) qwk = { value: null, reason: 'No dialogue scored by both has exactly one expert score; quadratic-weighted kappa uses single-expert dialogues only (an expert mean such as 3.5 is not a score on the scale).' };
  else qwk = quadraticKappa(rubric, qwkJudge, qwkExpert);
  return {
    judge: index.judges[judge],
    rubric: rubric.id,
    n: x.length,
    ...correlationStatistics(x, y),
    qwk,
    qwkN: index.values === 'expected' ? 0 : qwkJudge.length,
    bias,
    biasCi95: ci95,
    judgeVariance,
    expertVariance,
    varianceRatio: judgeVariance !== null && expertVariance !== null && expertVariance > 0 ? judgeVariance / expertVariance : null,
  };
}

function judgePairRow(index: ScoreIndex, a: number, b: number, r: number): JudgePairRow {
  const rubric = index.set.rubrics[r];
  const one = index.cells[a][r];
  const two = index.cells[b][r];
  const x: number[] = [];
  const y: number[] = [];
  const firstA: number[] = [];
  const firstB: number[] = [];
  for (let d = 0; d < index.dialogueCount; d++) {
    if (one.count[d] === 0 || two.count[d] === 0) continue;
    x.push(dialogueMean(one, d));
    y.push(dialogueMean(two, d));
    if (isScaleScore(one.first[d], rubric) && isScaleScore(two.first[d], rubric)) {
      firstA.push(one.first[d]);
      firstB.push(two.first[d]);
    }
  }
  const qwk: Statistic = firstA.length === 0 ? { value: null, reason: 'No dialogue has an integer score from both judges.' } : quadraticKappa(rubric, firstA, firstB);
  return {
    judgeA: index.judges[a],
    judgeB: index.judges[b],
    rubric: rubric.id,
    n: x.length,
    ...correlationStatistics(x, y),
    qwk,
    qwkN: firstA.length,
    meanDifference: summarize(x.map((value, i) => value - y[i])).mean,
  };
}

function selfPreferenceRow(index: ScoreIndex, judge: number, slot: number, family: string, groupFamily: Readonly<Record<string, string>>): SelfPreferenceRow {
  const rubric = slot < index.rubrics.length ? index.rubrics[slot] : null;
  const own: number[] = [];
  const other: number[] = [];
  const mine: ScoreCells = index.cells[judge][slot];
  const others = index.cells.filter((_, j) => j !== judge).map((row) => row[slot]);
  for (let d = 0; d < index.dialogueCount; d++) {
    if (mine.count[d] === 0) continue;
    let sum = 0;
    let count = 0;
    for (const cells of others) {
      if (cells.count[d] === 0) continue;
      sum += dialogueMean(cells, d);
      count++;
    }
    if (count === 0) continue;
    const difference = dialogueMean(mine, d) - sum / count;
    const group = index.groups[index.dialogueGroup[d]];
    (Object.hasOwn(groupFamily, group) && groupFamily[group] === family ? own : other).push(difference);
  }
  const meanOwn = summarize(own).mean;
  const meanOther = summarize(other).mean;
  const difference = meanOwn !== null && meanOther !== null ? meanOwn - meanOther : null;
  const ci95 = welchInterval(own, other);
  let reason: string | null = null;
  if (others.length === 0) reason = 'Self-preference compares a judge with the other judges; there is only one judge.';
  else if (own.length === 0) reason = `No dialogue of a ${family} teacher model was scored by this judge and another.`;
  else if (other.length === 0) reason = `Every dialogue scored by this judge and another is of a ${family} teacher model; there is nothing to compare with.`;
  else if (ci95 === null) reason = 'Fewer than two dialogues on one side: no interval.';
  return {
    judge: index.judges[judge],
    family,
    rubric,
    nOwn: own.length,
    nOther: other.length,
    meanOwn,
    meanOther,
    difference,
    ci95,
    flagged: difference !== null && difference > 0 && ci95 !== null && ci95[0] > 0,
    reason,
  };
}

/**
 * The calibration of every judge against the experts, judge against judge, and self-preference
 * (for judges with a family, when teacher-model families are given), from one ScoreIndex.
 */
export function calibrate(index: ScoreIndex, experts: readonly ExpertScore[], options: CalibrationOptions = {}): Calibration {
  const read = readExperts(index, experts);
  const rows: CalibrationRow[] = [];
  const judgePairs: JudgePairRow[] = [];
  const selfPreference: SelfPreferenceRow[] = [];
  index.judges.forEach((_, j) => index.set.rubrics.forEach((_, r) => {
    if (read.cells[r].count.some((count) => count > 0)) rows.push(calibrationRow(index, j, r, read.cells[r]));
  }));
  for (let a = 0; a < index.judges.length; a++) {
    for (let b = a + 1; b < index.judges.length; b++) index.set.rubrics.forEach((_, r) => judgePairs.push(judgePairRow(index, a, b, r)));
  }
  const judgeFamily = options.judgeFamily ?? {};
  const groupFamily = options.groupFamily ?? {};
  index.judges.forEach((judge, j) => {
    if (!Object.hasOwn(judgeFamily, judge)) return;
    for (let slot = 0; slot <= index.rubrics.length; slot++) selfPreference.push(selfPreferenceRow(index, j, slot, judgeFamily[judge], groupFamily));
  });
  return { rows, judgePairs, selfPreference, experts: { ...read.problems, ratings: read.ratings, items: read.items } };
}
