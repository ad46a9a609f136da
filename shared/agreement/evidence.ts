/**
 * What an agreement coefficient may claim on the data it has. The statistics (cohen-kappa.ts,
 * fleiss-kappa.ts, …) compute what their formulas give, as the reference libraries do; what is
 * shown — the agreement view, its files, the dataset card, the `agreement` command — goes through
 * these two rules first:
 *
 * - Too few items: below MIN_AGREEMENT_ITEMS items a chance-corrected coefficient (κ, π, α,
 *   AC1, Bennett's S) is not given: one item more or less moves it by a large step (on 9 items
 *   one changed rating moves percent agreement by 11 points, κ by more), and the asymptotic
 *   standard error it would come with assumes a large sample (Fleiss, Cohen & Everitt 1969). The
 *   value, its SE and interval are null, and the reason says "too few items (n = k, at least N
 *   needed)". Percent agreement is a plain share that states its n, so it stays.
 * - A degenerate interval: a Wald interval of zero width is no statement of certainty but of a
 *   standard error that is 0 — every item agreeing, or one rater giving a single category (κ is
 *   then 0 whatever the other rater does). The interval is null and `ciReason` says why.
 */
import type { AgreementResult, Coefficient, ConfusionMatrix } from './types';

/**
 * The fewest items a chance-corrected coefficient is shown for. Ten: with fewer, one item changes
 * percent agreement by more than 10 points (and κ by more); the view's "What is this?" panel and
 * the README state it.
 */
export const MIN_AGREEMENT_ITEMS = 10;

/** Raw percent agreement states its n and has no chance correction: the minimum does not apply to it. */
const EXEMPT: ReadonlySet<Coefficient> = new Set(['percent']);

/** Why the coefficient is not given for `items` items. */
export function belowMinimumReason(items: number, minimum: number = MIN_AGREEMENT_ITEMS): string {
  return `Too few items (n = ${items}, at least ${minimum} needed): a coefficient on so few items is not given.`;
}

/** A result the minimum keeps back: value null because of too few items (its reason says so). */
export function hasTooFewItems(result: Pick<AgreementResult, 'coefficient' | 'items'>, minimum: number = MIN_AGREEMENT_ITEMS): boolean {
  return !EXEMPT.has(result.coefficient) && result.items < minimum;
}

/** Why a zero-width interval has no width: read from the confusion counts (rows: rater A). */
export type DegenerateInterval = 'one-category' | 'all-agree' | 'no-spread';

export function degenerateIntervalKind(counts: readonly (readonly number[])[] | null | undefined): DegenerateInterval {
  if (!counts || counts.length === 0) return 'no-spread';
  const rows = counts.map((row) => row.reduce((sum, count) => sum + count, 0));
  const columns = counts[0].map((_, column) => counts.reduce((sum, row) => sum + (row[column] ?? 0), 0));
  const usedOne = (totals: readonly number[]) => totals.filter((total) => total > 0).length === 1;
  if (usedOne(rows) || usedOne(columns)) return 'one-category';
  if (counts.every((row, i) => row.every((count, j) => i === j || count === 0))) return 'all-agree';
  return 'no-spread';
}

const INTERVAL_REASONS: Record<DegenerateInterval, string> = {
  'one-category': 'One rater gave a single category to every item, so kappa is 0 whatever the other rater did and its standard error is 0: the 95% CI is not defined.',
  'all-agree': 'Every item agrees, so the asymptotic standard error is 0: an interval of no width would claim a certainty the sample cannot give, so the 95% CI is not defined.',
  'no-spread': 'The asymptotic standard error is 0 here, so the interval has no width: the 95% CI is not defined.',
};

export function degenerateIntervalReason(kind: DegenerateInterval): string {
  return INTERVAL_REASONS[kind];
}

/** The extra fields of Cohen's and Fleiss' results that test κ = 0 (cohen-kappa.ts, fleiss-kappa.ts). */
const INFERENCE_KEYS = ['seNull', 'z', 'pOneSided', 'pTwoSided'] as const;

/** A zero-width interval: its bounds equal up to float noise. */
const hasNoWidth = (ci: readonly [number, number] | null): ci is [number, number] => ci !== null && Math.abs(ci[1] - ci[0]) <= 1e-12;

/**
 * `result` as it may be shown: a value on fewer than `minimum` items becomes null with the reason
 * "too few items" (a value undefined already keeps its own reason: one item, no pair of raters,
 * chance agreement 1), and a zero-width interval becomes null with `ciReason`. `confusion` (a Cohen result's own, if it has one)
 * tells which degenerate case it is.
 */
export function shownAgreement<T extends AgreementResult & { confusion?: ConfusionMatrix | null }>(result: T, minimum: number = MIN_AGREEMENT_ITEMS): T {
  if (result.value !== null && hasTooFewItems(result, minimum)) {
    // the test of κ = 0 is inference from the same few items: it goes with the value
    const inference = Object.fromEntries(INFERENCE_KEYS.filter((key) => key in result).map((key) => [key, null]));
    return { ...result, ...inference, value: null, se: null, ci95: null, ciReason: null, reason: belowMinimumReason(result.items, minimum) };
  }
  if (hasNoWidth(result.ci95)) return { ...result, ci95: null, ciReason: degenerateIntervalReason(degenerateIntervalKind(result.confusion?.counts)) };
  return result;
}
