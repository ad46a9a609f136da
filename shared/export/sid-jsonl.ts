import type { Codebook } from '../codebook/types';
import type { Dialogue, Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { expertValue, indexFieldReviews } from './expert-value';
import { sidFieldText } from './sid-values';
import type { ExportDialogue } from './types';

export interface SidExportOptions {
  /** the language of label values; SID files are Chinese */
  lang?: 'zh';
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
    if (key !== 'maieutic' && !(key in record)) record[key] = value;
  }
  return record;
}

function annotation(turn: Turn, codebook: Codebook, reviews: Map<string, FieldReview>): Record<string, string> {
  const entry: Record<string, string> = {};
  for (const field of codebook.fields) {
    entry[field.id] = sidFieldText(field, expertValue(turn, field, reviews.get(`${turn.id}|${field.id}`)));
  }
  return entry;
}

/**
 * The review provenance written under the `maieutic` key of every record:
 * `{ version: 1, dialogueId, externalId, teacherModel, source: { file, line },
 *    status, reviewer, at,                       // the dialogue review, or 'unreviewed' / null
 *    turns: [{ index, verified, reviewer, at,    // the turn review (null when none)
 *              fields: { <fieldId>: { decision, pre, reviewer, at } } }],  // reviewed fields only
 *    unaligned: [{ index, raw }] }`              // annotation entries never aligned to a turn
 * `pre` is the raw pre-annotation the expert saw, so a reviewed value can be traced back.
 */
function provenance(item: ExportDialogue, reviews: Map<string, FieldReview>, codebook: Codebook): Record<string, unknown> {
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
    turns: item.turns.map((turn) => {
      const turnReview = turnReviews.get(turn.id);
      const fields: Record<string, unknown> = {};
      for (const field of codebook.fields) {
        const review = reviews.get(`${turn.id}|${field.id}`);
        if (review) fields[field.id] = { decision: review.decision, pre: turn.pre[field.id]?.raw ?? null, reviewer: review.reviewer, at: review.at };
      }
      return { index: turn.index, verified: turnReview?.verified ?? false, reviewer: turnReview?.reviewer ?? null, at: turnReview?.at ?? null, fields };
    }),
    unaligned: dialogue.unaligned.map((entry) => ({ index: entry.index, raw: entry.raw })),
  };
}

/**
 * SID-native JSON Lines, one record per dialogue: the dialogue's header keys (topic_id … and
 * the source's own extra keys), `dialogue` as {role, content}, `annotations` one per turn
 * with every codebook field written as SID's Chinese value (expert value where reviewed, else
 * the pre-annotation; unresolved raw values as imported), and `maieutic` with the review
 * provenance. Ends with a newline.
 */
export function toSidJsonl(items: readonly ExportDialogue[], codebook: Codebook, opts: SidExportOptions = {}): string {
  void opts.lang; // only 'zh' exists: SID's values are Chinese
  const lines = items.map((item) => {
    const reviews = indexFieldReviews(item.fieldReviews);
    const turns = [...item.turns].sort((a, b) => a.index - b.index);
    const record = {
      ...header(item.dialogue),
      dialogue: turns.map((turn) => ({ role: turn.speakerRaw, content: turn.utterance })),
      annotations: turns.map((turn) => annotation(turn, codebook, reviews)),
      maieutic: provenance({ ...item, turns }, reviews, codebook),
    };
    return JSON.stringify(record);
  });
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
