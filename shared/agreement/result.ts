import type { AgreementResult, Coefficient, LevelName, WeightName } from './types';

export interface ResultFrame {
  coefficient: Coefficient;
  weights?: WeightName | null;
  level?: LevelName | null;
  items: number;
  raters: number;
  missing: number;
}

/** The common fields with no value yet; coefficients fill in value/se/ci95 or a reason. */
export function resultFrame(frame: ResultFrame): AgreementResult {
  return {
    field: null,
    coefficient: frame.coefficient,
    weights: frame.weights ?? null,
    level: frame.level ?? null,
    value: null,
    se: null,
    ci95: null,
    items: frame.items,
    raters: frame.raters,
    missing: frame.missing,
    reason: null,
    ciReason: null,
  };
}

/** The fields of AgreementResult in the order the CLI prints them, and nothing else. */
export function toAgreementResult(result: AgreementResult): AgreementResult {
  return {
    field: result.field,
    coefficient: result.coefficient,
    weights: result.weights,
    level: result.level,
    value: result.value,
    se: result.se,
    ci95: result.ci95,
    items: result.items,
    raters: result.raters,
    missing: result.missing,
    reason: result.reason,
    ciReason: result.ciReason,
  };
}

export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

export function quoteList(labels: readonly string[]): string {
  return labels.map((label) => `"${label}"`).join(', ');
}

/** The reason shared by the kappa-type coefficients when fewer than two items can be used. */
export function tooFewItemsReason(items: number, what: string): string {
  return `Only ${plural(items, 'item')} ${what}; the coefficient needs at least two.`;
}
