// `npm run -s cli -- …`: runs the built CLI (out/cli/main.js) with this same node process,
// building it first when it is missing or older than any of its sources. The check is a few
// dozen stat calls (a couple of milliseconds), so a fresh clone needs no manual build step and an
// edited source is never run stale. Build output goes to stderr, so `--json` stdout stays clean.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILT_CLI = join(ROOT, 'out/cli/main.js');
/**
 * Everything the bundle is made from: a change to any of these rebuilds it. The CLI imports only
 * from these folders (tests/unit/architecture/import-rules.test.ts follows its imports).
 */
export const CLI_SOURCES = ['electron/cli', 'electron/services', 'shared', 'resources/codebooks', 'resources/rubrics', 'vite.cli.config.ts', 'package-lock.json'];

function newestModified(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted or renamed file changes its folder's time
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModified(join(path, entry)));
  return newest;
}

export function isBuiltCliCurrent() {
  const built = statSync(BUILT_CLI, { throwIfNoEntry: false });
  if (!built) return false;
  const newestSource = Math.max(...CLI_SOURCES.map((source) => newestModified(join(ROOT, source))));
  return built.mtimeMs >= newestSource;
}

/** Builds out/cli with the project's vite; returns the exit status (0 when built). */
export async function buildCli() {
  const { spawnSync } = await import('node:child_process');
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--config', join(ROOT, 'vite.cli.config.ts')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  return built.status ?? 1;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (!isBuiltCliCurrent()) {
    process.stderr.write('maieutic: building the command line (out/cli/main.js)…\n');
    const status = await buildCli();
    if (status !== 0) {
      process.stderr.write('maieutic: the command line could not be built (see above).\n');
      process.exit(70);
    }
  }
  await import(pathToFileURL(BUILT_CLI).href);
}
