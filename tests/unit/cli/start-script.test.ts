/**
 * `npm start` (scripts/start.mjs) where Electron cannot be installed: one message that names the
 * cause on one line and what to do instead, no stack trace (issue 8, point 18). The script runs
 * as `npm start` runs it, in a child process, with an environment that makes the download fail
 * fast and offline: a dist folder with no binary and a mirror on a closed loopback port.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START = join(ROOT, 'scripts', 'start.mjs');

interface Outcome {
  code: number | null;
  output: string;
}

function runStart(env: Record<string, string>): Promise<Outcome> {
  // Nothing from the caller's environment that points at a binary, a mirror or a display, or that npm passes.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(ELECTRON_|electron_|npm_|DISPLAY$|WAYLAND_DISPLAY$)/i.test(name)));
  return new Promise((resolve) => {
    execFile(process.execPath, [START], { cwd: ROOT, env: { ...inherited, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const STACK_FRAME = /^\s+at /m;

describe('npm start without an Electron binary', () => {
  it('a failed download prints the message with its cause on one line, and no stack trace', async () => {
    const emptyDist = await mkdtemp(join(tmpdir(), 'maieutic-no-electron-'));
    const cache = await mkdtemp(join(tmpdir(), 'maieutic-electron-cache-'));
    const { code, output } = await runStart({
      ELECTRON_OVERRIDE_DIST_PATH: emptyDist,
      ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`,
      electron_config_cache: cache,
      ELECTRON_GET_NO_PROGRESS: '1',
      DISPLAY: ':99',
    });
    expect(code).toBe(1);
    expect(output).not.toMatch(STACK_FRAME);
    expect(output).not.toMatch(/TypeError|node:internal|FetchDownloader/);
    const causeLine = output.split('\n').find((line) => line.startsWith('The desktop app cannot start here:'));
    expect(causeLine).toMatch(/^The desktop app cannot start here: the Electron binary is not installed and downloading it failed: fetch failed \(.*ECONNREFUSED.*\)\.$/);
    expect(output).toContain('npm run dev:browser');
    expect(output).toContain('npm run dev:serve');
  }, 60_000);

  it('an ELECTRON_EXEC_PATH that does not exist is named as the cause; nothing is downloaded', async () => {
    const missing = join(tmpdir(), 'maieutic-no-such-electron');
    const { code, output } = await runStart({ ELECTRON_EXEC_PATH: missing, DISPLAY: ':99' });
    expect(code).toBe(1);
    expect(output).not.toMatch(STACK_FRAME);
    expect(output).not.toContain('downloading');
    expect(output.split('\n')[0]).toBe(`The desktop app cannot start here: ELECTRON_EXEC_PATH=${missing} does not exist.`);
  }, 60_000);

  it.runIf(process.platform === 'linux')('on Linux without a display it says so instead of launching Electron', async () => {
    // an existing executable as the "binary": it must not be started
    const { code, output } = await runStart({ ELECTRON_EXEC_PATH: process.execPath });
    expect(code).toBe(1);
    expect(output).not.toMatch(STACK_FRAME);
    expect(output.split('\n')[0]).toBe('The desktop app cannot start here: there is no display to open its window on (DISPLAY and WAYLAND_DISPLAY are unset).');
    expect(output).not.toContain('electron-vite build');
    expect(output).toContain('npm run dev:serve');
  }, 60_000);
});
