/**
 * A codebook is data (resources/codebooks/*.json), never code: the nine SID fields by
 * default, but a group can ship its own. These types describe that JSON.
 */

export type FieldType =
  /** exactly one label */
  | 'single'
  /** zero or more labels (e.g. discipline "生物, 地理", several strategies) */
  | 'set'
  /** one label from an ordered scale (guidance level L1<L2<L3, Bloom level) */
  | 'ordinal'
  /** yes / no */
  | 'boolean'
  /** free text (utterance) */
  | 'text';

export type AppliesTo = 'all' | 'teacher' | 'student';

export interface BilingualText {
  zh: string;
  en: string;
}

export interface LabelDef {
  /** canonical code, ASCII snake_case, stable across languages (`guide_reasoning`) */
  code: string;
  name: BilingualText;
  /** other spellings that mean this label: `理解（Understand）`, `Reasoning Scaffolding`, `老师` */
  aliases: string[];
  definition: BilingualText;
  example: BilingualText;
}

export interface FieldDef {
  /** key in SID annotation objects (`teacher_intent`) */
  id: string;
  name: BilingualText;
  type: FieldType;
  appliesTo: AppliesTo;
  /** for ordinal fields: labels are listed low to high */
  labels: LabelDef[];
  /** open vocabularies (discipline) accept unknown values as warnings, not as problems */
  openVocabulary: boolean;
  description: BilingualText;
}

export interface Codebook {
  id: string;
  name: BilingualText;
  version: string;
  fields: FieldDef[];
}

export type LabelLanguage = 'zh' | 'en';
