/**
 * A job engine in a child process for the kill tests: one node process (tsx as a loader, not its
 * launcher, which would run a second node the kill would miss), its JSON-line events collected
 * as they come, its stderr printed when it exits with an error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../repo-paths';

export interface EngineChild<Event> {
  process: ChildProcess;
  events: Event[];
  exited: Promise<number | null>;
}

export function startEngineChild<Event>(script: string, args: readonly string[]): EngineChild<Event> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const events: Event[] = [];
  let buffered = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') events.push(JSON.parse(line) as Event);
  });
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then((code) => {
    if (code !== 0 && code !== null) console.error(stderr);
  });
  return { process: child, events, exited };
}

/** Polls `condition` every 10 ms until it holds, or throws naming `what` after `timeoutMs`. */
export async function until(what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
