/** Krippendorff's alpha against the agreement references doc §4, plus the α values listed in §1, §2.1, §3.2 and §3.4. */
import { describe, expect, it } from 'vitest';
import { buildRatingTable, itemCounts, itemCountsFromMatrix, krippendorffAlpha, levelDistances, percentAgreement } from '../../../../shared/agreement';
import type { AlphaLevel } from '../../../../shared/agreement';
import {
  ANXIETY,
  ARTSTEIN_POESIO_CATEGORIES,
  ARTSTEIN_POESIO_TABLE_1,
  ARTSTEIN_POESIO_TABLE_4,
  DIAGNOSES,
  HAYES_KRIPPENDORFF,
  KR_DOCTEST_BY_CODER,
  KR_DOCTEST_VALUE_COUNTS,
  KRIPPENDORFF_2004_P224,
  KRIPPENDORFF_2004_P227,
  KRIPPENDORFF_C_BY_CODER,
  NLTK_EASY,
  SKLEARN_WEIGHTING_TABLE,
  transpose,
} from '../../../fixtures/agreement/reference-data';
import { countsOf, expectDerived, expectWithin, tableFromConfusion } from './support';

const C_DATA = transpose(KRIPPENDORFF_C_BY_CODER);
const FIVE = ['1', '2', '3', '4', '5'];

describe('§4.1 Krippendorff C data (4 coders × 12 units, missing values)', () => {
  const counts = countsOf(C_DATA, FIVE);

  it('nominal 0.743421052632 (NLTK 7 dp; KR and DK 0.743, Do 0.200, De 0.779 ±0.001)', () => {
    const result = krippendorffAlpha(counts, 'nominal');
    expect(result.value).toBeCloseTo(0.743421052632, 7);
    expectWithin(result.value, 0.743, 0.001);
    expectWithin(result.observedDisagreement, 0.2, 0.001);
    expectWithin(result.expectedDisagreement, 0.779, 0.001);
    expectDerived(result.value, 0.743421052631579);
    expect(result).toMatchObject({ items: 11, raters: 4, missing: 7, excludedItems: 1, pairableValues: 40, level: 'nominal', se: null, ci95: null });
  });

  it('the same with string labels (KR doctest with labels): only the category list matters', () => {
    const names = ['Book', 'Letter', 'Phone', 'Computer', 'Folder'];
    const relabelled = C_DATA.map((row) => row.map((value) => (value === null ? null : names[Number(value) - 1])));
    expect(krippendorffAlpha(countsOf(relabelled, names), 'nominal').value).toBeCloseTo(0.743, 3);
  });

  it('ordinal 0.815 (KR 3 dp, also with value_domain 1–5 and ordered string labels); full 0.81538… (derived)', () => {
    expect(krippendorffAlpha(counts, 'ordinal').value).toBeCloseTo(0.815, 3);
    expectDerived(krippendorffAlpha(counts, 'ordinal').value, 0.8153875037548814);
    const words = ['very low', 'low', 'mid', 'high', 'very high'];
    const worded = C_DATA.map((row) => row.map((value) => (value === null ? null : words[Number(value) - 1])));
    expect(krippendorffAlpha(countsOf(worded, words), 'ordinal').value).toBeCloseTo(0.815, 3);
  });

  it('interval 0.849 (DK: Do 0.433, De 2.872 ±0.001), full 0.8491071428571428 (derived)', () => {
    const result = krippendorffAlpha(counts, 'interval');
    expectWithin(result.value, 0.849, 0.001);
    expectWithin(result.observedDisagreement, 0.433, 0.001);
    expectWithin(result.expectedDisagreement, 2.872, 0.001);
    expectDerived(result.value, 0.8491071428571428);
  });

  it('ratio 0.797 (KR 3 dp), full 0.7974027747116121 (derived)', () => {
    expect(krippendorffAlpha(counts, 'ratio').value).toBeCloseTo(0.797, 3);
    expectDerived(krippendorffAlpha(counts, 'ratio').value, 0.7974027747116121);
  });

  it('percentage agreement 0.800 (DK)', () => {
    expectWithin(percentAgreement(counts).value, 0.8, 0.001);
  });

  it('NLTK test_advanced2: removing the single value of unit 12 changes nothing', () => {
    const without = C_DATA.map((row, unit) => (unit === 11 ? row.map(() => null) : row));
    expect(krippendorffAlpha(countsOf(without, FIVE), 'nominal').value).toBeCloseTo(0.743421052632, 7);
  });

  it('DK testOrdinalMetric: the ordinal distances with an unused category 5 inserted (folder → 6)', () => {
    const six = ['1', '2', '3', '4', '5', '6'];
    const recoded = C_DATA.map((row) => row.map((value) => (value === '5' ? '6' : value)));
    const { coincidence } = krippendorffAlpha(countsOf(recoded, six), 'ordinal');
    const marginals = coincidence.map((row) => row.reduce((sum, value) => sum + value, 0));
    const outcome = levelDistances('ordinal', six, marginals);
    const expected = [
      [0, 11, 22.5, 30, 32.5, 34],
      [11, 0, 11.5, 19, 21.5, 23],
      [22.5, 11.5, 0, 7.5, 10, 11.5],
      [30, 19, 7.5, 0, 2.5, 4],
      [32.5, 21.5, 10, 2.5, 0, 1.5],
      [34, 23, 11.5, 4, 1.5, 0],
    ];
    expect('matrix' in outcome).toBe(true);
    if ('matrix' in outcome) outcome.matrix.forEach((row, c) => row.forEach((squared, k) => expectWithin(squared, expected[c][k] ** 2, 0.001)));
  });
});

