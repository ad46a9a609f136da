#!/usr/bin/env node
// `npm start`: build with electron-vite, then run Electron on the build (package.json "main").
// Arguments after `--` go to the app. Without an Electron binary it explains what to do instead.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Same rules as the electron package's index.js (and tests/support/electron-binary.ts), without
 * loading it: requiring `electron` in plain Node starts a download when the binary is missing.
 */
function findElectronBinary() {
  if (process.env.ELECTRON_EXEC_PATH) return existsSync(process.env.ELECTRON_EXEC_PATH) ? process.env.ELECTRON_EXEC_PATH : null;
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(packageDir, 'path.txt');
  const relativeBinary = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const binary = process.env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, relativeBinary || 'electron')
    : relativeBinary && join(packageDir, 'dist', relativeBinary);
  return binary && existsSync(binary) ? binary : null;
}

/**
 * electron ≥ 42 has no install script, so `npm ci` never fetches the binary: fetch it on the
 * first `npm start` instead (the package's own installer), where the network allows.
 */
function installElectronBinary() {
  let installer;
  try {
    installer = join(dirname(require.resolve('electron/package.json')), 'install.js');
  } catch {
    return;
  }
  if (!existsSync(installer)) return;
  console.log('> Electron binary missing: downloading it once (node_modules/electron/install.js)');
  spawnSync(process.execPath, [installer], { cwd: repoRoot, stdio: 'inherit', timeout: 10 * 60_000 });
}

let electron = findElectronBinary();
if (!electron && !process.env.ELECTRON_EXEC_PATH) {
  installElectronBinary();
  electron = findElectronBinary();
}
if (!electron) {
  console.error(`The Electron binary is not installed (node_modules/electron has no dist/), so the desktop app cannot start here.

  To use the app without Electron:   npm run dev:browser
      (the same renderer and main-process handlers, in Chromium)

  To get Electron on a machine with access to github.com:   npx install-electron --no
  Or point to an existing binary:   ELECTRON_EXEC_PATH=/path/to/electron npm start`);
  process.exit(1);
}

console.log('> electron-vite build');
const build = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const appArgs = process.argv.slice(2);
console.log(`> ${electron} . ${appArgs.join(' ')}`.trimEnd());
// A dev-server URL left in the environment would make the build load it instead of out/renderer.
const { ELECTRON_RENDERER_URL: _devUrl, ELECTRON_RUN_AS_NODE: _asNode, ...env } = process.env;
const run = spawnSync(electron, ['.', ...appArgs], { cwd: repoRoot, stdio: 'inherit', env });
if (run.error) {
  console.error(`Could not start Electron: ${run.error.message}`);
  process.exit(1);
}
process.exit(run.status ?? 1);
