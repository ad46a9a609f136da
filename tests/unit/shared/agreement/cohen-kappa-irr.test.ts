/** Cohen's kappa against R irr's examples (agreement references doc §2.2 and §3.2), weights as irr and statsmodels name them. */
import { describe, expect, it } from 'vitest';
import { cohenKappa } from '../../../../shared/agreement';
import type { Weighting } from '../../../../shared/agreement';
import { ANXIETY, DIAGNOSES } from '../../../fixtures/agreement/reference-data';
import { expectDerived, tableOf } from './support';

describe('§2.2 R irr anxiety (statsmodels test_cohens_kappa_irr: κ 6 dp, z 5 dp, p 6 dp)', () => {
  const raters23 = ANXIETY.map((row) => [row[1], row[2]]);
  // R irr drops level 5, which neither rater used; reproduce it with the reduced list, then the full scale.
  const reduced = tableOf(raters23, ['1', '2', '3', '4', '6'], ['r2', 'r3']);
  const fullScale = tableOf(raters23, ['1', '2', '3', '4', '5', '6'], ['r2', 'r3']);
  const cases: [string, Weighting, number, number, number][] = [
    ['unweighted', 'none', -0.006289308, -0.0604067, 0.9518317],
    ['equal', 'linear', 0.1459075, 1.282472, 0.1996772],
    ['equal as scores 0..4', { scheme: 'linear', scores: [0, 1, 2, 3, 4] }, 0.1459075, 1.282472, 0.1996772],
    ['equal as toeplitz 0..4', { scheme: 'toeplitz', distances: [0, 1, 2, 3, 4] }, 0.1459075, 1.282472, 0.1996772],
    ['squared', 'quadratic', 0.2520325, 1.437451, 0.1505898],
    ['squared as toeplitz (0..4)²', { scheme: 'toeplitz', distances: [0, 1, 4, 9, 16] }, 0.2520325, 1.437451, 0.1505898],
    ['squared as toeplitz 4·(0..4)²', { scheme: 'toeplitz', distances: [0, 4, 16, 36, 64] }, 0.2520325, 1.437451, 0.1505898],
    ['c(0,0,1,1,2)', { scheme: 'toeplitz', distances: [0, 0, 1, 1, 2] }, 0.2391304, 1.223734, 0.2210526],
  ];
  for (const [name, weights, kappa, z, p] of cases) {
    it(`raters 2 vs 3, ${name}`, () => {
      const result = cohenKappa(reduced, { weights });
      expect(result.value).toBeCloseTo(kappa, 6);
      expect(result.z).toBeCloseTo(z, 5);
      expect(result.pTwoSided).toBeCloseTo(p, 6);
    });
  }

  it('unused-category trap: over the full 1–6 scale linear and quadratic change, unweighted does not (derived)', () => {
    expect(cohenKappa(fullScale).value).toBeCloseTo(-0.006289308, 9);
    expectDerived(cohenKappa(fullScale, { weights: 'linear' }).value, 0.12621359223300965);
    expectDerived(cohenKappa(fullScale, { weights: 'quadratic' }).value, 0.22979797979797978);
  });

  const raters12 = tableOf(ANXIETY, ['1', '2', '3', '4', '5', '6']);
  const documented: [string, Weighting, number, number, number][] = [
    ['c(0,0,0,1,1,1)', { scheme: 'toeplitz', distances: [0, 0, 0, 1, 1, 1] }, 0.1891892, 0.5079002, 0.6115233],
    ['c(0,0,1,1,2,2)', { scheme: 'toeplitz', distances: [0, 0, 1, 1, 2, 2] }, 0.2820513, 1.25741, 0.2086053],
  ];
  for (const [name, weights, kappa, z, p] of documented) {
    it(`raters 1 vs 2, ${name} (R output documented in SM, 7 significant digits)`, () => {
      const result = cohenKappa(raters12, { raters: ['r1', 'r2'], weights });
      expect(result.value).toBeCloseTo(kappa, 6);
      expect(result.z).toBeCloseTo(z, 6);
      expect(result.pTwoSided).toBeCloseTo(p, 6);
    });
  }

  const derived: [string, Weighting, number, number, number][] = [
    ['unweighted', 'none', 0.11949685534591192, 1.1637622286595415, 0.24452038307616775],
    ['equal', 'linear', 0.18918918918918937, 1.415658849988268, 0.1568754119335616],
    ['squared', 'quadratic', 0.2967651195499298, 1.340498773330026, 0.18008324286021316],
    ['squared as (0:5)^2', { scheme: 'toeplitz', distances: [0, 1, 4, 9, 16, 25] }, 0.2967651195499298, 1.340498773330026, 0.18008324286021316],
    ['own weights c(0,1,2,4,7,11)', { scheme: 'toeplitz', distances: [0, 1, 2, 4, 7, 11] }, 0.2633015006821283, 1.4601761925754015, 0.144241656611851],
  ];
  for (const [name, weights, kappa, z, p] of derived) {
    it(`raters 1 vs 2, ${name} (derived)`, () => {
      const result = cohenKappa(raters12, { raters: ['r1', 'r2'], weights });
      expectDerived(result.value, kappa);
      expectDerived(result.z, z);
      expectDerived(result.pTwoSided, p);
    });
  }
});

describe('§3.2 diagnoses, Cohen raters 2 vs 3 (irr example, derived)', () => {
  it('κ 0.6311…, z 7.5598 with ASE0 0.08349, p 4.04e−14, over this confusion table', () => {
    const result = cohenKappa(tableOf(DIAGNOSES, ['1', '2', '3', '4', '5']), { raters: ['r2', 'r3'] });
    expect(result.confusion?.counts).toEqual([[3, 0, 2, 2, 0], [0, 4, 0, 5, 0], [0, 0, 5, 0, 0], [0, 0, 0, 5, 0], [0, 0, 0, 0, 4]]);
    expectDerived(result.value, 0.6311475409836065);
    expectDerived(result.z, 7.559765088635481);
    expectDerived(result.seNull, 0.08348771867692083);
    expect(Math.abs((result.pTwoSided as number) - 4.04e-14) / 4.04e-14).toBeLessThan(0.005);
  });
});
