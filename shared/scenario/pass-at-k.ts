import { studentTQuantile } from '../judge/student-t';

/**
 * The unbiased Pass@k estimator (Chen et al. 2021, "Evaluating Large Language Models Trained on
 * Code"): with n samples of which c are correct, 1 − C(n−c, k)/C(n, k), the chance that k samples
 * drawn without replacement hold at least one correct one. Computed as the product
 * 1 − ∏_{i=n−c+1}^{n} (1 − k/i), which never forms a binomial coefficient (those overflow near n = 1030).
 */
export function passAtK(n: number, c: number, k: number): number {
  if (!(Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k))) throw new RangeError(`Pass@k needs whole numbers (n = ${n}, c = ${c}, k = ${k}).`);
  if (n < 1 || c < 0 || c > n) throw new RangeError(`Pass@k needs n ≥ 1 and 0 ≤ c ≤ n (n = ${n}, c = ${c}).`);
  if (k < 1 || k > n) throw new RangeError(`Pass@k needs 1 ≤ k ≤ n (n = ${n}, k = ${k}).`);
  if (n - c < k) return 1;
  let allWrong = 1;
  for (let i = n - c + 1; i <= n; i++) allWrong *= 1 - k / i;
  return 1 - allWrong;
}

export interface PassAtKSummary {
  /** tasks averaged over */
  tasks: number;
  mean: number;
  /** a Student-t interval of the mean across tasks; equal to the mean for one task */
  low: number;
  high: number;
  level: number;
}

/**
 * Pass@k across tasks (one value per task, e.g. passAtK of its samples at one turn): the mean and
 * a t interval at `level`, clipped to [0, 1]. The interval is across tasks, the unit a data set
 * is drawn from, not across the samples of one task.
 */
export function summarisePassAtK(values: readonly number[], level = 0.95): PassAtKSummary {
  if (values.length === 0) throw new RangeError('Pass@k across tasks needs at least one task.');
  if (!(level > 0 && level < 1)) throw new RangeError(`The interval level must lie between 0 and 1, not ${level}.`);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (values.length === 1) return { tasks: 1, mean, low: mean, high: mean, level };
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  const half = studentTQuantile(1 - (1 - level) / 2, values.length - 1) * Math.sqrt(variance / values.length);
  return { tasks: values.length, mean, low: Math.max(0, mean - half), high: Math.min(1, mean + half), level };
}
