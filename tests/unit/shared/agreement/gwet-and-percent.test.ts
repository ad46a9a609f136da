/** Gwet's AC1 (agreement references doc §5 and §1.4) and percent agreement (§1, §3.3, §4). */
import { describe, expect, it } from 'vitest';
import { buildRatingTable, gwetAc1, itemCounts, percentAgreement } from '../../../../shared/agreement';
import {
  ARTSTEIN_POESIO_CATEGORIES,
  ARTSTEIN_POESIO_TABLE_4,
  COHEN_1960_EXAMPLE_1,
  COHEN_1960_EXAMPLE_2,
  GWET_HAND_EXAMPLE,
  KRIPPENDORFF_2004_4A,
  KRIPPENDORFF_2004_4B,
  RANDOLPH_TABLES,
} from '../../../fixtures/agreement/reference-data';
import { countTable, countsOf, expectWithin, tableFromConfusion } from './support';

describe("§5 and §1.4 Gwet's AC1 (DK Gwet2008Test, ±0.0001)", () => {
  it('hand example: Po 0.9, Pe 0.255, AC1 0.8658', () => {
    const result = gwetAc1(countsOf(GWET_HAND_EXAMPLE, ['y', 'n']));
    expectWithin(result.observed, 0.9, 0.0001);
    expectWithin(result.expected, 0.255, 0.0001);
    expectWithin(result.value, 0.8658, 0.0001);
    expect(result).toMatchObject({ items: 10, raters: 2, missing: 0, se: null });
  });

  it('Cohen (1960) example 1: Po 0.29, Pe 0.3225, AC1 −0.0480', () => {
    const result = gwetAc1(itemCounts(tableFromConfusion(COHEN_1960_EXAMPLE_1, ['1', '2', '3'])));
    expectWithin(result.observed, 0.29, 0.0001);
    expectWithin(result.expected, 0.3225, 0.0001);
    expectWithin(result.value, -0.048, 0.0001);
  });

  it('Cohen (1960) example 2: Pe 0.2925, AC1 0.5760', () => {
    const result = gwetAc1(itemCounts(tableFromConfusion(COHEN_1960_EXAMPLE_2, ['1', '2', '3'])));
    expectWithin(result.expected, 0.2925, 0.0001);
    expectWithin(result.value, 0.576, 0.0001);
  });

  it('q is the full category list: an unused third category changes Pe, as irrCAC with categ.labels', () => {
    // By the definition: π = (0.85, 0.15, 0); Σ π(1 − π) = 0.255, divided by q − 1 = 2 instead of 1.
    const result = gwetAc1(countsOf(GWET_HAND_EXAMPLE, ['y', 'n', 'maybe']));
    expect(result.expected).toBeCloseTo(0.1275, 12);
  });
});

describe('percent agreement', () => {
  it('§1.2 NLTK avg_Ao 0.88; coder order does not matter (avg_Ao == 1.0)', () => {
    expect(percentAgreement(itemCounts(tableFromConfusion(ARTSTEIN_POESIO_TABLE_4, ARTSTEIN_POESIO_CATEGORIES))).value).toBeCloseTo(0.88, 12);
    const { table } = buildRatingTable([{ item: '1', rater: 'b', label: 'stat' }, { item: '1', rater: 'a', label: 'stat' }], ['stat']);
    expect(percentAgreement(itemCounts(table)).value).toBe(1);
  });

  it('§1.6 Krippendorff (2004) 4a and 4b: 0.460 (DK ±0.001)', () => {
    expectWithin(percentAgreement(itemCounts(tableFromConfusion(KRIPPENDORFF_2004_4A))).value, 0.46, 0.001);
    expectWithin(percentAgreement(itemCounts(tableFromConfusion(KRIPPENDORFF_2004_4B))).value, 0.46, 0.001);
  });

  it('§3.3 "% overall agreement" of the Randolph tables (SM, atol 6e-6)', () => {
    const cases: [keyof typeof RANDOLPH_TABLES, number][] = [
      ['allFirst', 1],
      ['nearlyAllFirst', 0.996671],
      ['mixed', 0.607143],
      ['perfect', 1],
      ['threeCategories', 0.857143],
    ];
    for (const [name, value] of cases) expectWithin(percentAgreement(countTable(RANDOLPH_TABLES[name])).value, value, 6e-6);
  });
});
