/**
 * The LLM pre-annotation of a dialogue exported by Maieutic, rebuilt from its review provenance
 * (`maieutic.turns[i].fields[field].pre`, the raw value the expert saw; see
 * shared/export/sid-jsonl.ts): a reviewed field takes its recorded pre-annotation, normalised by
 * the codebook as on import; an unreviewed field is already the pre-annotation in the file.
 */
import { normalizeValue } from '../codebook/normalize-value';
import type { Codebook } from '../codebook/types';
import { KNOWN_PROVENANCE_VERSIONS, PROVENANCE_KEY } from '../export/sid-provenance';
import type { FieldValues, ParsedDialogue } from '../model/dataset';
import { METRIC_FIELDS } from './definitions';

interface ProvenanceTurn {
  index?: unknown;
  fields?: unknown;
  inScope?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when the record carries Maieutic's review provenance. */
export function hasReviewProvenance(dialogue: Pick<ParsedDialogue, 'extra'>): boolean {
  const provenance = dialogue.extra[PROVENANCE_KEY];
  return isRecord(provenance) && Array.isArray(provenance.turns);
}

/**
 * Why the record's review provenance cannot be read, or null: a version this tool does not know
 * may mean anything by its keys (the export's README lists what each version writes), so its
 * values are not scored as if it were one it knows.
 */
export function provenanceVersionProblem(dialogue: Pick<ParsedDialogue, 'extra'>): string | null {
  if (!hasReviewProvenance(dialogue)) return null;
  const { version } = dialogue.extra[PROVENANCE_KEY] as { version?: unknown };
  if (typeof version === 'number' && KNOWN_PROVENANCE_VERSIONS.includes(version)) return null;
  const found = version === undefined ? 'has no version' : `is version ${JSON.stringify(version)}`;
  return `The review provenance ("${PROVENANCE_KEY}") ${found}, which this version of Maieutic cannot read (it reads versions ${KNOWN_PROVENANCE_VERSIONS.join(', ')}); score the file with the Maieutic that wrote it, or a newer one.`;
}

/**
 * How many turns of the dialogue a scoped export wrote without labels: the provenance marks them
 * `inScope: false` (a verified-turns export keeps the other turns' text so the conversation reads
 * whole, but none of their labels). Provenance turns that name no turn of the dialogue, or name
 * one twice, count once or not at all.
 */
export function turnsLeftOutOfExport(dialogue: Pick<ParsedDialogue, 'extra' | 'turns'>): number {
  if (!hasReviewProvenance(dialogue)) return 0;
  const indexes = new Set(dialogue.turns.map((turn) => turn.index));
  const leftOut = new Set<number>();
  for (const entry of (dialogue.extra[PROVENANCE_KEY] as { turns: unknown[] }).turns) {
    if (!isRecord(entry)) continue;
    const turn = entry as ProvenanceTurn;
    if (turn.inScope === false && typeof turn.index === 'number' && indexes.has(turn.index)) leftOut.add(turn.index);
  }
  return leftOut.size;
}

/**
 * How many labels in the fields the metrics read an export left empty because the expert marked
 * them unsure (`fields[f].leftEmpty`, provenance version 5): on the file's own layer they count as
 * no label, which the caller says.
 */
export function unsureLeftEmpty(dialogue: Pick<ParsedDialogue, 'extra' | 'turns'>): number {
  if (!hasReviewProvenance(dialogue)) return 0;
  const indexes = new Set(dialogue.turns.map((turn) => turn.index));
  const seen = new Set<string>();
  for (const entry of (dialogue.extra[PROVENANCE_KEY] as { turns: unknown[] }).turns) {
    if (!isRecord(entry) || typeof entry.index !== 'number' || !indexes.has(entry.index) || !isRecord(entry.fields)) continue;
    for (const fieldId of METRIC_FIELDS) {
      const record = entry.fields[fieldId];
      if (isRecord(record) && record.leftEmpty === true) seen.add(`${entry.index}|${fieldId}`);
    }
  }
  return seen.size;
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
