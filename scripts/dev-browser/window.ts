/**
 * `npm run dev:browser`: the built renderer in a Chromium window driven by Playwright, with
 * `window.api` from the Playwright bridge (tests/support/bridge.ts) over the same handlers.
 * The page is served at 127.0.0.1:<port>, the port this profile keeps its data at
 * (port-record.ts), from a Chromium profile inside the data folder. Closing the window stops it;
 * so do Ctrl+C and SIGTERM, after the page's close handshake (its queued writes stored).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { InvokeHandlers } from '../../shared/ipc/contract';
import type { JobEvent } from '../../shared/jobs';
import { RENDERER_OUT_DIR } from '../../tests/support/repo-paths';
import { findPortHolder, portTakenMessage } from './port-holder';
import { choosePort, portChangeNote, recordPort, PORT_RECORD_FILE } from './port-record';

/** dev:browser's port when its profile has none recorded: beside dev:serve's 41730, so both can run */
export const DEFAULT_WINDOW_PORT = 41731;

export interface WindowOptions {
  handlers: InvokeHandlers;
  chromiumPath: string;
  dataDir: string;
  profileDir: string;
  askedPort?: number;
  headless: boolean;
  remoteDebuggingPort?: number;
  /** set once the page is open: where job events go */
  deliverTo(deliver: (event: JobEvent) => void): void;
  /** resolves when the process is asked to stop (Ctrl+C, SIGTERM) */
  stopRequested: Promise<void>;
}

/** The DevTools address Chromium wrote into its profile (`--remote-debugging-port`), once it is there. */
async function devToolsAddress(profileDir: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const text = await readFile(join(profileDir, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const port = Number(text.split('\n')[0]);
    if (Number.isInteger(port) && port > 0) return `http://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Chromium did not say where DevTools listens (${join(profileDir, 'DevToolsActivePort')}).`);
}

export async function runWindow(options: WindowOptions): Promise<void> {
  if (!existsSync(options.chromiumPath)) throw new Error(`No Chromium at ${options.chromiumPath}; install it (apt-get install chromium), set CHROMIUM_PATH, or use npm run dev:serve with any browser.`);
  // Loaded here: Playwright takes seconds to import, and dev:serve does not need it.
  const [{ chromium }, { default: playwrightConfig }, { installApi, emitEvent, requestClose }, { startStaticServer }] = await Promise.all([
    import('playwright-core'),
    import('../../playwright.config'),
    import('../../tests/support/bridge'),
    import('../../tests/support/static-server'),
  ]);
  const recordFile = join(options.profileDir, PORT_RECORD_FILE);
  const choice = await choosePort(recordFile, options.askedPort, DEFAULT_WINDOW_PORT);
  const server = await startStaticServer(RENDERER_OUT_DIR, { port: choice.port }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new Error(portTakenMessage(choice.port, await findPortHolder(choice.port), 'This profile'));
    throw error;
  });
  try {
    await recordPort(recordFile, choice.port);
    const note = portChangeNote(choice);
    if (note) console.log(note);
    const context = await chromium.launchPersistentContext(options.profileDir, {
      executablePath: options.chromiumPath,
      headless: options.headless,
      viewport: options.headless ? { width: 1280, height: 820 } : null,
      args: [
        ...(playwrightConfig.use?.launchOptions?.args ?? []),
        ...(options.headless ? [] : ['--start-maximized']),
        ...(options.remoteDebuggingPort === undefined ? [] : [`--remote-debugging-port=${options.remoteDebuggingPort}`]),
      ],
      // a stop goes through the page's close handshake below, not a killed browser
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const closed = new Promise<void>((resolveClosed) => context.on('close', () => resolveClosed()));
    await installApi(context, options.handlers);
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.error(`[console.${message.type()}] ${message.text()}`);
    });
    options.deliverTo((event) => void emitEvent(page, 'jobs.event', event).catch(() => undefined));
    await page.goto(server.url);
    console.log(`Maieutic is open in Chromium (${server.url}); data folder: ${options.dataDir}. Close the window (or press Ctrl+C) to stop.`);
    if (options.remoteDebuggingPort !== undefined) console.log(`DevTools at ${await devToolsAddress(options.profileDir)} (anyone on this machine who reaches it controls this browser).`);
    const stop = await Promise.race([closed.then(() => 'closed' as const), options.stopRequested.then(() => 'stop' as const)]);
    if (stop === 'stop') {
      const verdict = await requestClose(page).catch((error: unknown) => ({ outcome: 'failed' as const, error: String(error) }));
      if (verdict.outcome === 'failed') console.error(`The page could not store everything before closing: ${verdict.error}`);
      if (verdict.outcome === 'timed-out') console.error('The page did not answer the close request in time; closing anyway.');
      await context.close();
    }
  } finally {
    await server.close();
  }
}
