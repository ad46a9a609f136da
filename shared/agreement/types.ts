/**
 * Data shapes of the agreement statistics. Every coefficient returns a result that extends
 * AgreementResult, the row the CLI prints with --json (and the agreement view will show); the
 * extra fields (observed/expected agreement, z, per-category values, …) explain the number.
 */

/** The coefficients the CLI and the report offer, by their command-line names. */
export const COEFFICIENTS = ['percent', 'cohen', 'fleiss', 'randolph', 'krippendorff', 'gwet'] as const;
export type ReportCoefficient = (typeof COEFFICIENTS)[number];
/** `conger` (Fleiss' exact kappa) is available to code, not yet to the CLI. */
export type Coefficient = ReportCoefficient | 'conger';

/**
 * The most categories a field may have. Cohen's kappa (its confusion and weight matrices) and
 * Krippendorff's alpha (coincidence and distance matrices) hold categories × categories tables,
 * so 60,000 labels would need gigabytes; inputs with more are refused with this bound named.
 */
export const MAX_CATEGORIES = 1000;

export const WEIGHT_SCHEMES = ['none', 'linear', 'quadratic'] as const;
export type WeightScheme = (typeof WEIGHT_SCHEMES)[number];
/** How a result names its weights: the three schemes, or a distance vector / matrix given by code. */
export type WeightName = WeightScheme | 'toeplitz' | 'custom';

export const ALPHA_LEVELS = ['nominal', 'ordinal', 'interval', 'ratio'] as const;
export type AlphaLevel = (typeof ALPHA_LEVELS)[number];
/** How a result names its level of measurement: the four metrics, a distance matrix given by code, or MASI for label sets. */
export type LevelName = AlphaLevel | 'custom' | 'masi';

/**
 * One coefficient for one field: exactly the object the CLI prints per result with --json.
 *
 * - `value` is null exactly when the coefficient is undefined for these data, and `reason` then
 *   says why (never NaN, never a made-up 1).
 * - `se` and `ci95` depend on the coefficient; see each function. Cohen's kappa: the asymptotic
 *   standard error under the alternative (Fleiss, Cohen & Everitt 1969; SAS `ASE`, statsmodels
 *   `std_kappa`) and the Wald interval κ ± 1.959964·se. Fleiss' kappa: the standard error under
 *   H0 κ = 0 (Fleiss, Nee & Landis 1979, as R irr `kappam.fleiss`), which only serves the z test,
 *   so no interval. Others: null (no analytic standard error is implemented).
 * - `items`: items that entered the computation. `raters`: raters involved. `missing`: ratings
 *   absent from the item × rater grid of those raters (see each function), so nothing is
 *   dropped without being counted.
 * - What is shown (the view, the card, the CLI) passes evidence.ts first: no value below 10
 *   items, and no interval of zero width (`ciReason` says why).
 */
export interface AgreementResult {
  field: string | null;
  coefficient: Coefficient;
  weights: WeightName | null;
  level: LevelName | null;
  value: number | null;
  se: number | null;
  ci95: [number, number] | null;
  items: number;
  raters: number;
  missing: number;
  reason: string | null;
  /** why `ci95` is null although `value` is not, when the interval would claim what it cannot (evidence.ts); else null */
  ciReason: string | null;
}

/**
 * Ratings as items × raters over an explicit ordered category list. The list is the codebook's
 * full ordered label list, never only the labels that occur: categories nobody used still count
 * (weighted kappa, Gwet's AC1 and Randolph's kappa change otherwise).
 */
export interface RatingTable {
  categories: readonly string[];
  raters: readonly string[];
  items: readonly string[];
  /** ratings[item][rater]: index into `categories`, or null when that rater gave no label */
  ratings: readonly (readonly (number | null)[])[];
}

/**
 * Items × categories: how many raters put each item in each category (the layout of Fleiss'
 * table). Rater identities are gone, so Cohen's and Conger's kappa cannot use it.
 */
export interface ItemCounts {
  categories: readonly string[];
  items: readonly string[];
  /** counts[item][category] */
  counts: readonly (readonly number[])[];
  /**
   * The size of the rater panel. From a RatingTable, its number of raters; from a counts layout,
   * the largest number of ratings any item has. An item with fewer ratings lacks
   * `raters − ratings` of them, which is what `missing` counts.
   */
  raters: number;
}

/** Two raters' ratings cross-tabulated: counts[row rater's category][column rater's category]. */
export interface ConfusionMatrix {
  categories: readonly string[];
  raters: readonly [string, string];
  counts: readonly (readonly number[])[];
  /** items both raters rated (the sum of `counts`) */
  items: number;
  /** items left out because one or both ratings are absent */
  excludedItems: number;
  /** absent ratings of the two raters over all items of the table */
  missing: number;
}

/** Po and Pe: the observed and the chance-expected agreement a kappa-type coefficient compares. */
export interface ChanceCorrectedParts {
  observed: number | null;
  expected: number | null;
  /** items that did not enter the computation (a rating missing, or too few ratings) */
  excludedItems: number;
}
