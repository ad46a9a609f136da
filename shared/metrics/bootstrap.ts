import { simdSumResamples, type SumResamples } from './bootstrap-simd/sum-resamples';
import { drawScale, indexAtScaled, nextState32 } from './random';

export interface BootstrapOptions {
  /** resamples; default 2,000; 0 computes no interval */
  resamples?: number;
  /** the generator's seed; the same seed gives the same interval */
  seed?: number;
  /** default 0.95 */
  level?: number;
}

export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_SEED = 20240601;

/** Quantile with linear interpolation between order statistics (R type 7, NumPy's default). */
export function quantile(sorted: ArrayLike<number>, probability: number): number {
  const position = (sorted.length - 1) * probability;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

/**
 * Columns summed together in one pass over a resample's rows (see bootstrapMeans): eight, the
 * seven indicators and TotalScore, so a drawn row is one 64-byte read.
 */
const BLOCK = 8;

/**
 * Percentile bootstrap intervals of the means of several columns over the same rows, resampling
 * rows (dialogues) with replacement, the same resamples for every column (so the intervals of
 * the seven indicators and TotalScore come from one set of resampled dialogues).
 * `columns[c][row]` may be null (left out of that column's mean, as in the point estimate); a
 * resample in which a column has no value is skipped for that column. A column with fewer than two
 * values has no interval (null).
 *
 * Each resample draws its rows once; each column's sum then adds the drawn values in draw order,
 * as the plain row-by-row loop does, so the intervals are the same to the bit (the test keeps that
 * loop as its reference). Speed comes from the layout, not from reordering: columns without
 * nulls are summed eight at a time from a row-major block (eight independent sums in registers,
 * one cache line per drawn row, no test per value), the first block drawing each row as it reads
 * it; a column with nulls is summed on its own, skipping them.
 */
export function bootstrapMeans(
  columns: readonly (readonly (number | null)[])[],
  options: BootstrapOptions = {},
  /** the WebAssembly SIMD form of the one-block loop (bootstrap-simd/); null runs the JavaScript loop, as the tests do too */
  sumResamples: SumResamples | null = simdSumResamples(),
): ([number, number] | null)[] {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 0) throw new Error(`Resamples must be a whole number, 0 for no intervals (got ${resamples}).`);
  if (resamples === 0) return columns.map(() => null);
  if (!(level > 0 && level < 1)) throw new Error(`The interval level must be between 0 and 1 (got ${level}).`);
  const rows = columns[0]?.length ?? 0;
  if (columns.some((column) => column.length !== rows)) throw new Error('Every column needs one value (or null) per row.');

  const complete = columns.flatMap((column, index) => (column.includes(null) ? [] : [index]));
  const blocks: { members: number[]; table: Float64Array }[] = [];
  for (let first = 0; first < complete.length; first += BLOCK) {
    const members = complete.slice(first, first + BLOCK);
    const table = new Float64Array(rows * BLOCK); // a block of fewer columns sums zeros in the rest
    members.forEach((index, slot) => columns[index].forEach((value, row) => (table[row * BLOCK + slot] = value as number)));
    blocks.push({ members, table });
  }
  const partial = columns.flatMap((column, index) => (column.includes(null) ? [{ index, values: Float64Array.from(column, (value) => (value === null ? Number.NaN : value)) }] : []));

  let state = (options.seed ?? DEFAULT_SEED) | 0; // the same 32 bits as >>> 0, held as int32 (nextState32)
  // one block and nothing else (the metrics' seven indicators and TotalScore) goes to the SIMD loop
  const oneBlock = blocks.length === 1 && partial.length === 0;
  const means = columns.map(() => new Float64Array(resamples));
  const kept = new Int32Array(columns.length);
  const keep = (index: number, sum: number, count: number): void => {
    if (count > 0) means[index][kept[index]++] = sum / count;
  };
  const simd = oneBlock && rows > 0 && sumResamples !== null ? sumResamples(blocks[0].table, rows, resamples, state, drawScale(rows)) : null;
  // the rows drawn, for the passes after the first (another block, a column with nulls)
  const picks = new Int32Array(simd === null ? rows : 0);
  if (simd !== null) {
    const { members } = blocks[0];
    for (let sample = 0; sample < resamples; sample++) members.forEach((index, slot) => keep(index, simd.sums[sample * BLOCK + slot], rows));
  }
  const sums = new Float64Array(BLOCK);
  for (let sample = 0; simd === null && sample < resamples; sample++) {
    if (blocks.length === 0) {
      const scale = drawScale(rows);
      for (let k = 0; k < rows; k++) picks[k] = indexAtScaled((state = nextState32(state)), scale);
    }
    for (let b = 0; b < blocks.length; b++) {
      const { members, table } = blocks[b];
      // the first block draws the rows as it sums them; the others read them back
      if (b > 0) sumPicked(table, picks, sums);
      else state = sumDrawnKeeping(table, rows, state, picks, sums);
      members.forEach((index, slot) => keep(index, sums[slot], rows));
    }
    for (const { index, values } of partial) {
      let sum = 0;
      let count = 0;
      for (let k = 0; k < rows; k++) {
        const value = values[picks[k]];
        if (value !== value) continue; // NaN: no value
        sum += value;
        count++;
      }
      keep(index, sum, count);
    }
  }
  const tail = (1 - level) / 2;
  return columns.map((column, index) => {
    const present = column.filter((value) => value !== null).length;
    if (present < 2 || kept[index] === 0) return null;
    const sorted = means[index].subarray(0, kept[index]).sort();
    return [quantile(sorted, tail), quantile(sorted, 1 - tail)];
  });
}

