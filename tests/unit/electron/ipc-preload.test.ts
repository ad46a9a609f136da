/**
 * The Electron side of the contract without Electron: `electron` is replaced by an in-memory
 * ipcMain/ipcRenderer pair, the real preload (electron/preload/index.ts) is loaded, and calls go
 * from `window.api` through registerIpc to the real handlers and back.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import type { IpcMain } from 'electron';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS, type RendererApi } from '../../../shared/ipc/contract';
import { registerIpc } from '../../../electron/main/ipc/register';
import { sendEvent } from '../../../electron/main/events';
import { createCloseGuard, type CloseGuard } from '../../../electron/main/lifecycle/close-guard';
import { createHandlers } from '../../../electron/main/ipc/handlers';
import { createFakeDialogs } from '../../support/fake-dialogs';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { testLlmHandlerDeps } from '../../support/llm-services';

type MainHandler = (event: { senderFrame: { url: string } | null; sender: unknown }, ...args: unknown[]) => unknown;

const fakeElectron = vi.hoisted(() => {
  const mainHandlers = new Map<string, MainHandler>();
  const rendererListeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const exposed: Record<string, unknown> = {};
  /** what webUtils.getPathForFile answers: a path for Files the test "dropped" from disk */
  const filePaths = new WeakMap<object, string>();
  const senderEvent = { senderFrame: { url: 'app://maieutic/index.html' } as { url: string } | null, sender: { id: 1 } };

  /**
   * Mimics Electron: arguments and results are structured-cloned, and a handler's error reaches
   * the renderer as "Error invoking remote method '<channel>': Error: <message>".
   */
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      const handler = mainHandlers.get(channel);
      if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
      try {
        return structuredClone(await handler(senderEvent, ...structuredClone(args)));
      } catch (error) {
        throw new Error(`Error invoking remote method '${channel}': Error: ${(error as Error).message}`);
      }
    },
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      const set = rendererListeners.get(channel) ?? new Set();
      rendererListeners.set(channel, set);
      set.add(listener);
      return ipcRenderer;
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
      rendererListeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  const webContents = {
    isDestroyed: () => false,
    send: (channel: string, ...args: unknown[]) => {
      for (const listener of rendererListeners.get(channel) ?? []) listener({ sender: ipcRenderer, senderId: 0 }, ...structuredClone(args));
    },
  };
  return {
    mainHandlers,
    rendererListeners,
    exposed,
    filePaths,
    senderEvent,
    webContents,
    module: {
      ipcRenderer,
      ipcMain: {
        handle: (channel: string, handler: MainHandler) => {
          if (mainHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
          mainHandlers.set(channel, handler);
        },
      },
      webUtils: {
        getPathForFile: (file: object) => filePaths.get(file) ?? '',
      },
      contextBridge: {
        exposeInMainWorld: (key: string, value: unknown) => {
          exposed[key] = value;
        },
      },
    },
  };
});

vi.mock('electron', () => fakeElectron.module);

let temp: TempDir;
let api: RendererApi;
let closeGuard: CloseGuard;
const dialogs = createFakeDialogs();

beforeEach(async () => {
  temp = await makeTempDir();
  fakeElectron.mainHandlers.clear();
  fakeElectron.rendererListeners.clear();
  fakeElectron.senderEvent.senderFrame = { url: 'app://maieutic/index.html' };
  vi.resetModules();
  await import('../../../electron/preload/index');
  api = fakeElectron.exposed.api as RendererApi;
  closeGuard = createCloseGuard({ timeoutMs: 5_000 });
  const handlers = createHandlers({ host: 'electron', version: '1.2.3', platform: 'linux', resourcesDir: temp.path, dialogs, closeGuard, ...testLlmHandlerDeps(temp.path) });
  // The fake's event carries only what registerIpc reads (senderFrame), hence the cast.
  registerIpc(fakeElectron.module.ipcMain as unknown as Pick<IpcMain, 'handle'>, handlers, (url) => url.startsWith('app://maieutic/'));
});
afterEach(async () => {
  await temp.remove();
});

