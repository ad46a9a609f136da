import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook, FieldDef } from '../codebook/types';
import type { SpeakerCode, Turn } from '../model/dataset';
import type { AcceptanceKind, FieldReview, ReviewDecision } from '../model/review';

/**
 * Whether an exported value was checked: the expert's decision (`accepted` the pre-annotation,
 * `changed` it = corrected, was `unsure`, or `labelled` it with no suggestion shown), or `unreviewed` — the LLM pre-annotation nobody
 * checked, also inside a verified turn or dialogue.
 */
export type ExportValueStatus = ReviewDecision | 'unreviewed';

/**
 * The transcript: speaker and utterance are the source conversation itself, not an LLM label.
 * Their status is written like any value's, but an uncorrected transcript is not counted among
 * the unreviewed labels the export warns about.
 */
export const TRANSCRIPT_FIELD_IDS: ReadonlySet<string> = new Set(['speaker', 'utterance']);

export interface ExportedFieldValue {
  field: FieldDef;
  review: FieldReview | undefined;
  status: ExportValueStatus;
  /** false for the transcript fields */
  isLabel: boolean;
  /** the pre-annotation holds something (what an unreviewed label would pass on) */
  hasPre: boolean;
}

export interface LabelCounts {
  accepted: number;
  changed: number;
  unsure: number;
  /** values an expert gave with no suggestion shown (blind work); present only once there is one */
  labelled?: number;
  /** unreviewed labels that hold a pre-annotation: empty fields pass nothing on */
  unreviewed: number;
}

export const NO_LABELS: Readonly<LabelCounts> = { accepted: 0, changed: 0, unsure: 0, unreviewed: 0 };

/** The speaker the fields apply to: as the expert corrected it, else as imported. */
export function effectiveSpeaker(turn: Turn, reviews: ReadonlyMap<string, FieldReview>): SpeakerCode {
  const corrected = reviews.get(`${turn.id}|speaker`)?.codes[0];
  return corrected === 'teacher' || corrected === 'student' || corrected === 'other' ? corrected : turn.speaker;
}

/**
 * The values an export writes for one turn, in codebook order: every field that applies to the
 * (corrected) speaker, plus any other field that was reviewed or holds a pre-annotation anyway
 * (so a stray LLM value is never written without its status).
 */
export function exportedFieldValues(turn: Turn, codebook: Codebook, reviews: ReadonlyMap<string, FieldReview>): ExportedFieldValue[] {
  const speaker = effectiveSpeaker(turn, reviews);
  const values: ExportedFieldValue[] = [];
  for (const field of codebook.fields) {
    const review = reviews.get(`${turn.id}|${field.id}`);
    const pre = turn.pre[field.id];
    const hasPre = pre !== undefined && pre.status !== 'empty' && pre.raw.trim() !== '';
    if (!fieldAppliesTo(field, speaker) && !review && !hasPre) continue;
    values.push({ field, review, status: review?.decision ?? 'unreviewed', isLabel: !TRANSCRIPT_FIELD_IDS.has(field.id), hasPre });
  }
  return values;
}

/** How an accepted value was accepted, as the exports write it: `unknown` for rows stored before it was recorded. */
export type ExportAcceptance = AcceptanceKind | 'unknown';

/** The acceptance of a reviewed value; null unless its decision is `accepted`. */
export function exportAcceptance(review: Pick<FieldReview, 'decision' | 'acceptance'> | undefined): ExportAcceptance | null {
  if (review?.decision !== 'accepted') return null;
  return review.acceptance ?? 'unknown';
}

/** Adds the labels among `values` to `counts` (in place) and returns it. */
export function addLabelCounts(counts: LabelCounts, values: readonly ExportedFieldValue[]): LabelCounts {
  for (const value of values) {
    if (!value.isLabel) continue;
    if (value.status === 'labelled') counts.labelled = (counts.labelled ?? 0) + 1;
    else if (value.status !== 'unreviewed') counts[value.status] += 1;
    else if (value.hasPre) counts.unreviewed += 1;
  }
  return counts;
}
