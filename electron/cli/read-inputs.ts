import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { decodeImportBytes, isImportableName } from '../../shared/import/file-rules';
import type { SourceFile } from '../../shared/model/dataset';

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
  return `${problem.file}${inputProblemLineNumber(problem) === null ? '' : ':1'}: ${problem.message}`;
}

/** The line a problem is reported at in JSON: 1 for an existing file as a whole, else none. */
export function inputProblemLineNumber(problem: Pick<InputProblem, 'kind'>): 1 | null {
  return problem.kind === 'unreadable' ? 1 : null;
}

async function walk(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(path)));
    else if (entry.isFile() && isImportableName(entry.name)) found.push(path);
  }
  return found;
}

const slashes = (path: string): string => path.split('\\').join('/');

async function readText(path: string): Promise<{ text: string } | { problem: string }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return { problem: `Cannot read the file: ${error instanceof Error ? error.message : String(error)}` };
  }
  const decoded = decodeImportBytes(bytes);
  return decoded.ok ? { text: decoded.text } : { problem: `Cannot read the file: ${decoded.reason}.` };
}

/**
 * Reads the files named on the command line as the app does: bytes decoded by the import's
 * own rules (UTF-8, or UTF-16 with a byte-order mark; anything else is a problem, never
 * replacement characters), folders walked recursively for the importable extensions. A file is
 * named as the user can open it: `join(folder argument, path inside it)`, or the path as given.
 * The teacher model is derived from the folder structure instead (InputFile.teacherModelFrom),
 * so `validate .` inside `GPT-4o/` still finds `GPT-4o`.
 */
export async function readInputs(paths: readonly string[]): Promise<{ files: InputFile[]; problems: InputProblem[] }> {
  const files: InputFile[] = [];
  const problems: InputProblem[] = [];
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch {
      problems.push({ file: slashes(path), message: MISSING_PATH, kind: 'missing' });
      continue;
    }
    const targets = isFolder ? await walk(path) : [path];
    const folderName = basename(resolve(path));
    for (const target of targets) {
      const inside = relative(path, target);
      const name = slashes(isFolder ? join(path, inside) : path);
      const teacherModelFrom = isFolder ? slashes(join(folderName, inside)) : slashes(path);
      const read = await readText(target);
      if ('problem' in read) problems.push({ file: name, message: read.problem, kind: 'unreadable' });
      else files.push({ name, text: read.text, teacherModelFrom });
    }
  }
  return { files, problems };
}
