import type { Codebook } from '../../codebook/types';
import type { ParsedDialogue } from '../../model/dataset';
import type { DraftTurn } from '../annotate-turns';
import { annotateTurns } from '../annotate-turns';
import type { IssueSink } from '../issues';
import { snippet } from '../issues';
import { isJsonObject } from '../json-records';
import { resolveSpeaker } from '../speaker';

export interface RecordContext {
  file: string;
  line: number;
  codebook: Codebook;
  teacherModel: string;
  issues: IssueSink;
}

/** Keys of a SID record that the model holds; every other key goes to `extra`. */
export const SID_RECORD_KEYS = ['topic_id', 'topic_text', 'student_id', 'student_type', 'scenario', 'repeat_id', 'dialogue', 'annotations'] as const;

const ROLE_KEYS = ['role', 'speaker'] as const;
const TEXT_KEYS = ['content', 'utterance', 'text'] as const;

function idText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function plainText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function pick(entry: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (typeof entry[key] === 'string') return entry[key];
  return undefined;
}

/**
 * Turns of the `dialogue` list. A missing role or text is an error ('bad-turn'); a role that
 * is neither teacher nor student is a warning and the turn is kept as speaker 'other', so a
 * narrator line or an odd label does not block a whole file.
 */
function readTurns(list: unknown[], ctx: RecordContext): DraftTurn[] {
  const drafts: DraftTurn[] = [];
  list.forEach((entry, i) => {
    if (!isJsonObject(entry)) {
      ctx.issues.error(ctx.line, 'bad-turn', `Turn ${i + 1} of "dialogue" is not an object like {"role": "教师", "content": "…"}.`);
      return;
    }
    const role = pick(entry, ROLE_KEYS);
    const text = pick(entry, TEXT_KEYS);
    if (typeof role !== 'string' || typeof text !== 'string') {
      const missing = typeof role !== 'string' ? '"role" (教师 or 学生)' : '"content" text';
      ctx.issues.error(ctx.line, 'bad-turn', `Turn ${i + 1} of "dialogue" has no ${missing}.`);
      return;
    }
    let speaker = resolveSpeaker(ctx.codebook, role);
    if (speaker === null) {
      ctx.issues.warn(ctx.line, 'unknown-speaker', `Turn ${i + 1} has role "${snippet(role, 20)}", which is neither teacher nor student; it was imported as speaker "other". If it is one of them, add it as an alias in the codebook.`);
      speaker = 'other';
    }
    drafts.push({ speaker, speakerRaw: role, utterance: text });
  });
  return drafts;
}

function readAnnotations(record: Record<string, unknown>, ctx: RecordContext): Record<string, unknown>[] | null {
  const value = record.annotations;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    ctx.issues.error(ctx.line, 'not-an-object', `"annotations" must be a list of objects, one per utterance.`);
    return null;
  }
  const entries: Record<string, unknown>[] = [];
  value.forEach((entry, i) => {
    if (isJsonObject(entry)) entries.push(entry);
    else ctx.issues.error(ctx.line, 'not-an-object', `Annotation ${i + 1} is not an object with the annotation fields.`);
  });
  return entries.length === value.length ? entries : null;
}

/** One SID record (a JSONL line or a JSON array element) to a dialogue, or null after errors. */
export function parseSidRecord(record: unknown, ctx: RecordContext): { dialogue: ParsedDialogue; annotations: number } | null {
  if (!isJsonObject(record)) {
    ctx.issues.error(ctx.line, 'not-an-object', 'This record is not a JSON object; each record must be one dialogue {"dialogue": [...], "annotations": [...]}.');
    return null;
  }
  if (!Array.isArray(record.dialogue)) {
    const keys = Object.keys(record).slice(0, 8).join(', ') || 'none';
    ctx.issues.error(ctx.line, 'missing-dialogue', `This record has no "dialogue" list (keys found: ${keys}). Each record needs "dialogue": [{"role": …, "content": …}, …].`);
    return null;
  }
  const drafts = readTurns(record.dialogue, ctx);
  const annotations = readAnnotations(record, ctx);
  if (drafts.length !== record.dialogue.length || annotations === null) return null;

  const { turns, unaligned } = annotateTurns(drafts, annotations, ctx);
  const topicId = idText(record.topic_id);
  const studentId = idText(record.student_id);
  const repeatId = idText(record.repeat_id);
  const extra: Record<string, unknown> = {};
  const known = new Set<string>(SID_RECORD_KEYS);
  for (const [key, value] of Object.entries(record)) if (!known.has(key)) extra[key] = value;

  const dialogue: ParsedDialogue = {
    line: ctx.line,
    externalId: topicId !== null && studentId !== null && repeatId !== null ? `${topicId}-${studentId}-${repeatId}` : `${ctx.file}:${ctx.line}`,
    teacherModel: ctx.teacherModel,
    topicId,
    topicText: plainText(record.topic_text),
    studentId,
    studentType: plainText(record.student_type),
    scenario: plainText(record.scenario),
    repeatId,
    extra,
    turns,
    unaligned,
  };
  return { dialogue, annotations: annotations.length };
}
