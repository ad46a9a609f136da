import { describe, expect, it } from 'vitest';
import { agreementReport, itemCountsFromMatrix, toAgreementResult } from '../../../../shared/agreement';
import { ARTSTEIN_POESIO_TABLE_4, WIKIPEDIA_FLEISS } from '../../../fixtures/agreement/reference-data';
import { tableFromConfusion, tableOf } from './support';

describe('agreementReport', () => {
  it('computes the requested coefficients in order, labelled with the field', () => {
    const table = tableFromConfusion(ARTSTEIN_POESIO_TABLE_4);
    const results = agreementReport({ layout: 'ratings', table }, { field: 'teacher_intent', coefficients: ['cohen', 'percent', 'krippendorff'], weights: 'linear', level: 'ordinal' });
    expect(results.map((result) => [result.field, result.coefficient, result.weights, result.level])).toEqual([
      ['teacher_intent', 'cohen', 'linear', null],
      ['teacher_intent', 'percent', null, null],
      ['teacher_intent', 'krippendorff', null, 'ordinal'],
    ]);
    expect(results[0].value).toBeCloseTo(0.8355263157894737, 12);
  });

  it('Cohen from a counts layout, or among more than two raters without a choice, is null with a reason', () => {
    const counts = itemCountsFromMatrix({ categories: ['1', '2', '3', '4', '5'], counts: WIKIPEDIA_FLEISS });
    const [cohen, fleiss] = agreementReport({ layout: 'counts', counts }, { coefficients: ['cohen', 'fleiss'] });
    expect(cohen.reason).toBe("Cohen's kappa needs to know which rater gave which rating, and the counts layout does not say.");
    expect(fleiss.value).toBeCloseTo(0.21, 3);
    const three = tableOf([['a', 'a', 'b'], ['b', 'b', 'b']], ['a', 'b'], ['X', 'Y', 'Z']);
    expect(agreementReport({ layout: 'ratings', table: three }, { coefficients: ['cohen'] })[0].reason).toMatch(/there are 3 \(X, Y, Z\); choose two/);
    const chosen = agreementReport({ layout: 'ratings', table: three }, { coefficients: ['cohen'], cohenRaters: ['X', 'W'] })[0];
    expect(chosen.reason).toBe('No ratings by "W" here (raters: X, Y, Z).');
  });

  it('toAgreementResult keeps exactly the fields of the CLI JSON, in order', () => {
    const [result] = agreementReport({ layout: 'ratings', table: tableFromConfusion(ARTSTEIN_POESIO_TABLE_4) }, { coefficients: ['cohen'] });
    expect(Object.keys(toAgreementResult(result))).toEqual(['field', 'coefficient', 'weights', 'level', 'value', 'se', 'ci95', 'items', 'raters', 'missing', 'reason', 'ciReason']);
  });
});
