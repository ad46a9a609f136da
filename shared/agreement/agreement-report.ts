import { cohenKappa, cohenKappaUnavailable, type CohenKappaResult } from './cohen-kappa';
import { fleissKappa, type FleissKappaResult } from './fleiss-kappa';
import { gwetAc1, type GwetAc1Result } from './gwet-ac1';
import { missingRatings } from './item-counts';
import { krippendorffAlpha, type KrippendorffAlphaResult } from './krippendorff-alpha';
import { percentAgreement, type PercentAgreementResult } from './percent-agreement';
import { randolphKappa, type RandolphKappaResult } from './randolph-kappa';
import { itemCounts } from './rating-table';
import type { AlphaLevel, ItemCounts, RatingTable, ReportCoefficient, WeightScheme } from './types';

/** Ratings with rater identities, or a counts layout without them (Cohen's kappa then cannot apply). */
export type AgreementData = { layout: 'ratings'; table: RatingTable } | { layout: 'counts'; counts: ItemCounts };

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
}

/** Every pair of raters in table order (A,B A,C B,C), each with the two-rater Cohen's kappa. */
function everyPair(table: RatingTable, weights: WeightScheme): CohenPair[] {
  const pairs: CohenPair[] = [];
  table.raters.forEach((first, index) => {
    for (const second of table.raters.slice(index + 1)) pairs.push({ raters: [first, second], result: cohenKappa(table, { raters: [first, second], weights }) });
  });
  return pairs;
}

function unavailableCohen(data: AgreementData, weights: WeightScheme, reason: string): CohenKappaResult {
  const counts = data.layout === 'ratings' ? itemCounts(data.table) : data.counts;
  return cohenKappaUnavailable({ categories: counts.categories.length, raters: counts.raters, missing: missingRatings(counts), items: counts.items.length, weights, reason });
}

function cohenFor(data: AgreementData, options: ReportOptions, weights: WeightScheme): CohenReport {
  if (data.layout === 'counts') return unavailableCohen(data, weights, "Cohen's kappa needs to know which rater gave which rating, and the counts layout does not say.");
  const { table } = data;
  const pair = options.cohenRaters;
  if (pair) {
    const absent = pair.filter((rater) => !table.raters.includes(rater));
    if (absent.length > 0) return unavailableCohen(data, weights, `No ratings by ${absent.map((rater) => `"${rater}"`).join(' or ')} here (raters: ${table.raters.join(', ')}).`);
    return cohenKappa(table, { raters: pair, weights });
  }
  if (table.raters.length > 2 && options.everyCohenPair) {
    const how = options.howToChooseRaters ? ` (or choose two ${options.howToChooseRaters})` : '';
    const reason = `Cohen's kappa compares two raters and there are ${table.raters.length} (${table.raters.join(', ')}); it is given for each pair of them${how}.`;
    return { ...unavailableCohen(data, weights, reason), pairs: everyPair(table, weights) };
  }
  if (table.raters.length !== 2) {
    const how = options.howToChooseRaters ? ` ${options.howToChooseRaters}` : '';
    return unavailableCohen(data, weights, `Cohen's kappa compares two raters and there are ${table.raters.length} (${table.raters.join(', ')}); choose two${how}.`);
  }
  return cohenKappa(table, { weights });
}

/** The requested coefficients, in the order requested, each labelled with the field. */
export function agreementReport(data: AgreementData, options: ReportOptions): DetailedResult[] {
  const counts = data.layout === 'ratings' ? itemCounts(data.table) : data.counts;
  const weights = options.weights ?? 'none';
  const level = options.level ?? 'nominal';
  const field = options.field ?? null;
  return options.coefficients.map((coefficient): DetailedResult => {
    const result = ((): DetailedResult => {
      switch (coefficient) {
        case 'percent':
          return percentAgreement(counts);
        case 'cohen':
          return cohenFor(data, options, weights);
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
