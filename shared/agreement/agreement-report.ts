import { cohenKappa, cohenKappaFromConfusion, cohenKappaUnavailable, type CohenKappaResult } from './cohen-kappa';
import { shownAgreement } from './evidence';
import type { CodedRatings } from './coded-ratings';
import { itemCountOf, missingOfRows } from './count-rows';
import { fleissKappa, fleissKappaOfRows, type FleissKappaResult } from './fleiss-kappa';
import { gwetAc1, gwetAc1OfRows, type GwetAc1Result } from './gwet-ac1';
import { missingRatings } from './item-counts';
import { krippendorffAlpha, krippendorffAlphaOfRows, type KrippendorffAlphaResult } from './krippendorff-alpha';
import { percentAgreement, percentAgreementOfRows, type PercentAgreementResult } from './percent-agreement';
import { randolphKappa, randolphKappaOfRows, type RandolphKappaResult } from './randolph-kappa';
import { countRowsOfTuples, pairConfusionOfTuples, ratingTuples } from './rating-tuples';
import { itemCounts } from './rating-table';
import type { AlphaLevel, ItemCounts, RatingTable, ReportCoefficient, WeightScheme } from './types';

/**
 * Ratings with rater identities (a table, or coded columns: coded-ratings.ts, the fast form the
 * CLI reads a ratings CSV into), or a counts layout without them (Cohen's kappa then cannot apply).
 */
export type AgreementData = { layout: 'ratings'; table: RatingTable } | { layout: 'coded'; coded: CodedRatings } | { layout: 'counts'; counts: ItemCounts };

/**
 * Cohen's kappa of one pair of raters, as a report lists every pair when the table has more
 * than two (ReportOptions.everyCohenPair): the full two-rater result, row rater first.
 */
export interface CohenPair {
  raters: readonly [string, string];
  result: CohenKappaResult;
}

/** Cohen's kappa in a report: with more than two raters and everyCohenPair, `pairs` has each pair. */
export interface CohenReport extends CohenKappaResult {
  pairs?: CohenPair[];
}

export type DetailedResult = PercentAgreementResult | CohenReport | FleissKappaResult | RandolphKappaResult | KrippendorffAlphaResult | GwetAc1Result;

export interface ReportOptions {
  field?: string | null;
  coefficients: readonly ReportCoefficient[];
  /** weights of Cohen's kappa; default none */
  weights?: WeightScheme;
  /** level of Krippendorff's alpha; default nominal */
  level?: AlphaLevel;
  /** the two raters Cohen's kappa compares when the table has more than two */
  cohenRaters?: readonly [string, string];
  /** how the caller's user chooses the two raters, appended to the reason when none were chosen ("with --raters A,B") */
  howToChooseRaters?: string;
  /** with more than two raters and no cohenRaters: Cohen's kappa of every pair, in `pairs` */
  everyCohenPair?: boolean;
  /**
   * Results as they may be shown (evidence.ts): no coefficient below this many items, no interval
   * of zero width. Absent: what the formulas give, as the reference libraries report it.
   */
  minItems?: number;
}

/** What Cohen's kappa needs of rated data: the raters, each pair's kappa, and the frame of an unavailable result. */
interface PairSource {
  raters: readonly string[];
  kappaOf(pair: readonly [string, string], weights: WeightScheme): CohenKappaResult;
  unavailable(reason: string): CohenKappaResult;
}

/** Every pair of raters in table order (A,B A,C B,C), each with the two-rater Cohen's kappa. */
function everyPair(source: PairSource, weights: WeightScheme): CohenPair[] {
  const pairs: CohenPair[] = [];
  source.raters.forEach((first, index) => {
    for (const second of source.raters.slice(index + 1)) pairs.push({ raters: [first, second], result: source.kappaOf([first, second], weights) });
  });
  return pairs;
}

function unavailableFromCounts(counts: ItemCounts, weights: WeightScheme, reason: string): CohenKappaResult {
  return cohenKappaUnavailable({ categories: counts.categories.length, raters: counts.raters, missing: missingRatings(counts), items: counts.items.length, weights, reason });
}

