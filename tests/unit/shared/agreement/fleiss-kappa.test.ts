/**
 * Fleiss', Randolph's and Conger's kappa against the agreement references doc §3 and §6.3; for two
 * raters Fleiss' kappa is Scott's pi and Randolph's is Bennett's S, which checks §1's π and S.
 */
import { describe, expect, it } from 'vitest';
import { categoryTotals, cohenKappa, congerKappa, fleissKappa, itemCounts, randolphKappa, selectRaters } from '../../../../shared/agreement';
import {
  ANXIETY,
  ARTSTEIN_POESIO_CATEGORIES,
  ARTSTEIN_POESIO_TABLE_1,
  ARTSTEIN_POESIO_TABLE_4,
  DIAGNOSES,
  GWET_HAND_EXAMPLE,
  KRIPPENDORFF_2004_4A,
  KRIPPENDORFF_2004_4B,
  RANDOLPH_2005_EXAMPLE_1,
  RANDOLPH_2005_EXAMPLE_2,
  RANDOLPH_TABLES,
  WIKIPEDIA_FLEISS,
} from '../../../fixtures/agreement/reference-data';
import { countTable, countsOf, expectDerived, expectWithin, tableFromConfusion, tableOf } from './support';

describe('§3.1 Wikipedia worked example (14 raters, 10 subjects)', () => {
  const data = countTable(WIKIPEDIA_FLEISS);
  const result = fleissKappa(data);

  it('κ 0.210 (SM, 3 dp); full κ, p_j, P̄, P̄e, Randolph κ (derived)', () => {
    expect(result.value).toBeCloseTo(0.21, 3);
    expectDerived(result.value, 0.20993070442195522);
    [20, 28, 39, 21, 32].forEach((count, j) => expect(result.proportions[j]).toBeCloseTo(count / 140, 15));
    expectDerived(result.observed, 0.378021978021978);
    expectDerived(result.expected, 0.21275510204081632);
    expectDerived(randolphKappa(data).value, 0.2225274725274725);
    expect(result).toMatchObject({ items: 10, raters: 14, missing: 0, excludedItems: 0 });
  });

  it('P_i as printed on Wikipedia (3 dp)', () => {
    const printed = [1.0, 0.253, 0.308, 0.44, 0.33, 0.462, 0.242, 0.176, 0.286, 0.286];
    expect(Array.from(result.perItem.positions)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    result.perItem.agreement.forEach((agreement, index) => expect(agreement).toBeCloseTo(printed[index], 3));
  });

  it('SE under H0 0.016965…, z 12.374… (irr formula, derived); no confidence interval', () => {
    expectDerived(result.se, 0.016965069224393132);
    expectDerived(result.z, 12.374291059190464);
    expect(result.ci95).toBeNull();
  });
});

describe('§3.2 Fleiss (1971) diagnoses (30 patients × 6 raters)', () => {
  const table = tableOf(DIAGNOSES, ['1', '2', '3', '4', '5']);
  const result = fleissKappa(itemCounts(table));

  it('category totals [26, 26, 30, 55, 43] (SM test_aggregate_raters)', () => {
    expect(categoryTotals(itemCounts(table))).toEqual([26, 26, 30, 55, 43]);
  });

  it('κ 0.4302445 (SM 7 dp, R reference), 0.430 (DK ±0.001), z 17.65183 (R), P̄ 0.5556 / P̄e 0.2201 (DK ±0.001)', () => {
    expect(result.value).toBeCloseTo(0.4302445, 7);
    expectWithin(result.value, 0.43, 0.001);
    expect(result.z).toBeCloseTo(17.65183, 5);
    expectWithin(result.observed, 0.5556, 0.001);
    expectWithin(result.expected, 0.2201, 0.001);
    expect(result.pTwoSided).toBeLessThan(1e-60);
  });

  it('full κ, z, SE under H0 and exact P̄e (derived)', () => {
    expectDerived(result.value, 0.43024452006014074);
    expectDerived(result.z, 17.651830582991366);
    expectDerived(result.se, 0.024373932099411154);
    expectDerived(result.expected, 0.21993827160493828);
  });

  it('category-wise κ_j: Fleiss 1971 values (DK ±0.005), irr detail formula (derived), SE 0.04714…', () => {
    const fleiss1971 = [0.248, 0.248, 0.517, 0.47, 0.565];
    const irr = [0.24475524, 0.24475524, 0.52, 0.47112727, 0.56611781];
    result.perCategory.forEach((category, j) => {
      expectWithin(category.value, fleiss1971[j], 0.005);
      expectDerived(category.value, irr[j], 6);
      expectDerived(category.se, 0.04714045207910317);
      expect(category.category).toBe(String(j + 1));
    });
  });

  it('per-subject P_i (DK item agreement, ±0.001)', () => {
    const dk = [
      1.0, 0.4, 0.4, 1.0, 0.4, 0.467, 0.467, 0.267, 0.467, 1.0, 0.667, 0.4, 0.4, 0.667, 0.267,
      0.667, 0.267, 0.667, 0.467, 0.267, 1.0, 0.667, 0.267, 0.467, 0.4, 0.667, 0.467, 0.467, 0.667, 1.0,
    ];
    expect(result.perItem.agreement).toHaveLength(30);
    result.perItem.agreement.forEach((agreement, index) => expectWithin(agreement, dk[index], 0.001));
  });

  it("Conger's exact κ (irr exact = TRUE), Randolph κ (k = 5), raters 1–4 κ and SE0 (derived)", () => {
    expectDerived(congerKappa(table).value, 0.44180854032933287);
    expectDerived(randolphKappa(itemCounts(table)).value, 0.4444444444444443);
    const firstFour = fleissKappa(itemCounts(selectRaters(table, ['r1', 'r2', 'r3', 'r4'])));
    expectDerived(firstFour.value, 0.4893319342427422);
    expectDerived(firstFour.se, 0.037656156786291486);
  });
});

describe('§3.3 Randolph free-marginal vs Fleiss (SM test_fleis_randolph, atol 6e-6 unless exact)', () => {
  const cases: [keyof typeof RANDOLPH_TABLES, number | null, number][] = [
    ['nearlyAllFirst', -0.166667, 0.993343],
    ['mixed', 0.161905, 0.214286],
    ['perfect', 1, 1],
    ['threeCategories', 0.708333, 0.785714],
  ];
  for (const [name, fleiss, randolph] of cases) {
    it(`${JSON.stringify(RANDOLPH_TABLES[name])}`, () => {
      const data = countTable(RANDOLPH_TABLES[name]);
      expectWithin(fleissKappa(data).value, fleiss as number, 6e-6);
      expectWithin(randolphKappa(data).value, randolph, 6e-6);
    });
  }

  it('[[7,0],[7,0]]: Randolph exactly 1; Fleiss 0/0 is null with a reason, not NaN', () => {
    const data = countTable(RANDOLPH_TABLES.allFirst);
    expect(randolphKappa(data).value).toBe(1);
    const fleiss = fleissKappa(data);
    expect(fleiss.value).toBeNull();
    expect(fleiss.reason).toBe('Expected agreement is 1 (every rating is "1"), so kappa is 0/0: undefined.');
  });

  it('DK Randolph (2005) p. 17 (±0.01): ex. 1 Po 0.67, Pe 0.50, Fleiss 0.33, Randolph 0.33; ex. 2 Fleiss −0.2, Randolph 0.33', () => {
    const first = countsOf(RANDOLPH_2005_EXAMPLE_1, ['Y', 'N']);
    expectWithin(fleissKappa(first).observed, 0.67, 0.01);
    expectWithin(fleissKappa(first).expected, 0.5, 0.01);
    expectWithin(fleissKappa(first).value, 0.33, 0.01);
    expectWithin(randolphKappa(first).value, 0.33, 0.01);
    const second = countsOf(RANDOLPH_2005_EXAMPLE_2, ['Y', 'N']);
    expectWithin(fleissKappa(second).value, -0.2, 0.01);
    expectWithin(randolphKappa(second).value, 0.33, 0.01);
  });
});

describe('§3.4 anxiety, 3 raters as nominal categories (derived)', () => {
  it('Fleiss κ −0.0410764…', () => {
    expectDerived(fleissKappa(countsOf(ANXIETY, ['1', '2', '3', '4', '5', '6'])).value, -0.04107648725212462);
  });
});

describe("two raters: Fleiss' kappa is Scott's pi, Randolph's is Bennett's S, Conger's is Cohen's", () => {
  it('§1.1 A&P Table 1: π 0.341 (DK, Pe 0.545), S 0.4 (Pe 0.5)', () => {
    const counts = itemCounts(tableFromConfusion(ARTSTEIN_POESIO_TABLE_1));
    expectWithin(fleissKappa(counts).value, 0.341, 0.001);
    expectWithin(fleissKappa(counts).expected, 0.545, 0.001);
    expectWithin(randolphKappa(counts).value, 0.4, 0.001);
    expect(randolphKappa(counts).expected).toBe(0.5);
  });

  it('§1.2 A&P Table 4: π round 5 = 0.79953 (NLTK), S round 2 = 0.82 (NLTK), Pe(π) 0.401 and Pe(S) 0.333 (DK)', () => {
    const counts = itemCounts(tableFromConfusion(ARTSTEIN_POESIO_TABLE_4, ARTSTEIN_POESIO_CATEGORIES));
    expect(fleissKappa(counts).value).toBeCloseTo(0.79953, 5);
    expectDerived(fleissKappa(counts).value, 0.7995322418977615);
    expectWithin(fleissKappa(counts).value, 0.799, 0.001);
    expectWithin(fleissKappa(counts).expected, 0.401, 0.001);
    expect(randolphKappa(counts).value).toBeCloseTo(0.82, 2);
    expectWithin(randolphKappa(counts).expected, 0.333, 0.001);
  });

  it('§1.6 Krippendorff (2004) 4a and 4b: π 0.186 and S 0.190 for both (DK ±0.001), π 0.18576… (derived)', () => {
    for (const table of [KRIPPENDORFF_2004_4A, KRIPPENDORFF_2004_4B]) {
      const counts = itemCounts(tableFromConfusion(table));
      expectWithin(fleissKappa(counts).value, 0.186, 0.001);
      expectDerived(fleissKappa(counts).value, 0.1857659831121834);
      expectWithin(randolphKappa(counts).value, 0.19, 0.001);
    }
  });

  it('§5 Gwet hand example: π 0.6078 (DK ±0.0001)', () => {
    expectWithin(fleissKappa(countsOf(GWET_HAND_EXAMPLE, ['y', 'n'])).value, 0.6078, 0.0001);
  });

  it("§7 irr: Fleiss' kappa does not reduce to Cohen's for m = 2, Conger's exact kappa does", () => {
    const table = tableFromConfusion(ARTSTEIN_POESIO_TABLE_1);
    expect(fleissKappa(itemCounts(table)).value).not.toBeCloseTo(0.3478260869565216, 3);
    expectDerived(congerKappa(table).value, 0.3478260869565216);
    expectDerived(congerKappa(table).value, cohenKappa(table).value as number, 12);
  });
});
