import type { WeightName, WeightScheme } from './types';

/**
 * How weighted kappa penalises disagreements. The three schemes place the categories at their
 * positions 0, 1, …, k−1 in the ordered category list (statsmodels' default scores, R irr's
 * "equal"/"squared", scikit-learn's label index), so the full codebook list matters:
 *   linear     d(i, j) = |i − j|      (Cicchetti–Allison; statsmodels wt='linear', irr "equal")
 *   quadratic  d(i, j) = (i − j)²     (Fleiss–Cohen; statsmodels wt='quadratic', irr "squared")
 * Code may also give scores for the categories, a distance per level apart (statsmodels
 * wt='toeplitz', irr's numeric weight vector) or a full disagreement matrix. Kappa and its
 * variances do not change when the disagreements are multiplied by a constant.
 */
export type Weighting =
  | WeightScheme
  | { scheme: 'linear' | 'quadratic'; scores: readonly number[] }
  | { scheme: 'toeplitz'; distances: readonly number[] }
  | { scheme: 'custom'; disagreement: readonly (readonly number[])[] };

export interface Disagreement {
  name: WeightName;
  /** d[i][j] ≥ 0, zero on the diagonal; not rescaled */
  matrix: number[][];
}

function positions(k: number): number[] {
  return Array.from({ length: k }, (_, index) => index);
}

function fromScores(scores: readonly number[], power: 1 | 2): number[][] {
  return scores.map((a) => scores.map((b) => (power === 1 ? Math.abs(a - b) : (a - b) ** 2)));
}

function checkLength(values: readonly number[], k: number, what: string): void {
  if (values.length !== k) throw new Error(`${what} has ${values.length} entries for ${k} categories.`);
  for (const value of values) if (!Number.isFinite(value)) throw new Error(`${what} contains ${value}, not a finite number.`);
}

/** The disagreement matrix of a weighting over k ordered categories. Throws on malformed weights. */
export function disagreementMatrix(k: number, weighting: Weighting): Disagreement {
  if (weighting === 'none') return { name: 'none', matrix: positions(k).map((i) => positions(k).map((j) => (i === j ? 0 : 1))) };
  if (weighting === 'linear' || weighting === 'quadratic') return { name: weighting, matrix: fromScores(positions(k), weighting === 'linear' ? 1 : 2) };
  if (weighting.scheme === 'toeplitz') {
    const { distances } = weighting;
    checkLength(distances, k, 'The distance list');
    if (distances[0] !== 0 || distances.some((distance) => distance < 0)) throw new Error('Distances per level apart start at 0 and are never negative.');
    return { name: 'toeplitz', matrix: positions(k).map((i) => positions(k).map((j) => distances[Math.abs(i - j)])) };
  }
  if (weighting.scheme !== 'custom') {
    checkLength(weighting.scores, k, 'The score list');
    return { name: weighting.scheme, matrix: fromScores(weighting.scores, weighting.scheme === 'linear' ? 1 : 2) };
  }
  const { disagreement } = weighting;
  if (disagreement.length !== k) throw new Error(`A disagreement matrix over ${k} categories is ${k} × ${k}.`);
  disagreement.forEach((row, i) => {
    checkLength(row, k, `Row ${i + 1} of the disagreement matrix`);
    if (row[i] !== 0) throw new Error('A disagreement matrix is 0 on its diagonal: a category agrees with itself.');
    if (row.some((value) => value < 0)) throw new Error('A disagreement matrix has no negative entries.');
  });
  return { name: 'custom', matrix: disagreement.map((row) => [...row]) };
}

/** The matrix divided by its largest entry (all zeros stay zeros), as SAS and statsmodels scale it for the variance. */
export function scaledToMaximum(matrix: readonly (readonly number[])[]): number[][] {
  let largest = 0;
  for (const row of matrix) for (const value of row) largest = Math.max(largest, value);
  return matrix.map((row) => row.map((value) => (largest > 0 ? value / largest : 0)));
}
