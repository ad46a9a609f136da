import { BINARY_CATEGORIES } from '../../../../shared/agreement';
import { ALL_GROUP, type LayerAgreementRow } from '../../../../shared/agreement/review-layers';
import { labelByCode, labelName } from '../../../../shared/codebook/lookup';
import type { Codebook, LabelLanguage } from '../../../../shared/codebook/types';
import { fieldName } from '../../codebook';
import { NONE } from '../../stores/agreement/format';
import type { PanelWords } from '../../stores/agreement/panel-export';
import type { TableWords } from '../../stores/agreement/table-export';
import { coefficientText, intervalText } from './coefficient-words';
import { agreementText } from './strings';

function codeName(codebook: Codebook, fieldId: string, code: string, lang: LabelLanguage): string {
  const field = codebook.fields.find((candidate) => candidate.id === fieldId);
  const label = field ? labelByCode(field, code) : undefined;
  return label ? labelName(label, lang) : code;
}

/** "Teacher intent", or "Discipline: Physics" for one code of a label-set field. */
export function rowName(codebook: Codebook, row: Pick<LayerAgreementRow, 'fieldId' | 'code'>, lang: LabelLanguage): string {
  const field = codebook.fields.find((candidate) => candidate.id === row.fieldId);
  const name = field ? fieldName(field, lang) : row.fieldId;
  return row.code === null ? name : `${name}: ${codeName(codebook, row.fieldId, row.code, lang)}`;
}

/** The name of a confusion-matrix category: a label of the field, or absent/present for one code. */
export function categoryName(codebook: Codebook, row: Pick<LayerAgreementRow, 'fieldId' | 'code' | 'categories'>, index: number, lang: LabelLanguage): string {
  const category = row.categories[index];
  if (row.code !== null && row.categories.length === BINARY_CATEGORIES.length && BINARY_CATEGORIES.every((value, i) => row.categories[i] === value)) {
    return agreementText(lang, category === 'present' ? 'present' : 'absent');
  }
  return codeName(codebook, row.fieldId, category, lang);
}

export function bandWords(row: LayerAgreementRow, lang: LabelLanguage): string {
  return row.band ? row.band[lang] : NONE;
}

/** `raters` are the two compared layers' names, written above the Markdown tables. */
export function tableWords(codebook: Codebook, lang: LabelLanguage, raters: readonly [string, string]): TableWords {
  const t = (key: Parameters<typeof agreementText>[1]) => agreementText(lang, key);
  return {
    comparison: `${raters[0]} × ${raters[1]}`,
    rowName: (row) => rowName(codebook, row, lang),
    groupName: (group) => (group === ALL_GROUP ? t('allGroups') : group),
    weightName: (weights) => t(`weights.${weights}`),
    band: (row) => bandWords(row, lang),
    kappa: (row) => (row.kappa.value === null ? coefficientText(row.kappa, lang, row.confusion !== null) : `${coefficientText(row.kappa, lang)} (${t(`weights.${row.weights}`)})`),
    interval: (row) => intervalText(row.kappa, row.confusion, lang).text,
    headers: { field: t('field'), n: t('n'), missing: t('missing'), excluded: t('excluded'), accuracy: t('accuracy'), kappa: t('kappa'), ci: t('ci'), band: t('band') },
  };
}

/** The words of the all-layers tables (`sourceName` names a source by its key). */
export function panelWords(codebook: Codebook, lang: LabelLanguage, sourceName: (key: string) => string): PanelWords {
  return {
    rowName: (row) => rowName(codebook, row, lang),
    groupName: (group) => (group === ALL_GROUP ? agreementText(lang, 'allGroups') : group),
    sourceName,
    headers: { field: agreementText(lang, 'field'), fleiss: agreementText(lang, 'fleissKappa'), alpha: agreementText(lang, 'alpha') },
    coefficient: (result, exists) => coefficientText(result, lang, exists),
  };
}
