/**
 * The built app without Electron, backed by the real main-process handlers.
 *
 *   npm run dev:browser   a Chromium window driven by Playwright, with `window.api` from the
 *                         test bridge; runs until the window is closed.
 *   npm run dev:serve     (= dev:browser -- --serve) no window: serves the app on 127.0.0.1 for
 *                         any browser on this machine (scripts/dev-browser/app-server.ts), until
 *                         Ctrl+C. Chosen automatically when there is no display.
 *                         --port N (or MAIEUTIC_PORT) instead of 41730.
 *
 * "Open files", "Open folder" and "Export" ask in this terminal (terminal-dialogs.ts).
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium); MAIEUTIC_USER_DATA_DIR for the
 * browser profile of dev:browser (default <tmp>/maieutic-dev-browser, kept between runs so
 * reviews persist). With dev:serve the reviews live in the browser you open the app in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { InvokeHandlers } from '../shared/ipc/contract';
import type { JobEvent } from '../shared/jobs';
import { llmHandlerDeps } from '../electron/services/llm/llm-services';
import { testLlmServices } from '../tests/support/llm-services';
import { createHandlers } from '../electron/main/ipc/handlers';
import { BackupStore } from '../electron/services/backups/backup-store';
import { RENDERER_OUT_DIR, RESOURCES_DIR, REPO_ROOT } from '../tests/support/repo-paths';
import { startStaticServer } from '../tests/support/static-server';
import { DEFAULT_PORT, startAppServer } from './dev-browser/app-server';
import { createTerminalDialogs } from './dev-browser/terminal-dialogs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const userDataDir = resolve(process.env.MAIEUTIC_USER_DATA_DIR ?? join(tmpdir(), 'maieutic-dev-browser'));

interface Options {
  serve: boolean;
  port: number;
}

function parseOptions(argv: readonly string[]): Options {
  let serve = false;
  let portText = process.env.MAIEUTIC_PORT;
  for (let at = 0; at < argv.length; at++) {
    const arg = argv[at];
    if (arg === '--serve') serve = true;
    else if (arg === '--port') portText = argv[++at];
    else if (arg.startsWith('--port=')) portText = arg.slice('--port='.length);
    else throw new Error(`Unknown argument ${arg}; dev:browser takes --serve and --port N.`);
  }
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port needs a port number from 1 to 65535 (got "${portText}").`);
  return { serve, port };
}

/**
 * Where job events go: the Chromium window's page once it is open (emitEvent, as the e2e bridge
 * does). dev:serve answers HTTP calls only and has no way to push, so there the Jobs panel sees
 * a job's state through jobs.list alone.
 */
let deliverJobEvent: ((event: JobEvent) => void) | null = null;
const broadcastJobEvent = (event: JobEvent) => deliverJobEvent?.(event);

const hasDisplay = () => process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

async function openWindow(handlers: InvokeHandlers): Promise<void> {
  // Loaded here: Playwright takes seconds to import, and dev:serve does not need it.
  const [{ chromium }, { default: playwrightConfig }, { installApi, emitEvent }] = await Promise.all([import('playwright-core'), import('../playwright.config'), import('../tests/support/bridge')]);
  if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath}; install it (apt-get install chromium), set CHROMIUM_PATH, or use npm run dev:serve with any browser.`);
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
  deliverJobEvent = (event) => void emitEvent(page, 'jobs.event', event).catch(() => undefined);
  await page.goto(server.url);
  console.log(`Maieutic is open in Chromium (${server.url}); browser profile: ${userDataDir}. Close the window to stop.`);
  await new Promise<void>((resolveClosed) => context.on('close', () => resolveClosed()));
  await server.close();
}

async function serve(handlers: InvokeHandlers, port: number): Promise<void> {
  const server = await startAppServer({ rootDir: RENDERER_OUT_DIR, handlers, port }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new Error(`Port ${port} is in use (another dev:serve?). Stop it, or choose another port with --port N (the browser keeps the app's data per port).`);
    throw error;
  });
  console.log(`Maieutic is served at ${server.url}

  Open that address in a browser on this machine. The address is the key: without it the server
  answers nothing, so keep it to yourself. It changes at every start; your reviews do not, as long
  as the port stays ${server.port}: they are stored in the browser, for ${server.origin}.
  From another computer: ssh -L ${server.port}:127.0.0.1:${server.port} <this machine>, then open the same address there.
  "Open files", "Open folder" and "Export" ask for paths in this terminal. Ctrl+C stops the server.`);
  await new Promise<void>((resolveStopped) => {
    const stop = () => resolveStopped();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!existsSync(join(RENDERER_OUT_DIR, 'index.html'))) {
    throw new Error(`No built renderer at ${RENDERER_OUT_DIR}; run \`npx electron-vite build\` (npm run dev:browser and dev:serve do).`);
  }
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  // the browser host keeps keys in memory only (no safeStorage outside Electron); jobs and cache live in a data folder of its own
  const llm = testLlmServices(join(tmpdir(), 'maieutic-dev-browser'), (event) => broadcastJobEvent(event));
  const handlers = createHandlers({ host: 'browser', version, platform: process.platform, resourcesDir: RESOURCES_DIR, dialogs: createTerminalDialogs(), backups: new BackupStore(join(tmpdir(), 'maieutic-dev-browser', 'backups')), ...llmHandlerDeps(llm) });
  if (options.serve) return serve(handlers, options.port);
  if (!hasDisplay()) {
    console.log('No display here (DISPLAY and WAYLAND_DISPLAY are unset), so no Chromium window: serving the app for a browser instead (npm run dev:serve).\n');
    return serve(handlers, options.port);
  }
  return openWindow(handlers);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
