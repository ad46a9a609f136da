import type { Codebook } from '../../codebook/types';
import type { ParsedDialogue, UnalignedAnnotation } from '../../model/dataset';
import { cellText } from '../annotation-values';
import type { DraftTurn } from '../annotate-turns';
import { annotateTurns } from '../annotate-turns';
import type { EntryExtras } from '../entry-extras';
import { addEntryExtras, ANNOTATION_EXTRAS_KEY, RESERVED_EXTRA_KEYS, TURN_EXTRAS_KEY } from '../entry-extras';
import type { IssueSink } from '../issues';
import { snippet } from '../issues';
import { SPREADSHEET_FORMULA_START } from '../../export/long-csv';
import { isJsonObject } from '../json-records';
import { hasNoOwnKeys, ownEntriesExcept, ownEntriesExceptOrNone, setOwn } from '../own-keys';
import { resolveSpeaker } from '../speaker';

export interface RecordContext {
  file: string;
  line: number;
  codebook: Codebook;
  teacherModel: string;
  issues: IssueSink;
  /** ParserContext.checkOnly: the dialogue is not kept, so its extras are not built */
  checkOnly?: boolean;
  readOnlyValues?: boolean;
  /** ParserContext.withoutEntryExtras: the turns' and annotations' extras are not built */
  withoutEntryExtras?: boolean;
}

/** Keys of a SID record that the model holds; every other key goes to `extra`. */
export const SID_RECORD_KEYS = ['topic_id', 'topic_text', 'student_id', 'student_type', 'scenario', 'repeat_id', 'dialogue', 'annotations'] as const;

export const ROLE_KEYS = ['role', 'speaker'] as const;
export const TEXT_KEYS = ['content', 'utterance', 'text'] as const;
/** role key → text key → the keys a turn's extras leave out, built once rather than per turn */
const TURN_MODEL_KEYS = new Map(ROLE_KEYS.map((role) => [role, new Map(TEXT_KEYS.map((text) => [text, new Set<string>([role, text])]))]));

export function idText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

const ID_KEYS = ['topic_id', 'student_id', 'repeat_id'] as const;

/**
 * Why an id value cannot be kept as written, or null: absent, null, a string and a number that
 * JavaScript holds exactly are fine. JSON.parse turns 1e999 into Infinity and 12345678901234567890
 * into 12345678901234567000, and a list or object is no id: without a word the dialogue would lose
 * its id (or get another one) and be matched with nothing of its own.
 */
export function idProblem(value: unknown): string | null {
  if (value === undefined || value === null || typeof value === 'string') return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'is a number too large to hold, so the dialogue is named by its file and line instead';
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return `is an integer past 2^53, read as ${String(value)}, which may not be the number written`;
    // 1.5 may be a typo or a version number; and 1.50 would read as 1.5
    if (!Number.isInteger(value)) return `is a number with a fraction (${String(value)}), kept as the id "${String(value)}"`;
    return null;
  }
  return `is ${describeType(value)}, not an id, so the dialogue is named by its file and line instead`;
}

/** An id a spreadsheet would run as a formula (the CSV export's own rule): kept, but said. */
export function formulaIdProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !SPREADSHEET_FORMULA_START.test(value)) return null;
  return `"${snippet(value, 60)}" starts like a spreadsheet formula; kept as written (the CSV export writes it with a leading ' so a spreadsheet shows it as text), but check the file: an id is a number or a plain name`;
}

const TEXT_HEADER_KEYS = ['topic_text', 'student_type', 'scenario'] as const;

/** Why a header text (topic_text, student_type, scenario) is not read as written, or null. */
function headerTextProblem(key: string, value: unknown): string | null {
  if (value === undefined || value === null || typeof value === 'string') return null;
  if (typeof value === 'number') return `"${key}" is a number (${String(value)}), not text; kept as the text "${String(value)}".`;
  return `"${key}" is ${describeType(value)}, not text, so it was left empty; write it as a string ("${key}": "…").`;
}

/** Whether the record's ids and header texts are read as written, without a word (readOneToOneRecord reads only such records). */
export function headerIsQuiet(record: Record<string, unknown>): boolean {
  for (const key of ID_KEYS) if (idProblem(record[key]) !== null || formulaIdProblem(record[key]) !== null) return false;
  for (const key of TEXT_HEADER_KEYS) if (headerTextProblem(key, record[key]) !== null) return false;
  return true;
}

function warnAboutHeader(record: Record<string, unknown>, ctx: RecordContext): void {
  for (const key of ID_KEYS) {
    const problem = idProblem(record[key]);
    if (problem) ctx.issues.warn(ctx.line, 'unusable-id', `"${key}" ${problem}; write the id as a string ("${key}": "…").`);
    const formula = formulaIdProblem(record[key]);
    if (formula) ctx.issues.warn(ctx.line, 'formula-like-id', `"${key}" ${formula}.`);
  }
  for (const key of TEXT_HEADER_KEYS) {
    const problem = headerTextProblem(key, record[key]);
    if (problem) ctx.issues.warn(ctx.line, 'not-text', problem);
  }
}

