import type { FieldDef } from '../codebook/types';
import type { Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';

/** The value to export for one field of one turn. */
export interface ExportValue {
  /** 'expert' when a review exists, 'pre' for the LLM pre-annotation, 'missing' when neither exists */
  source: 'expert' | 'pre' | 'missing';
  /** label codes (empty for text fields) */
  codes: string[];
  /**
   * For text fields the text. For label fields the raw pre-annotation when it could not be
   * resolved to codes (unknown or conflict) and nobody fixed it; '' otherwise.
   */
  text: string;
  /** true when `text` is an unresolved raw value (unknown/conflict) written as imported */
  unresolved: boolean;
}

/**
 * The expert's value when the field was reviewed (whatever the decision: 'unsure' holds the
 * expert's best guess), else the pre-annotation. For the utterance, an unreviewed value is
 * the turn's own text rather than the annotation's copy of it (which may be fragments); an
 * unannotated speaker is the turn's own speaker.
 */
export function expertValue(turn: Turn, field: FieldDef, review: FieldReview | undefined): ExportValue {
  if (review) {
    const text = field.type === 'text' ? (review.text ?? '') : '';
    return { source: 'expert', codes: field.type === 'text' ? [] : [...review.codes], text, unresolved: false };
  }
  if (field.id === 'utterance' && field.type === 'text') {
    return { source: 'pre', codes: [], text: turn.utterance, unresolved: false };
  }
  const pre = turn.pre[field.id];
  if (!pre && field.id === 'speaker' && turn.speaker !== 'other') {
    // no annotation named the speaker: the dialogue's own role is the value
    return { source: 'pre', codes: [turn.speaker], text: '', unresolved: false };
  }
  if (!pre) return { source: 'missing', codes: [], text: '', unresolved: false };
  if (field.type === 'text') return { source: 'pre', codes: [], text: pre.raw, unresolved: false };
  if (pre.status === 'unknown' || pre.status === 'conflict') {
    return { source: 'pre', codes: [], text: pre.raw, unresolved: true };
  }
  return { source: 'pre', codes: [...pre.codes], text: '', unresolved: false };
}

/** Reviews of one dialogue indexed by `${turnId}|${fieldId}` (the FieldReview id scheme). */
export function indexFieldReviews(reviews: readonly FieldReview[]): Map<string, FieldReview> {
  return new Map(reviews.map((review) => [`${review.turnId}|${review.fieldId}`, review]));
}
