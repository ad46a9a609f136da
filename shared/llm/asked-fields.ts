import { matchLabelCode } from '../codebook/normalize-value';
import type { Codebook, FieldDef } from '../codebook/types';

/**
 * How a field's value is written in an answer: one label code, a list of codes (label-set
 * fields), or true/false (boolean fields, mapped onto their two labels).
 */
export type AnswerShape = 'label' | 'labels' | 'boolean';

export interface AskedField {
  field: FieldDef;
  shape: AnswerShape;
  /** boolean fields: the label codes true and false stand for */
  booleanCodes?: { true: string; false: string };
}

/** The answer's own key for the turn number; a field of that id could not be told apart from it. */
export const TURN_KEY = 'turn';

/**
 * Speaker and utterance are the transcript, given to the model rather than asked. Free-text
 * fields are not asked either: the answer holds labels only.
 */
export function isAskedField(field: FieldDef): boolean {
  return field.type !== 'text' && field.id !== 'speaker';
}

const TRUE_SPELLINGS = ['true', 'yes', '是'];
const FALSE_SPELLINGS = ['false', 'no', '否'];

/** The labels true and false name, through the codebook's own spellings (the default's yes/no carry true/false as aliases). */
function booleanCodes(field: FieldDef): { true: string; false: string } | undefined {
  const first = (spellings: string[]) => spellings.map((spelling) => matchLabelCode(field, spelling)).find((code) => code !== undefined);
  const yes = first(TRUE_SPELLINGS);
  const no = first(FALSE_SPELLINGS);
  return yes !== undefined && no !== undefined && yes !== no ? { true: yes, false: no } : undefined;
}

/** Why a codebook cannot drive pre-annotation, in words; empty when it can. */
export function preAnnotationCodebookProblems(codebook: Codebook): string[] {
  const problems: string[] = [];
  const asked = codebook.fields.filter(isAskedField);
  if (asked.length === 0) problems.push(`The codebook "${codebook.id}" has no label fields to ask a model for.`);
  for (const field of asked) {
    if (field.id === TURN_KEY) problems.push(`The field id "${TURN_KEY}" is the answer's key for the turn number; give the field another id.`);
    if (field.type === 'boolean' && booleanCodes(field) === undefined) {
      problems.push(`The yes/no field "${field.id}" has no labels spelled true and false (or yes and no); add them as aliases of its two labels.`);
    }
  }
  return problems;
}

const askedOfCodebook = new WeakMap<Codebook, AskedField[]>();

/** The fields a model is asked for, in codebook order. Throws when the codebook cannot be used (preAnnotationCodebookProblems). */
export function askedFields(codebook: Codebook): AskedField[] {
  let asked = askedOfCodebook.get(codebook);
  if (!asked) {
    const problems = preAnnotationCodebookProblems(codebook);
    if (problems.length > 0) throw new Error(problems.join('\n'));
    asked = codebook.fields.filter(isAskedField).map((field): AskedField => {
      if (field.type === 'set') return { field, shape: 'labels' };
      if (field.type === 'boolean') return { field, shape: 'boolean', booleanCodes: booleanCodes(field) };
      return { field, shape: 'label' };
    });
    askedOfCodebook.set(codebook, asked);
  }
  return asked;
}
