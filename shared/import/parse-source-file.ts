import type { ParsedDialogue, ParsedFile, PiecedSourceFile, SourceFile, SourceFormat } from '../model/dataset';
import { parseDelimited } from './delimited/parse-delimited';
import { detectFormat, JSON_LINES_SNIFF_CHARS } from './detect-format';
import { contentHash } from './hash';
import { IssueSink } from './issues';
import { countsOf, type EntryCounts, type ParsedEntry, type ParserContext, type ParserOutput } from './parser-types';
import { parseBridge } from './presets/bridge';
import { parseMathDial } from './presets/mathdial';
import { eachSidJsonlRecord, parseSidJsonArray, parseSidJsonl } from './sid/parse-sid';
import { fileExtension, teacherModelFromName } from './teacher-model';
import type { ParseOptions } from './types';

const PARSERS: Record<SourceFormat, (text: string, ctx: ParserContext) => ParserOutput> = {
  'sid-jsonl': parseSidJsonl,
  'sid-json': parseSidJsonArray,
  mathdial: parseMathDial,
  bridge: parseBridge,
  delimited: (text, ctx) => parseDelimited(ctx.file, text, ctx),
};

/** Dialogue ids seen so far in one file: a repeated one is imported with a warning. */
class DuplicateCheck {
  private readonly firstLine = new Map<string, number>();

  constructor(private readonly issues: IssueSink) {}

  note({ externalId, line }: EntryCounts): void {
    const seen = this.firstLine.get(externalId);
    if (seen === undefined) this.firstLine.set(externalId, line);
    else this.issues.warn(line, 'duplicate-dialogue', `Dialogue "${externalId}" already appears on line ${seen}; both are imported, check whether one is a copy.`);
  }
}

/** A dialogue without turns has nothing to review; it is skipped with a warning, not imported. */
function isEmptyDialogue({ dialogue }: ParsedEntry, issues: IssueSink): boolean {
  if (dialogue.turns.length > 0) return false;
  issues.warn(dialogue.line, 'missing-dialogue', 'This dialogue has no turns; it was skipped.');
  return true;
}

/**
 * The dialogues of `text` that pass the per-file checks (not empty, duplicates warned about), in
 * file order, to `onEntry`. SID JSON Lines go one record at a time, so a caller that keeps
 * nothing holds one record at once; the other formats are parsed whole first. Either way the
 * issues come out as parseSourceFile sorts them: each JSON Lines record has its own line, so
 * checking record by record orders them as checking all records after parsing all did.
 */
function eachCheckedEntry(text: string | Iterable<string>, format: SourceFormat, ctx: ParserContext, onEntry: (counts: EntryCounts, dialogue: ParsedDialogue | null) => void): void {
  const duplicates = new DuplicateCheck(ctx.issues);
  if (format === 'sid-jsonl') {
    // a record counted without being built is never empty (one-to-one-record.ts); nothing is kept
    const onCountedRecord = ctx.checkOnly
      ? (counts: EntryCounts) => {
          duplicates.note(counts);
          onEntry(counts, null);
        }
      : undefined;
    eachSidJsonlRecord(
      text,
      ctx,
      (entry) => {
        if (isEmptyDialogue(entry, ctx.issues)) return;
        const counts = countsOf(entry);
        duplicates.note(counts);
        onEntry(counts, entry.dialogue);
      },
      onCountedRecord,
    );
    return;
  }
  const output = PARSERS[format](typeof text === 'string' ? text : [...text].join(''), ctx).filter((entry) => !isEmptyDialogue(entry, ctx.issues));
  const counts = output.map(countsOf);
  for (const entry of counts) duplicates.note(entry);
  output.forEach((entry, i) => onEntry(counts[i], entry.dialogue));
}

const withoutBom = (text: string): string => text.replace(/^\uFEFF/, '');

/**
 * The text to check and its detected format. A pieced file stays in pieces only as a SID JSON
 * Lines file (the one reader of lines) of more than one piece; its format is told from the
 * pieces as far as detectFormat reads. Any other file is joined into one text.
 */