describe('§4.2 krippendorff doctest 1 (3 coders × 15 units)', () => {
  const counts = countsOf(transpose(KR_DOCTEST_BY_CODER), ['1', '2', '3', '4']);

  it('nominal 0.691358, interval 0.810845 (KR, round 6); ordinal and ratio (derived)', () => {
    expect(krippendorffAlpha(counts, 'nominal').value).toBeCloseTo(0.691358, 6);
    expect(krippendorffAlpha(counts, 'interval').value).toBeCloseTo(0.810845, 6);
    expectDerived(krippendorffAlpha(counts, 'nominal').value, 0.691358024691358);
    expectDerived(krippendorffAlpha(counts, 'ordinal').value, 0.8067214199413153);
    expectDerived(krippendorffAlpha(counts, 'interval').value, 0.8108448928121059);
    expectDerived(krippendorffAlpha(counts, 'ratio').value, 0.8089436707842471);
  });

  it('the same data as value counts (units × values 1–4): nominal 0.691358 (KR)', () => {
    const fromCounts = itemCountsFromMatrix({ categories: ['1', '2', '3', '4'], counts: KR_DOCTEST_VALUE_COUNTS });
    expect(krippendorffAlpha(fromCounts, 'nominal').value).toBeCloseTo(0.691358, 6);
  });
});

describe('§4.3 NLTK test_easy', () => {
  it('α −0.3333333 (7 dp); dress3 has one rating and is ignored; dropping it gives the same (test_easy2)', () => {
    const build = (rows: typeof NLTK_EASY) => buildRatingTable(rows.map(([rater, item, label]) => ({ item, rater, label })), ['NO', 'YES']);
    const { table, problems } = build(NLTK_EASY);
    expect(problems).toEqual([]);
    const result = krippendorffAlpha(itemCounts(table), 'nominal');
    expect(result.value).toBeCloseTo(-0.3333333, 7);
    expect(result).toMatchObject({ items: 2, excludedItems: 1 });
    expect(krippendorffAlpha(itemCounts(build(NLTK_EASY.slice(0, 5)).table), 'nominal').value).toBeCloseTo(-0.3333333, 7);
  });
});

describe('§4.4 Krippendorff (2004) two-coder examples (DK ±0.001)', () => {
  it('p. 224: percent 0.600, Do 0.400, De 0.442, α 0.095 (derived 0.0952380952…)', () => {
    const counts = countsOf(KRIPPENDORFF_2004_P224, ['0', '1']);
    const result = krippendorffAlpha(counts, 'nominal');
    expectWithin(percentAgreement(counts).value, 0.6, 0.001);
    expectWithin(result.observedDisagreement, 0.4, 0.001);
    expectWithin(result.expectedDisagreement, 0.442, 0.001);
    expectWithin(result.value, 0.095, 0.001);
    expectDerived(result.value, 0.09523809523809534);
  });

  it('p. 227: percent 0.833, Do 0.1667, De 0.6268, α 0.734 (derived 0.7341040462427746)', () => {
    const counts = countsOf(KRIPPENDORFF_2004_P227, ['a', 'b', 'c']);
    const result = krippendorffAlpha(counts, 'nominal');
    expectWithin(percentAgreement(counts).value, 0.833, 0.001);
    expectWithin(result.observedDisagreement, 0.1667, 0.001);
    expectWithin(result.expectedDisagreement, 0.6268, 0.001);
    expectWithin(result.value, 0.734, 0.001);
    expectDerived(result.value, 0.7341040462427746);
  });
});

