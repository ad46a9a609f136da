import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { ratingOfFieldValue, ratingOfReview } from '../../../../shared/adjudication/ratings';
import { FieldDecoder } from '../../../../shared/layers/field-decoder';
import { missingReasonOf } from '../../../../shared/layers/missing-reasons';
import type { FieldValue } from '../../../../shared/model/dataset';

const intent = DEFAULT_CODEBOOK.fields.find((field) => field.id === 'teacher_intent')!;
const strategy = DEFAULT_CODEBOOK.fields.find((field) => field.id === 'teaching_strategy')!;
const [first, second] = intent.labels.map((label) => label.code);
const [s1, s2] = strategy.labels.map((label) => label.code);

function value(codes: string[], status: FieldValue['status'] = 'ok'): FieldValue {
  return { raw: codes.join(','), codes, unknown: status === 'unknown' ? ['?'] : [], status };
}

describe('adjudication ratings decode through the layers core', () => {
  it('names every missing value as the agreement view and the CLI do', () => {
    const cases: [FieldValue | undefined, string][] = [
      [undefined, 'no-value'],
      [value([]), 'empty-value'],
      [value([first, second]), 'several-labels'],
      [value(['not-a-code']), 'not-in-codebook'],
      [value([first], 'unknown'), 'not-in-codebook'],
      [value([first], 'conflict'), 'conflict'],
    ];
    const decoder = new FieldDecoder(intent);
    for (const [given, reason] of cases) {
      expect(ratingOfFieldValue(intent, given)).toEqual({ missing: reason });
      expect(missingReasonOf(decoder.value(given))).toBe(reason);
    }
  });

  it('gives label sets in codebook order, the empty set as a value, and an unsure expert as no rating', () => {
    expect(ratingOfFieldValue(strategy, value([s2, s1, s2]))).toEqual({ codes: [s1, s2] });
    expect(ratingOfFieldValue(strategy, value([]))).toEqual({ codes: [] });
    expect(ratingOfReview(intent, { decision: 'changed', codes: [second] })).toEqual({ codes: [second] });
    expect(ratingOfReview(intent, { decision: 'unsure', codes: [second] })).toEqual({ missing: 'unsure' });
    expect(ratingOfReview(intent, undefined)).toEqual({ missing: 'no-value' });
  });
});