function cohenFor(source: PairSource, options: ReportOptions, weights: WeightScheme): CohenReport {
  const { raters } = source;
  const pair = options.cohenRaters;
  if (pair) {
    const absent = pair.filter((rater) => !raters.includes(rater));
    if (absent.length > 0) return source.unavailable(`No ratings by ${absent.map((rater) => `"${rater}"`).join(' or ')} here (raters: ${raters.join(', ')}).`);
    return source.kappaOf(pair, weights);
  }
  if (raters.length > 2 && options.everyCohenPair) {
    const how = options.howToChooseRaters ? ` (or choose two ${options.howToChooseRaters})` : '';
    const reason = `Cohen's kappa compares two raters and there are ${raters.length} (${raters.join(', ')}); it is given for each pair of them${how}.`;
    return { ...source.unavailable(reason), pairs: everyPair(source, weights) };
  }
  if (raters.length !== 2) {
    const how = options.howToChooseRaters ? ` ${options.howToChooseRaters}` : '';
    return source.unavailable(`Cohen's kappa compares two raters and there are ${raters.length} (${raters.join(', ')}); choose two${how}.`);
  }
  return source.kappaOf([raters[0], raters[1]], weights);
}

function tablePairs(table: RatingTable, weights: WeightScheme): PairSource {
  return {
    raters: table.raters,
    kappaOf: (pair, pairWeights) => cohenKappa(table, { raters: pair, weights: pairWeights }),
    unavailable: (reason) => unavailableFromCounts(itemCounts(table), weights, reason),
  };
}

/** The coefficients of coded ratings, all counted from one tuple histogram (rating-tuples.ts). */
function codedCoefficients(coded: CodedRatings, weights: WeightScheme) {
  const { categories, raters } = coded;
  const { tuples } = ratingTuples(coded.columns, categories.length + 1);
  const rows = countRowsOfTuples(
    tuples,
    raters.map((_, index) => index),
    categories,
  );
  const pairs: PairSource = {
    raters,
    kappaOf: (pair, pairWeights) => {
      const [a, b] = pair.map((rater) => raters.indexOf(rater));
      const { agreeing: _agreeing, ...confusion } = pairConfusionOfTuples(tuples, a, b, categories, pair);
      return cohenKappaFromConfusion(confusion, pairWeights);
    },
    unavailable: (reason) => cohenKappaUnavailable({ categories: categories.length, raters: raters.length, missing: missingOfRows(rows), items: itemCountOf(rows), weights, reason }),
  };
  return { rows, pairs };
}

/** A result under the showing rules of evidence.ts, a Cohen report's pairs too. */
function shownResult(result: DetailedResult, minItems: number): DetailedResult {
  if (result.coefficient === 'cohen' && result.pairs) return { ...shownAgreement(result, minItems), pairs: result.pairs.map((pair) => ({ ...pair, result: shownAgreement(pair.result, minItems) })) };
  return shownAgreement(result, minItems);
}

/** The requested coefficients, in the order requested, each labelled with the field (and shown by evidence.ts when `minItems` is given). */
export function agreementReport(data: AgreementData, options: ReportOptions): DetailedResult[] {
  const results = rawAgreementReport(data, options);
  const { minItems } = options;
  return minItems === undefined ? results : results.map((result) => shownResult(result, minItems));
}

function rawAgreementReport(data: AgreementData, options: ReportOptions): DetailedResult[] {
  const weights = options.weights ?? 'none';
  const level = options.level ?? 'nominal';
  const field = options.field ?? null;
  if (data.layout === 'coded') {
    const { rows, pairs } = codedCoefficients(data.coded, weights);
    return options.coefficients.map((coefficient): DetailedResult => {
      const result = ((): DetailedResult => {
        switch (coefficient) {
          case 'percent':
            return percentAgreementOfRows(rows);
          case 'cohen':
            return cohenFor(pairs, options, weights);
          case 'fleiss':
            return fleissKappaOfRows(rows);
          case 'randolph':
            return randolphKappaOfRows(rows);
          case 'krippendorff':
            return krippendorffAlphaOfRows(rows, level);
          case 'gwet':
            return gwetAc1OfRows(rows);
        }
      })();
      return { ...result, field };
    });
  }
  const counts = data.layout === 'ratings' ? itemCounts(data.table) : data.counts;
  const pairs = data.layout === 'ratings' ? tablePairs(data.table, weights) : null;
  return options.coefficients.map((coefficient): DetailedResult => {
    const result = ((): DetailedResult => {
      switch (coefficient) {
        case 'percent':
          return percentAgreement(counts);
        case 'cohen':
          return pairs === null
            ? unavailableFromCounts(counts, weights, "Cohen's kappa needs to know which rater gave which rating, and the counts layout does not say.")
            : cohenFor(pairs, options, weights);
        case 'fleiss':
          return fleissKappa(counts);
        case 'randolph':
          return randolphKappa(counts);
        case 'krippendorff':
          return krippendorffAlpha(counts, level);
        case 'gwet':
          return gwetAc1(counts);
      }
    })();
    return { ...result, field };
  });
}
