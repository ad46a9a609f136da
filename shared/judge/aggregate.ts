import { dialogueMean, dialogueVariance, type ScoreIndex } from './score-index';

/** n, mean and the sample standard deviation (n − 1) of a list; mean null for n = 0, sd null for n < 2. */
export interface Summary {
  n: number;
  mean: number | null;
  sd: number | null;
}

export function summarize(values: ArrayLike<number>): Summary {
  const n = values.length;
  if (n === 0) return { n, mean: null, sd: null };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = sum / n;
  if (n < 2) return { n, mean, sd: null };
  // two passes: deviations from the mean, so a large common offset costs no precision
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - mean) ** 2;
  return { n, mean, sd: Math.sqrt(squares / (n - 1)) };
}

/**
 * One cell of Table I: a group (teacher model), a judge and a rubric (or the overall).
 *
 * With N samples per dialogue the figures are two-stage: each dialogue's valid samples give its
 * mean (and, with two or more, its variance across samples) first; then `n`, `mean` and `sd` are
 * over those per-dialogue means, so every dialogue counts once however many of its samples
 * succeeded, and `sd` is the spread between dialogues, not judge noise. The judge's own noise is
 * `withinVariance`: the mean over dialogues (with ≥ 2 valid samples) of the variance across a
 * dialogue's samples. With one sample per dialogue both stages are the plain figures.
 */
export interface TableOneCell extends Summary {
  group: string;
  judge: string;
  /** a rubric id; the overall is in `TableOne.overall` */
  rubric: string;
  /** dialogues with at least one valid sample (= n) */
  n: number;
  /** valid samples over all dialogues */
  samples: number;
  /** failed samples (answers that stayed invalid after retries): counted here, never in the mean */
  failed: number;
  /** mean within-dialogue sample variance (n − 1 per dialogue); null when no dialogue has two valid samples */
  withinVariance: number | null;
  /** dialogues that entered withinVariance */
  repeatedDialogues: number;
}

export interface TableOne {
  /** group by group (in order of first appearance), judge by judge, rubric in set order */
  cells: TableOneCell[];
  /** the weighted overall per group and judge: per sample only when that sample scored every rubric (overall.ts), then two-stage as the cells */
  overall: Omit<TableOneCell, 'rubric'>[];
}

function cellOf(index: ScoreIndex, judge: number, slot: number, group: number, buffer: Float64Array): Omit<TableOneCell, 'rubric' | 'group' | 'judge'> {
  const cells = index.cells[judge][slot];
  let n = 0;
  let samples = 0;
  let failed = 0;
  let varianceSum = 0;
  let repeated = 0;
  for (let d = 0; d < index.dialogueCount; d++) {
    if (index.dialogueGroup[d] !== group) continue;
    failed += cells.failed[d];
    const count = cells.count[d];
    if (count === 0) continue;
    samples += count;
    buffer[n++] = dialogueMean(cells, d);
    if (count >= 2) {
      varianceSum += dialogueVariance(cells, d);
      repeated++;
    }
  }
  return { ...summarize(buffer.subarray(0, n)), samples, failed, withinVariance: repeated > 0 ? varianceSum / repeated : null, repeatedDialogues: repeated };
}

/** Table I: per (group, judge, rubric) and the overall per (group, judge). */
export function tableOne(index: ScoreIndex): TableOne {
  const buffer = new Float64Array(index.dialogueCount);
  const cells: TableOneCell[] = [];
  const overall: TableOne['overall'] = [];
  index.groups.forEach((group, g) => {
    index.judges.forEach((judge, j) => {
      index.rubrics.forEach((rubric, r) => cells.push({ group, judge, rubric, ...cellOf(index, j, r, g, buffer) }));
      overall.push({ group, judge, ...cellOf(index, j, index.rubrics.length, g, buffer) });
    });
  });
  return { cells, overall };
}

export type PanelMethod = 'mean' | 'median';

export interface PanelCell extends Summary {
  group: string;
  /** a rubric id, or null for the weighted overall */
  rubric: string | null;
  method: PanelMethod;
  judges: readonly string[];
  /** the group's dialogues left out because some panel judge has no valid sample for them */
  incomplete: number;
}

function median(values: Float64Array): number {
  values.sort();
  const middle = values.length >> 1;
  return values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

/**
 * The panel aggregate per group and rubric (and the overall, rubric null): each dialogue's
 * panel score is the mean or the median of the panel judges' per-dialogue means, then n, mean and
 * sd over dialogues. Only dialogues every panel judge scored enter (a complete panel): averaging
 * over whichever judges happened to succeed would mix a lenient judge's dialogues with a strict
 * one's; the others are counted in `incomplete`. Judges are kept apart in tableOne; this is the
 * combined view.
 */
export function panelAggregate(index: ScoreIndex, options: { method?: PanelMethod; judges?: readonly string[] } = {}): PanelCell[] {
  const method = options.method ?? 'mean';
  const judges = options.judges ?? index.judges;
  const judgeSlots = judges.map((judge) => {
    const j = index.judges.indexOf(judge);
    if (j < 0) throw new Error(`No judge named "${judge}" in these results (judges: ${index.judges.join(', ')}).`);
    return j;
  });
  const buffer = new Float64Array(index.dialogueCount);
  const values = new Float64Array(judgeSlots.length);
  const result: PanelCell[] = [];
  index.groups.forEach((group, g) => {
    for (let slot = 0; slot <= index.rubrics.length; slot++) {
      let n = 0;
      let incomplete = 0;
      for (let d = 0; d < index.dialogueCount; d++) {
        if (index.dialogueGroup[d] !== g) continue;
        let complete = true;
        let anyScore = false;
        for (let k = 0; k < judgeSlots.length; k++) {
          const cells = index.cells[judgeSlots[k]][slot];
          if (cells.count[d] === 0) complete = false;
          else anyScore = true;
          values[k] = dialogueMean(cells, d);
        }
        if (!complete) {
          if (anyScore || judgeSlots.some((j) => index.cells[j][slot].failed[d] > 0)) incomplete++;
          continue;
        }
        buffer[n++] = method === 'mean' ? values.reduce((sum, value) => sum + value, 0) / values.length : median(values.slice());
      }
      result.push({ group, rubric: slot < index.rubrics.length ? index.rubrics[slot] : null, method, judges, incomplete, ...summarize(buffer.subarray(0, n)) });
    }
  });
  return result;
}
