import { labelByCode } from '../codebook/lookup';
import type { FieldDef, LabelDef } from '../codebook/types';
import type { ExportValue } from './expert-value';

/**
 * The string a SID file holds for a label: its Chinese name, except for level tags such as
 * L1/L2/L3, which SID files write as the code itself (the zh name "L2 解释" is for display).
 */
export function sidLabelText(label: LabelDef): string {
  if (/^[A-Z]\d+$/.test(label.code)) return label.code;
  return label.name.zh || label.code;
}

/**
 * One field as written into a SID annotation object. Text fields: the text. Values nobody
 * reviewed: as imported (`老师` stays `老师`, `生物,地理` keeps its comma), also when they did not
 * resolve. Reviewed values, values merged from several entries and values the source never
 * had: the Chinese label(s), set fields joined with ", ".
 */
export function sidFieldText(field: FieldDef, value: ExportValue): string {
  if (field.type === 'text' || value.asImported || value.unresolved) return value.text;
  return value.codes
    .map((code) => {
      const label = labelByCode(field, code);
      return label ? sidLabelText(label) : code;
    })
    .join(', ');
}
