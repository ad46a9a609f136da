/**
 * bootstrapMeans as it was before issue 9 (row-major table, a NaN test on every value drawn),
 * kept only as the reference the fast bootstrap is compared with, bit for bit, on seeded data.
 */
import { quantile, DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapOptions } from '../../../shared/metrics/bootstrap';
import { seededRandom } from '../../../shared/metrics/random';

export function referenceBootstrapMeans(columns: readonly (readonly (number | null)[])[], options: BootstrapOptions = {}): ([number, number] | null)[] {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 0) throw new Error(`Resamples must be a whole number, 0 for no intervals (got ${resamples}).`);
  if (resamples === 0) return columns.map(() => null);
  if (!(level > 0 && level < 1)) throw new Error(`The interval level must be between 0 and 1 (got ${level}).`);
  const rows = columns[0]?.length ?? 0;
  if (columns.some((column) => column.length !== rows)) throw new Error('Every column needs one value (or null) per row.');
  // Row-major typed values (NaN for null): one resampled row reads its values contiguously.
  const width = columns.length;
  const table = new Float64Array(rows * width);
  columns.forEach((column, c) => column.forEach((value, row) => (table[row * width + c] = value === null ? Number.NaN : value)));
  const next = seededRandom(options.seed ?? DEFAULT_SEED);
  const means = columns.map(() => new Float64Array(resamples));
  const kept = columns.map(() => 0);
  const sums = new Float64Array(width);
  const counts = new Int32Array(width);
  for (let sample = 0; sample < resamples; sample++) {
    sums.fill(0);
    counts.fill(0);
    for (let draw = 0; draw < rows; draw++) {
      const offset = Math.floor(next() * rows) * width;
      for (let c = 0; c < width; c++) {
        const value = table[offset + c];
        if (value !== value) continue; // NaN: no value
        sums[c] += value;
        counts[c]++;
      }
    }
    for (let c = 0; c < width; c++) {
      if (counts[c] > 0) means[c][kept[c]++] = sums[c] / counts[c];
    }
  }
  const tail = (1 - level) / 2;
  return columns.map((column, index) => {
    const values = column.filter((value) => value !== null).length;
    if (values < 2 || kept[index] === 0) return null;
    const sorted = means[index].subarray(0, kept[index]).sort();
    return [quantile(sorted, tail), quantile(sorted, 1 - tail)];
  });
}