describe('§4.5 Hayes & Krippendorff (2007), 40 units × 5 coders', () => {
  const counts = countsOf(HAYES_KRIPPENDORFF, ['0', '1', '2', '3']);
  it('ordinal 0.7598 (DK ±0.0001); ordinal, nominal, interval, ratio (derived)', () => {
    expectWithin(krippendorffAlpha(counts, 'ordinal').value, 0.7598, 0.0001);
    const derived: [AlphaLevel, number][] = [
      ['ordinal', 0.7598291891514336],
      ['nominal', 0.47650956741865835],
      ['interval', 0.757378277153558],
      ['ratio', 0.6621229661759855],
    ];
    for (const [level, value] of derived) expectDerived(krippendorffAlpha(counts, level).value, value);
  });
});

describe('alpha values listed with the kappa examples (derived)', () => {
  it('§1.1 A&P Table 1 nominal 0.34395604395604396', () => {
    expectDerived(krippendorffAlpha(itemCounts(tableFromConfusion(ARTSTEIN_POESIO_TABLE_1)), 'nominal').value, 0.34395604395604396);
  });

  it('§1.2 A&P Table 4 nominal 0.800 (DK: Do 0.120, De 0.601; NLTK 0.80053…) and custom distance 0.8156 (DK: Do 0.090, De 0.4879)', () => {
    const counts = itemCounts(tableFromConfusion(ARTSTEIN_POESIO_TABLE_4, ARTSTEIN_POESIO_CATEGORIES));
    const nominal = krippendorffAlpha(counts, 'nominal');
    expectWithin(nominal.value, 0.8, 0.001);
    expectWithin(nominal.observedDisagreement, 0.12, 0.001);
    expectWithin(nominal.expectedDisagreement, 0.601, 0.001);
    expectDerived(nominal.value, 0.8005345806882727);
    const squaredDistance = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? 0 : i === 2 || j === 2 ? 0.5 : 1)));
    const custom = krippendorffAlpha(counts, { name: 'custom', squaredDistance });
    expectWithin(custom.value, 0.8156, 0.0001);
    expectWithin(custom.observedDisagreement, 0.09, 0.001);
    expectWithin(custom.expectedDisagreement, 0.4879, 0.0001);
    expect(custom.level).toBe('custom');
  });

  it('§2.1 scikit-learn vectors: nominal, ordinal, interval', () => {
    const counts = itemCounts(tableFromConfusion(SKLEARN_WEIGHTING_TABLE));
    expectDerived(krippendorffAlpha(counts, 'nominal').value, 0.9317558299039781);
    expectDerived(krippendorffAlpha(counts, 'ordinal').value, 0.9406167108753316);
    expectDerived(krippendorffAlpha(counts, 'interval').value, 0.9543158861340679);
  });

  it('§3.2 diagnoses nominal 0.4334098282820289, and the property α = 1 − ((Nm − 1)/(Nm))·(1 − P̄)/(1 − P̄e) for complete data', () => {
    const result = krippendorffAlpha(countsOf(DIAGNOSES, FIVE), 'nominal');
    expectDerived(result.value, 0.4334098282820289);
    expect(result.value).toBeCloseTo(1 - (179 / 180) * ((1 - 0.5555555555555556) / (1 - 0.21993827160493828)), 12);
  });

  it('§3.4 anxiety: nominal, ordinal, interval', () => {
    const counts = countsOf(ANXIETY, ['1', '2', '3', '4', '5', '6']);
    expectDerived(krippendorffAlpha(counts, 'nominal').value, -0.023725212464589474);
    expectDerived(krippendorffAlpha(counts, 'ordinal').value, 0.22838694529232206);
    expectDerived(krippendorffAlpha(counts, 'interval').value, 0.17009860788863107);
  });
});

describe('levels that cannot apply', () => {
  it('interval on labels that are not numbers is null with a reason, unless scores are given', () => {
    const counts = countsOf([['L1', 'L2'], ['L2', 'L2'], ['L3', 'L3']], ['L1', 'L2', 'L3']);
    const result = krippendorffAlpha(counts, 'interval');
    expect(result.value).toBeNull();
    expect(result.reason).toBe('The interval level needs numeric categories and "L1" is not a number; use the ordinal level for ordered labels.');
    expect(krippendorffAlpha(counts, 'interval', { scores: [1, 2, 3] }).value).toBe(krippendorffAlpha(countsOf([['1', '2'], ['2', '2'], ['3', '3']], ['1', '2', '3']), 'interval').value);
  });
});
