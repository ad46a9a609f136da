import type { RubricSet } from './types';

/** Each rubric's weight divided by the sum of all weights (they sum to 1); parseRubricSet guarantees one weight above 0. */
export function normalizedWeights(set: RubricSet): Record<string, number> {
  const total = set.rubrics.reduce((sum, rubric) => sum + rubric.weight, 0);
  if (!(total > 0)) throw new Error(`The rubric set ${set.id} has no weight above 0, so it has no overall score.`);
  return Object.fromEntries(set.rubrics.map((rubric) => [rubric.id, rubric.weight / total]));
}

/**
 * The weighted overall score Σ wᵣ·scoreᵣ with normalised weights, on the rubrics' own scale.
 * Missing rubrics: an overall is only computed when every rubric of the set has a valid score
 * (a finite number within its range, which may be a mean of samples or an expected score);
 * otherwise it is null. Re-normalising over the rubrics present would make overalls of
 * dialogues with different missing rubrics incomparable, and a failed rubric would silently
 * drop out of the figure. A rubric of weight 0 still needs its score.
 */
export function weightedOverall(set: RubricSet, scores: Readonly<Record<string, number | null | undefined>>, weights: Readonly<Record<string, number>> = normalizedWeights(set)): number | null {
  let overall = 0;
  for (const rubric of set.rubrics) {
    const score = Object.hasOwn(scores, rubric.id) ? scores[rubric.id] : undefined;
    if (typeof score !== 'number' || !Number.isFinite(score) || score < rubric.range.min || score > rubric.range.max) return null;
    overall += weights[rubric.id] * score;
  }
  return overall;
}
