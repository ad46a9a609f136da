import type { SpeakerCode } from '../model/dataset';
import type { Codebook, FieldDef, LabelDef, LabelLanguage } from './types';

export function fieldById(codebook: Codebook, id: string): FieldDef | undefined {
  return codebook.fields.find((field) => field.id === id);
}

/** A speaker outside teacher/student ('other') only gets the fields that apply to all. */
export function fieldAppliesTo(field: FieldDef, speaker: SpeakerCode): boolean {
  return field.appliesTo === 'all' || field.appliesTo === speaker;
}

/** single, ordinal and boolean fields hold one label; a set holds any number (text holds none) */
export function takesOneLabel(field: FieldDef): boolean {
  return field.type !== 'set';
}

export function labelByCode(field: FieldDef, code: string): LabelDef | undefined {
  return field.labels.find((label) => label.code === code);
}

/** The label's name in the wanted language, falling back to the other language, then the code. */
export function labelName(label: LabelDef, lang: LabelLanguage): string {
  const other: LabelLanguage = lang === 'zh' ? 'en' : 'zh';
  return label.name[lang] || label.name[other] || label.code;
}
