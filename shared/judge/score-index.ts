import { normalizedWeights } from './overall';
import type { JudgeResultLine } from './result-line';
import type { RubricSet } from './types';

/**
 * Judge results laid out for the reports: one slot per (judge, rubric, dialogue) holding the sum,
 * sum of squares and count of that dialogue's valid samples, the failed samples, and the score
 * of its lowest-numbered valid sample (for statistics that need one integer draw). A dialogue is
 * its group and its id together: one id repeats across teacher models. Slot `rubrics.length`
 * of each judge is the weighted overall, one value per sample that scored every rubric.
 */
export interface ScoreIndex {
  set: RubricSet;
  /** rubric ids in set order; index `rubrics.length` is the overall */
  rubrics: readonly string[];
  judges: readonly string[];
  groups: readonly string[];
  /** per dialogue slot: its group's index and its id */
  dialogueGroup: Int32Array;
  dialogueIds: readonly string[];
  dialogueCount: number;
  /** `${group}\u0000${dialogue}` → slot */
  dialogueSlot: ReadonlyMap<string, number>;
  /** [judge][rubric] → per-dialogue arrays */
  cells: readonly (readonly ScoreCells[])[];
  /** lines read twice for one (group, dialogue, judge, sample): the first is kept */
  duplicateLines: number;
  /** whether the values are G-Eval expected scores instead of the sampled integers */
  values: 'score' | 'expected';
}

export interface ScoreCells {
  sum: Float64Array;
  sumSquares: Float64Array;
  count: Int32Array;
  failed: Int32Array;
  /** the value of the lowest-numbered valid sample; NaN when none */
  first: Float64Array;
  firstSample: Int32Array;
}

function newCells(size: number): ScoreCells {
  return {
    sum: new Float64Array(size),
    sumSquares: new Float64Array(size),
    count: new Int32Array(size),
    failed: new Int32Array(size),
    first: new Float64Array(size).fill(Number.NaN),
    firstSample: new Int32Array(size).fill(-1),
  };
}

function grow(cells: ScoreCells, size: number): ScoreCells {
  const next = newCells(size);
  next.sum.set(cells.sum);
  next.sumSquares.set(cells.sumSquares);
  next.count.set(cells.count);
  next.failed.set(cells.failed);
  next.first.set(cells.first);
  next.firstSample.set(cells.firstSample);
  return next;
}

/**
 * Reads checked result lines (readResultLine) into a ScoreIndex. `values: 'expected'` uses the
 * G-Eval expected scores: a valid sample without one for a rubric adds nothing to that rubric
 * (nor to the overall), and is not counted as failed either. A failed line counts one failed
 * sample for every rubric and the overall.
 */
