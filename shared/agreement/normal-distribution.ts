/**
 * The standard normal distribution, as far as the tests of agreement need it, to about 15
 * significant digits (no dependency: shared/ stays pure).
 */

/** Φ⁻¹(0.975), the multiplier of a two-sided 95% Wald interval (scipy `norm.isf(0.025)`). */
export const Z_975 = 1.959963984540054;

const SQRT_PI = Math.sqrt(Math.PI);

/**
 * erfc(x) for x ≥ 0. Below 3 the series erf(x) = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1))
 * has only positive terms, so it does not cancel; above 3 the continued fraction
 * erfc(x) = e^(−x²)/√π · 1/(x + ½/(x + 1/(x + 3⁄2/(x + …)))) keeps full relative precision far
 * into the tail (p-values like 1e−14), which 1 − erf would lose.
 */
function erfcNonNegative(x: number): number {
  if (x < 3) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 500; n++) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
      if (term <= sum * 1e-17) break;
    }
    return 1 - ((2 / SQRT_PI) * Math.exp(-x * x)) * sum;
  }
  // modified Lentz evaluation of K = x + a1/(x + a2/(x + …)), a_n = n/2
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
    c = x + a / c;
    if (Math.abs(c) < tiny) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / SQRT_PI / f;
}

export function erfc(x: number): number {
  return x >= 0 ? erfcNonNegative(x) : 2 - erfcNonNegative(-x);
}

/** P(Z > z), the one-sided upper-tail p-value (scipy `norm.sf`). */
export function normalUpperTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/** P(|Z| > |z|), the two-sided p-value 2(1 − Φ(|z|)). */
export function normalTwoSided(z: number): number {
  return erfcNonNegative(Math.abs(z) / Math.SQRT2);
}
