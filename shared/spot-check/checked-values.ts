import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook } from '../codebook/types';
import type { FieldValues, SpeakerCode } from '../model/dataset';
import type { CheckedValue } from './field-results';
import { checkedFields } from './field-results';

/** One sampled turn as the checks read it. */
export interface TurnToCheck {
  stratum: string;
  /** the speaker the fields apply to: as the expert corrected it, else as imported */
  speaker: SpeakerCode;
  /** the LLM's values (the imported pre-annotation or a layer's); a field absent here is an empty LLM value */
  llm: FieldValues;
  /** the expert's codes per reviewed field (an 'unsure' review: the best guess); a field absent here was not reviewed */
  expert: ReadonlyMap<string, readonly string[]>;
}

/** The checked values of sampled turns: each reviewed field that applies to the turn's speaker. */
export function checkedValues(codebook: Codebook, turns: readonly TurnToCheck[]): CheckedValue[] {
  const fields = checkedFields(codebook);
  const values: CheckedValue[] = [];
  for (const turn of turns) {
    for (const field of fields) {
      const expert = turn.expert.get(field.id);
      if (expert === undefined || !fieldAppliesTo(field, turn.speaker)) continue;
      const llm = turn.llm[field.id];
      values.push({ fieldId: field.id, stratum: turn.stratum, llm: { codes: llm?.codes ?? [], unknown: llm?.unknown ?? [] }, expert });
    }
  }
  return values;
}
