/**
 * A coefficient and its interval in words, the same in the table, the sentences, the chart and
 * the saved files: the value; "too few items (n = k, at least 10 needed)" below the minimum
 * (shared/agreement/evidence.ts); "not defined" for an interval of zero width, with the reason.
 */
import { degenerateIntervalKind, hasTooFewItems, MIN_AGREEMENT_ITEMS } from '../../../../shared/agreement/evidence';
import type { AgreementResult } from '../../../../shared/agreement/types';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { formatCoefficient, formatInterval, NONE } from '../../stores/agreement/format';
import { agreementText } from './strings';

type Shown = Pick<AgreementResult, 'coefficient' | 'value' | 'items' | 'ci95' | 'ciReason'>;

/**
 * The result was kept back for too few items: no value, on fewer than the minimum. Only where
 * the coefficient exists at all — a label-set field's own row has no single κ and no Fleiss' κ
 * whatever its n (`exists` false), and says so by its own note.
 */
export const isTooFew = (result: Pick<AgreementResult, 'coefficient' | 'value' | 'items'>, exists = true): boolean => exists && result.value === null && hasTooFewItems(result);

/** The value as a cell writes it: three decimals, "too few items (…)", or a dash. */
export function coefficientText(result: Shown, lang: LabelLanguage, exists = true): string {
  if (result.value !== null) return formatCoefficient(result.value);
  return isTooFew(result, exists) ? agreementText(lang, 'tooFew', { n: result.items, min: MIN_AGREEMENT_ITEMS }) : NONE;
}

/** The interval as a cell writes it, with the reason when it is not defined (`counts`: the row's confusion matrix). */
export function intervalText(result: Shown, counts: readonly (readonly number[])[] | null, lang: LabelLanguage): { text: string; why: string | null } {
  if (result.ci95 === null && result.ciReason !== null) return { text: agreementText(lang, 'ciNotDefined'), why: agreementText(lang, `ciWhy.${degenerateIntervalKind(counts)}`) };
  return { text: formatInterval(result.ci95), why: null };
}
