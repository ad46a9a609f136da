import type { Codebook } from '../codebook/types';
import { ANNOTATION_EXTRAS_KEY, entryExtrasAt, RESERVED_EXTRA_KEYS, TURN_EXTRAS_KEY } from '../import/entry-extras';
import { setOwn } from '../import/own-keys';
import type { AdjudicationRow } from '../model/adjudication';
import type { Dialogue, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { expertValue, indexFieldReviews } from './expert-value';
import { dialoguesInScope, turnIdsInScope, type ExportScope } from './scope';
import { PROVENANCE_KEY, sidProvenance, writesAdjudicated, type SidAdjudication } from './sid-provenance';
import { exportedTranscript } from './sid-transcript';
import { sidFieldText } from './sid-values';
import type { ExportDialogue } from './types';
import { DEFAULT_UNSURE_VALUES, leavesUnsureEmpty, type UnsureValues } from './unsure-values';
import { TRANSCRIPT_FIELD_IDS } from './value-status';
import type { ProvenanceContext } from './value-provenance';

export type { SidAdjudication } from './sid-provenance';

export interface SidExportOptions {
  /** the language of label values; SID files are Chinese */
  lang?: 'zh';
  /** which turns' labels are written (scope.ts); 'all' by default */
  scope?: ExportScope;
  /** write the adjudicated layer's values where there is one, with their provenance (issue 11) */
  adjudication?: SidAdjudication;
  /**
   * names of layers and annotators and the codebook version, for the per-value provenance
   * (`turns[].sources`, `codebook`); without it ids stand for names and `codebook` is null
   */
  provenance?: ProvenanceContext;
  /** labels the expert marked unsure: left empty (default) or written as the expert's guess (unsure-values.ts) */
  unsureValues?: UnsureValues;
}


/**
 * Integer-looking ids are written as numbers (SID writes `"topic_id": 7`); anything else,
 * including "007", stays a string. The model stores ids as strings, so this is the one
 * place a type may differ from the source file.
 */
function sidId(id: string): string | number {
  return /^(0|-?[1-9]\d{0,14})$/.test(id) ? Number(id) : id;
}

function header(dialogue: Dialogue): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (dialogue.topicId !== null) record.topic_id = sidId(dialogue.topicId);
  if (dialogue.topicText !== '') record.topic_text = dialogue.topicText;
  if (dialogue.studentId !== null) record.student_id = sidId(dialogue.studentId);
  if (dialogue.studentType !== '') record.student_type = dialogue.studentType;
  if (dialogue.scenario !== '') record.scenario = dialogue.scenario;
  if (dialogue.repeatId !== null) record.repeat_id = sidId(dialogue.repeatId);
  for (const [key, value] of Object.entries(dialogue.extra)) {
    if (key === PROVENANCE_KEY || RESERVED_EXTRA_KEYS.has(key) || Object.hasOwn(record, key)) continue;
    setOwn(record, key, value);
  }
  return record;
}

/** `target` plus the entries of `extras` whose keys it does not have yet (the modelled keys win). */
function withExtras(target: Record<string, unknown>, extras: Record<string, unknown> | undefined): Record<string, unknown> {
  if (extras) for (const [key, value] of Object.entries(extras)) if (!Object.hasOwn(target, key)) setOwn(target, key, value);
  return target;
}

/**
 * The annotation entry of one turn. A turn outside the scope keeps its transcript (speaker and
 * utterance, so the entries stay one per utterance and the conversation reads whole) and has
 * every label empty: no label of it leaves the app, checked or not. A label the expert marked
 * unsure is written empty unless the expert's guess is asked for.
 */
function annotation(turn: Turn, codebook: Codebook, reviews: ReadonlyMap<string, FieldReview>, utterance: string, inScope: boolean, adjudicated: ReadonlyMap<string, AdjudicationRow>, unsureValues: UnsureValues): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const field of codebook.fields) {
    let text = '';
    const decided = adjudicated.get(`${turn.id}|${field.id}`);
    const review = reviews.get(`${turn.id}|${field.id}`);
    if (field.id === 'utterance') text = utterance;
    else if (writesAdjudicated(decided, inScope, field.type)) text = sidFieldText(field, { source: 'expert', codes: [...decided.codes], text: '', unresolved: false, asImported: false });
    else if ((inScope || TRANSCRIPT_FIELD_IDS.has(field.id)) && !leavesUnsureEmpty(field.id, review, unsureValues)) text = sidFieldText(field, expertValue(turn, field, review));
    setOwn(entry, field.id, text);
  }
  return entry;
}

/**
 * SID-native JSON Lines, one record per dialogue: the dialogue's header keys (topic_id … and
 * the source's own extra keys), `dialogue` as {role, content} plus the turn's own extra keys,
 * `annotations` one per turn with every codebook field plus the annotation's own extra keys
 * (entry-extras.ts), and `maieutic` with the review provenance (sid-provenance.ts). A corrected
 * utterance is written in both `content` and `utterance`, a corrected speaker in both `role` and
 * `speaker` (so the file re-imports with exact alignment, sid-transcript.ts), and what was
 * imported is kept in the provenance. Label values: reviewed ones as SID's Chinese labels,
 * unreviewed ones exactly as imported (sid-values.ts), unsure ones empty unless the expert's
 * guess is asked for; which of them an expert checked is only in the provenance. Under a scope, dialogues without a turn in scope are left out and
 * the labels of the other turns are written empty (see `annotation`). Ends with a newline.
 */
export function toSidJsonl(items: readonly ExportDialogue[], codebook: Codebook, opts: SidExportOptions = {}): string {
  void opts.lang; // only 'zh' exists: SID's values are Chinese
  const scope = opts.scope ?? 'all';
  const unsureValues = opts.unsureValues ?? DEFAULT_UNSURE_VALUES;
  const adjudicated = new Map<string, AdjudicationRow>();
  for (const row of opts.adjudication?.rows ?? []) adjudicated.set(row.id, row);
  const lines = dialoguesInScope(items, scope).map((item) => {
    const reviews = indexFieldReviews(item.fieldReviews);
    const turns = [...item.turns].sort((a, b) => a.index - b.index);
    const inScope = turnIdsInScope(item, scope);
    const { extra } = item.dialogue;
    const transcripts = turns.map((turn) => exportedTranscript(turn, codebook, reviews));
    const record = {
      ...header(item.dialogue),
      dialogue: turns.map((turn, position) => withExtras({ role: transcripts[position].role, content: transcripts[position].content }, entryExtrasAt(extra, TURN_EXTRAS_KEY, turn.index))),
      annotations: turns.map((turn, position) => {
        const entry = annotation(turn, codebook, reviews, transcripts[position].content, inScope.has(turn.id), adjudicated, unsureValues);
        // the annotation's own extra keys (confidence, notes) are the LLM's too: only with its labels
        return inScope.has(turn.id) ? withExtras(entry, entryExtrasAt(extra, ANNOTATION_EXTRAS_KEY, turn.index)) : entry;
      }),
      [PROVENANCE_KEY]: sidProvenance({ item: { ...item, turns }, reviews, codebook, transcripts, scope, inScope, unsureValues, adjudication: opts.adjudication, adjudicated, context: opts.provenance }),
    };
    return JSON.stringify(record);
  });
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