function sourceText(file: SourceFile | PiecedSourceFile, format: SourceFormat | undefined): { text: string | Iterable<string>; detected: SourceFormat | 'unknown'; blank: boolean } {
  if ('text' in file) {
    const text = withoutBom(file.text);
    return { text, detected: format ?? detectFormat(file), blank: text.trim() === '' };
  }
  const extension = fileExtension(file.name);
  const jsonLines = extension === 'jsonl' || extension === 'ndjson';
  let head = '';
  let read = 0;
  let more = false;
  for (const piece of file.pieces) {
    head += read === 0 ? withoutBom(piece) : piece;
    read++;
    // as far as detectFormat reads: the rest (if any) is read as lines
    if (jsonLines && head.trimStart().length > JSON_LINES_SNIFF_CHARS) {
      more = true;
      break;
    }
  }
  if (more) {
    const detected = format ?? detectFormat({ name: file.name, text: head });
    // the head already holds more than detection reads of text that is not white space
    if (detected === 'sid-jsonl') return { text: withoutFirstBom(file.pieces), detected, blank: false };
  }
  const text = more ? [...withoutFirstBom(file.pieces)].join('') : head;
  return { text, detected: format ?? detectFormat({ name: file.name, text }), blank: text.trim() === '' };
}

function withoutFirstBom(pieces: Iterable<string>): Iterable<string> {
  return {
    *[Symbol.iterator]() {
      let first = true;
      for (const piece of pieces) {
        yield first ? withoutBom(piece) : piece;
        first = false;
      }
    },
  };
}

/** What parseSourceFile tells about a file, without its dialogues and content hash (the CLI's `validate`). */
export type SourceFileCheck = Omit<ParsedFile, 'dialogues' | 'contentHash'>;

/**
 * parseSourceFile's checks and counts, with each dialogue handed to `onDialogue` as it is read
 * instead of kept: for a caller that needs the dialogues only one by one (or not at all), a large
 * JSON Lines file is never held as dialogues. All or nothing still holds for the counts; a caller
 * that keeps dialogues must drop those of a file whose check has errors (`counts.dialogues` 0).
 */
export function checkSourceFile(file: SourceFile | PiecedSourceFile, opts: ParseOptions, onDialogue?: (dialogue: ParsedDialogue) => void): SourceFileCheck {
  const { text, detected, blank } = sourceText(file, opts.format);
  const issues = new IssueSink(file.name);
  const format: SourceFormat = detected === 'unknown' ? (fileExtension(file.name) === 'csv' ? 'delimited' : 'sid-jsonl') : detected;
  const teacherModel = opts.teacherModel ?? teacherModelFromName(opts.teacherModelFrom ?? file.name, format);
  const readable = { dialogues: 0, turns: 0 };
  let annotations = 0;

  if (blank) {
    issues.warn(1, 'empty-file', 'The file is empty; nothing to import.');
  } else if (detected === 'unknown') {
    issues.error(1, 'unsupported-format', 'This file is not a format Maieutic reads: use SID JSON Lines (.jsonl), a JSON list (.json), MathDial, Bridge, or CSV/TSV with a header row.');
  } else {
    const checkOnly = onDialogue === undefined;
    eachCheckedEntry(text, format, { file: file.name, codebook: opts.codebook, teacherModel, issues, mapping: opts.mapping, checkOnly, readOnlyValues: checkOnly || opts.readOnlyValues === true, withoutEntryExtras: checkOnly || opts.withoutEntryExtras === true }, (counts, dialogue) => {
      readable.dialogues++;
      readable.turns += counts.turns;
      annotations += counts.annotations;
      if (dialogue) onDialogue?.(dialogue);
    });
  }

  const failed = issues.hasErrors;
  return {
    file: file.name,
    format,
    teacherModel,
    issues: [...issues.items].sort((a, b) => a.line - b.line),
    counts: failed ? { dialogues: 0, turns: 0, annotations: 0 } : { dialogues: readable.dialogues, turns: readable.turns, annotations },
    readable,
  };
}

/**
 * Parses one file into dialogues, all or nothing: a file with any error yields no dialogues
 * (and zero counts) but still lists every issue, sorted by line. Counts: `annotations` is the
 * number of annotation entries read for SID files and the number of turns that received a
 * pre-annotation for the other formats. A file whose format cannot be told is reported as
 * 'unsupported-format' (its `format` is then the extension's best guess).
 */
export function parseSourceFile(file: SourceFile, opts: ParseOptions): ParsedFile {
  const dialogues: ParsedDialogue[] = [];
  const check = checkSourceFile(file, opts, (dialogue) => void dialogues.push(dialogue));
  return {
    file: check.file,
    format: check.format,
    contentHash: contentHash(withoutBom(file.text)),
    teacherModel: check.teacherModel,
    dialogues: check.issues.some((issue) => issue.severity === 'error') ? [] : dialogues,
    issues: check.issues,
    counts: check.counts,
    readable: check.readable,
  };
}
