import { Z_95 } from './sample-size';

export interface RateInterval {
  /** errors / n, null when n is 0 */
  rate: number | null;
  low: number;
  high: number;
}

/**
 * The Wilson score interval for a proportion (Wilson 1927; Newcombe 1998, method 3: no
 * continuity correction), 95% by default:
 * (p + z²/2n ± z √(p(1 − p)/n + z²/4n²)) / (1 + z²/n). With no observation it is [0, 1].
 */
export function wilsonInterval(errors: number, n: number, z: number = Z_95): RateInterval {
  if (n <= 0) return { rate: null, low: 0, high: 1 };
  if (errors < 0 || errors > n) throw new Error(`${errors} errors out of ${n} is not a proportion.`);
  const p = errors / n;
  return { rate: p, ...wilsonBounds(p, n, z) };
}

/** The Wilson bounds of a proportion p observed on n items (n may be an effective, non-whole size). */
export function wilsonBounds(p: number, n: number, z: number = Z_95): { low: number; high: number } {
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // at p = 0 (or 1) the bound is exactly 0 (or 1); the float sum can miss it by 1e-17
  return { low: p === 0 ? 0 : Math.max(0, centre - half), high: p === 1 ? 1 : Math.min(1, centre + half) };
}
