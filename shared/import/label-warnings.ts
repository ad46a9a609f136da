import { fieldAppliesTo, takesOneLabel } from '../codebook/lookup';
import type { Codebook, FieldDef } from '../codebook/types';
import type { FieldValues, SpeakerCode } from '../model/dataset';
import type { IssueSink } from './issues';
import { snippet } from './issues';

export interface LabelledTurn {
  speaker: SpeakerCode;
  pre: FieldValues;
}

function expectedLabels(field: FieldDef): string {
  const names = field.labels.slice(0, 8).map((label) => label.name.zh || label.name.en || label.code);
  return names.join(', ') + (field.labels.length > 8 ? ', …' : '');
}

/** Punctuation, separators and spaces only: ",,,、、、" names no label at all. */
const NO_LABEL = /^[\p{P}\p{S}\p{Z}\s]+$/u;

function unknownMessage(field: FieldDef, raw: string, unknown: string[]): string {
  if (NO_LABEL.test(raw)) return `${field.id} "${snippet(raw, 40)}" is only punctuation or separators and names no label; kept as written and flagged for review.`;
  const quoted = unknown.map((part) => `"${snippet(part, 40)}"`).join(', ');
  if (field.openVocabulary) {
    return `${field.id} ${quoted} is not in the codebook's list. This field has an open vocabulary, so this is only a note: the value is kept as written; check its spelling.`;
  }
  if (takesOneLabel(field) && unknown.length > 1) {
    return `${field.id} "${snippet(raw, 60)}" gives several values but this field takes one; kept as written and flagged for review.`;
  }
  return `${field.id} ${quoted} is not a label of this field (expected one of ${expectedLabels(field)}); kept as written and flagged for review.`;
}

/** Whether warnAboutLabels has anything to say: most turns have not, and are then passed in one loop. */
function needsLabelWarning(codebook: Codebook, turn: LabelledTurn): boolean {
  for (const field of codebook.fields) {
    const value = turn.pre[field.id];
    if (value && (value.status === 'conflict' || value.unknown.length > 0 || (value.status !== 'empty' && !fieldAppliesTo(field, turn.speaker)))) return true;
  }
  return false;
}

/**
 * Warnings for one turn's pre-annotation: every unknown label ('unknown-label'; a milder
 * note for open vocabularies), every conflict left by merging, and every non-empty value on
 * a field that does not apply to the speaker ('not-applicable-value'). `whereText` starts each
 * message ("Turn 3 (教师)", "This row (teacher)"; a function is called only when there is one); `turnIndex`, when given, is recorded on each issue.
 */
export function warnAboutLabels(codebook: Codebook, turn: LabelledTurn, whereText: string | (() => string), line: number, issues: IssueSink, turnIndex?: number): void {
  if (!needsLabelWarning(codebook, turn)) return;
  const about = (field: FieldDef) => (turnIndex === undefined ? { field: field.id } : { field: field.id, turn: turnIndex + 1 });
  // most turns get no warning: the start of the messages is worked out only for one that does
  let start: string | undefined;
  const where = (): string => (start ??= typeof whereText === 'string' ? whereText : whereText());
  for (const field of codebook.fields) {
    const value = turn.pre[field.id];
    if (!value) continue;
    if (value.status === 'conflict') {
      issues.warn(line, 'conflicting-fragments', `${where()}: the merged annotation entries disagree on ${field.id} ("${snippet(value.raw, 60)}"); marked as a conflict to resolve.`, about(field));
    } else if (value.unknown.length > 0) {
      issues.warn(line, 'unknown-label', `${where()}: ${unknownMessage(field, value.raw, value.unknown)}`, about(field));
    }
    if (value.status !== 'empty' && !fieldAppliesTo(field, turn.speaker)) {
      issues.warn(line, 'not-applicable-value', `${where()}: ${field.id} applies only to ${field.appliesTo} turns but has the value "${snippet(value.raw, 40)}"; kept and flagged for review.`, about(field));
    }
  }
}
