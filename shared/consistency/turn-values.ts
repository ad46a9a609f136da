import { foldForMatch } from '../codebook/text-fold';
import { fieldById, labelByCode, labelName } from '../codebook/lookup';
import type { BilingualText, Codebook, FieldDef, LabelLanguage } from '../codebook/types';
import type { SpeakerCode, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';

/** One field of one turn as the rules see it: the expert's value where reviewed, else the pre-annotation. */
export interface CheckedValue {
  source: 'expert' | 'pre' | 'missing';
  /** label codes of the codebook */
  codes: string[];
  /** parts that name no label: pre-annotation parts the codebook did not match, or expert codes it no longer has */
  unknown: string[];
  /** text fields: the text */
  text: string;
  empty: boolean;
}

const MISSING: CheckedValue = { source: 'missing', codes: [], unknown: [], text: '', empty: true };

/**
 * Mirrors shared/export/expert-value.ts (a review wins whatever its decision, since 'unsure' holds
 * the expert's best guess) but keeps the pre-annotation's unknown parts, which the export drops
 * and the label-outside-codebook rule is about.
 */
export function checkedValue(turn: Turn, field: FieldDef, reviews: ReadonlyMap<string, FieldReview>): CheckedValue {
  const review = reviews.get(`${turn.id}|${field.id}`);
  const pre = turn.pre[field.id];
  if (review) {
    if (field.type === 'text') {
      const text = review.text ?? pre?.raw ?? '';
      return { source: 'expert', codes: [], unknown: [], text, empty: text.trim().length === 0 };
    }
    const codes = review.codes.filter((code) => labelByCode(field, code) !== undefined);
    const unknown = review.codes.filter((code) => labelByCode(field, code) === undefined);
    return { source: 'expert', codes, unknown, text: '', empty: review.codes.length === 0 };
  }
  if (!pre) return MISSING;
  const empty = pre.status === 'empty' || pre.raw.trim().length === 0;
  return { source: 'pre', codes: [...pre.codes], unknown: [...pre.unknown], text: field.type === 'text' ? pre.raw : '', empty };
}

/** Members of a set field for comparing turns: codes, and unknown parts folded (an open vocabulary's new disciplines count). */
export function setMembers(value: CheckedValue): Set<string> {
  return new Set([...value.codes, ...value.unknown.map((part) => `?${foldForMatch(part)}`)]);
}

const TEXT_LIMIT = 40;

/** The value as a reviewer reads it in one language: label names, then unknown parts as written. */
export function valueText(field: FieldDef, value: CheckedValue, lang: LabelLanguage): string {
  if (field.type === 'text') return value.text.length > TEXT_LIMIT ? `${value.text.slice(0, TEXT_LIMIT)}…` : value.text;
  return codesText(field, value.codes, lang, value.unknown);
}

export function codesText(field: FieldDef, codes: readonly string[], lang: LabelLanguage, unknown: readonly string[] = []): string {
  const names = codes.map((code) => {
    const label = labelByCode(field, code);
    return label ? labelName(label, lang) : code;
  });
  return [...names, ...unknown].join(lang === 'zh' ? '、' : ', ');
}

export function fieldName(field: FieldDef, lang: LabelLanguage): string {
  return field.name[lang] || field.name[lang === 'zh' ? 'en' : 'zh'] || field.id;
}

const SPEAKER_FALLBACK: Record<SpeakerCode, BilingualText> = {
  teacher: { zh: '教师', en: 'teacher' },
  student: { zh: '学生', en: 'student' },
  other: { zh: '其他说话人', en: 'another speaker' },
};

/** The speaker as the codebook's speaker field names it, where it has one. */
export function speakerName(codebook: Codebook, speaker: SpeakerCode, lang: LabelLanguage): string {
  const speakerField = fieldById(codebook, 'speaker');
  const label = speakerField && labelByCode(speakerField, speaker);
  return label ? labelName(label, lang) : SPEAKER_FALLBACK[speaker][lang];
}

/** `{name}` → values[lang][name]; a placeholder without a value stays as written. */
export function fillReason(template: BilingualText, values: Record<LabelLanguage, Record<string, string>>): BilingualText {
  const fill = (lang: LabelLanguage) => template[lang].replace(/\{([^{}]*)\}/g, (whole, name: string) => (Object.hasOwn(values[lang], name) ? values[lang][name] : whole));
  return { zh: fill('zh'), en: fill('en') };
}
