import { labelByCode } from '../../../../shared/codebook/lookup';
import type { FieldDef, LabelDef, LabelLanguage } from '../../../../shared/codebook/types';
import { otherLanguage } from './strings';

/** Definition and example in both languages, for the hover title. */
export function labelTooltip(label: LabelDef, lang: LabelLanguage): string {
  const other = otherLanguage(lang);
  const lines = [
    `${label.name[lang] || label.code} · ${label.name[other]} (${label.code})`,
    label.definition[lang],
    label.definition[other],
    label.example[lang] && `“${label.example[lang]}”`,
    label.example[other] && `“${label.example[other]}”`,
  ];
  return lines.filter(Boolean).join('\n');
}

/** A label's name in the chosen language with the other language as a quiet hint. */
export function LabelName({ label, lang }: { label: LabelDef; lang: LabelLanguage }) {
  const other = otherLanguage(lang);
  const main = label.name[lang] || label.name[other] || label.code;
  const secondary = label.name[lang] ? label.name[other] : '';
  return (
    <span className="rv-label-name" title={labelTooltip(label, lang)}>
      {main}
      {secondary && <span className="rv-hint"> {secondary}</span>}
    </span>
  );
}

/** A code as a chip: the label when the codebook knows it, else the raw value marked as new. */
export function CodeChip({ field, code, lang, newValueText }: { field: FieldDef; code: string; lang: LabelLanguage; newValueText: string }) {
  const label = labelByCode(field, code);
  if (label) {
    return (
      <span className="rv-chip" data-code={code}>
        <LabelName label={label} lang={lang} />
      </span>
    );
  }
  return (
    <span className="rv-chip rv-chip-new" data-code={code} title={newValueText}>
      {code} <span className="rv-hint">({newValueText})</span>
    </span>
  );
}
