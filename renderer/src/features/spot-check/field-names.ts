import { fieldById, labelByCode, labelName } from '../../../../shared/codebook/lookup';
import type { Codebook, LabelLanguage } from '../../../../shared/codebook/types';
import type { FieldResult } from '../../../../shared/spot-check';
import { fieldName } from '../../codebook';

/** A result row's name in the UI language: the field, or "field: label" for one code of a label set. */
export function resultName(codebook: Codebook, row: Pick<FieldResult, 'fieldId' | 'code' | 'field'>, lang: LabelLanguage): string {
  const field = fieldById(codebook, row.fieldId);
  if (!field) return row.field;
  const name = fieldName(field, lang);
  if (row.code === undefined) return name;
  const label = labelByCode(field, row.code);
  return `${name}: ${label ? labelName(label, lang) : row.code}`;
}
