/**
 * Electron entry: app lifecycle and window creation only. Everything testable lives in the
 * plain modules it wires together (ipc/, lifecycle/, services/, menu.ts, window-security.ts, …).
 */
import { join, resolve } from 'node:path';
import { BrowserWindow, Menu, app, dialog, ipcMain, protocol, safeStorage, session, shell } from 'electron';
import type { LlmServices } from '../services/llm/llm-services';
import { EncryptedFileSecretStore } from '../services/secrets/encrypted-file-store';
import { createCloseAnywayPrompt, createWaitOrClosePrompt } from './lifecycle/close-dialog';
import { createElectronDialogs } from './electron-dialogs';
import { sendEvent } from './events';
import { registerIpc } from './ipc/register';
import { buildMenuTemplate, menuLocaleFor } from './menu';
import { serveRendererFile } from './renderer-files';
import { createQuitCoordinator, createWindowCloseFlow, type WindowCloseFlow } from './lifecycle/close-flow';
import { createCloseGuard } from './lifecycle/close-guard';
import { APP_NAME } from './ipc/app-handlers';
import { createMainServices, keyFilePath } from './main-services';
import { createUnsavedWorkTracker } from './lifecycle/unsaved-work';
import { appLocationOf, isAppUrl, isPermissionAllowed, secureWebContents } from './window-security';

/**
 * The built renderer is served from app://maieutic/ rather than file://: a standard, secure
 * scheme gives it a real origin (IndexedDB, module scripts, CSP 'self') and lets every response
 * carry the Content-Security-Policy header.
 */
const APP_SCHEME = 'app';
const APP_URL = `${APP_SCHEME}://maieutic/index.html`;

const outDir = resolve(import.meta.dirname, '..');
const rendererDir = join(outDir, 'renderer');
const preloadPath = join(outDir, 'preload', 'index.cjs');
// Packaged, electron-builder copies resources/{codebooks,sample} next to app.asar.
const resourcesDir = app.isPackaged ? process.resourcesPath : resolve(outDir, '..', 'resources');
const devServerUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || undefined;
const rendererLocation = appLocationOf(devServerUrl ?? APP_URL);

// Tests and side-by-side profiles point the app at their own data folder; must precede `ready`
// (and the single-instance lock, which lives in that folder).
if (process.env.MAIEUTIC_USER_DATA_DIR) app.setPath('userData', resolve(process.env.MAIEUTIC_USER_DATA_DIR));

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
]);

let mainWindow: BrowserWindow | null = null;
let llm: LlmServices | null = null;
let llmShutDown = false;

/** One close guard for every window: request ids are unique, so answers find their window. */
const closeGuard = createCloseGuard();
/** What the (one) window last said it has queued and not stored: asked about when it does not answer the handshake. */
const unsavedWork = createUnsavedWorkTracker();
const closeFlows = new Map<BrowserWindow, WindowCloseFlow>();
const quitCoordinator = createQuitCoordinator({
  platform: process.platform,
  windows: () => [...closeFlows].map(([window, flow]) => ({ flow, close: () => window.close() })),
  quit: () => app.quit(),
});

// Two instances would fight over the same IndexedDB files; the second one hands over and quits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    secureWebContents(contents, { app: rendererLocation, openExternal: (url) => void shell.openExternal(url) });
  });
  // Quitting first closes every window through its close handshake, so queued review writes land.
  app.on('before-quit', (event) => quitCoordinator.onBeforeQuit(event));
  // Then running jobs are interrupted (their calls in flight aborted) and every journal is flushed,
  // so the next start shows them as interrupted and resumable; nothing finished is asked again.
  app.on('will-quit', (event) => {
    if (!llm || llmShutDown) return;
    event.preventDefault();
    void llm.shutdown().finally(() => {
      llmShutDown = true;
      app.quit();
    });
  });
  app.on('window-all-closed', () => quitCoordinator.onAllWindowsClosed());
  app.whenReady().then(start).catch((error: unknown) => {
    dialog.showErrorBox(APP_NAME, `The app could not start: ${String(error)}`);
    app.exit(1);
  });
}

