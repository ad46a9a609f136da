import { fieldAppliesTo, fieldById } from '../../codebook/lookup';
import { sharedNormalizedValue } from '../../codebook/normalize-value';
import type { Codebook, FieldDef } from '../../codebook/types';
import type { SpeakerCode } from '../../model/dataset';
import { warnAboutTurnLabels } from '../annotate-turns';
import { annotationValues, cellText, type FieldReader, fieldReaders } from '../annotation-values';
import type { IssueSink } from '../issues';
import { isJsonObject } from '../json-records';
import { resolveSpeaker } from '../speaker';
import { foldForAlignment } from '../text-normalize';
import { headerIsQuiet, idText, pick, ROLE_KEYS, TEXT_KEYS } from './sid-record';

/**
 * What a check that keeps nothing needs of a record read by readOneToOneRecord: its counts and
 * the dialogue's id (for the duplicate check).
 */
export interface OneToOneCounts {
  turns: number;
  annotations: number;
  /** topic-student-repeat, or null when an id is missing (the caller names it by file and line) */
  externalId: string | null;
}

/** A cell as the label warnings see it: empty, a known label, or one they warn about. */
type Verdict = 0 | 1 | 2;
const EMPTY: Verdict = 0;
const KNOWN: Verdict = 1;
const WARNED: Verdict = 2;

const MEMO_LIMIT = 5000;
/** per label field, a cell's verdict by its raw text, bounded like normalizeValue's memo */
const verdictsOf = new WeakMap<FieldDef, Map<string, Verdict>>();

function labelVerdict(field: FieldDef, raw: string): Verdict {
  let verdicts = verdictsOf.get(field);
  if (!verdicts) verdictsOf.set(field, (verdicts = new Map()));
  let verdict = verdicts.get(raw);
  if (verdict === undefined) {
    const value = sharedNormalizedValue(field, raw);
    verdict = value === undefined || value.unknown.length > 0 || value.status === 'conflict' ? WARNED : value.status === 'empty' ? EMPTY : KNOWN;
    if (verdicts.size >= MEMO_LIMIT) verdicts.clear();
    verdicts.set(raw, verdict);
  }
  return verdict;
}

const roleOf = (turn: Record<string, unknown>) => pick(turn, ROLE_KEYS)?.value;
const textOf = (turn: Record<string, unknown>) => pick(turn, TEXT_KEYS)?.value;

/**
 * alignAnnotations' first steps for the next turn: the annotation's text is the turn's verbatim
 * ('exact'), or re-punctuated or re-spaced ('normalized': the same once folded, not empty).
 */
function namesTurn(utterance: unknown, text: string): boolean {
  if (utterance === text) return true;
  if (typeof utterance !== 'string') return false;
  const folded = foldForAlignment(utterance);
  return folded.length > 0 && folded === foldForAlignment(text);
}

/** Whether warnAboutLabels may have something to say about this annotation on a turn of `speaker`. */
function mayWarnAboutLabels(readers: readonly FieldReader[], annotation: Record<string, unknown>, speaker: SpeakerCode): boolean {
  for (let f = 0; f < readers.length; f++) {
    const { id, field, inheritedName } = readers[f];
    const cell = annotation[id];
    if ((inheritedName || cell === undefined) && !Object.hasOwn(annotation, id)) continue;
    const raw = typeof cell === 'string' ? cell : cellText(cell);
    let empty: boolean;
    if (raw.length === 0) empty = true;
    else if (field.type === 'text') empty = raw.trim().length === 0;
    else {
      const verdict = labelVerdict(field, raw);
      if (verdict === WARNED) return true;
      empty = verdict === EMPTY;
    }
    if (!empty && !fieldAppliesTo(field, speaker)) return true;
  }
  return false;
}

/**
 * A SID record whose annotations pair one-to-one with its turns, read without building its
 * dialogue, for a check that keeps nothing (`validate`): the counts, with the label warnings
 * parseSidRecord would give (the same messages, from the same code) written to `issues`. Any
 * other record answers null with nothing written, and the caller runs parseSidRecord.
 *
 * One-to-one means a record parseSidRecord reads with no issue but label warnings: a non-empty
 * `dialogue` of turns with a role that resolves to a speaker and a text; no annotations, or one
 * per turn in turn order whose text is the turn's (verbatim, or the same once folded) and whose
 * speaker agrees; ids that raise no warning; no review provenance to restore. Whatever is not
 * that, however harmless, goes to parseSidRecord: this reader may only be stricter than it, never
 * looser (tests/unit/shared/import/one-to-one-record.test.ts compares them).
 */
export function readOneToOneRecord(record: unknown, codebook: Codebook, line: number, issues: IssueSink): OneToOneCounts | null {
  if (!isJsonObject(record)) return null;
  const turns = record.dialogue;
  if (!Array.isArray(turns) || turns.length === 0) return null;
  const annotationList = record.annotations;
  let annotations: unknown[] | null = null;
  if (Array.isArray(annotationList)) {
    if (annotationList.length > 0) {
      if (annotationList.length !== turns.length) return null;
      annotations = annotationList;
    }
  } else if (annotationList !== undefined && annotationList !== null) return null;
  if (Object.hasOwn(record, 'maieutic')) return null;
  if (!headerIsQuiet(record)) return null;
  const topicId = idText(record.topic_id);
  const studentId = idText(record.student_id);
  const repeatId = idText(record.repeat_id);

  const readers = fieldReaders(codebook);
  const hasSpeakerField = fieldById(codebook, 'speaker') !== undefined;
  let toWarnAbout: number[] | null = null;
  for (let i = 0; i < turns.length; i++) {
    const turn = turns[i];
    if (!isJsonObject(turn)) return null;
    const role = roleOf(turn);
    const text = textOf(turn);
    if (role === undefined || text === undefined) return null;
    const speaker = resolveSpeaker(codebook, role);
    if (speaker === null) return null;
    if (annotations === null) continue;
    const annotation = annotations[i];
    if (!isJsonObject(annotation)) return null;
    if (hasSpeakerField) {
      const annotated = resolveSpeaker(codebook, cellText(annotation.speaker));
      if (annotated !== null && annotated !== 'other' && speaker !== 'other' && annotated !== speaker) return null;
    }
    if (!namesTurn(annotation.utterance, text)) return null;
    if (mayWarnAboutLabels(readers, annotation, speaker)) (toWarnAbout ??= []).push(i);
  }
  if (toWarnAbout !== null) {
    for (const index of toWarnAbout) {
      const turn = turns[index] as Record<string, unknown>;
      const role = roleOf(turn)!;
      const pre = annotationValues(codebook, annotations![index] as Record<string, unknown>, true);
      warnAboutTurnLabels(codebook, { speaker: resolveSpeaker(codebook, role)!, pre }, index, role, line, issues);
    }
  }
  return {
    turns: turns.length,
    annotations: annotations === null ? 0 : annotations.length,
    externalId: topicId !== null && studentId !== null && repeatId !== null ? `${topicId}-${studentId}-${repeatId}` : null,
  };
}
