/**
 * The Playwright bridge (tests/support/bridge.ts) must give a page the same `window.api` the
 * preload gives Electron: same shape, same refusals, same error text, events without the
 * Electron event. ipc-preload.test.ts asserts the same texts on the preload side. Runs in the
 * Debian Chromium the e2e tests use.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RendererApi } from '../../../shared/ipc/contract';
import { createHandlers } from '../../../electron/main/ipc/handlers';
import { emitEvent, installApi, requestClose } from '../../support/bridge';
import { createFakeDialogs } from '../../support/fake-dialogs';
import { startStaticServer, type StaticServer } from '../../support/static-server';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { testLlmHandlerDeps } from '../../support/llm-services';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare global {
  interface Window {
    api: RendererApi;
    received?: unknown[][];
    unsubscribe?: () => void;
  }
}

describe.skipIf(!existsSync(chromiumPath))(`test bridge in Chromium (${chromiumPath})`, () => {
  let browser: Browser;
  let site: TempDir;
  let server: StaticServer;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
    site = await makeTempDir();
    await writeFile(join(site.path, 'index.html'), '<!doctype html><html><body><script type="module" src="/boot.js"></script></body></html>');
    await writeFile(join(site.path, 'boot.js'), 'document.documentElement.dataset.appState = "ready";');
    await writeFile(join(site.path, 'inline.html'), '<!doctype html><script>document.title = "ran"</script>');
    server = await startStaticServer(site.path);
    // One page for all tests: each test leaves no state behind that another one reads.
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const handlers = createHandlers({ host: 'browser', version: '0.0.1', platform: 'linux', resourcesDir: site.path, dialogs: createFakeDialogs(), ...testLlmHandlerDeps(site.path) });
    await installApi(page, handlers, { closeTimeoutMs: 5_000, droppedPaths: () => [] });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.remove();
  });

  beforeEach(async () => {
    consoleErrors = [];
    await page.goto(server.url);
    await page.locator('[data-app-state="ready"]').waitFor({ state: 'attached' });
  });

  it('refuses files.readDropped through invoke, as the preload does: only readDroppedFiles reaches it', async () => {
    const message = await page.evaluate(() =>
      window.api.invoke('files.readDropped', { paths: ['/etc/passwd'] }).then(() => 'resolved', (error: Error) => error.message),
    );
    expect(message).toBe('Unknown IPC channel "files.readDropped"');
  });

  it('exposes a frozen window.api with only invoke, on and readDroppedFiles', async () => {
    expect(await page.evaluate(() => Object.keys(window.api).sort())).toEqual(['invoke', 'on', 'readDroppedFiles']);
    expect(await page.evaluate(() => Object.isFrozen(window.api))).toBe(true);
    expect(await page.evaluate(() => {
      (window as unknown as { api: unknown }).api = 'replaced';
      return typeof window.api;
    })).toBe('object');
  });

  it('round-trips a call to the real handlers', async () => {
    expect(await page.evaluate(() => window.api.invoke('app.info', {}))).toEqual({ name: 'Maieutic', version: '0.0.1', host: 'browser', platform: 'linux' });
  });

  it("rejects with the handler's own message, as the preload does", async () => {
    const message = await page.evaluate(() =>
      window.api.invoke('files.openImport', { mode: 'disk' } as never).then(() => 'resolved', (error: Error) => error.message),
    );
    expect(message).toBe('files.openImport: "mode" must be one of files, folder, got "disk"');
  });

  it('refuses channels outside the contract with the preload texts', async () => {
    const invokeMessage = await page.evaluate(() =>
      window.api.invoke('fs.readFile' as never, {} as never).then(() => 'resolved', (error: Error) => error.message),
    );
    const onMessage = await page.evaluate(() => {
      try {
        window.api.on('jobs.secret' as never, () => undefined);
        return 'subscribed';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(invokeMessage).toBe('Unknown IPC channel "fs.readFile"');
    expect(onMessage).toBe('Unknown event channel "jobs.secret"');
  });

  it('delivers emitted events (payload only) until unsubscribed, and keeps working after a reload', async () => {
    const subscribe = () =>
      page.evaluate(() => {
        window.received = [];
        window.unsubscribe = window.api.on('menu.command', (...args: unknown[]) => window.received?.push(args));
      });
    await subscribe();
    await emitEvent(page, 'menu.command', { command: 'open-sample' });
    await page.evaluate(() => window.unsubscribe?.());
    await emitEvent(page, 'menu.command', { command: 'export' });
    expect(await page.evaluate(() => window.received)).toEqual([[{ command: 'open-sample' }]]);

    await page.reload();
    await subscribe();
    await emitEvent(page, 'menu.command', { command: 'show-shortcuts' });
    expect(await page.evaluate(() => window.received)).toEqual([[{ command: 'show-shortcuts' }]]);
  });

  it("plays main's side of the close handshake: requestClose resolves with the page's answer", async () => {
    await page.evaluate(() => {
      window.received = [];
      window.api.on('app.beforeClose', ({ requestId }) => {
        window.received?.push([requestId]);
        void window.api.invoke('app.readyToClose', { requestId, flushed: false, error: 'disk full' }).then((result) => window.received?.push([result]));
      });
    });

    expect(await requestClose(page)).toEqual({ outcome: 'failed', error: 'disk full' });
    const received = await page.evaluate(() => window.received);
    expect(received?.[0]).toEqual([expect.stringMatching(/^close-/)]);
    await expect.poll(() => page.evaluate(() => window.received?.[1])).toEqual([{ accepted: true }]);
  });

  it('reports a page that never answers the close request as timed out', async () => {
    expect(await requestClose(page, { timeoutMs: 200 })).toEqual({ outcome: 'timed-out', afterMs: 200 });
  });

  it('serves pages with the app CSP, so inline script is blocked and reported', async () => {
    await page.goto(`${server.url}inline.html`);
    expect(await page.title()).toBe('');
    expect(consoleErrors.join('\n')).toContain('Content Security Policy');
  });
});
