import type { ParsedFile, SourceFile, SourceFormat } from '../model/dataset';
import { parseDelimited } from './delimited/parse-delimited';
import { detectFormat } from './detect-format';
import { contentHash } from './hash';
import { IssueSink } from './issues';
import type { ParserContext, ParserOutput } from './parser-types';
import { parseBridge } from './presets/bridge';
import { parseMathDial } from './presets/mathdial';
import { parseSidJsonArray, parseSidJsonl } from './sid/parse-sid';
import { fileExtension, teacherModelFromName } from './teacher-model';
import type { ParseOptions } from './types';

const PARSERS: Record<SourceFormat, (text: string, ctx: ParserContext) => ParserOutput> = {
  'sid-jsonl': parseSidJsonl,
  'sid-json': parseSidJsonArray,
  mathdial: parseMathDial,
  bridge: parseBridge,
  delimited: (text, ctx) => parseDelimited(ctx.file, text, ctx),
};

function warnDuplicates(entries: ParserOutput, issues: IssueSink): void {
  const firstLine = new Map<string, number>();
  for (const { dialogue } of entries) {
    const seen = firstLine.get(dialogue.externalId);
    if (seen === undefined) firstLine.set(dialogue.externalId, dialogue.line);
    else issues.warn(dialogue.line, 'duplicate-dialogue', `Dialogue "${dialogue.externalId}" already appears on line ${seen}; both are imported, check whether one is a copy.`);
  }
}

/** A dialogue without turns has nothing to review; it is skipped with a warning, not imported. */
function dropEmptyDialogues(entries: ParserOutput, issues: IssueSink): ParserOutput {
  return entries.filter(({ dialogue }) => {
    if (dialogue.turns.length > 0) return true;
    issues.warn(dialogue.line, 'missing-dialogue', 'This dialogue has no turns; it was skipped.');
    return false;
  });
}

/**
 * Parses one file into dialogues, all or nothing: a file with any error yields no dialogues
 * (and zero counts) but still lists every issue, sorted by line. Counts: `annotations` is the
 * number of annotation entries read for SID files and the number of turns that received a
 * pre-annotation for the other formats. A file whose format cannot be told is reported as
 * 'unsupported-format' (its `format` is then the extension's best guess).
 */
export function parseSourceFile(file: SourceFile, opts: ParseOptions): ParsedFile {
  const text = file.text.replace(/^\uFEFF/, '');
  const issues = new IssueSink(file.name);
  const detected = opts.format ?? detectFormat(file);
  const format: SourceFormat = detected === 'unknown' ? (fileExtension(file.name) === 'csv' ? 'delimited' : 'sid-jsonl') : detected;
  const teacherModel = opts.teacherModel ?? teacherModelFromName(opts.teacherModelFrom ?? file.name, format);
  let output: ParserOutput = [];

  if (text.trim() === '') {
    issues.warn(1, 'empty-file', 'The file is empty; nothing to import.');
  } else if (detected === 'unknown') {
    issues.error(1, 'unsupported-format', 'This file is not a format Maieutic reads: use SID JSON Lines (.jsonl), a JSON list (.json), MathDial, Bridge, or CSV/TSV with a header row.');
  } else {
    output = PARSERS[format](text, { file: file.name, codebook: opts.codebook, teacherModel, issues, mapping: opts.mapping });
    output = dropEmptyDialogues(output, issues);
    warnDuplicates(output, issues);
  }

  const failed = issues.hasErrors;
  const entries = failed ? [] : output;
  const readableTurns = output.reduce((sum, entry) => sum + entry.dialogue.turns.length, 0);
  const dialogues = entries.map((entry) => entry.dialogue);
  return {
    file: file.name,
    format,
    contentHash: contentHash(text),
    teacherModel,
    dialogues,
    issues: [...issues.items].sort((a, b) => a.line - b.line),
    counts: {
      dialogues: dialogues.length,
      turns: dialogues.reduce((sum, dialogue) => sum + dialogue.turns.length, 0),
      annotations: entries.reduce((sum, entry) => sum + entry.annotations, 0),
    },
    readable: { dialogues: output.length, turns: readableTurns },
  };
}