describe('registerIpc', () => {
  it('registers exactly the contract channels', () => {
    expect([...fakeElectron.mainHandlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('refuses calls from frames that are not the app', async () => {
    fakeElectron.senderEvent.senderFrame = { url: 'https://evil.example/' };
    await expect(api.invoke('app.info', {})).rejects.toThrow('app.info: refused a call from https://evil.example/');
    fakeElectron.senderEvent.senderFrame = null;
    await expect(api.invoke('app.info', {})).rejects.toThrow('app.info: refused a call from an unknown frame');
  });
});

describe('preload window.api', () => {
  it('exposes only invoke, on and readDroppedFiles', () => {
    expect(Object.keys(fakeElectron.exposed)).toEqual(['api']);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'readDroppedFiles']);
  });

  it('reads dropped files in main by their paths on disk, with the pickers\' checks, and names a File with no path', async () => {
    await mkdir(join(temp.path, 'GPT-4o'));
    await writeFile(join(temp.path, 'GPT-4o', 't.jsonl'), '{"x":1}\n');
    await writeFile(join(temp.path, 'secret.jsonl'), '{"secret":1}\n');
    await symlink(join(temp.path, 'secret.jsonl'), join(temp.path, 'GPT-4o', 'out.jsonl'));
    const dropped = (path: string, name: string) => {
      const file = new File([], name);
      fakeElectron.filePaths.set(file, path);
      return file;
    };
    const result = await api.readDroppedFiles?.([dropped(join(temp.path, 'GPT-4o'), 'GPT-4o'), new File(['{}'], 'from-a-browser.jsonl')]);
    expect(result).toEqual({
      files: [{ name: 'GPT-4o/t.jsonl', text: '{"x":1}\n' }],
      skipped: [
        { name: 'from-a-browser.jsonl', code: 'not-on-disk', reason: expect.stringContaining('not a file on disk') },
        { name: 'GPT-4o/out.jsonl', code: 'link-outside-folder', reason: 'link to a file outside the chosen folder (not followed)' },
      ],
    });
  });

  it('refuses files.readDropped through invoke: the renderer cannot name paths for main to read', async () => {
    await expect(api.invoke('files.readDropped', { paths: ['/etc/passwd'] })).rejects.toThrow('Unknown IPC channel "files.readDropped"');
  });

  it('round-trips a call to the real handlers', async () => {
    expect(await api.invoke('app.info', {})).toEqual({ name: 'Maieutic', version: '1.2.3', host: 'electron', platform: 'linux' });
  });

  it('round-trips a folder import through the dialog port', async () => {
    await mkdir(join(temp.path, 'GPT-4o'));
    await writeFile(join(temp.path, 'GPT-4o', 't.jsonl'), '{"x":1}\n');
    dialogs.nextFolder(join(temp.path, 'GPT-4o'));
    expect(await api.invoke('files.openImport', { mode: 'folder' })).toEqual({
      canceled: false,
      files: [{ name: 'GPT-4o/t.jsonl', text: '{"x":1}\n' }],
      skipped: [],
    });
  });

  it("gives the handler's own error message, without Electron's remote-method prefix", async () => {
    const bad = { mode: 'disk' } as unknown as { mode: 'files' };
    await expect(api.invoke('files.openImport', bad)).rejects.toThrow(
      /^files\.openImport: "mode" must be one of files, folder, got "disk"$/,
    );
  });

  it('refuses channels outside the contract without reaching main', async () => {
    const invoke = api.invoke as (channel: string, arg: unknown) => Promise<unknown>;
    await expect(invoke('fs.readFile', { path: '/etc/passwd' })).rejects.toThrow('Unknown IPC channel "fs.readFile"');
  });

  it('delivers events without the Electron event object, and unsubscribes', () => {
    const received: unknown[][] = [];
    const unsubscribe = api.on('menu.command', (...args: unknown[]) => received.push(args));

    sendEvent(fakeElectron.webContents, 'menu.command', { command: 'open-sample' });
    unsubscribe();
    sendEvent(fakeElectron.webContents, 'menu.command', { command: 'export' });

    expect(received).toEqual([[{ command: 'open-sample' }]]);
    expect(fakeElectron.rendererListeners.get('menu.command')?.size).toBe(0);
  });

  it('carries the close handshake: main asks through app.beforeClose, the answer comes back through app.readyToClose', async () => {
    const answers: unknown[] = [];
    const unsubscribe = api.on('app.beforeClose', ({ requestId }) => {
      void api.invoke('app.readyToClose', { requestId, flushed: false, error: 'disk full' }).then((result) => answers.push(result));
    });

    const verdict = await closeGuard.request((request) => sendEvent(fakeElectron.webContents, 'app.beforeClose', request));

    expect(verdict).toEqual({ outcome: 'failed', error: 'disk full' });
    await vi.waitFor(() => expect(answers).toEqual([{ accepted: true }]));
    unsubscribe();
  });

  it('tells a late or stray close answer that nobody waits for it', async () => {
    expect(await api.invoke('app.readyToClose', { requestId: 'close-from-yesterday', flushed: true })).toEqual({ accepted: false });
    await expect(api.invoke('app.readyToClose', { requestId: 'x' } as never)).rejects.toThrow(
      /^app\.readyToClose: "flushed" must be true or false, got undefined$/,
    );
  });

  it('refuses to listen to events outside the contract', () => {
    const on = api.on as (channel: string, listener: () => void) => () => void;
    expect(() => on('jobs.secret', () => undefined)).toThrow('Unknown event channel "jobs.secret"');
    expect(fakeElectron.rendererListeners.size).toBe(0);
  });
});
