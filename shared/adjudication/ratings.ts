/**
 * One rater's value of one field of one turn, as adjudication compares it: a list of label codes
 * in codebook order (one code for a one-label field, a whole set for a label-set field), or the
 * reason there is none. Free-text fields are not adjudicated (see README.md).
 */
import type { FieldDef } from '../codebook/types';
import type { FieldValue } from '../model/dataset';
import type { ReviewDecision } from '../model/review';

/** Why a rater has no value to compare. */
export type NoValueReason = 'absent' | 'unknown' | 'conflict' | 'empty' | 'multiple' | 'not-in-codebook' | 'unsure';

export type Rating = { codes: string[] } | { missing: NoValueReason };

export function hasValue(rating: Rating): rating is { codes: string[] } {
  return 'codes' in rating;
}

const ORDERS = new WeakMap<FieldDef, Map<string, number>>();

/** A field's label positions, built once per field: the queue reads every value of a data set through it. */
function labelOrder(field: FieldDef): Map<string, number> {
  let order = ORDERS.get(field);
  if (!order) ORDERS.set(field, (order = new Map(field.labels.map((label, index) => [label.code, index]))));
  return order;
}

/** The canonical codes of a value: codebook order, each once; null when a code is not in the codebook. */
export function canonicalCodes(field: FieldDef, codes: readonly string[]): string[] | null {
  const order = labelOrder(field);
  if (codes.length === 1) return order.has(codes[0]) ? [codes[0]] : null;
  const unique = [...new Set(codes)];
  if (unique.some((code) => !order.has(code))) return null;
  return unique.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

function ratingOfCodes(field: FieldDef, codes: readonly string[]): Rating {
  const canonical = canonicalCodes(field, codes);
  if (canonical === null) return { missing: 'not-in-codebook' };
  if (field.type === 'set') return { codes: canonical };
  if (canonical.length === 0) return { missing: 'empty' };
  if (canonical.length > 1) return { missing: 'multiple' };
  return { codes: canonical };
}

/** A pre-annotation's or an attached layer's value. An empty label set is a value ("none of the codes"). */
export function ratingOfFieldValue(field: FieldDef, value: FieldValue | undefined): Rating {
  if (!value) return { missing: 'absent' };
  if (value.status === 'unknown' || value.status === 'conflict') return { missing: value.status };
  return ratingOfCodes(field, value.codes);
}

/** The expert's value: only a decided review (accepted or changed); an unsure one is the expert's guess, not a rating. */
export function ratingOfReview(field: FieldDef, review: { decision: ReviewDecision; codes: readonly string[] } | undefined): Rating {
  if (!review) return { missing: 'absent' };
  if (review.decision === 'unsure') return { missing: 'unsure' };
  return ratingOfCodes(field, review.codes);
}

/** Two values are the same when their canonical code lists are equal (whole sets for a label-set field). */
export function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code, index) => code === b[index]);
}

export function codesKey(codes: readonly string[]): string {
  return codes.join('\u0000');
}
