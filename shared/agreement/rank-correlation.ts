/**
 * Correlations between raters' numeric scores, for ordinal fields (a rater can be consistent
 * yet shifted, which kappa counts as disagreement): Pearson's r, Spearman's rho (Pearson on
 * average ranks, as scipy), Kendall's tau-b (tie-corrected, as scipy `kendalltau`) and Kendall's
 * W for m raters (R irr `kendall`). Pairs with a missing score must be removed by the caller.
 */

export interface CorrelationResult {
  value: number | null;
  /** pairs (or subjects, for W) used */
  n: number;
  reason: string | null;
}

function undefinedBecause(n: number, reason: string): CorrelationResult {
  return { value: null, n, reason };
}

function checkPairs(x: readonly number[], y: readonly number[]): void {
  if (x.length !== y.length) throw new Error(`${x.length} scores against ${y.length}; correlations need pairs.`);
  for (const values of [x, y]) {
    for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) throw new Error(`The score ${values[i]} is not a finite number.`);
  }
}

export function pearson(x: readonly number[], y: readonly number[]): CorrelationResult {
  checkPairs(x, y);
  const n = x.length;
  if (n < 2) return undefinedBecause(n, 'A correlation needs at least two pairs.');
  const meanX = x.reduce((sum, value) => sum + value, 0) / n;
  const meanY = y.reduce((sum, value) => sum + value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - meanX) * (y[i] - meanY);
    sxx += (x[i] - meanX) ** 2;
    syy += (y[i] - meanY) ** 2;
  }
  if (sxx === 0 || syy === 0) return undefinedBecause(n, 'One rater gives every item the same score, so the correlation is 0/0: undefined.');
  return { value: sxy / Math.sqrt(sxx * syy), n, reason: null };
}

/** Scores usually take a handful of values: found with a set while they are few, by sorting a copy otherwise. */
const FEW_DISTINCT = 256;

function distinctValues(values: readonly number[]): Float64Array {
  const few = new Set<number>();
  for (let i = 0; i < values.length && few.size <= FEW_DISTINCT; i++) few.add(values[i] === 0 ? 0 : values[i]);
  const sorted = few.size <= FEW_DISTINCT ? Float64Array.from(few).sort() : Float64Array.from(values).sort();
  let size = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[size++] = sorted[i];
  return sorted.slice(0, size);
}

/**
 * The distinct values in ascending order and each value's position among them (a dense code):
 * one typed-array sort (numeric, native) instead of a comparator sort of objects, which counts
 * when calibration ranks tens of thousands of scores dozens of times.
 */
function denseCodes(values: readonly number[]): { distinct: Float64Array; codes: Int32Array; counts: Int32Array } {
  const distinct = distinctValues(values);
  const size = distinct.length;
  const codes = new Int32Array(values.length);
  const counts = new Int32Array(size);
  for (let i = 0; i < values.length; i++) {
    // binary search: the first distinct value not below this one is this one (−0 and 0 compare equal)
    const value = values[i];
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (distinct[middle] < value) low = middle + 1;
      else high = middle;
    }
    codes[i] = low;
    counts[low]++;
  }
  return { distinct, codes, counts };
}

type DenseCodes = ReturnType<typeof denseCodes>;

function ranksOfCodes({ codes, counts }: DenseCodes): number[] {
  const rankOf = new Float64Array(counts.length);
  let below = 0;
  for (let code = 0; code < counts.length; code++) {
    rankOf[code] = below + (counts[code] + 1) / 2;
    below += counts[code];
  }
  return Array.from(codes, (code) => rankOf[code]);
}

/** Ranks 1..n, ties sharing their average rank. */
export function averageRanks(values: readonly number[]): number[] {
  return ranksOfCodes(denseCodes(values));
}

export function spearman(x: readonly number[], y: readonly number[]): CorrelationResult {
  checkPairs(x, y);
  return pearson(averageRanks(x), averageRanks(y));
}

/**
 * Pearson, Spearman and Kendall's tau-b of the same pairs, each value's rank found once for
 * both rank coefficients (calibration asks for all three); the same numbers as the three calls.
 */
export function correlations(x: readonly number[], y: readonly number[]): { pearson: CorrelationResult; spearman: CorrelationResult; kendall: CorrelationResult } {
  checkPairs(x, y);
  if (x.length < 2) {
    const none = undefinedBecause(x.length, 'A correlation needs at least two pairs.');
    return { pearson: none, spearman: none, kendall: none };
  }
  const cx = denseCodes(x);
  const cy = denseCodes(y);
  return { pearson: pearson(x, y), spearman: pearson(ranksOfCodes(cx), ranksOfCodes(cy)), kendall: kendallOfCodes(cx, cy) };
}

/**
 * Kendall's tau-b in O(n log n) (Knight 1966, as scipy `kendalltau`): pairs sorted by x then y,
 * ties counted from each value's multiplicity and joint ties in runs, then a merge sort on y counting the swaps, which are
 * the discordant pairs. C − D = n₀ − n₁ − n₂ + n₃ − 2·swaps with n₀ = n(n−1)/2 pairs, n₁ tied in
 * x, n₂ tied in y, n₃ tied in both; every count is a whole number, so the result does not depend
 * on the order of the pairs. (Calibration runs it over tens of thousands of dialogues, where the
 * pair-by-pair count would take seconds.)
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): CorrelationResult {
  checkPairs(x, y);
  if (x.length < 2) return undefinedBecause(x.length, 'A correlation needs at least two pairs.');
  return kendallOfCodes(denseCodes(x), denseCodes(y));
}

/**
 * tau-b from the kx × ky table of code pairs, when it is small (scores on a scale): a row at a
 * time from the highest x down, each cell's pairs with the cells below-right (concordant) and
 * below-left (discordant) counted from running column totals. O(n + kx·ky), whole numbers only.
 */
