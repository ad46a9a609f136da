/**
 * `npm run dev:browser`: the built renderer in a visible Chromium window, with `window.api`
 * backed by the real main-process handlers through the test bridge. For machines without an
 * Electron binary. Runs until the window is closed.
 *
 * There are no native dialogs in a browser, so "Open files", "Open folder" and "Export" ask in
 * this terminal:
 *   - open files:  one path per line, an empty line to finish (no path = cancel)
 *   - open folder: one path (empty = cancel)
 *   - export:      Enter accepts the proposed path, or type another; "-" cancels
 * Paths may be relative to the current directory, start with ~, or be pasted in quotes.
 * Without a terminal (stdin not a TTY) the answers come from MAIEUTIC_PICK_FILES (paths
 * separated by the platform's path delimiter, ':' or ';'), MAIEUTIC_PICK_FOLDER and
 * MAIEUTIC_EXPORT_DIR; unset means cancel.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium); MAIEUTIC_USER_DATA_DIR for the
 * browser profile (default <tmp>/maieutic-dev-browser, kept between runs so reviews persist).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { chromium } from 'playwright-core';
import playwrightConfig from '../playwright.config';
import type { SaveExportArgs } from '../shared/ipc/contract';
import { type DialogPort, createHandlers } from '../electron/main/services/handlers';
import { installApi } from '../tests/support/bridge';
import { RENDERER_OUT_DIR, RESOURCES_DIR, REPO_ROOT } from '../tests/support/repo-paths';
import { startStaticServer } from '../tests/support/static-server';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const userDataDir = resolve(process.env.MAIEUTIC_USER_DATA_DIR ?? join(tmpdir(), 'maieutic-dev-browser'));
const interactive = Boolean(process.stdin.isTTY);

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

const terminalDialogs: DialogPort = {
  async pickFiles() {
    if (!interactive) {
      const listed = process.env.MAIEUTIC_PICK_FILES?.split(delimiter).filter(Boolean) ?? [];
      return listed.length > 0 ? listed.map(toPath) : null;
    }
    console.log('\n[Open files] One path per line; an empty line finishes.');
    const paths: string[] = [];
    for (let line = await ask('  file: '); line.trim() !== ''; line = await ask('  file: ')) paths.push(toPath(line));
    return paths.length > 0 ? paths : null;
  },
  async pickFolder() {
    if (!interactive) return process.env.MAIEUTIC_PICK_FOLDER ? toPath(process.env.MAIEUTIC_PICK_FOLDER) : null;
    const answer = await ask('\n[Open folder] Folder path (empty cancels): ');
    return answer.trim() === '' ? null : toPath(answer);
  },
  async pickSavePath(defaultName: string, kind: SaveExportArgs['kind']) {
    const proposed = join(resolve(process.env.MAIEUTIC_EXPORT_DIR ?? process.cwd()), defaultName);
    if (!interactive) return process.env.MAIEUTIC_EXPORT_DIR ? proposed : null;
    const answer = await ask(`\n[Export ${kind}] Save as ${proposed}? Enter accepts, or type a path; "-" cancels: `);
    if (answer.trim() === '-') return null;
    return answer.trim() === '' ? proposed : toPath(answer);
  },
};

async function main(): Promise<void> {
  if (!existsSync(join(RENDERER_OUT_DIR, 'index.html'))) {
    throw new Error(`No built renderer at ${RENDERER_OUT_DIR}; run \`npx electron-vite build\` (npm run dev:browser does).`);
  }
  if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath}; install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error('No display (DISPLAY/WAYLAND_DISPLAY unset): dev:browser opens a visible window. Use the e2e tests for headless runs.');
  }

  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const handlers = createHandlers({ host: 'browser', version, platform: process.platform, resourcesDir: RESOURCES_DIR, dialogs: terminalDialogs });
  const server = await startStaticServer(RENDERER_OUT_DIR);
  await mkdir(userDataDir, { recursive: true });

  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: false,
    viewport: null,
    args: [...(playwrightConfig.use?.launchOptions?.args ?? []), '--start-maximized'],
  });
  await installApi(context, handlers);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.error(`[console.${message.type()}] ${message.text()}`);
  });
  await page.goto(server.url);
  console.log(`Maieutic is open in Chromium (${server.url}); browser profile: ${userDataDir}. Close the window to stop.`);

  await new Promise<void>((resolveClosed) => context.on('close', () => resolveClosed()));
  await server.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
