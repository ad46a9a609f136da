/**
 * The built app without Electron, backed by the real main-process handlers.
 *
 *   npm run dev:browser   a Chromium window driven by Playwright, with `window.api` from the
 *                         Playwright bridge (scripts/dev-browser/window.ts); runs until the
 *                         window is closed, or Ctrl+C.
 *   npm run dev:serve     (= dev:browser -- --serve) no window: serves the app on 127.0.0.1 for
 *                         any browser on this machine (scripts/dev-browser/serve.ts), until
 *                         Ctrl+C. Chosen automatically when there is no display (and no --headless).
 *
 * Options:
 *   --port N      (or MAIEUTIC_PORT) the port to serve at. The browser keeps the app's data per
 *                 origin, port included, so each profile keeps its port (a small file,
 *                 port-record.ts) and uses it at every start: dev:browser's default is 41731,
 *                 dev:serve's 41730. --port changes it; a port that is taken is refused, never
 *                 swapped for another silently.
 *   --headless    (or MAIEUTIC_HEADLESS=1) dev:browser without a visible window: for tests, and
 *                 with --remote-debugging-port for a test to drive it.
 *   --remote-debugging-port N   dev:browser's Chromium takes DevTools connections on this
 *                 loopback port (0: any; the address is printed). Anyone on this machine who
 *                 reaches it controls that browser: for tests only.
 *
 * Everything main writes (connections, cached answers, job journals, backups) and dev:browser's
 * Chromium profile (<data>/browser-profile) live in one data folder, private to the user (0700,
 * files 0600): MAIEUTIC_USER_DATA_DIR, or the per-user default (scripts/dev-browser/data-dir.ts:
 * ~/.local/share/maieutic on Linux). One host at a time per folder (host-lock.ts). With dev:serve
 * the reviews live in the browser you open the app in, for http://127.0.0.1:<port>. API keys are
 * kept in memory only (there is no OS keyring without Electron): set them again after a restart.
 *
 * "Open files", "Open folder" and "Export" ask in this terminal (terminal-dialogs.ts).
 * CHROMIUM_PATH names dev:browser's Chromium (default /usr/bin/chromium).
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobEvent } from '../shared/jobs';
import { createMainServices } from '../electron/main/main-services';
import { MemorySecretStore } from '../electron/services/secrets/secret-store';
import { RENDERER_OUT_DIR, RESOURCES_DIR, REPO_ROOT } from '../tests/support/repo-paths';
import { BROWSER_PROFILE_FOLDER, hostDataDir, legacyDataNote, prepareDataDir } from './dev-browser/data-dir';
import { acquireHostLock } from './dev-browser/host-lock';
import { parseOptions } from './dev-browser/options';
import { runServer } from './dev-browser/serve';
import { createTerminalDialogs } from './dev-browser/terminal-dialogs';
import { runWindow } from './dev-browser/window';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const hasDisplay = () => process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (!existsSync(join(RENDERER_OUT_DIR, 'index.html'))) {
    throw new Error(`No built renderer at ${RENDERER_OUT_DIR}; run \`npx electron-vite build\` (npm run dev:browser and dev:serve do).`);
  }
  const serve = options.serve || (!options.headless && !hasDisplay());
  if (serve && !options.serve) console.log('No display here (DISPLAY and WAYLAND_DISPLAY are unset), so no Chromium window: serving the app for a browser instead (npm run dev:serve).\n');

  const dataDir = hostDataDir(process.env, process.platform, homedir());
  for (const note of [await prepareDataDir(dataDir), await legacyDataNote(tmpdir(), dataDir)]) if (note) console.log(note);
  const lock = await acquireHostLock(dataDir, serve ? 'dev:serve' : 'dev:browser');
  process.once('exit', () => lock.release());
  const stopRequested = new Promise<void>((resolveStop) => {
    process.once('SIGINT', () => resolveStop());
    process.once('SIGTERM', () => resolveStop());
  });

  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  // where job events go: the page (dev:browser) or the open tabs' event streams (dev:serve), once there is one
  let deliver: ((event: JobEvent) => void) | null = null;
  const services = createMainServices({
    dataDir,
    secrets: new MemorySecretStore(),
    emit: (event) => deliver?.(event),
    host: 'browser',
    version,
    platform: process.platform,
    resourcesDir: RESOURCES_DIR,
    dialogs: createTerminalDialogs(),
  });
  const deliverTo = (to: (event: JobEvent) => void) => {
    deliver = to;
  };
  try {
    if (serve) await runServer({ handlers: services.handlers, dataDir, askedPort: options.port, deliverTo, stopRequested });
    else await runWindow({ handlers: services.handlers, chromiumPath, dataDir, profileDir: join(dataDir, BROWSER_PROFILE_FOLDER), askedPort: options.port, headless: options.headless, remoteDebuggingPort: options.remoteDebuggingPort, deliverTo, stopRequested });
  } finally {
    // running jobs are interrupted and every journal flushed: the next start resumes them
    await services.llm.shutdown();
    lock.release();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