function kendallOfTable(cx: DenseCodes, cy: DenseCodes): CorrelationResult {
  const n = cx.codes.length;
  const kx = cx.counts.length;
  const ky = cy.counts.length;
  const table = new Float64Array(kx * ky);
  for (let i = 0; i < n; i++) table[cx.codes[i] * ky + cy.codes[i]]++;
  const above = new Float64Array(ky);
  let concordantMinusDiscordant = 0;
  for (let row = kx - 1; row >= 0; row--) {
    let total = 0;
    for (let column = 0; column < ky; column++) total += above[column];
    let left = 0;
    for (let column = 0; column < ky; column++) {
      const count = table[row * ky + column];
      // pairs with a higher x: a higher y is concordant, a lower one (the `left` columns) discordant
      if (count > 0) concordantMinusDiscordant += count * (total - left - above[column] - left);
      left += above[column];
    }
    for (let column = 0; column < ky; column++) above[column] += table[row * ky + column];
  }
  return tauB(n, cx, cy, concordantMinusDiscordant);
}

function tiedPairs(counts: Int32Array): number {
  let tied = 0;
  for (const count of counts) tied += (count * (count - 1)) / 2;
  return tied;
}

function tauB(n: number, cx: DenseCodes, cy: DenseCodes, concordantMinusDiscordant: number): CorrelationResult {
  const pairs = (n * (n - 1)) / 2;
  const tiedX = tiedPairs(cx.counts);
  const tiedY = tiedPairs(cy.counts);
  if (tiedX === pairs || tiedY === pairs) return undefinedBecause(n, 'One rater gives every item the same score, so tau-b is 0/0: undefined.');
  return { value: concordantMinusDiscordant / Math.sqrt((pairs - tiedX) * (pairs - tiedY)), n, reason: null };
}

function kendallOfCodes(cx: DenseCodes, cy: DenseCodes): CorrelationResult {
  const n = cx.codes.length;
  if (cx.counts.length * cy.counts.length <= Math.max(4096, n)) return kendallOfTable(cx, cy);
  // pairs as one sortable number each: x's dense code, then y's (exact while n² < 2^53)
  const span = cy.counts.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = cx.codes[i] * span + cy.codes[i];
  keys.sort();
  const tiedX = tiedPairs(cx.counts);
  let tiedBoth = 0;
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && keys[end] === keys[start]) end++;
    tiedBoth += ((end - start) * (end - start - 1)) / 2;
    start = end;
  }
  // bottom-up merge sort of y's codes in (x, y) order; each element taken from the right run
  // passes every element still waiting in the left run: those pairs are discordant
  let values = new Int32Array(n);
  for (let i = 0; i < n; i++) values[i] = keys[i] % span;
  let buffer = new Int32Array(n);
  let swaps = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n);
      const high = Math.min(low + 2 * width, n);
      let i = low;
      let j = middle;
      let k = low;
      while (i < middle && j < high) {
        if (values[j] < values[i]) {
          swaps += middle - i;
          buffer[k++] = values[j++];
        } else buffer[k++] = values[i++];
      }
      while (i < middle) buffer[k++] = values[i++];
      while (j < high) buffer[k++] = values[j++];
    }
    [values, buffer] = [buffer, values];
  }
  const pairs = (n * (n - 1)) / 2;
  return tauB(n, cx, cy, pairs - tiedX - tiedPairs(cy.counts) + tiedBoth - 2 * swaps);
}

export interface KendallWResult extends CorrelationResult {
  /** W without the correction for ties */
  uncorrected: number | null;
  /** χ² = m (n − 1) W (tie-corrected W), with n − 1 degrees of freedom */
  chiSquare: number | null;
  degreesOfFreedom: number;
  raters: number;
}

/**
 * Kendall's coefficient of concordance for scores laid out subjects × raters, each rater's
 * scores ranked across subjects (average ranks for ties); `value` is the tie-corrected W_t as R
 * irr `kendall(ratings, correct = TRUE)`.
 */
export function kendallW(scores: readonly (readonly number[])[]): KendallWResult {
  const n = scores.length;
  const m = n > 0 ? scores[0].length : 0;
  const frame = { n, raters: m, degreesOfFreedom: Math.max(0, n - 1) };
  if (n < 2 || m < 2) return { ...frame, value: null, uncorrected: null, chiSquare: null, reason: 'Kendall\'s W needs at least two subjects and two raters.' };
  if (scores.some((row) => row.length !== m)) throw new Error('Every subject needs a score from every rater.');
  const rankColumns = Array.from({ length: m }, (_, rater) => averageRanks(scores.map((row) => row[rater])));
  const rankSums = scores.map((_, subject) => rankColumns.reduce((sum, column) => sum + column[subject], 0));
  const mean = rankSums.reduce((sum, value) => sum + value, 0) / n;
  const spread = rankSums.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  let ties = 0;
  for (const column of rankColumns) {
    const sizes = new Map<number, number>();
    for (const rank of column) sizes.set(rank, (sizes.get(rank) ?? 0) + 1);
    for (const size of sizes.values()) ties += size ** 3 - size;
  }
  const full = m * m * (n ** 3 - n);
  const corrected = full - m * ties;
  if (corrected === 0) return { ...frame, value: null, uncorrected: null, chiSquare: null, reason: 'Every rater gives every subject the same score, so W is 0/0: undefined.' };
  const value = (12 * spread) / corrected;
  return { ...frame, value, uncorrected: (12 * spread) / full, chiSquare: m * (n - 1) * value, reason: null };
}
