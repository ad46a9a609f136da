/**
 * Why a layer has no usable rating for an item: one set of reasons for the CLI's rating tables
 * and the agreement view alike. The CLI prints MISSING_REASON_WORDS; the view shows its own
 * English and Chinese words for the same names (renderer/src/features/agreement/strings.ts).
 */
export type MissingReason =
  /** the layer lacks the dialogue (CLI: matched across files) */
  | 'no-dialogue'
  /** the layer has the dialogue but no turn matched to this one (or has no values for the turn) */
  | 'no-turn'
  /** the turn has no value for the field (for the expert: not decided) */
  | 'no-value'
  /** an empty value for a one-label field */
  | 'empty-value'
  /** a label the codebook does not know (as imported), or a code it does not list */
  | 'not-in-codebook'
  /** annotation fragments merged into the turn disagree */
  | 'conflict'
  /** several labels for a one-label field */
  | 'several-labels';

export const MISSING_REASONS: readonly MissingReason[] = ['no-dialogue', 'no-turn', 'no-value', 'empty-value', 'not-in-codebook', 'conflict', 'several-labels'];

export type MissingReasons = Record<MissingReason, number>;

/** The CLI's words, after the count ("2 no value"). */
export const MISSING_REASON_WORDS: Record<MissingReason, string> = {
  'no-dialogue': 'dialogue not in the layer',
  'no-turn': 'turn not matched in the layer',
  'no-value': 'no value',
  'empty-value': 'empty value',
  'not-in-codebook': 'value not in the codebook',
  conflict: 'conflicting fragments',
  'several-labels': 'several labels for a one-label field',
};

export function noMissing(): MissingReasons {
  return { 'no-dialogue': 0, 'no-turn': 0, 'no-value': 0, 'empty-value': 0, 'not-in-codebook': 0, conflict: 0, 'several-labels': 0 };
}

export function totalMissing(reasons: MissingReasons): number {
  return Object.values(reasons).reduce((sum, count) => sum + count, 0);
}

/** The encoded value of a missing rating: −(1 + its position in MISSING_REASONS). */
export function missingCode(reason: MissingReason): number {
  return -1 - MISSING_REASONS.indexOf(reason);
}

/** The reason of a negative encoded value. */
export function missingReasonOf(value: number): MissingReason {
  return MISSING_REASONS[-1 - value];
}
