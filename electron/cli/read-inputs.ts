import { stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import {
  DEFAULT_IMPORT_LIMITS,
  byteOrderMark,
  decodeImportBytes,
  IMPORTABLE_EXTENSIONS,
  ENCODING_NAMES,
  skipReasonBeforeReading,
  TEXT_ENCODINGS,
  textEncodingNamed,
  textPreview,
  tooLargeReason,
  type DecodeResult,
  type ImportLimits,
  type TextEncodingName,
} from '../../shared/import/file-rules';
import type { SkipCode, SkipReason } from '../../shared/import/skip-reasons';
import type { ImportIssue, PiecedSourceFile, SourceFile } from '../../shared/model/dataset';
import type { FileHandle } from 'node:fs/promises';
import { FileCount, walkFolder } from '../services/folder-walk';
import { readWhole, withRegularFile } from '../services/regular-file';
import { NODE_UTF8_DECODER, UndecodableText, utf8FilePieces } from '../services/node-utf8';
import { fileLine } from './terminal-text';

export interface InputProblem {
  file: string;
  message: string;
  /**
   * 'missing': the path does not exist; 'not-a-file': a folder where one file is expected;
   * 'unreadable': a file that exists but could not be read or decoded; 'no-files': a folder
   * holding no file to read
   */
  kind: 'missing' | 'not-a-file' | 'unreadable' | 'no-files';
  /** for 'unreadable': the first line that could not be decoded (1 for the file as a whole) */
  line?: number;
}

/** A file to check: its text under the name to print, and the name its teacher model comes from. */
/** What forEachInputInPieces hands on: the text in pieces ending at line feeds. */
export interface PiecedInputFile extends PiecedSourceFile {
  teacherModelFrom: string;
}

export interface InputFile extends SourceFile {
  /**
   * The path relative to the parent of the folder given on the command line
   * (`GPT-4o/x.jsonl` for the folder `…/GPT-4o`), as the app's folder import names it; for a
   * file given directly, the path as given.
   */
  teacherModelFrom: string;
}

export const MISSING_PATH = 'The path does not exist (no such file or folder).';

/**
 * A problem with a path, as printed. A path that does not exist (or is a folder) is
 * `path: message`: `path:1:` would send the user to line 1 of a file that is not there. A file
 * that exists but cannot be read keeps `file:1:`, so editors and terminals still open it.
 */
export function inputProblemLine(problem: Pick<InputProblem, 'file' | 'message' | 'kind' | 'line'>): string {
  return fileLine(problem.file, inputProblemLineNumber(problem), problem.message);
}

/** The line a problem is reported at in JSON: the first bad line (or 1) of an existing file, else none. */
export function inputProblemLineNumber(problem: Pick<InputProblem, 'kind' | 'line'>): number | null {
  return problem.kind === 'unreadable' ? (problem.line ?? 1) : null;
}

/** A file a folder walk passed over, and why (printed as a warning: nothing is skipped unseen). */
export interface SkippedInput {
  file: string;
  reason: string;
}

/** What the walk of one folder argument found: the files to read, and what it passed over. */
interface Walked {
  found: { path: string; readFrom: string }[];
  skipped: SkippedInput[];
}

/** Where the CLI words a skip its own way: the folder was given on the command line, not chosen in a dialog. */
const CLI_WORDING: Partial<Record<SkipCode, string>> = {
  'link-outside-folder': 'link to a file outside the folder given (not followed)',
};

const cliReason = (skip: SkipReason): string => CLI_WORDING[skip.code] ?? skip.reason;

/** The app's folder walk (electron/services/folder-walk.ts), each entry it passes over listed as a warning. */
async function walk(folder: string, limits: ImportLimits): Promise<Walked> {
  const walked: Walked = { found: [], skipped: [] };
  for await (const entry of walkFolder(folder, new FileCount(limits))) {
    if (entry.kind === 'file') walked.found.push(entry);
    else walked.skipped.push({ file: `${slashes(entry.path)}${entry.isFolder ? '/' : ''}`, reason: cliReason(entry.skip) });
  }
  return walked;
}

const slashes = (path: string): string => path.split('\\').join('/');

const IMPORTABLE_LIST = IMPORTABLE_EXTENSIONS.join(' ');

type ReadText = { bytes: number } | { problem: string; line: number } | { skip: string };

/**
 * How a command reads a file once it is open: its text whole, or in pieces ending at line feeds.
 * Either hands the decoded text to `consume` while the file is open, or says why it cannot.
 */
type Reader<T> = (handle: FileHandle, size: number, options: ReadOptions, consume: (decoded: T) => void) => Promise<{ ok: true } | (DecodeResult & { ok: false })>;

const WHOLE: Reader<string> = async (handle, size, options, consume) => {
  const result = decodeImportBytes(await readWhole(handle, size), options.encoding, NODE_UTF8_DECODER);
  if (!result.ok) return result;
  consume(result.text);
  return { ok: true };
};

/**
 * Plain UTF-8 (a UTF-8 byte-order mark skipped) is read from disk piece by piece as it is
 * checked (utf8FilePieces). A file in another encoding, or with a UTF-16 byte-order mark, is read
 * whole and decoded as decodeImportBytes decodes it; so is one whose pieces turn out not to be
 * UTF-8 (or to hold NUL), after the consumer has been abandoned, so that the failure says why.
 */
const IN_PIECES: Reader<Iterable<string>> = async (handle, size, options, consume) => {
  const whole = async () => {
    const result = decodeImportBytes(await readWhole(handle, size), options.encoding, NODE_UTF8_DECODER);
    if (!result.ok) return result;
    consume([result.text]);
    return { ok: true as const };
  };
  if (options.encoding !== undefined && options.encoding !== 'utf-8') return whole();
  const start = Buffer.alloc(3);
  const { bytesRead } = await handle.read(start, 0, 3, 0);
  const bom = byteOrderMark(start.subarray(0, bytesRead));
  if (bom && bom.encoding !== 'utf-8') return whole();
  try {
    consume(utf8FilePieces(handle.fd, bom ? bom.bytes.length : 0, options.pieceBytes));
    return { ok: true };
  } catch (error) {
    if (!(error instanceof UndecodableText)) throw error;
    return whole();
  }
};

/** What the CLI says about bytes the import cannot decode: the app's reason, and the flag that reads them another way. */
export function decodeProblem(failure: DecodeResult & { ok: false }): { problem: string; line: number } {
  const likely = failure.likely;
  const retry = likely
    ? ` Run again with --encoding ${likely.encoding} to read it as ${ENCODING_NAMES[likely.encoding]} (it then reads "${textPreview(likely.text)}"), or save it as UTF-8.`
    : '';
  return { problem: `Cannot read the file: ${failure.reason}.${retry}`, line: failure.line };
}

/**
 * One file by the app's rules: too large is an error (the app would refuse it); a file that would
 * take the total over the app's limit is skipped as the app skips it. `path` is opened; `name` is
 * the file as found (a link's own name, where `path` is its target).
 */
async function readText<T>(path: string, name: string, totalSoFar: number, options: ReadOptions, reader: Reader<T>, consume: (decoded: T) => void): Promise<ReadText> {
  let skip: string | null = null;
  const read = await withRegularFile(
    path,
    (size) => {
      const tooLarge = tooLargeReason(size, options.limits);
      if (tooLarge) return tooLarge;
      if (totalSoFar + size > options.limits.maxTotalBytes) skip = skipReasonBeforeReading(basename(name), size, totalSoFar, options.limits);
      return skip;
    },
    async (handle, size) => ({ size, outcome: await reader(handle, size, options, consume) }),
  );
  if (skip !== null) return { skip };
  if (!read.ok) return { problem: `Cannot read the file: ${read.reason}.`, line: 1 };
  return read.value.outcome.ok ? { bytes: read.value.size } : decodeProblem(read.value.outcome);
}

export interface ReadOptions {
  limits: ImportLimits;
  /** --encoding: decode every file this way instead of UTF-8 (or UTF-16 with a BOM) */
  encoding?: TextEncodingName;
  /** how many bytes a piece of forEachInputInPieces holds, about (tests make it small) */
  pieceBytes?: number;
}

export { tooLargeReason };

/**
 * Reads the files named on the command line as the app does: bytes decoded by the import's
 * own rules (UTF-8, or UTF-16 with a byte-order mark; anything else is a problem, never
 * replacement characters), folders walked recursively for the importable extensions. A file is
 * named as the user can open it: `join(folder argument, path inside it)`, or the path as given.
 * The teacher model is derived from the folder structure instead (InputFile.teacherModelFrom),
 * so `validate .` inside `GPT-4o/` still finds `GPT-4o`.
 */
export async function readInputs(
  paths: readonly string[],
  options: Partial<ReadOptions> | ImportLimits = {},
): Promise<{ files: InputFile[]; problems: InputProblem[]; skipped: SkippedInput[] }> {
  const files: InputFile[] = [];
  const { problems, skipped } = await forEachInput(paths, (file) => void files.push(file), options);
  return { files, problems, skipped };
}

/** readInputs one file at a time: `onFile` gets each file's text in turn and nothing here keeps it. */
export function forEachInput(
  paths: readonly string[],
  onFile: (file: InputFile) => void,
  options: Partial<ReadOptions> | ImportLimits = {},
): Promise<{ problems: InputProblem[]; skipped: SkippedInput[] }> {
  return eachInput(paths, options, WHOLE, (name, teacherModelFrom, text) => onFile({ name, text, teacherModelFrom }));
}

/**
 * forEachInput with each file's text in pieces that end at line feeds (PiecedSourceFile), for a
 * command that reads lines and keeps nothing: a large UTF-8 file is decoded faster that way and
 * never held as one string.
 */
export function forEachInputInPieces(
  paths: readonly string[],
  onFile: (file: PiecedInputFile) => void,
  options: Partial<ReadOptions> = {},
): Promise<{ problems: InputProblem[]; skipped: SkippedInput[] }> {
  return eachInput(paths, options, IN_PIECES, (name, teacherModelFrom, pieces) => onFile({ name, pieces, teacherModelFrom }));
}

async function eachInput<T>(
  paths: readonly string[],
  options: Partial<ReadOptions> | ImportLimits,
  reader: Reader<T>,
  onFile: (name: string, teacherModelFrom: string, decoded: T) => void,
): Promise<{ problems: InputProblem[]; skipped: SkippedInput[] }> {
  const read: ReadOptions = 'maxFileBytes' in options ? { limits: options } : { limits: options.limits ?? DEFAULT_IMPORT_LIMITS, encoding: options.encoding, pieceBytes: options.pieceBytes };
  const problems: InputProblem[] = [];
  const skipped: SkippedInput[] = [];
  let totalBytes = 0;
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch {
      problems.push({ file: slashes(path), message: MISSING_PATH, kind: 'missing' });
      continue;
    }
    const walked: Walked = isFolder ? await walk(path, read.limits) : { found: [{ path, readFrom: path }], skipped: [] };
    skipped.push(...walked.skipped);
    if (isFolder && walked.found.length === 0) {
      const passedOver = walked.skipped.length === 0 ? 'it is empty' : `${walked.skipped.length} entr${walked.skipped.length === 1 ? 'y was' : 'ies were'} skipped (listed above)`;
      problems.push({ file: `${slashes(path)}/`, message: `No file to read in this folder: ${passedOver}. Files end in ${IMPORTABLE_LIST}.`, kind: 'no-files' });
      continue;
    }
    const folderName = basename(resolve(path));
    for (const target of walked.found) {
      const inside = relative(path, target.path);
      const name = slashes(isFolder ? join(path, inside) : path);
      const teacherModelFrom = isFolder ? slashes(join(folderName, inside)) : slashes(path);
      const outcome = await readText(target.readFrom, target.path, totalBytes, read, reader, (decoded) => onFile(name, teacherModelFrom, decoded));
      if ('skip' in outcome) skipped.push({ file: name, reason: outcome.skip });
      else if ('problem' in outcome) problems.push({ file: name, message: outcome.problem, kind: 'unreadable', line: outcome.line });
      else totalBytes += outcome.bytes;
    }
  }
  return { problems, skipped };
}

/**
 * The records of a file the import passed over (a dialogue without turns), as `file:line: warning:`
 * lines: a command that reads dialogues leaves none out without saying so.
 */
export function skippedDialogueLines(issues: readonly ImportIssue[]): string[] {
  return issues.filter((issue) => issue.severity === 'warning' && issue.code === 'missing-dialogue').map((issue) => fileLine(issue.file, issue.line, `warning: ${issue.message}`));
}

/** A skipped file as the CLI prints it. */
export function skippedLine(skipped: SkippedInput): string {
  return fileLine(skipped.file, null, `warning: skipped: ${skipped.reason}`);
}

/** The usage lines of --encoding, the same in every command that reads files. */
export const ENCODING_USAGE = `  --encoding E       read the files as E instead of UTF-8: gb18030 (also gbk), utf-16le, utf-16be
                     (a file the import cannot decode says which encoding it looks like)`;

/** The value of --encoding, or what is wrong with it. */
export function encodingOption(value: string): { encoding: TextEncodingName } | { error: string } {
  const encoding = textEncodingNamed(value);
  return encoding ? { encoding } : { error: `--encoding must be one of ${TEXT_ENCODINGS.join(', ')} (or gbk); got "${value}".` };
}
