// Finding, and where the network allows installing, the Electron binary for `npm start`
// (scripts/start.mjs). Every failure comes back as a one-line cause for the user, never as a
// stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ONE_LINE_ERRORS = fileURLToPath(new URL('./one-line-errors.cjs', import.meta.url));
const INSTALL_TIMEOUT_MS = 10 * 60_000;

function electronPackageDir() {
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/**
 * Same rules as the electron package's index.js (and tests/support/electron-binary.ts), without
 * loading it: requiring `electron` in plain Node starts a download when the binary is missing.
 * @returns {{ found: true, path: string } | { found: false, reason: string, installable: boolean }}
 */
export function findElectronBinary(env = process.env) {
  if (env.ELECTRON_EXEC_PATH) {
    return existsSync(env.ELECTRON_EXEC_PATH)
      ? { found: true, path: env.ELECTRON_EXEC_PATH }
      : { found: false, reason: `ELECTRON_EXEC_PATH=${env.ELECTRON_EXEC_PATH} does not exist`, installable: false };
  }
  const packageDir = electronPackageDir();
  if (packageDir === null) return { found: false, reason: 'the electron package is not installed (run npm ci)', installable: false };
  const pathFile = join(packageDir, 'path.txt');
  const relativeBinary = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const binary = env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(env.ELECTRON_OVERRIDE_DIST_PATH, relativeBinary || 'electron')
    : relativeBinary && join(packageDir, 'dist', relativeBinary);
  if (binary && existsSync(binary)) return { found: true, path: binary };
  return { found: false, reason: binary ? `there is no Electron binary at ${binary}` : 'the Electron binary was never downloaded (node_modules/electron has no dist/)', installable: true };
}

/**
 * The installer's stderr as one line: what is left without stack frames ("    at …"), joined.
 * The installer runs with one-line-errors.cjs, so this is normally its single line already.
 */
export function installerCause(stderr, status) {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '));
  return lines.length > 0 ? lines.join(' ') : `the installer exited with code ${status}`;
}

/**
 * electron ≥ 42 has no install script, so `npm ci` never fetches the binary: fetch it on the
 * first `npm start` instead, with the package's own installer. Its stderr is captured (a failure
 * there is a stack trace) and reduced to the cause.
 * @returns {{ ok: true } | { ok: false, cause: string }}
 */
export function installElectronBinary({ cwd, env = process.env } = {}) {
  const packageDir = electronPackageDir();
  const installer = packageDir && join(packageDir, 'install.js');
  if (!installer || !existsSync(installer)) return { ok: false, cause: 'the electron package has no installer (node_modules/electron/install.js)' };
  const run = spawnSync(process.execPath, ['--require', ONE_LINE_ERRORS, installer], {
    cwd,
    env,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
  });
  if (run.error) {
    const timedOut = /** @type {NodeJS.ErrnoException} */ (run.error).code === 'ETIMEDOUT';
    return { ok: false, cause: timedOut ? `the download did not finish within ${INSTALL_TIMEOUT_MS / 60_000} minutes` : `the installer could not run: ${run.error.message}` };
  }
  if (run.status !== 0) return { ok: false, cause: `downloading it failed: ${installerCause(run.stderr ?? '', run.status)}` };
  return { ok: true };
}
