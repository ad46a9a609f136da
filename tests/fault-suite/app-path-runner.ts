/**
 * Feeds fault-suite kinds through the app's import path, in a child process so a hang or a
 * crash of one kind cannot take the test run with it: the main-process file services
 * (readPickedFiles / readFolder, as the pickers call them) and parseSourceFile (as the parse
 * worker calls it). One JSON line per kind on stdout, as soon as it is done, so the parent's
 * watchdog knows which kind hung.
 *   node --import tsx tests/fault-suite/app-path-runner.ts <manifest.json> <first index>
 */
import { readFileSync, statSync } from 'node:fs';
import { readFolder, readPickedFiles } from '../../electron/main/services/import-files';
import { DEFAULT_CODEBOOK } from '../../shared/codebook';
import { parseSourceFile } from '../../shared/import';
import type { GeneratedKind } from './generate';

export interface AppPathResult {
  index: number;
  /** an exception escaped the import path */
  thrown?: string;
  skipped: { name: string; reason: string; likely?: string }[];
  files: { name: string; errors: { line: number; message: string }[]; warnings: number; dialogues: number; readable: number }[];
}

async function feed(kind: GeneratedKind): Promise<Omit<AppPathResult, 'index'>> {
  const target = kind.target as string;
  const read = statSync(target, { throwIfNoEntry: false })?.isDirectory() ? await readFolder(target) : await readPickedFiles([target]);
  const files = read.files.map((file) => {
    const parsed = parseSourceFile(file, { codebook: DEFAULT_CODEBOOK });
    const errors = parsed.issues.filter((issue) => issue.severity === 'error').map((issue) => ({ line: issue.line, message: issue.message }));
    return { name: file.name, errors, warnings: parsed.issues.length - errors.length, dialogues: parsed.dialogues.length, readable: parsed.readable.dialogues };
  });
  const skipped = read.skipped.map((file) => ({ name: file.name, reason: file.reason, ...('likely' in file && file.likely ? { likely: file.likely.encoding } : {}) }));
  return { skipped, files };
}

async function main(): Promise<void> {
  const [manifestPath, first] = process.argv.slice(2);
  const kinds = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { kinds: GeneratedKind[] }).kinds;
  for (let index = Number(first); index < kinds.length; index++) {
    if (!kinds[index].app) continue;
    process.stdout.write(`START ${index}\n`);
    let result: AppPathResult;
    try {
      result = { index, ...(await feed(kinds[index])) };
    } catch (error) {
      result = { index, thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error), skipped: [], files: [] };
    }
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  }
  process.stdout.write('DONE\n');
}

void main();
