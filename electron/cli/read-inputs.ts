import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { DEFAULT_IMPORT_LIMITS, decodeImportBytes, formatBytes, isImportableName, skipReasonBeforeReading, type ImportLimits } from '../../shared/import/file-rules';
import type { SourceFile } from '../../shared/model/dataset';
import { errorCode, isInsideFolder, notRegularFileReason, readRegularFile } from '../main/services/regular-file';
import { fileLine } from './terminal-text';

export interface InputProblem {
  file: string;
  message: string;
  /**
   * 'missing': the path does not exist; 'not-a-file': a folder where one file is expected;
   * 'unreadable': a file that exists but could not be read or decoded
   */
  kind: 'missing' | 'not-a-file' | 'unreadable';
}

/** A file to check: its text under the name to print, and the name its teacher model comes from. */
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
export function inputProblemLine(problem: Pick<InputProblem, 'file' | 'message' | 'kind'>): string {
  return fileLine(problem.file, inputProblemLineNumber(problem), problem.message);
}

/** The line a problem is reported at in JSON: 1 for an existing file as a whole, else none. */
export function inputProblemLineNumber(problem: Pick<InputProblem, 'kind'>): 1 | null {
  return problem.kind === 'unreadable' ? 1 : null;
}

/** A file a folder walk passed over, and why (printed as a warning: nothing is skipped unseen). */
export interface SkippedInput {
  file: string;
  reason: string;
}

interface Walk {
  found: string[];
  skipped: SkippedInput[];
}

/**
 * The importable regular files under `folder`, by the app's folder-import rules: links are
 * followed only to regular files inside the folder given (by real path), FIFOs, devices and
 * sockets are never opened, and every file passed over is listed with its reason: hidden
 * entries as in the app, and node_modules, which the CLI does not walk into.
 */
async function walk(folder: string, realRoot: string, result: Walk): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    const passedOver = entry.name.startsWith('.') ? (entry.isDirectory() ? 'hidden folder' : 'hidden file') : entry.name === 'node_modules' && entry.isDirectory() ? 'package folder (node_modules)' : null;
    if (passedOver) {
      result.skipped.push({ file: `${slashes(path)}${entry.isDirectory() ? '/' : ''}`, reason: passedOver });
      continue;
    }
    if (entry.isDirectory()) {
      await walk(path, realRoot, result);
      continue;
    }
    const reason = entry.isSymbolicLink() ? await linkSkipReason(path, realRoot) : notRegularFileReason(entry);
    const skipReason = reason ?? (isImportableName(entry.name) ? null : skipReasonBeforeReading(entry.name, 0, 0, DEFAULT_IMPORT_LIMITS));
    if (skipReason) result.skipped.push({ file: slashes(path), reason: skipReason });
    else result.found.push(path);
  }
}

async function linkSkipReason(path: string, realRoot: string): Promise<string | null> {
  try {
    const target = await realpath(path);
    const info = await stat(target);
    if (info.isDirectory()) return 'link to a folder (not followed)';
    if (!isInsideFolder(realRoot, target)) return 'link to a file outside the folder given (not followed)';
    return notRegularFileReason(info);
  } catch (error) {
    return `link could not be followed (${errorCode(error)})`;
  }
}

const slashes = (path: string): string => path.split('\\').join('/');

async function readText(path: string, limits: ImportLimits): Promise<{ text: string } | { problem: string }> {
  const read = await readRegularFile(path, (size) => tooLargeReason(size, limits));
  if (!read.ok) return { problem: `Cannot read the file: ${read.reason}.` };
  const decoded = decodeImportBytes(read.bytes);
  return decoded.ok ? { text: decoded.text } : { problem: `Cannot read the file: ${decoded.reason}.` };
}

/** The app's per-file limit, so the CLI does not pass a file the import would refuse. */
export function tooLargeReason(size: number, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): string | null {
  return size > limits.maxFileBytes ? `too large (${formatBytes(size)}; the app's import limit is ${formatBytes(limits.maxFileBytes)})` : null;
}

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
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<{ files: InputFile[]; problems: InputProblem[]; skipped: SkippedInput[] }> {
  const files: InputFile[] = [];
  const { problems, skipped } = await forEachInput(paths, (file) => void files.push(file), limits);
  return { files, problems, skipped };
}

/**
 * readInputs one file at a time: `onFile` gets each file's text in turn and nothing keeps it
 * afterwards, so a command that needs a file only while it reads it holds one text at once.
 */
export async function forEachInput(
  paths: readonly string[],
  onFile: (file: InputFile) => void,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<{ problems: InputProblem[]; skipped: SkippedInput[] }> {
  const problems: InputProblem[] = [];
  const skipped: SkippedInput[] = [];
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch {
      problems.push({ file: slashes(path), message: MISSING_PATH, kind: 'missing' });
      continue;
    }
    const walked: Walk = { found: [], skipped };
    if (isFolder) await walk(path, await realpath(path), walked);
    const targets = isFolder ? walked.found : [path];
    const folderName = basename(resolve(path));
    for (const target of targets) {
      const inside = relative(path, target);
      const name = slashes(isFolder ? join(path, inside) : path);
      const teacherModelFrom = isFolder ? slashes(join(folderName, inside)) : slashes(path);
      const read = await readText(target, limits);
      if ('problem' in read) problems.push({ file: name, message: read.problem, kind: 'unreadable' });
      else onFile({ name, text: read.text, teacherModelFrom });
    }
  }
  return { problems, skipped };
}

/** A skipped file as the CLI prints it. */
export function skippedLine(skipped: SkippedInput): string {
  return fileLine(skipped.file, null, `warning: skipped: ${skipped.reason}`);
}
