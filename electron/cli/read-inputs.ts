import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { SourceFile } from '../../shared/model/dataset';

/** Extensions a folder import reads; others (README.md, LICENSE) are skipped silently. */
export const IMPORT_EXTENSIONS = ['.jsonl', '.json', '.csv', '.tsv'] as const;

export interface InputProblem {
  file: string;
  message: string;
}

function wanted(name: string): boolean {
  const lower = name.toLowerCase();
  return IMPORT_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

async function walk(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(path)));
    else if (entry.isFile() && wanted(entry.name)) found.push(path);
  }
  return found;
}

const slashes = (path: string): string => path.split('\\').join('/');

/**
 * Reads the files named on the command line. A folder is read recursively and its files are
 * named relative to the folder's parent (`GPT-4o/x.jsonl` for the folder `…/GPT-4o`), so the
 * folder name gives the teacher model, as in the app's folder import. A file keeps the path
 * as given.
 */
export async function readInputs(paths: readonly string[]): Promise<{ files: SourceFile[]; problems: InputProblem[] }> {
  const files: SourceFile[] = [];
  const problems: InputProblem[] = [];
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch {
      problems.push({ file: slashes(path), message: 'No such file or folder.' });
      continue;
    }
    const targets = isFolder ? await walk(path) : [path];
    const base = dirname(resolve(path));
    for (const target of targets) {
      const name = isFolder ? slashes(relative(base, resolve(target))) : slashes(path);
      try {
        files.push({ name, text: await readFile(target, 'utf8') });
      } catch (error) {
        problems.push({ file: name, message: `Cannot read the file: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
  }
  return { files, problems };
}
