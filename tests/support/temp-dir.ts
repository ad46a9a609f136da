import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  /** absolute, symlinks resolved (macOS /var → /private/var), so paths compare equal */
  path: string;
  remove(): Promise<void>;
}

export async function makeTempDir(prefix = 'maieutic-test-'): Promise<TempDir> {
  const path = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
