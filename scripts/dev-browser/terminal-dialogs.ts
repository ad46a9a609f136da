/**
 * The file dialogs of the browser hosts (dev:browser, dev:serve): a browser has no native
 * dialogs, so "Open files", "Open folder" and "Export" ask in this terminal:
 *   - open files:  one path per line, an empty line to finish (no path = cancel)
 *   - open folder: one path (empty = cancel)
 *   - import codebook: one path to a codebook .json (empty = cancel)
 *   - export:      Enter accepts the proposed path, or type another; "-" cancels
 * Paths may be relative to the current directory, start with ~, or be pasted in quotes.
 * Without a terminal (stdin not a TTY) the answers come from MAIEUTIC_PICK_FILES (paths
 * separated by the platform's path delimiter, ':' or ';'), MAIEUTIC_PICK_FOLDER and
 * MAIEUTIC_EXPORT_DIR (and MAIEUTIC_PICK_CODEBOOK); unset means cancel.
 */
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { SaveExportArgs } from '../../shared/ipc/contract';
import type { DialogPort } from '../../electron/main/ipc/dialog-port';

function toPath(input: string): string {
  const unquoted = input.trim().replace(/^(['"])(.*)\1$/, '$2');
  return resolve(unquoted.startsWith('~') ? join(homedir(), unquoted.slice(1)) : unquoted);
}

async function ask(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
}

/**
 * One dialog at a time: a second click on "Open" (another tab, or before the first answer)
 * waits for the first instead of interleaving two prompts in the terminal.
 */
function oneAtATime(): <T>(dialog: () => Promise<T>) => Promise<T> {
  let previous: Promise<unknown> = Promise.resolve();
  return (dialog) => {
    const next = previous.then(dialog, dialog);
    previous = next.catch(() => undefined);
    return next;
  };
}

export function createTerminalDialogs(): DialogPort {
  const interactive = Boolean(process.stdin.isTTY);
  const queue = oneAtATime();
  return {
    pickFiles: () =>
      queue(async () => {
        if (!interactive) {
          const listed = process.env.MAIEUTIC_PICK_FILES?.split(delimiter).filter(Boolean) ?? [];
          return listed.length > 0 ? listed.map(toPath) : null;
        }
        console.log('\n[Open files] One path per line; an empty line finishes.');
        const paths: string[] = [];
        for (let line = await ask('  file: '); line.trim() !== ''; line = await ask('  file: ')) paths.push(toPath(line));
        return paths.length > 0 ? paths : null;
      }),
    pickFolder: () =>
      queue(async () => {
        if (!interactive) return process.env.MAIEUTIC_PICK_FOLDER ? toPath(process.env.MAIEUTIC_PICK_FOLDER) : null;
        const answer = await ask('\n[Open folder] Folder path (empty cancels): ');
        return answer.trim() === '' ? null : toPath(answer);
      }),
    pickCodebook: () =>
      queue(async () => {
        if (!interactive) return process.env.MAIEUTIC_PICK_CODEBOOK ? toPath(process.env.MAIEUTIC_PICK_CODEBOOK) : null;
        const answer = await ask('\n[Import codebook] Path of the codebook .json (empty cancels): ');
        return answer.trim() === '' ? null : toPath(answer);
      }),
    pickSavePath: (defaultName: string, kind: SaveExportArgs['kind']) =>
      queue(async () => {
        const proposed = join(resolve(process.env.MAIEUTIC_EXPORT_DIR ?? process.cwd()), defaultName);
        if (!interactive) return process.env.MAIEUTIC_EXPORT_DIR ? proposed : null;
        const answer = await ask(`\n[Export ${kind}] Save as ${proposed}? Enter accepts, or type a path; "-" cancels: `);
        if (answer.trim() === '-') return null;
        return answer.trim() === '' ? proposed : toPath(answer);
      }),
  };
}
