import type { FieldReview } from '../model/review';
import { TRANSCRIPT_FIELD_IDS } from './value-status';

/**
 * What an export writes for a label the expert marked unsure: `empty`, nothing (the stricter: a
 * reader of the plain SID annotation or of `expert_value` cannot take a guess for a checked value),
 * or `guess`, the expert's best guess as before (the provenance and the status still say unsure).
 * The transcript (speaker, utterance) is always written: a conversation without a turn's text or
 * speaker would not read, nor re-import.
 */
export type UnsureValues = 'empty' | 'guess';

export const UNSURE_VALUES: readonly UnsureValues[] = ['empty', 'guess'];

/** The export dialog's default: the stricter. */
export const DEFAULT_UNSURE_VALUES: UnsureValues = 'empty';

export function isUnsureValues(value: unknown): value is UnsureValues {
  return value === 'empty' || value === 'guess';
}

/** True when this field's value is an unsure label the export leaves empty. */
export function leavesUnsureEmpty(fieldId: string, review: Pick<FieldReview, 'decision'> | undefined, unsureValues: UnsureValues): boolean {
  return unsureValues === 'empty' && review?.decision === 'unsure' && !TRANSCRIPT_FIELD_IDS.has(fieldId);
}
