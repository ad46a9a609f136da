/**
 * The data model shared by the importer, the Dexie store, the review UI and the exporters.
 * Everything here is plain JSON (no Map/Set/class instances) so it crosses IPC and the
 * Playwright bridge unchanged.
 */

/** How a raw value relates to the codebook after normalisation. */
export type ValueStatus =
  /** every part matched a label (canonical code, Chinese/English name or alias) */
  | 'ok'
  /** empty string or absent: for a field that does not apply to the speaker this is expected */
  | 'empty'
  /** at least one part matched no label; kept raw and flagged for review, never dropped */
  | 'unknown'
  /** several annotation fragments aligned to one turn disagree on this field */
  | 'conflict';

/** One field's value as it came in, plus what the codebook made of it. */
export interface FieldValue {
  /** exactly as imported (for a merged turn: fragment values joined with " | ") */
  raw: string;
  /** canonical label codes in codebook order of appearance in raw; for free-text fields empty */
  codes: string[];
  /** parts of raw that matched no label */
  unknown: string[];
  status: ValueStatus;
}

/** Per-field values keyed by field id (e.g. `teacher_intent`). */
export type FieldValues = Record<string, FieldValue>;

export type SpeakerCode = 'teacher' | 'student' | 'other';

/** A turn as stored: the dialogue's utterance plus the LLM pre-annotation aligned to it. */
export interface Turn {
  /** `${dialogueId}#${index}` */
  id: string;
  dialogueId: string;
  /** 0-based position in the dialogue */
  index: number;
  speaker: SpeakerCode;
  /** role as written in the source (`教师`, `Teacher`, `tutor`, …) */
  speakerRaw: string;
  utterance: string;
  /** true when the utterance ended with `[结束]` / `[End]` (kept in `utterance`) */
  endMarker: boolean;
  /** pre-annotation per field id; absent key = no annotation aligned for that field */
  pre: FieldValues;
  /** how the pre-annotation was aligned: exact, normalised, containment, index, or none */
  alignment: AlignmentKind;
  /** how many annotation entries were merged into `pre` (2+ for split summaries) */
  fragments: number;
}

export type AlignmentKind = 'exact' | 'normalized' | 'containment' | 'mapped' | 'none';

/** A dialogue-level record. Turns live in their own rows (bounded rows in IndexedDB). */
export interface Dialogue {
  /** `${sourceId}:${line}` — unique across the whole database */
  id: string;
  datasetId: string;
  sourceId: string;
  /** `<topic_id>-<student_id>-<repeat_id>` when those keys exist, else `<file name>:<line>` */
  externalId: string;
  /** the model that played the teacher (from folder/file name, editable) */
  teacherModel: string;
  topicId: string | null;
  topicText: string;
  studentId: string | null;
  studentType: string;
  scenario: string;
  repeatId: string | null;
  turnCount: number;
  /** pre-annotation values with status unknown/conflict plus unaligned annotations */
  flaggedCount: number;
  /** source file name and 1-based line of the record (JSONL line; first row for CSV) */
  file: string;
  line: number;
  /** keys of the source record we do not model, kept for a faithful SID export */
  extra: Record<string, unknown>;
  /** annotation entries that could not be aligned to any turn */
  unaligned: UnalignedAnnotation[];
}

export interface UnalignedAnnotation {
  /** position in the source `annotations` list */
  index: number;
  speakerRaw: string;
  utterance: string;
  /** the raw annotation object, as imported */
  raw: Record<string, unknown>;
}

/** A problem found while reading input. */
export interface ImportIssue {
  severity: 'error' | 'warning';
  /** file name as the user gave it (relative to the chosen folder when importing a folder) */
  file: string;
  /** 1-based line (JSONL line, CSV row incl. header, or the line of the JSON array element) */
  line: number;
  /** machine-readable kind, stable for tests and filters */
  code: ImportIssueCode;
  /** English, for the command line and for copying; the app words the problem from `code` and `field` */
  message: string;
  /** the codebook field the problem is about, when there is one (unknown labels, values on fields that do not apply) */
  field?: string;
  /** 1-based turn of the record the problem is about, when it is about one turn */
  turn?: number;
}