// Two copies of one loop: a test inside it (draw or read back) cost more than the additions. Each
// adds a block's eight columns row by row in draw order. (The one-block case, where no draw
// needs keeping, is the SIMD loop's; this is its fallback.)

/** Draws `rows` rows from `state`, sums them into `sums` and writes each to `picks` for the passes after it; returns the state after the draws. */
function sumDrawnKeeping(table: Float64Array, rows: number, state: number, picks: Int32Array, sums: Float64Array): number {
  const scale = drawScale(rows);
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let sum4 = 0;
  let sum5 = 0;
  let sum6 = 0;
  let sum7 = 0;
  for (let k = 0; k < rows; k++) {
    state = nextState32(state);
    const row = indexAtScaled(state, scale);
    picks[k] = row;
    const at = row * BLOCK;
    sum0 += table[at];
    sum1 += table[at + 1];
    sum2 += table[at + 2];
    sum3 += table[at + 3];
    sum4 += table[at + 4];
    sum5 += table[at + 5];
    sum6 += table[at + 6];
    sum7 += table[at + 7];
  }
  storeSums(sums, sum0, sum1, sum2, sum3, sum4, sum5, sum6, sum7);
  return state;
}

/** The sums of the rows in `picks`, in that order. */
function sumPicked(table: Float64Array, picks: Int32Array, sums: Float64Array): void {
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let sum4 = 0;
  let sum5 = 0;
  let sum6 = 0;
  let sum7 = 0;
  for (let k = 0; k < picks.length; k++) {
    const at = picks[k] * BLOCK;
    sum0 += table[at];
    sum1 += table[at + 1];
    sum2 += table[at + 2];
    sum3 += table[at + 3];
    sum4 += table[at + 4];
    sum5 += table[at + 5];
    sum6 += table[at + 6];
    sum7 += table[at + 7];
  }
  storeSums(sums, sum0, sum1, sum2, sum3, sum4, sum5, sum6, sum7);
}

function storeSums(sums: Float64Array, s0: number, s1: number, s2: number, s3: number, s4: number, s5: number, s6: number, s7: number): void {
  sums[0] = s0;
  sums[1] = s1;
  sums[2] = s2;
  sums[3] = s3;
  sums[4] = s4;
  sums[5] = s5;
  sums[6] = s6;
  sums[7] = s7;
}