export function buildScoreIndex(set: RubricSet, lines: Iterable<JudgeResultLine>, options: { values?: 'score' | 'expected' } = {}): ScoreIndex {
  const values = options.values ?? 'score';
  const rubrics = set.rubrics.map((rubric) => rubric.id);
  const rubricIndex = new Map(rubrics.map((id, index) => [id, index]));
  const weights = normalizedWeights(set);
  const slots = rubrics.length + 1;
  const judges: string[] = [];
  const judgeIndex = new Map<string, number>();
  const groups: string[] = [];
  const groupIndex = new Map<string, number>();
  const dialogueSlot = new Map<string, number>();
  const slotsByGroup: Map<string, number>[] = [];
  const dialogueIds: string[] = [];
  let dialogueGroup = new Int32Array(1024);
  let capacity = 1024;
  let cells: ScoreCells[][] = [];
  // samples already read per (judge, dialogue): a bit per sample below 31, a set beyond
  let seenMasks: Int32Array[] = [];
  const seenHigh = new Set<string>();
  let duplicateLines = 0;
  const ranges = set.rubrics.map((rubric) => rubric.range);
  const weightOf = rubrics.map((id) => weights[id]);
  const sampleValues = new Float64Array(rubrics.length);
  for (const line of lines) {
    let g = groupIndex.get(line.group);
    if (g === undefined) {
      g = groups.length;
      groups.push(line.group);
      groupIndex.set(line.group, g);
    }
    // per group, then per id: no key string is built for a dialogue already met
    let inGroup = slotsByGroup[g];
    if (inGroup === undefined) slotsByGroup[g] = inGroup = new Map();
    let d = inGroup.get(line.dialogue);
    if (d === undefined) {
      d = dialogueIds.length;
      dialogueIds.push(line.dialogue);
      inGroup.set(line.dialogue, d);
      dialogueSlot.set(`${line.group}\u0000${line.dialogue}`, d);
      if (d >= capacity) {
        capacity *= 2;
        const next = new Int32Array(capacity);
        next.set(dialogueGroup);
        dialogueGroup = next;
        cells = cells.map((row) => row.map((cell) => grow(cell, capacity)));
        seenMasks = seenMasks.map((mask) => {
          const wider = new Int32Array(capacity);
          wider.set(mask);
          return wider;
        });
      }
      dialogueGroup[d] = g;
    }
    let j = judgeIndex.get(line.judge);
    if (j === undefined) {
      j = judges.length;
      judges.push(line.judge);
      judgeIndex.set(line.judge, j);
      cells.push(Array.from({ length: slots }, () => newCells(capacity)));
      seenMasks.push(new Int32Array(capacity));
    }
    if (line.sample < 31) {
      const bit = 1 << line.sample;
      if ((seenMasks[j][d] & bit) !== 0) {
        duplicateLines++;
        continue;
      }
      seenMasks[j][d] |= bit;
    } else {
      const sampleKey = `${j}\u0000${d}\u0000${line.sample}`;
      if (seenHigh.has(sampleKey)) {
        duplicateLines++;
        continue;
      }
      seenHigh.add(sampleKey);
    }
    const row = cells[j];
    if (line.status === 'failed') {
      for (let r = 0; r < slots; r++) row[r].failed[d]++;
      continue;
    }
    sampleValues.fill(Number.NaN);
    const entries = line.scores;
    for (let k = 0; k < entries.length; k++) {
      const entry = entries[k];
      // answers come in the set's order (checkJudgeAnswer sorts them so): the map only for the others
      const r = rubrics[k] === entry.rubric ? k : rubricIndex.get(entry.rubric);
      if (r === undefined) continue;
      const value = values === 'score' ? entry.score : entry.expected;
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      sampleValues[r] = value;
      add(row[r], d, value, line.sample);
    }
    // weightedOverall's rule, on the typed scratch: every rubric needs a score within its range
    let overall = 0;
    for (let r = 0; r < rubrics.length && overall === overall; r++) {
      const value = sampleValues[r];
      overall = value >= ranges[r].min && value <= ranges[r].max ? overall + weightOf[r] * value : Number.NaN;
    }
    if (overall === overall) add(row[rubrics.length], d, overall, line.sample);
  }
  const size = dialogueIds.length;
  return {
    set,
    rubrics,
    judges,
    groups,
    dialogueGroup: dialogueGroup.subarray(0, size),
    dialogueIds,
    dialogueCount: size,
    dialogueSlot,
    cells,
    duplicateLines,
    values,
  };
}

function add(cells: ScoreCells, d: number, value: number, sample: number): void {
  cells.sum[d] += value;
  cells.sumSquares[d] += value * value;
  cells.count[d]++;
  if (cells.firstSample[d] === -1 || sample < cells.firstSample[d]) {
    cells.first[d] = value;
    cells.firstSample[d] = sample;
  }
}

/** The dialogue's mean over its valid samples; NaN when it has none. */
export function dialogueMean(cells: ScoreCells, d: number): number {
  const count = cells.count[d];
  return count === 0 ? Number.NaN : cells.sum[d] / count;
}

/**
 * The sample variance (n − 1) of the dialogue's valid samples; NaN with fewer than two. Computed
 * from the sum of squares: with scores of a few units and a handful of samples, cancellation
 * costs nothing measurable, and the mean of deviations is clamped at 0.
 */
export function dialogueVariance(cells: ScoreCells, d: number): number {
  const count = cells.count[d];
  if (count < 2) return Number.NaN;
  const mean = cells.sum[d] / count;
  return Math.max(0, (cells.sumSquares[d] - count * mean * mean) / (count - 1));
}