export type ImportIssueCode =
  | 'malformed-json'
  /** lists/objects nested deeper than the importer reads (json-records.ts MAX_JSON_NESTING) */
  | 'too-deep'
  | 'not-an-object'
  | 'missing-dialogue'
  | 'bad-turn'
  | 'unknown-speaker'
  | 'unaligned-annotation'
  /** an annotation entry aligned to a turn before the turn of an entry listed ahead of it */
  | 'out-of-order-annotation'
  | 'merged-fragments'
  | 'unknown-label'
  /** a non-empty value on a field that does not apply to the turn's speaker */
  | 'not-applicable-value'
  | 'conflicting-fragments'
  | 'missing-column'
  | 'bad-row'
  | 'duplicate-dialogue'
  /** the same teacher model, topic_id, student_id and repeat_id in another file of the import (shared/import/duplicate-ids.ts) */
  | 'duplicate-dialogue-across-files'
  /** the same teacher model, topic_id, student_id and repeat_id already in the data set imported into */
  | 'duplicate-dialogue-in-dataset'
  /** two rows of one CSV/TSV dialogue with the same turn-order value */
  | 'duplicate-turn-order'
  | 'empty-file'
  /** a CSV/TSV header with no data rows under it */
  | 'header-only'
  /** a CSV/TSV header naming one column twice */
  | 'duplicate-column'
  /** a SID record with annotation entries for only some of its turns */
  | 'unannotated-turns'
  /** a topic_id, student_id or repeat_id that cannot be kept as written (a list, Infinity, an integer past 2^53) */
  | 'unusable-id'
  /** an id that starts like a spreadsheet formula (=HYPERLINK(…), @SUM(…)) */
  | 'formula-like-id'
  /** topic_text, student_type or scenario given as a number, a list or an object */
  | 'not-text'
  /** text holding half of a surrogate pair (an unpaired \ud800-\udfff escape) */
  | 'lone-surrogate'
  | 'unsupported-format';

/** A file handed to the importer. `folder` is the teacher model candidate for folder imports. */
export interface SourceFile {
  /** display name, relative to the chosen folder when importing a folder (`GPT-4o/a.jsonl`) */
  name: string;
  text: string;
}

/**
 * A SourceFile whose text comes in pieces, each ending at a line feed (the last at the end of the
 * text), which may be iterated more than once: a large file decoded piece by piece as it is read,
 * never held as one string by a reader of lines.
 */
export interface PiecedSourceFile {
  name: string;
  pieces: Iterable<string>;
}

/** What a dialogue says of itself, apart from its turns: copied whole wherever a dialogue changes form (an assignment package). */
export type DialogueHeader = Pick<Dialogue, 'externalId' | 'teacherModel' | 'topicId' | 'topicText' | 'studentId' | 'studentType' | 'scenario' | 'repeatId'>;

export function dialogueHeader(dialogue: DialogueHeader): DialogueHeader {
  const { externalId, teacherModel, topicId, topicText, studentId, studentType, scenario, repeatId } = dialogue;
  return { externalId, teacherModel, topicId, topicText, studentId, studentType, scenario, repeatId };
}

/** The result of parsing one file: dialogues with their turns, or issues, never half. */
export interface ParsedFile {
  file: string;
  format: SourceFormat;
  /** hex digest of the file text (shared/import/hash.ts): the same file imported twice is detected by it */
  contentHash: string;
  teacherModel: string;
  dialogues: ParsedDialogue[];
  issues: ImportIssue[];
  counts: { dialogues: number; turns: number; annotations: number };
  /**
   * What was read without error, imported or not: the same as `counts` for a file without
   * errors; for a file with errors (which yields nothing) what the error keeps out.
   */
  readable: { dialogues: number; turns: number };
}

/** A dialogue before it has a database id: what the parsers produce, with its turns inline. */
export type ParsedDialogue = Pick<
  Dialogue,
  'line' | 'externalId' | 'teacherModel' | 'topicId' | 'topicText' | 'studentId' | 'studentType' | 'scenario' | 'repeatId' | 'extra' | 'unaligned'
> & { turns: ParsedTurn[] };

export type ParsedTurn = Omit<Turn, 'id' | 'dialogueId'>;

export type SourceFormat = 'sid-jsonl' | 'sid-json' | 'delimited' | 'mathdial' | 'bridge';

/** A data set: the unit the user opens. */
export interface Dataset {
  id: string;
  name: string;
  createdAt: string;
  codebookId: string;
  /** codebookVersionHash of the version the data set uses; absent on data sets made before versioning (schema v10) */
  codebookHash?: string;
  /** the rubric-set version experts score this data set on and judge runs start with; absent = the bundled SID set */
  rubricSet?: { id: string; hash: string };
  /** each teacher model's family (`deepseek`, `qwen`…), for the judges' self-preference check; absent = none known */
  teacherFamilies?: Record<string, string>;
}

/** One imported file, kept to detect re-imports and to trace a dialogue back to its file. */
export interface SourceRecord {
  id: string;
  datasetId: string;
  file: string;
  format: SourceFormat;
  contentHash: string;
  teacherModel: string;
  importedAt: string;
  dialogues: number;
  turns: number;
  warnings: number;
}
