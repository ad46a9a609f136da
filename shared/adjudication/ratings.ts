/**
 * One rater's value of one field of one turn, as adjudication compares it: a list of label codes
 * in codebook order (one code for a one-label field, a whole set for a label-set field), or the
 * reason there is none. Free-text fields are not adjudicated (see README.md).
 */
import type { FieldDef } from '../codebook/types';
import { FieldDecoder } from '../layers/field-decoder';
import { missingReasonOf, type MissingReason } from '../layers/missing-reasons';
import type { FieldValue } from '../model/dataset';
import type { ReviewDecision } from '../model/review';

/**
 * Why a rater has no value to compare: the layers core's reasons (shared/layers/missing-reasons.ts,
 * the same names the CLI and the agreement view use), plus 'unsure' — an expert's unsure review is
 * a guess, which agreement counts apart and adjudication does not take as a rating.
 */
export type NoValueReason = MissingReason | 'unsure';

export type Rating = { codes: string[] } | { missing: NoValueReason };

export function hasValue(rating: Rating): rating is { codes: string[] } {
  return 'codes' in rating;
}

const DECODERS = new WeakMap<FieldDef, FieldDecoder>();

/** One decoder per field, so its interned label sets are shared by every value of a data set. */
function decoderOf(field: FieldDef): FieldDecoder {
  let decoder = DECODERS.get(field);
  if (!decoder) DECODERS.set(field, (decoder = new FieldDecoder(field)));
  return decoder;
}

/** The core's encoded value as a rating: label codes in codebook order, or the reason there are none. */
function ratingOfEncoded(decoder: FieldDecoder, encoded: number): Rating {
  if (encoded < 0) return { missing: missingReasonOf(encoded) };
  if (!decoder.isSet) return { codes: [decoder.categories[encoded]] };
  return { codes: decoder.sets[encoded].map((label) => decoder.categories[label]) };
}

/** The canonical codes of a value: codebook order, each once; null when a code is not in the codebook. */
export function canonicalCodes(field: FieldDef, codes: readonly string[]): string[] | null {
  const decoder = decoderOf(field);
  const positions: number[] = [];
  for (const code of new Set(codes)) {
    const position = decoder.index.get(code);
    if (position === undefined) return null;
    positions.push(position);
  }
  return positions.sort((a, b) => a - b).map((position) => decoder.categories[position]);
}

/** A pre-annotation's or an attached layer's value, decoded by the layers core. An empty label set is a value ("none of the codes"). */
export function ratingOfFieldValue(field: FieldDef, value: FieldValue | undefined): Rating {
  const decoder = decoderOf(field);
  return ratingOfEncoded(decoder, decoder.value(value));
}

/** The expert's value: only a decided review (accepted or changed); an unsure one is the expert's guess, not a rating. */
export function ratingOfReview(field: FieldDef, review: { decision: ReviewDecision; codes: readonly string[] } | undefined): Rating {
  if (!review) return { missing: 'no-value' };
  if (review.decision === 'unsure') return { missing: 'unsure' };
  const decoder = decoderOf(field);
  return ratingOfEncoded(decoder, decoder.codes(review.codes));
}

/** Two values are the same when their canonical code lists are equal (whole sets for a label-set field). */
export function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code, index) => code === b[index]);
}

export function codesKey(codes: readonly string[]): string {
  return codes.join('\u0000');
}
