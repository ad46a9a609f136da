/**
 * The browser modes as a person starts them: `tsx scripts/dev-browser.ts` (dev:browser, or
 * dev:serve with --serve) as a real child process with its own environment, whose terminal
 * output the spec reads (the printed address, its refusals) and which it stops as Ctrl+C would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { REPO_ROOT } from '../support/repo-paths';

export interface HostProcess {
  readonly child: ChildProcess;
  /** everything it printed so far, stdout and stderr together */
  output(): string;
  /** waits for a line matching `pattern` and returns its first group (or the whole match) */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** resolves with the exit code once it has exited */
  exited: Promise<number | null>;
  /** SIGTERM (what Ctrl+C does to it, through its handler) and the exit code */
  stop(): Promise<number | null>;
}

/** `tsx scripts/dev-browser.ts <args>` with `env` over this process's environment (minus the display, unless given). */
export function startHost(args: readonly string[], env: Record<string, string | undefined>): HostProcess {
  const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(REPO_ROOT, 'scripts', 'dev-browser.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  return {
    child,
    output: () => text,
    async waitFor(pattern, timeoutMs = 60_000) {
      await expect
        .poll(() => {
          if (exitCode !== undefined && !pattern.test(text)) throw new Error(`dev-browser exited (${exitCode}) before printing ${pattern}:\n${text}`);
          return pattern.test(text);
        }, { timeout: timeoutMs, message: `dev-browser never printed ${pattern}; it printed:\n${text}` })
        .toBe(true);
      const match = pattern.exec(text)!;
      return match[1] ?? match[0];
    },
    exited,
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A loopback port free right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
