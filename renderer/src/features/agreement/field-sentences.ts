/**
 * One sentence per field that reads its row of the agreement table in words ("LLM
 * pre-annotation and Expert (verified) agree on 43.8% of 16 teacher turns; κ 0.350, fair
 * agreement."). Every number is written by the same formatters from the same row object the
 * table shows, so the sentence and the table cannot disagree.
 */
import { MIN_AGREEMENT_ITEMS } from '../../../../shared/agreement/evidence';
import type { LayerAgreementRow } from '../../../../shared/agreement/review-layers';
import type { Codebook, LabelLanguage } from '../../../../shared/codebook/types';
import { formatCoefficient, formatPercent } from '../../stores/agreement/format';
import { isTooFew } from './coefficient-words';
import { rowName } from './row-names';
import { agreementText, type AgreementStringKey } from './strings';

type SentenceRow = Pick<LayerAgreementRow, 'fieldId' | 'code' | 'items' | 'missing' | 'accuracy' | 'kappa' | 'band' | 'weights' | 'confusion'>;

/** Both raters used one and the same category for every item: chance agreement is 1 and κ is 0/0. */
export function bothGaveOneValue(confusion: readonly (readonly number[])[] | null): boolean {
  if (!confusion) return false;
  const used = confusion.flatMap((counts, row) => counts.flatMap((count, column) => (count > 0 ? [[row, column]] : [])));
  return used.length === 1 && used[0][0] === used[0][1];
}

function kappaWords(row: SentenceRow, lang: LabelLanguage): string {
  const t = (key: AgreementStringKey, params?: Record<string, string | number>) => agreementText(lang, key, params);
  const { value } = row.kappa;
  if (value !== null && row.band) {
    const kappa = formatCoefficient(value);
    const band = row.band[lang];
    const interval = row.kappa.ci95 === null && row.kappa.ciReason !== null ? t('sentenceCiNone') : '';
    return `${row.weights === 'none' ? t('sentenceKappa', { kappa, band }) : t('sentenceKappaWeighted', { kappa, band, weights: t(`weights.${row.weights}`) })}${interval}`;
  }
  if (isTooFew(row.kappa)) return t('sentenceKappaFew', { min: MIN_AGREEMENT_ITEMS });
  if (bothGaveOneValue(row.confusion)) return t('sentenceKappaOneValue');
  return t('sentenceKappaOther', { reason: row.kappa.reason ?? '' });
}

/** The sentence of a field's own row (`row.code === null`) with the field's name in front ("Teacher intent: …"). */
export function fieldSentence(row: SentenceRow, codebook: Codebook, raters: readonly [string, string], lang: LabelLanguage): string {
  return `${agreementText(lang, 'sentenceField', { field: rowName(codebook, row, lang) })}${fieldReading(row, codebook, raters, lang)}`;
}

/** What the row says, without the field's name; `raters` are the compared raters' names as shown. */
export function fieldReading(row: SentenceRow, codebook: Codebook, raters: readonly [string, string], lang: LabelLanguage): string {
  const t = (key: AgreementStringKey, params?: Record<string, string | number>) => agreementText(lang, key, params);
  const appliesTo = codebook.fields.find((field) => field.id === row.fieldId)?.appliesTo ?? 'all';
  const common = { a: raters[0], b: raters[1] };
  const missing = row.missing > 0 ? ` ${t('sentenceMissing', { missing: row.missing })}` : '';
  if (row.items === 0) return `${t('sentenceNone', { ...common, turn: t(`turn.${appliesTo}`) })}${missing}`;
  const counted = { ...common, n: row.items, percent: formatPercent(row.accuracy), turns: t(row.items === 1 ? `turn.${appliesTo}` : `turns.${appliesTo}`) };
  if (row.confusion === null) return `${t('sentenceSet', counted)}${missing}`;
  return `${t('sentence', { ...counted, kappa: kappaWords(row, lang) })}${missing}`;
}
