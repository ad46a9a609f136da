#!/usr/bin/env node
// `npm start`: build with electron-vite, then run Electron on the build (package.json "main").
// Arguments after `--` go to the app. Where Electron cannot be installed or started it prints
// what went wrong on one line and what to do instead, never a stack trace.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary, installElectronBinary } from './start/electron-binary.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const ALTERNATIVES = `  To use the app without Electron:   npm run dev:browser
      (the same renderer and main-process handlers, in a Chromium window;
       without a display: npm run dev:serve, then open the printed address in a browser)

  To get Electron on a machine with access to github.com:   npx install-electron --no
  Or point to an existing binary:   ELECTRON_EXEC_PATH=/path/to/electron npm start`;

function cannotStart(cause) {
  console.error(`The desktop app cannot start here: ${cause}.\n\n${ALTERNATIVES}`);
  process.exit(1);
}

function electronBinary() {
  const first = findElectronBinary();
  if (first.found) return first.path;
  if (!first.installable) cannotStart(first.reason);
  console.log('> The Electron binary is missing: downloading it once (about 100 MB; node_modules/electron/install.js)');
  const installed = installElectronBinary({ cwd: repoRoot });
  if (!installed.ok) cannotStart(`the Electron binary is not installed and ${installed.cause}`);
  const second = findElectronBinary();
  if (!second.found) cannotStart(`the download finished but ${second.reason}`);
  return second.path;
}

// Electron would only print "Missing X server or $DISPLAY" among its own log lines.
if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  cannotStart('there is no display to open its window on (DISPLAY and WAYLAND_DISPLAY are unset)');
}
const electron = electronBinary();

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
if (run.error) cannotStart(`Electron (${electron}) could not be launched: ${run.error.message}`);
process.exit(run.status ?? 1);
