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
   * Text fields: the text. Label fields from the pre-annotation: the value exactly as imported
   * (for a turn that merged several annotation entries, their values joined with " | ").
   * Expert label values and missing values: ''.
   */
  text: string;
  /** true when `text` is a raw pre-annotation that did not resolve to codes (unknown or conflict) */
  unresolved: boolean;
  /**
   * true when `text` is the one value the source held for this field (a pre-annotation from a
   * single annotation entry or row), so writing `text` back reproduces the source. False for
   * expert values, for values merged from several entries and for values the source never had.
   */
  asImported: boolean;
}

/** The turn's own text and the pre-annotation, ignoring any review. */
function preValue(turn: Turn, field: FieldDef): ExportValue {
  if (field.id === 'utterance' && field.type === 'text') {
    // the annotation's copy of the utterance may be a fragment: the turn's own text is the value
    return { source: 'pre', codes: [], text: turn.utterance, unresolved: false, asImported: true };
  }
  const pre = turn.pre[field.id];
  if (!pre && field.id === 'speaker' && turn.speaker !== 'other') {
    // no annotation named the speaker: the dialogue's own role is the value
    return { source: 'pre', codes: [turn.speaker], text: '', unresolved: false, asImported: false };
  }
  if (!pre) return { source: 'missing', codes: [], text: '', unresolved: false, asImported: false };
  const asImported = turn.fragments <= 1;
  if (field.type === 'text') return { source: 'pre', codes: [], text: pre.raw, unresolved: false, asImported };
  const unresolved = pre.status === 'unknown' || pre.status === 'conflict';
  return { source: 'pre', codes: unresolved ? [] : [...pre.codes], text: pre.raw, unresolved, asImported };
}

/**
 * The expert's value when the field was reviewed (whatever the decision: 'unsure' holds the
 * expert's best guess), else the pre-annotation. A reviewed text field without text keeps the
 * unreviewed text. For the utterance, an unreviewed value is the turn's own text rather than
 * the annotation's copy of it (which may be fragments); an unannotated speaker is the turn's
 * own speaker.
 */
export function expertValue(turn: Turn, field: FieldDef, review: FieldReview | undefined): ExportValue {
  if (!review) return preValue(turn, field);
  if (field.type === 'text') {
    const text = review.text ?? preValue(turn, field).text;
    return { source: 'expert', codes: [], text, unresolved: false, asImported: false };
  }
  return { source: 'expert', codes: [...review.codes], text: '', unresolved: false, asImported: false };
}

/** Reviews of one dialogue indexed by `${turnId}|${fieldId}` (the FieldReview id scheme). */
export function indexFieldReviews(reviews: readonly FieldReview[]): Map<string, FieldReview> {
  return new Map(reviews.map((review) => [`${review.turnId}|${review.fieldId}`, review]));
}
