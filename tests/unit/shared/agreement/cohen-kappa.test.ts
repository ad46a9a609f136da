/**
 * Cohen's kappa against the agreement references doc, §1 (unweighted) and the standard errors of
 * §6.1–6.2. Section numbers refer to that doc; R irr's examples are in cohen-kappa-irr.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildRatingTable, cohenKappa, cohenKappaFromConfusion, confusionFromCounts } from '../../../../shared/agreement';
import type { Weighting } from '../../../../shared/agreement';
import {
  ARTSTEIN_POESIO_CATEGORIES,
  ARTSTEIN_POESIO_TABLE_1,
  ARTSTEIN_POESIO_TABLE_4,
  COHEN_1960_EXAMPLE_1,
  COHEN_1960_EXAMPLE_2,
  GRANT_PROPOSALS,
  KRIPPENDORFF_2004_4A,
  KRIPPENDORFF_2004_4B,
  KRIPPENDORFF_2004_P224,
  SAS_TABLE_10,
} from '../../../fixtures/agreement/reference-data';
import { expectDerived, expectWithin, tableFromConfusion, tableOf } from './support';

const kappaOf = (counts: number[][], weights: Weighting = 'none') =>
  cohenKappaFromConfusion(confusionFromCounts({ categories: counts.map((_, index) => String(index)), counts }), weights);

describe('§1.1 Artstein & Poesio Table 1', () => {
  const table = tableFromConfusion(ARTSTEIN_POESIO_TABLE_1);

  it('κ 0.348 (SK, 3 dp; DK ±0.001), Po 0.7 and Pe 0.54 (DK), ASE, CI and ASE0 (derived SM)', () => {
    const result = cohenKappa(table);
    expect(result.value).toBeCloseTo(0.348, 3);
    expectWithin(result.value, 0.348, 0.001);
    expectWithin(result.observed, 0.7, 0.001);
    expectWithin(result.expected, 0.54, 0.001);
    expectDerived(result.value, 0.3478260869565216);
    expectDerived(result.se, 0.09500818051515363);
    expectDerived(result.ci95?.[0] ?? null, 0.16161347491014036);
    expectDerived(result.ci95?.[1] ?? null, 0.5340386990029029);
    expectDerived(result.seNull, 0.09760845356801592);
    expectDerived(result.z, 3.563483225498988);
    expect(result).toMatchObject({ items: 100, raters: 2, missing: 0, weights: 'none', reason: null });
  });

  it('is symmetric exactly, κ(y1, y1) is exactly 1 (SK)', () => {
    expect(cohenKappa(table, { raters: ['a', 'b'] }).value).toBe(cohenKappa(table, { raters: ['b', 'a'] }).value);
    expect(cohenKappa(tableFromConfusion([[40, 0], [0, 60]])).value).toBe(1);
  });

  it('SK: 4 extra items labelled 2 with labels=[0,1] give the same κ; we report those labels instead of ignoring them', () => {
    const inputs = [...tableFromConfusion(ARTSTEIN_POESIO_TABLE_1).ratings.entries()].flatMap(([item, [a, b]]) => [
      { item: String(item), rater: 'a', label: String(a) },
      { item: String(item), rater: 'b', label: String(b) },
    ]);
    for (let extra = 0; extra < 4; extra++) {
      inputs.push({ item: `extra${extra}`, rater: 'a', label: '2' }, { item: `extra${extra}`, rater: 'b', label: '2' });
    }
    const { table: built, problems } = buildRatingTable(inputs, ['0', '1']);
    expect(problems).toHaveLength(8);
    expect(problems[0].message).toBe('The label "2" is not one of the categories (0, 1).');
    const result = cohenKappa(built);
    expect(result.value).toBe(cohenKappa(table).value);
    expect(result).toMatchObject({ items: 100, missing: 8, excludedItems: 4 });
  });
});

describe('§1.2 Artstein & Poesio Table 4 (3 categories)', () => {
  const confusion = confusionFromCounts({ categories: ARTSTEIN_POESIO_CATEGORIES, counts: ARTSTEIN_POESIO_TABLE_4 });

  it('κ 0.8013 (SK 4 dp, DK ±0.001), Pe 0.396 (DK), ASE / CI / ASE0 (derived SM)', () => {
    const result = cohenKappaFromConfusion(confusion);
    expect(result.value).toBeCloseTo(0.8013, 4);
    expectWithin(result.value, 0.8013, 0.001);
    expectWithin(result.expected, 0.396, 0.001);
    expectDerived(result.value, 0.8013245033112583);
    expect(result.observed).toBeCloseTo(0.88, 12);
    expectDerived(result.se, 0.05197329227635474);
    expectDerived(result.ci95?.[0] ?? null, 0.6994587222916292);
    expectDerived(result.ci95?.[1] ?? null, 0.9031902843308873);
    expectDerived(result.seNull, 0.07536877743288367);
  });

  it('weighted: custom distance 0.8163 (DK), linear 0.8355… and quadratic 0.8776… (derived SM)', () => {
    const chck = 2;
    const disagreement = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? 0 : i === chck || j === chck ? 0.5 : 1)));
    const custom = cohenKappaFromConfusion(confusion, { scheme: 'custom', disagreement });
    expectWithin(custom.value, 0.8163, 0.001);
    // DK's Do 0.090 / De 0.490; the largest distance is 1, so they are 1 − Po(w) and 1 − Pe(w)
    expectWithin(1 - (custom.observed as number), 0.09, 0.001);
    expectWithin(1 - (custom.expected as number), 0.49, 0.001);
    expectDerived(custom.value, 0.8163265306122449);
    expect(custom.weights).toBe('custom');
    expectDerived(cohenKappaFromConfusion(confusion, 'linear').value, 0.8355263157894737);
    expectDerived(cohenKappaFromConfusion(confusion, 'quadratic').value, 0.8776508972267537);
  });
});

describe('§1.3 SAS table10 (statsmodels TestUnweightedCohens / TestWeightedCohens, 4 decimals)', () => {
  it('simple kappa: κ, ASE, CI, ASE0, Z, p as in the SAS printout', () => {
    const result = kappaOf(SAS_TABLE_10);
    expect(result.value).toBeCloseTo(0.4842, 4);
    expect(result.se).toBeCloseTo(0.138, 4);
    expect(result.ci95?.[0]).toBeCloseTo(0.2137, 4);
    expect(result.ci95?.[1]).toBeCloseTo(0.7547, 4);
    expect(result.seNull).toBeCloseTo(0.1484, 4);
    expect(result.z).toBeCloseTo(3.2626, 4);
    expect(result.pOneSided).toBeCloseTo(0.0006, 4);
    expect(result.pTwoSided).toBeCloseTo(0.0011, 4);
    expectDerived(result.value, 0.48416289592760187);
    expectDerived(result.se, 0.1380135783058146);
    expectDerived(result.ci95?.[0] ?? null, 0.21366125307070666);
    expectDerived(result.ci95?.[1] ?? null, 0.754664538784497);
    expectDerived(result.seNull, 0.1483982818901329);
    expectDerived(result.z, 3.2625909799013257);
    expectDerived(result.kappaMax, 0.5701357466063348);
  });

  it('linear weights [0, 1, 2]: κ, ASE, CI, ASE0, Z, p as in the SAS printout', () => {
    const result = kappaOf(SAS_TABLE_10, 'linear');
    expect(result.value).toBeCloseTo(0.4701, 4);
    expect(result.se).toBeCloseTo(0.1457, 4);
    expect(result.ci95?.[0]).toBeCloseTo(0.1845, 4);
    expect(result.ci95?.[1]).toBeCloseTo(0.7558, 4);
    expect(result.seNull).toBeCloseTo(0.1426, 4);
    expect(result.z).toBeCloseTo(3.2971, 4);
    expect(result.pOneSided).toBeCloseTo(0.0005, 4);
    expect(result.pTwoSided).toBeCloseTo(0.001, 4);
    expectDerived(result.value, 0.4701195219123506);
    expectDerived(result.se, 0.14574604514192566);
    expectDerived(result.seNull, 0.14258507762473158);
    expectDerived(result.z, 3.297115867549998);
    expect(result.kappaMax).toBeNull();
  });

  it('quadratic weights (derived)', () => {
    expectDerived(kappaOf(SAS_TABLE_10, 'quadratic').value, 0.4501607717041801);
  });
});

describe('§1.4 Cohen (1960) examples (DK Cohen1960Test)', () => {
  it('example 1: Po 0.29, Pe 0.35, max observed 0.90, κ_max 0.85 (±0.01); κ and κ_max (derived)', () => {
    const result = kappaOf(COHEN_1960_EXAMPLE_1);
    expectWithin(result.observed, 0.29, 0.01);
    expectWithin(result.expected, 0.35, 0.01);
    expectWithin(result.maxObserved, 0.9, 0.01);
    expectWithin(result.kappaMax, 0.85, 0.01);
    expectDerived(result.value, -0.0923076923076924);
    expectDerived(result.kappaMax, 0.846153846153846);
  });

  it('example 2: Po 0.70, Pe 0.41 (±0.01), κ 0.492, κ_max 0.831 (±0.001); ASE, ASE0, CI (derived)', () => {
    const result = kappaOf(COHEN_1960_EXAMPLE_2);
    expectWithin(result.observed, 0.7, 0.01);
    expectWithin(result.expected, 0.41, 0.01);
    expectWithin(result.value, 0.492, 0.001);
    expectWithin(result.kappaMax, 0.831, 0.001);
    expectDerived(result.value, 0.49152542372881347);
    expectDerived(result.se, 0.05100181557607786);
    expectDerived(result.seNull, 0.051978936356595444);
    expectDerived(result.ci95?.[0] ?? null, 0.3915637020535469);
    expectDerived(result.ci95?.[1] ?? null, 0.59148714540408);
    expectDerived(result.kappaMax, 0.8305084745762712);
  });
});

describe('§1.5 grant proposals [[20, 5], [10, 15]]', () => {
  it('Po 0.70, Pe 0.50, κ 0.40 (documented); ASE, CI, ASE0 (derived)', () => {
    const result = kappaOf(GRANT_PROPOSALS);
    expect(result.observed).toBeCloseTo(0.7, 12);
    expect(result.expected).toBeCloseTo(0.5, 12);
    expect(result.value).toBeCloseTo(0.4, 12);
    expectDerived(result.se, 0.12699606293110033);
    expectDerived(result.ci95?.[0] ?? null, 0.151092290476661);
    expectDerived(result.ci95?.[1] ?? null, 0.6489077095233389);
    expectDerived(result.seNull, 0.13856406460551018);
  });
});

describe('§1.6 Krippendorff (2004) p. 246: per-rater margins', () => {
  it('κ 0.186 (4a) vs 0.258 (4b) (DK ±0.001; derived full precision)', () => {
    expectWithin(kappaOf(KRIPPENDORFF_2004_4A).value, 0.186, 0.001);
    expectWithin(kappaOf(KRIPPENDORFF_2004_4B).value, 0.258, 0.001);
    expectDerived(kappaOf(KRIPPENDORFF_2004_4A).value, 0.1857659831121834);
    expectDerived(kappaOf(KRIPPENDORFF_2004_4B).value, 0.25824175824175827);
  });
});

describe('§4.4 Krippendorff (2004) p. 224 pairs', () => {
  it('Cohen κ on the same pairs 0.09090909090909075 (derived)', () => {
    expectDerived(cohenKappa(tableOf(KRIPPENDORFF_2004_P224, ['0', '1'])).value, 0.09090909090909075);
  });
});
