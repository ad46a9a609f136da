/**
 * The bundled sample data set: `<resourcesDir>/sample/<teacher model>/<file>.jsonl`.
 * `resourcesDir` is the repository's `resources/` in development and `process.resourcesPath`
 * in a packaged app (electron-builder copies `resources/sample` there as `sample/`).
 */
import { join } from 'node:path';
import type { SourceFile } from '../../../shared/model/dataset';
import { readFolderTree } from './import-files';

export function sampleDir(resourcesDir: string): string {
  return join(resourcesDir, 'sample');
}

/**
 * Reads every sample file, named relative to the sample folder (`GPT-4o/topic_1.jsonl`) so the
 * model folder is the first part of each name, as in a user's folder import. Anything that is
 * not importable (a README, say) is left out silently; a sample that yields no file is a
 * packaging mistake and throws.
 */
export async function readSample(resourcesDir: string): Promise<SourceFile[]> {
  const dir = sampleDir(resourcesDir);
  const { files } = await readFolderTree(dir, dir).catch((error: unknown) => {
    throw new Error(`The bundled sample data set could not be read: ${(error as Error).message}`);
  });
  if (files.length === 0) throw new Error(`The bundled sample data set at ${dir} contains no importable file`);
  return files;
}
