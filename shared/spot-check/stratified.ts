/**
 * The whole data set's error rate from a stratified sample: each stratum's sample rate weighted
 * by its share of the population, Σ (N_h / N) · p_h (Cochran 1977, §5.2).
 */
import { wilsonBounds, type RateInterval } from './wilson';
import { Z_95 } from './sample-size';

export interface StratumObservation {
  key: string;
  /** N_h: the items of the population in the stratum */
  population: number;
  /** n_h and the errors among them */
  n: number;
  errors: number;
}

export interface StratifiedEstimate extends RateInterval {
  /** the effective sample size the interval is computed with (see stratifiedErrorRate) */
  effectiveN: number;
}

/**
 * The stratum-weighted rate with a Wilson interval on the effective sample size
 * n_eff = p̂ (1 − p̂) / Σ W_h² p_h (1 − p_h) / n_h (Kish's design effect: the size of a simple
 * random sample with the same variance), as Korn & Graubard (1998) use for survey proportions,
 * capped at Σ n_h as the NCHS standards for proportions do (Parker et al. 2017, Vital Health Stat
 * 2(175): a design effect below 1 is taken as 1). When every stratum's rate is 0 or 1 the variance is 0 and n_eff is the whole
 * sample, Σ n_h. Strata with no observation (n_h = 0) are left out and the weights of the others
 * scaled to sum to 1, so an unreviewed stratum neither counts as right nor as wrong. The variance
 * leaves out the finite-population correction: the interval is a little wider, never narrower.
 * With one stratum this is the plain Wilson interval of errors / n.
 */
export function stratifiedErrorRate(strata: readonly StratumObservation[], z: number = Z_95): StratifiedEstimate {
  const observed = strata.filter((stratum) => stratum.n > 0 && stratum.population > 0);
  const population = observed.reduce((sum, stratum) => sum + stratum.population, 0);
  const sampled = observed.reduce((sum, stratum) => sum + stratum.n, 0);
  if (population === 0 || sampled === 0) return { rate: null, low: 0, high: 1, effectiveN: 0 };
  let rate = 0;
  let variance = 0;
  for (const stratum of observed) {
    const weight = stratum.population / population;
    const p = stratum.errors / stratum.n;
    rate += weight * p;
    variance += (weight * weight * p * (1 - p)) / stratum.n;
  }
  const effectiveN = variance > 0 ? Math.min(sampled, (rate * (1 - rate)) / variance) : sampled;
  return { rate, ...wilsonBounds(rate, effectiveN, z), effectiveN };
}
