/**
 * The LLM pre-annotation of a dialogue exported by Maieutic, rebuilt from its review provenance
 * (`maieutic.turns[i].fields[field].pre`, the raw value the expert saw; see
 * shared/export/sid-jsonl.ts): a reviewed field takes its recorded pre-annotation, normalised by
 * the codebook as on import; an unreviewed field is already the pre-annotation in the file.
 */
import { normalizeValue } from '../codebook/normalize-value';
import type { Codebook } from '../codebook/types';
import type { FieldValues, ParsedDialogue } from '../model/dataset';

const PROVENANCE_KEY = 'maieutic';

interface ProvenanceTurn {
  index?: unknown;
  fields?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when the record carries Maieutic's review provenance. */
export function hasReviewProvenance(dialogue: Pick<ParsedDialogue, 'extra'>): boolean {
  const provenance = dialogue.extra[PROVENANCE_KEY];
  return isRecord(provenance) && Array.isArray(provenance.turns);
}

/**
 * Per turn of the dialogue (in order), the pre-annotation's values. Without provenance, the
 * turns' own values (the file was never reviewed). Provenance turns are matched by their
 * `index`; a provenance turn that names no turn of the dialogue is ignored.
 */
export function preAnnotationValues(dialogue: Pick<ParsedDialogue, 'extra' | 'turns'>, codebook: Codebook): FieldValues[] {
  const values = dialogue.turns.map((turn) => ({ ...turn.pre }));
  const provenance = dialogue.extra[PROVENANCE_KEY];
  if (!isRecord(provenance) || !Array.isArray(provenance.turns)) return values;
  for (const entry of provenance.turns as ProvenanceTurn[]) {
    if (!isRecord(entry) || typeof entry.index !== 'number' || !isRecord(entry.fields)) continue;
    const position = dialogue.turns.findIndex((turn) => turn.index === entry.index);
    if (position < 0) continue;
    for (const [fieldId, record] of Object.entries(entry.fields)) {
      const field = codebook.fields.find((candidate) => candidate.id === fieldId);
      if (!field || !isRecord(record)) continue;
      if (typeof record.pre === 'string') values[position][fieldId] = normalizeValue(field, record.pre);
      else delete values[position][fieldId];
    }
  }
  return values;
}