function start(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== rendererLocation.host) return new Response('Not found', { status: 404 });
    const file = await serveRendererFile(rendererDir, url.pathname);
    return new Response(file.body, { status: file.status, headers: file.headers });
  });

  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(isPermissionAllowed(permission));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));

  const locale = menuLocaleFor(app.getLocale());
  const userData = app.getPath('userData');
  // Everything main writes goes under userData, private to the user (main-services.ts); API keys
  // are encrypted with the OS keyring through safeStorage, in main only (secrets/).
  const services = createMainServices({
    dataDir: userData,
    secrets: new EncryptedFileSecretStore(keyFilePath(userData), safeStorage, process.platform),
    emit: (event) => sendEvent(mainWindow?.webContents, 'jobs.event', event),
    host: 'electron',
    version: app.getVersion(),
    platform: process.platform,
    resourcesDir,
    dialogs: createElectronDialogs({
      dialog,
      parentWindow: () => mainWindow,
      defaultDirectory: app.getPath('documents'),
      locale,
    }),
    closeGuard,
    unsavedWork,
  });
  llm = services.llm;
  registerIpc(ipcMain, services.handlers, (frameUrl) => isAppUrl(frameUrl, rendererLocation));

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        appName: APP_NAME,
        platform: process.platform,
        locale,
        isDevelopment: !app.isPackaged,
        onCommand: (command) => sendEvent(mainWindow?.webContents, 'menu.command', { command }),
      }),
    ),
  );

  const prompts: ClosePrompts = {
    closeAnyway: createCloseAnywayPrompt({ dialog, locale }),
    waitOrClose: createWaitOrClosePrompt({ dialog, locale }),
  };
  createMainWindow(prompts);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(prompts);
  });
}

interface ClosePrompts {
  closeAnyway: ReturnType<typeof createCloseAnywayPrompt>;
  waitOrClose: ReturnType<typeof createWaitOrClosePrompt>;
}

function createMainWindow(prompts: ClosePrompts): void {
  const window = new BrowserWindow({
    title: APP_NAME,
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  mainWindow = window;
  window.once('ready-to-show', () => window.show());
  guardWindowClose(window, prompts);
  window.on('closed', () => {
    closeFlows.delete(window);
    if (mainWindow === window) mainWindow = null;
  });
  void window.loadURL(devServerUrl ?? APP_URL);
}

/**
 * The first close of the window waits until the renderer has committed its drafts and stored
 * its queued writes (or says it could not, and the user chooses); see lifecycle/close-flow.ts.
 */
function guardWindowClose(window: BrowserWindow, prompts: ClosePrompts): void {
  const contents = window.webContents;
  let rendererGone = false;
  contents.on('render-process-gone', () => {
    rendererGone = true;
  });
  contents.on('did-finish-load', () => {
    rendererGone = false;
  });
  const flow = createWindowCloseFlow({
    guard: closeGuard,
    notifyRenderer: (request) => {
      if (contents.isDestroyed() || rendererGone) throw new Error('the page is no longer running');
      sendEvent(contents, 'app.beforeClose', request);
    },
    confirmCloseAnyway: (error) => prompts.closeAnyway(window, error),
    unsavedWork: () => unsavedWork.last(),
    confirmWaitOrClose: (pendingWrites) => prompts.waitOrClose(window, pendingWrites),
    closeWindow: () => {
      if (!window.isDestroyed()) window.close();
    },
    onStay: () => quitCoordinator.onStay(),
    log: (message) => console.warn(message),
  });
  closeFlows.set(window, flow);
  window.on('close', (event) => flow.onClose(event));
  // Once the handshake (or the user) allowed the close, a beforeunload the page still raises
  // would cancel it silently; the decision has been made, so the unload goes ahead.
  contents.on('will-prevent-unload', (event) => {
    if (flow.state() === 'closing') event.preventDefault();
  });
}
