/** How large a spot-check must be for a wanted precision of its error rate (issue 11). */

/** The 97.5th percentile of the standard normal distribution: the z of a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

export interface SampleSizeQuestion {
  /** the margin of error wanted, as a proportion (0.05 = ±5 percentage points) */
  margin: number;
  /** the error rate expected; 0.5 (the default) gives the largest, safest size */
  expectedRate?: number;
  /** the number of items there are; absent or Infinity for an unbounded population */
  population?: number;
  z?: number;
}

/**
 * Cochran's sample size for a proportion with the normal approximation,
 * n0 = z² p (1 − p) / e², with the finite-population correction n = n0 / (1 + (n0 − 1) / N),
 * rounded up (Cochran 1977, Sampling Techniques, eq. 4.1–4.2). e = 0.05, p = 0.5: 385 for an
 * unbounded population, 278 of N = 1000. Never more than the population.
 */
export function sampleSizeFor(question: SampleSizeQuestion): number {
  const { margin } = question;
  const p = question.expectedRate ?? 0.5;
  const z = question.z ?? Z_95;
  if (!(margin > 0 && margin < 1)) throw new Error(`The margin of error must be between 0 and 1 (got ${margin}).`);
  if (!(p >= 0 && p <= 1)) throw new Error(`The expected rate must be between 0 and 1 (got ${p}).`);
  const population = question.population ?? Infinity;
  if (population <= 0) return 0;
  const n0 = (z * z * p * (1 - p)) / (margin * margin);
  const corrected = Number.isFinite(population) ? n0 / (1 + (n0 - 1) / population) : n0;
  // 384.1459 stays 385; a product a hair above a whole number (float noise) does not add one
  const size = Math.ceil(Number(corrected.toFixed(9)));
  return Math.max(1, Math.min(size, Number.isFinite(population) ? population : size));
}
