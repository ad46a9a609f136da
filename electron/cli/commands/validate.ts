import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { DEFAULT_IMPORT_LIMITS, formatBytes } from '../../../shared/import/file-rules';
import { checkSourceFile, summarizeImport, type SourceFileCheck } from '../../../shared/import';
import type { ImportIssue } from '../../../shared/model/dataset';
import type { CliCommand, CliIo } from '../io';
import { CLI_INVOCATION, EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { ENCODING_USAGE, encodingOption, forEachInputInPieces, inputProblemLineNumber, skippedLine, type SkippedInput } from '../read-inputs';
import { fileLine } from '../terminal-text';

const USAGE = `Usage: ${CLI_INVOCATION} validate <file or folder>... [--encoding E] [--json]

Checks dialogue files (SID JSONL/JSON, MathDial, Bridge, CSV/TSV) the way the import does.
Folders are read recursively (.jsonl .json .csv .tsv .txt) as the app reads them, in natural order
of names (topic_2 before topic_10). Files must be UTF-8 (or UTF-16 with a byte-order mark) unless
--encoding says otherwise. CSV/TSV columns are guessed from the header.

${ENCODING_USAGE}
  --json             print one JSON object {dialogues, turns, annotations, errors, warnings} and
                     nothing else; each problem is {file, line, message}, line null for a path
                     that does not exist, a folder with no file to read, and a file a folder walk
                     skipped (a link out of the folder, a FIFO, another type)

The app's import limits apply: a file over ${formatBytes(DEFAULT_IMPORT_LIMITS.maxFileBytes)} is an error; files past ${formatBytes(DEFAULT_IMPORT_LIMITS.maxTotalBytes)} in total are
skipped and listed, and a folder walk stops after ${DEFAULT_IMPORT_LIMITS.maxEntries} files and says so, as the app does.

Prints "file:line: message" per error, "file:line: warning: message" per warning ("path: message"
for a path that does not exist), then a summary line.
Exit code: 0 no errors (warnings allowed), 1 at least one error (a run whose files hold no dialogue
at all is one), 2 wrong command line.
`;

interface Problem {
  file: string;
  /** null when the path does not exist */
  line: number | null;
  message: string;
}

function toProblem(issue: ImportIssue): Problem {
  return { file: issue.file, line: issue.line, message: issue.message };
}

/** Files read whole that give no dialogue in all: nothing would be imported, which is an error of the run, not a pass. */
function noDialogueProblems(parsed: readonly SourceFileCheck[], dialogues: number, errors: number): Problem[] {
  if (dialogues > 0 || errors > 0) return [];
  return parsed.map((file) => {
    const reason = file.issues.find((issue) => issue.severity === 'warning');
    return { file: file.file, line: reason?.line ?? 1, message: NO_DIALOGUE_MESSAGE };
  });
}

const NO_DIALOGUE_MESSAGE = 'No dialogue to check: the file holds none (see its warning), so importing it would import nothing.';

function report(parsed: readonly SourceFileCheck[], readErrors: Problem[], skipped: readonly SkippedInput[]) {
  const summary = summarizeImport(parsed);
  const issues = parsed.flatMap((file) => file.issues);
  const importErrors = issues.filter((issue) => issue.severity === 'error').length;
  const empty = noDialogueProblems(parsed, summary.dialogues, readErrors.length + importErrors);
  return {
    summary,
    dialogues: summary.dialogues,
    turns: summary.turns,
    annotations: summary.annotations,
    errors: [...readErrors, ...issues.filter((issue) => issue.severity === 'error').map(toProblem), ...empty],
    empty,
    warnings: [
      ...skipped.map((file) => ({ file: file.file, line: null, message: `skipped: ${file.reason}` })),
      ...issues.filter((issue) => issue.severity === 'warning').map(toProblem),
    ],
    issues,
    skipped,
  };
}

/** Errors as compilers print them (`file:line: message`), so editors and terminals link them; warnings say so. */
function printText(io: CliIo, result: ReturnType<typeof report>, readErrors: Problem[], fileCount: number, unreadable: number): void {
  const lines = readErrors.map((problem) => fileLine(problem.file, problem.line, problem.message));
  lines.push(...result.skipped.map(skippedLine));
  for (const issue of result.issues) lines.push(fileLine(issue.file, issue.line, issue.severity === 'error' ? issue.message : `warning: ${issue.message}`));
  lines.push(...result.empty.map((problem) => fileLine(problem.file, problem.line, problem.message)));
  const failed = result.summary.failedFiles.length + unreadable;
  lines.push(
    `${fileCount} file${fileCount === 1 ? '' : 's'} checked: ${result.dialogues} dialogues, ${result.turns} turns, ${result.annotations} annotations; ` +
      `${result.errors.length} error${result.errors.length === 1 ? '' : 's'}, ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}` +
      (failed > 0 ? `; ${failed} file${failed === 1 ? '' : 's'} would import nothing because of errors.` : '.'),
  );
  io.stdout(`${lines.join('\n')}\n`);
}

/** `--encoding E` and `--encoding=E` taken out of the arguments. */
function takeEncoding(args: readonly string[]): { rest: string[]; value: string | null; missing: boolean } {
  const rest: string[] = [];
  let value: string | null = null;
  let missing = false;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    if (arg.startsWith('--encoding=')) value = arg.slice('--encoding='.length);
    else if (arg === '--encoding') {
      const next = args[at + 1];
      if (next === undefined || next.startsWith('--')) missing = true;
      else value = next;
      at++;
    } else rest.push(arg);
  }
  return { rest, value, missing };
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { rest: args, value: encodingValue, missing } = takeEncoding(argv);
  const json = args.includes('--json');
  const unknownFlags = args.filter((arg) => arg.startsWith('--') && arg !== '--json');
  const paths = args.filter((arg) => !arg.startsWith('--'));
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  const encoding = encodingValue === null ? null : encodingOption(encodingValue);
  if (unknownFlags.length > 0 || paths.length === 0 || missing || (encoding && 'error' in encoding)) {
    if (unknownFlags.length > 0) io.stderr(`Unknown option ${unknownFlags.join(', ')}\n`);
    if (missing) io.stderr('--encoding needs a value.\n');
    if (encoding && 'error' in encoding) io.stderr(`${encoding.error}\n`);
    io.stderr(USAGE);
    return EXIT_USAGE;
  }
  // each file is checked as it is read and only its issues and counts are kept: nothing here needs
  // the dialogues, so a large file is never held as records
  const parsed: SourceFileCheck[] = [];
  const { problems, skipped } = await forEachInputInPieces(paths, ({ name, pieces, teacherModelFrom }) => void parsed.push(checkSourceFile({ name, pieces }, { codebook: DEFAULT_CODEBOOK, teacherModelFrom })), {
    encoding: encoding?.encoding,
  });
  const readErrors: Problem[] = problems.map((problem) => ({ file: problem.file, line: inputProblemLineNumber(problem), message: problem.message }));
  const result = report(parsed, readErrors, skipped);
  if (json) {
    const { dialogues, turns, annotations, errors, warnings } = result;
    io.stdout(`${JSON.stringify({ dialogues, turns, annotations, errors, warnings })}\n`);
  } else {
    const unreadable = problems.filter((problem) => problem.kind === 'unreadable').length;
    printText(io, result, readErrors, parsed.length + unreadable, unreadable);
  }
  return result.errors.length > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
}

/**
 * `validate`: counts are of what would be imported (a file with an error contributes none);
 * `annotations` counts SID annotation entries, and for other formats the turns that carry a
 * pre-annotation.
 */
export const validateCommand: CliCommand = { name: 'validate', usage: USAGE, run };
