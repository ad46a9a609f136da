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
  for (const value of [...x, ...y]) if (!Number.isFinite(value)) throw new Error(`The score ${value} is not a finite number.`);
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

/** Ranks 1..n, ties sharing their average rank. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].value === order[start].value) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k].index] = rank;
    start = end + 1;
  }
  return ranks;
}

export function spearman(x: readonly number[], y: readonly number[]): CorrelationResult {
  checkPairs(x, y);
  return pearson(averageRanks(x), averageRanks(y));
}

/**
 * Kendall's tau-b in O(n log n) (Knight 1966, as scipy `kendalltau`): pairs sorted by x then y,
 * ties in x and joint ties counted in runs, then a merge sort on y counting the swaps, which are
 * the discordant pairs. C − D = n₀ − n₁ − n₂ + n₃ − 2·swaps with n₀ = n(n−1)/2 pairs, n₁ tied in
 * x, n₂ tied in y, n₃ tied in both; every count is a whole number, so the result does not depend
 * on the order of the pairs. (Calibration runs it over tens of thousands of dialogues, where the
 * pair-by-pair count would take seconds.)
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): CorrelationResult {
  checkPairs(x, y);
  const n = x.length;
  if (n < 2) return undefinedBecause(n, 'A correlation needs at least two pairs.');
  const order = Array.from({ length: n }, (_, index) => index).sort((a, b) => x[a] - x[b] || y[a] - y[b]);
  let tiedX = 0;
  let tiedBoth = 0;
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && x[order[end]] === x[order[start]]) end++;
    tiedX += ((end - start) * (end - start - 1)) / 2;
    for (let run = start; run < end; ) {
      let runEnd = run + 1;
      while (runEnd < end && y[order[runEnd]] === y[order[run]]) runEnd++;
      tiedBoth += ((runEnd - run) * (runEnd - run - 1)) / 2;
      run = runEnd;
    }
    start = end;
  }
  // bottom-up merge sort of y in x order; each element taken from the right run passes every
  // element still waiting in the left run: those pairs are discordant
  let values = Float64Array.from(order, (index) => y[index]);
  let buffer = new Float64Array(n);
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
  let tiedY = 0;
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && values[end] === values[start]) end++;
    tiedY += ((end - start) * (end - start - 1)) / 2;
    start = end;
  }
  const pairs = (n * (n - 1)) / 2;
  if (tiedX === pairs || tiedY === pairs) return undefinedBecause(n, 'One rater gives every item the same score, so tau-b is 0/0: undefined.');
  const concordantMinusDiscordant = pairs - tiedX - tiedY + tiedBoth - 2 * swaps;
  return { value: concordantMinusDiscordant / Math.sqrt((pairs - tiedX) * (pairs - tiedY)), n, reason: null };
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