function plainText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** The first of `keys` holding a string, with its value. */
export function pick<K extends string>(entry: Record<string, unknown>, keys: readonly K[]): { key: K; value: string } | undefined {
  for (const key of keys) {
    const value = entry[key];
    // the read first, hasOwn only for a string found (a string could only be inherited otherwise)
    if (typeof value === 'string' && Object.hasOwn(entry, key)) return { key, value };
  }
  return undefined;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Turns of the `dialogue` list. A missing role or text is an error ('bad-turn'); a role that
 * is neither teacher nor student is a warning and the turn is kept as speaker 'other', so a
 * narrator line or an odd label does not block a whole file.
 */
function readTurns(list: unknown[], ctx: RecordContext): { drafts: DraftTurn[]; turnExtras: EntryExtras } {
  const drafts: DraftTurn[] = [];
  const turnExtras: EntryExtras = {};
  list.forEach((entry, i) => {
    if (!isJsonObject(entry)) {
      ctx.issues.error(ctx.line, 'bad-turn', `Turn ${i + 1} of "dialogue" is not an object like {"role": "教师", "content": "…"}.`, { turn: i + 1 });
      return;
    }
    const role = pick(entry, ROLE_KEYS);
    const text = pick(entry, TEXT_KEYS);
    if (role === undefined || text === undefined) {
      const missing = role === undefined ? '"role" (教师 or 学生)' : '"content" text';
      ctx.issues.error(ctx.line, 'bad-turn', `Turn ${i + 1} of "dialogue" has no ${missing}.`, { turn: i + 1 });
      return;
    }
    if (!ctx.withoutEntryExtras) addEntryExtras(turnExtras, drafts.length, ownEntriesExceptOrNone(entry, TURN_MODEL_KEYS.get(role.key)!.get(text.key)!));
    let speaker = resolveSpeaker(ctx.codebook, role.value);
    if (speaker === null) {
      ctx.issues.warn(ctx.line, 'unknown-speaker', `Turn ${i + 1} has role "${snippet(role.value, 20)}", which is neither teacher nor student; it was imported as speaker "other". If it is one of them, add it as an alias in the codebook.`, { turn: i + 1 });
      speaker = 'other';
    }
    drafts.push({ speaker, speakerRaw: role.value, utterance: text.value });
  });
  return { drafts, turnExtras };
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

/** Keys of a record that do not go to `extra`. */
const RECORD_MODEL_KEYS: ReadonlySet<string> = new Set<string>([...SID_RECORD_KEYS, ...RESERVED_EXTRA_KEYS]);

/** The record key under which Maieutic's export writes its review provenance (shared/export/sid-jsonl.ts). */
const PROVENANCE_KEY = 'maieutic';

/**
 * Annotations that no turn matched when the data were first imported travel in an export's
 * provenance (`maieutic.unaligned: [{ index, raw }]`), not in `annotations`. Restoring them here
 * keeps them through export → import → export instead of dropping them on the second export.
 */
function carriedUnaligned(record: Record<string, unknown>, ctx: RecordContext): UnalignedAnnotation[] {
  const provenance = record[PROVENANCE_KEY];
  if (!isJsonObject(provenance) || !Array.isArray(provenance.unaligned)) return [];
  const carried: UnalignedAnnotation[] = [];
  for (const entry of provenance.unaligned) {
    if (!isJsonObject(entry) || typeof entry.index !== 'number' || !isJsonObject(entry.raw)) continue;
    carried.push({ index: entry.index, speakerRaw: cellText(entry.raw.speaker), utterance: cellText(entry.raw.utterance), raw: entry.raw });
  }
  if (carried.length > 0) {
    ctx.issues.warn(
      ctx.line,
      'unaligned-annotation',
      `${carried.length} annotation${carried.length === 1 ? '' : 's'} that matched no turn when first imported ${carried.length === 1 ? 'is' : 'are'} carried over from this file's review provenance ("${PROVENANCE_KEY}.unaligned") and kept aside as unaligned for review.`,
    );
  }
  return carried;
}

/** One SID record (a JSONL line or a JSON array element) to a dialogue, or null after errors. */
export function parseSidRecord(record: unknown, ctx: RecordContext): { dialogue: ParsedDialogue; annotations: number } | null {
  if (!isJsonObject(record)) {
    ctx.issues.error(ctx.line, 'not-an-object', 'This record is not a JSON object; each record must be one dialogue {"dialogue": [...], "annotations": [...]}.');
    return null;
  }
  if (Object.hasOwn(record, 'dialogue') && record.dialogue !== null && !Array.isArray(record.dialogue)) {
    ctx.issues.error(ctx.line, 'missing-dialogue', `"dialogue" is not a list (it is ${describeType(record.dialogue)}); it must be a list of turns [{"role": …, "content": …}, …].`);
    return null;
  }
  if (!Array.isArray(record.dialogue)) {
    const keys = Object.keys(record).slice(0, 8).join(', ') || 'none';
    ctx.issues.error(ctx.line, 'missing-dialogue', `This record has no "dialogue" list (keys found: ${keys}). Each record needs "dialogue": [{"role": …, "content": …}, …].`);
    return null;
  }
  const { drafts, turnExtras } = readTurns(record.dialogue, ctx);
  const annotations = readAnnotations(record, ctx);
  if (drafts.length !== record.dialogue.length || annotations === null) return null;

  const { turns, unaligned, annotationExtras } = annotateTurns(drafts, annotations, ctx);
  const topicId = idText(record.topic_id);
  const studentId = idText(record.student_id);
  const repeatId = idText(record.repeat_id);
  warnAboutHeader(record, ctx);
  const extra = ctx.checkOnly ? {} : ownEntriesExcept(record, RECORD_MODEL_KEYS);
  if (!hasNoOwnKeys(turnExtras)) setOwn(extra, TURN_EXTRAS_KEY, turnExtras);
  if (!hasNoOwnKeys(annotationExtras)) setOwn(extra, ANNOTATION_EXTRAS_KEY, annotationExtras);

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
    unaligned: [...unaligned, ...carriedUnaligned(record, ctx)],
  };
  return { dialogue, annotations: annotations.length };
}
