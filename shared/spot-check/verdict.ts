/**
 * A field's verdict needs evidence either way. With threshold t and the Wilson 95% bounds [L, U]
 * of e errors in n reviewed values:
 * - pass: U < t (the error rate is below the threshold with 95% confidence);
 * - fail: L > t (it is above it with 95% confidence), or U ≥ t although n ≥ n0, where n0 is the
 *   smallest n at which a clean sample (0 errors of n, U = z²/(n + z²)) would have passed: enough
 *   was reviewed to show the labels are right, and it did not;
 * - insufficient: neither, so more reviews are needed: "n of the n0 needed". From n0 on every
 *   field gets a pass or a fail, so n0 is what to review up to.
 */
import { Z_95 } from './sample-size';
import { wilsonInterval } from './wilson';

export type Verdict = 'pass' | 'fail' | 'insufficient';

export const VERDICTS: readonly Verdict[] = ['pass', 'fail', 'insufficient'];

/**
 * n0: the smallest n for which 0 errors of n give a Wilson upper bound below `threshold`, i.e.
 * z²/(n + z²) < t ⇔ n > z²(1 − t)/t. Taken from the closed form and then checked against the
 * very bound the verdict reads, so float noise at the boundary cannot make the two disagree.
 */
export function reviewsNeeded(threshold: number, z: number = Z_95): number {
  if (!(threshold > 0 && threshold <= 1)) throw new Error(`The threshold must be an error rate above 0 and at most 1 (got ${threshold}).`);
  const cleanPasses = (n: number) => wilsonInterval(0, n, z).high < threshold;
  let n = Math.max(1, Math.floor((z * z * (1 - threshold)) / threshold) + 1);
  while (n > 1 && cleanPasses(n - 1)) n--;
  while (!cleanPasses(n)) n++;
  return n;
}

/** The verdict of `n` reviewed values with Wilson bounds `low`–`high` against `threshold` (the rule above). */
export function verdictOf(bounds: { low: number; high: number }, n: number, threshold: number, needed: number = reviewsNeeded(threshold)): Verdict {
  if (n > 0 && bounds.high < threshold) return 'pass';
  if (n > 0 && bounds.low > threshold) return 'fail';
  return n >= needed ? 'fail' : 'insufficient';
}
