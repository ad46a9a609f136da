import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook, FieldDef } from '../codebook/types';
import type { FieldValue, FieldValues, SpeakerCode } from '../model/dataset';
import type { CheckedValue } from './field-results';
import { checkedFields } from './field-results';

/** Where a turn to check was read: a file's record (line) and its entry in `maieutic.turns`. */
export interface CheckedOrigin {
  file: string;
  line: number | null;
  entry: number;
}

/** One sampled turn as the checks read it. */
export interface TurnToCheck {
  /** who the turn is: a value is counted once per (dialogue, teacher model, turn index, field) */
  dialogueId: string;
  teacherModel: string;
  turnIndex: number;
  /** where it was read, for a message about a repeat (absent in the app: its turns come from the database) */
  origin?: CheckedOrigin;
  stratum: string;
  /** the speaker the fields apply to: as the expert corrected it, else as imported */
  speaker: SpeakerCode;
  /** the LLM's values (the imported pre-annotation or a layer's); a field absent here (or empty, for a one-label field) is no LLM value */
  llm: FieldValues;
  /** the expert's codes per reviewed field (an 'unsure' review: the best guess); a field absent here was not reviewed */
  expert: ReadonlyMap<string, readonly string[]>;
}

/** The same value read twice: the first reading is the one counted. */
export interface RepeatedValue {
  dialogueId: string;
  teacherModel: string;
  turnIndex: number;
  fieldId: string;
  first?: CheckedOrigin;
  again?: CheckedOrigin;
  /** both readings have the same LLM value and the same expert value */
  agrees: boolean;
}

export interface CheckedValues {
  /** each (dialogue, teacher model, turn, field) once */
  values: CheckedValue[];
  repeats: RepeatedValue[];
  /** the distinct turns and dialogues (with their teacher model) the values come from */
  turns: number;
  dialogues: number;
}

/** The identity of a turn: dialogue, teacher model and turn index, as one map key. */
export function checkedTurnKey(turn: Pick<TurnToCheck, 'dialogueId' | 'teacherModel' | 'turnIndex'>): string {
  return JSON.stringify([turn.dialogueId, turn.teacherModel, turn.turnIndex]);
}

/**
 * The LLM side of a check: null when the layer holds no value for the field — absent (the layer
 * lacks the turn or the field), or empty for a one-label field. For a label-set field an empty
 * value is the empty set, "none of the codes", a claim that can be wrong: the same convention as
 * agreement (shared/layers/field-decoder.ts).
 */
function llmSide(field: FieldDef, value: FieldValue | undefined): CheckedValue['llm'] {
  if (value === undefined) return null;
  if (field.type !== 'set' && value.codes.length === 0 && value.unknown.length === 0) return null;
  return { codes: value.codes, unknown: value.unknown };
}

function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const right = [...b].sort();
  return [...a].sort().every((code, at) => code === right[at]);
}

function sameValue(a: CheckedValue, b: CheckedValue): boolean {
  if (!sameCodes(a.expert, b.expert)) return false;
  if (a.llm === null || b.llm === null) return a.llm === b.llm;
  return sameCodes(a.llm.codes, b.llm.codes) && sameCodes(a.llm.unknown ?? [], b.llm.unknown ?? []);
}

/**
 * The checked values of sampled turns: each reviewed field that applies to the turn's speaker,
 * once per (dialogue, teacher model, turn, field). A value read again (a file given twice, a turn
 * listed twice in a provenance) is counted once, at its first reading, and reported in `repeats`
 * with whether the two readings agree: the caller decides whether a disagreement may stand.
 */
export function checkedValues(codebook: Codebook, turns: readonly TurnToCheck[]): CheckedValues {
  const fields = checkedFields(codebook);
  const values: CheckedValue[] = [];
  const repeats: RepeatedValue[] = [];
  const seen = new Map<string, { value: CheckedValue; origin?: CheckedOrigin }>();
  const turnKeys = new Set<string>();
  const dialogueKeys = new Set<string>();
  for (const turn of turns) {
    const key = checkedTurnKey(turn);
    for (const field of fields) {
      const expert = turn.expert.get(field.id);
      if (expert === undefined || !fieldAppliesTo(field, turn.speaker)) continue;
      const value: CheckedValue = { fieldId: field.id, stratum: turn.stratum, llm: llmSide(field, turn.llm[field.id]), expert };
      const valueKey = `${key}|${field.id}`;
      const earlier = seen.get(valueKey);
      if (earlier) {
        repeats.push({ dialogueId: turn.dialogueId, teacherModel: turn.teacherModel, turnIndex: turn.turnIndex, fieldId: field.id, first: earlier.origin, again: turn.origin, agrees: sameValue(earlier.value, value) });
        continue;
      }
      seen.set(valueKey, { value, origin: turn.origin });
      values.push(value);
      turnKeys.add(key);
      dialogueKeys.add(JSON.stringify([turn.dialogueId, turn.teacherModel]));
    }
  }
  return { values, repeats, turns: turnKeys.size, dialogues: dialogueKeys.size };
}

/**
 * Per field, how many of the sampled turns could give it a checked value once reviewed: the field
 * applies to the speaker and the LLM has a value there (each turn once). What a sample can reach:
 * when this stays below the n a verdict needs, reviewing the rest of the sample will not settle it.
 */
export function reviewableValues(codebook: Codebook, turns: readonly TurnToCheck[]): Map<string, number> {
  const counts = new Map<string, number>();
  const taken = new Set<string>();
  for (const turn of turns) {
    const key = checkedTurnKey(turn);
    if (taken.has(key)) continue;
    taken.add(key);
    for (const field of checkedFields(codebook)) {
      if (fieldAppliesTo(field, turn.speaker) && llmSide(field, turn.llm[field.id]) !== null) counts.set(field.id, (counts.get(field.id) ?? 0) + 1);
    }
  }
  return counts;
}
