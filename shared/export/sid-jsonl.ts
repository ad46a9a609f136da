import type { Codebook } from '../codebook/types';
import { ANNOTATION_EXTRAS_KEY, entryExtrasAt, RESERVED_EXTRA_KEYS, TURN_EXTRAS_KEY } from '../import/entry-extras';
import { setOwn } from '../import/own-keys';
import type { Dialogue, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { expertValue, indexFieldReviews } from './expert-value';
import { sidFieldText } from './sid-values';
import type { ExportDialogue } from './types';

export interface SidExportOptions {
  /** the language of label values; SID files are Chinese */
  lang?: 'zh';
}

/** The record key of the review provenance; an imported one is replaced, never carried twice. */
const PROVENANCE_KEY = 'maieutic';

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

/** The utterance to export: the expert's correction when there is one, else the turn's text. */
function exportedUtterance(turn: Turn, codebook: Codebook, reviews: Map<string, FieldReview>): string {
  const field = codebook.fields.find((candidate) => candidate.id === 'utterance' && candidate.type === 'text');
  return field ? expertValue(turn, field, reviews.get(`${turn.id}|utterance`)).text : turn.utterance;
}

function annotation(turn: Turn, codebook: Codebook, reviews: Map<string, FieldReview>, utterance: string): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const field of codebook.fields) {
    const text = field.id === 'utterance' ? utterance : sidFieldText(field, expertValue(turn, field, reviews.get(`${turn.id}|${field.id}`)));
    setOwn(entry, field.id, text);
  }
  return entry;
}

/**
 * The review provenance written under the `maieutic` key of every record:
 * `{ version: 1, dialogueId, externalId, teacherModel, source: { file, line },
 *    status, reviewer, at,                       // the dialogue review, or 'unreviewed' / null
 *    turns: [{ index, verified, reviewer, at,    // the turn review (null when none)
 *              originalUtterance?,               // the imported text, only when the expert corrected it
 *              fields: { <fieldId>: { decision, pre, reviewer, at } } }],  // reviewed fields only
 *    unaligned: [{ index, raw }] }`              // annotation entries never aligned to a turn
 * `pre` is the raw pre-annotation the expert saw, so a reviewed value can be traced back.
 */
function provenance(item: ExportDialogue, reviews: Map<string, FieldReview>, codebook: Codebook, utterances: readonly string[]): Record<string, unknown> {
  const { dialogue, dialogueReview } = item;
  const turnReviews = new Map(item.turnReviews.map((review) => [review.id, review]));
  return {
    version: 1,
    dialogueId: dialogue.id,
    externalId: dialogue.externalId,
    teacherModel: dialogueReview?.teacherModel ?? dialogue.teacherModel,
    source: { file: dialogue.file, line: dialogue.line },
    status: dialogueReview?.status ?? 'unreviewed',
    reviewer: dialogueReview?.reviewer ?? null,
    at: dialogueReview?.at ?? null,
    turns: item.turns.map((turn, position) => {
      const turnReview = turnReviews.get(turn.id);
      const fields: Record<string, unknown> = {};
      for (const field of codebook.fields) {
        const review = reviews.get(`${turn.id}|${field.id}`);
        if (review) fields[field.id] = { decision: review.decision, pre: turn.pre[field.id]?.raw ?? null, reviewer: review.reviewer, at: review.at };
      }
      const corrected = utterances[position] !== turn.utterance ? { originalUtterance: turn.utterance } : {};
      return { index: turn.index, verified: turnReview?.verified ?? false, reviewer: turnReview?.reviewer ?? null, at: turnReview?.at ?? null, ...corrected, fields };
    }),
    unaligned: dialogue.unaligned.map((entry) => ({ index: entry.index, raw: entry.raw })),
  };
}

/**
 * SID-native JSON Lines, one record per dialogue: the dialogue's header keys (topic_id … and
 * the source's own extra keys), `dialogue` as {role, content} plus the turn's own extra keys,
 * `annotations` one per turn with every codebook field plus the annotation's own extra keys
 * (entry-extras.ts), and `maieutic` with the review provenance. A corrected utterance is
 * written in both `content` and `utterance` (so the file re-imports with exact alignment) and
 * the imported text is kept in the provenance. Label values: reviewed ones as SID's Chinese
 * labels, unreviewed ones exactly as imported (sid-values.ts). Ends with a newline.
 */
export function toSidJsonl(items: readonly ExportDialogue[], codebook: Codebook, opts: SidExportOptions = {}): string {
  void opts.lang; // only 'zh' exists: SID's values are Chinese
  const lines = items.map((item) => {
    const reviews = indexFieldReviews(item.fieldReviews);
    const turns = [...item.turns].sort((a, b) => a.index - b.index);
    const { extra } = item.dialogue;
    const utterances = turns.map((turn) => exportedUtterance(turn, codebook, reviews));
    const record = {
      ...header(item.dialogue),
      dialogue: turns.map((turn, position) => withExtras({ role: turn.speakerRaw, content: utterances[position] }, entryExtrasAt(extra, TURN_EXTRAS_KEY, turn.index))),
      annotations: turns.map((turn, position) => withExtras(annotation(turn, codebook, reviews, utterances[position]), entryExtrasAt(extra, ANNOTATION_EXTRAS_KEY, turn.index))),
      [PROVENANCE_KEY]: provenance({ ...item, turns }, reviews, codebook, utterances),
    };
    return JSON.stringify(record);
  });
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
