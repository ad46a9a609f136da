/**
 * `npm run dev:serve`: the built app in a plain browser tab, with `window.api` over the loopback
 * HTTP server (scripts/dev-browser/app-server.ts) instead of the Playwright bridge, so what a
 * person without Electron or a display gets is tested as they get it: the sample opens, the data
 * stays after a reload, and a file is written through the main-process handlers; and
 * `npm run dev:browser` without a display serves the app rather than exit.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createHandlers } from '../../electron/main/ipc/handlers';
import { startAppServer, type AppServer } from '../../scripts/dev-browser/app-server';
import { createFakeDialogs, type FakeDialogs } from '../support/fake-dialogs';
import { REPO_ROOT, RENDERER_OUT_DIR, RESOURCES_DIR } from '../support/repo-paths';
import { makeTempDir, type TempDir } from '../support/temp-dir';
import { READY_SELECTOR } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { StartPage } from './pages/start';
import { readSampleDialogues } from './support-sample';
import { testLlmHandlerDeps } from '../support/llm-services';

let server: AppServer;
let dialogs: FakeDialogs;
let outDir: TempDir;

test.beforeAll(async () => {
  dialogs = createFakeDialogs();
  outDir = await makeTempDir();
  const handlers = createHandlers({ host: 'browser', version: '0.0.0-serve', platform: process.platform, resourcesDir: RESOURCES_DIR, dialogs, ...testLlmHandlerDeps(outDir.path) });
  server = await startAppServer({ rootDir: RENDERER_OUT_DIR, handlers, port: 0 });
});

test.afterAll(async () => {
  await server?.close();
  await outDir?.remove();
});

test('a plain browser tab at the served address runs the app: sample, reload, export through the handlers', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  // Without the token there is no app, only a 404.
  const bare = await page.goto(`${server.origin}/`);
  expect(bare?.status()).toBe(404);
  problems.length = 0;

  await page.goto(server.url);
  await page.locator(READY_SELECTOR).waitFor({ timeout: 20_000 });
  const start = new StartPage(page);
  await start.openSample();
  const datasets = new DatasetsPage(page);
  await datasets.waitForRows();
  const sampleCount = readSampleDialogues().length;
  await expect(datasets.table).toHaveAttribute('data-row-count', String(sampleCount));

  // The reviews live in this browser's IndexedDB for the server's origin: a reload keeps them.
  await page.reload();
  await page.locator(READY_SELECTOR).waitFor({ timeout: 20_000 });
  await expect(start.datasetItems).toHaveCount(1);

  // files.saveExport over HTTP: the handler writes the file where the dialog said.
  await start.datasetItems.first().getByTestId('start-dataset-open').click();
  await datasets.waitForRows();
  const target = join(outDir.path, 'table.csv');
  dialogs.nextSavePath(target);
  await datasets.exportTableCsvButton.click();
  await expect(datasets.tableCsvResult).toContainText(target);
  expect(readFileSync(target, 'utf8').split('\n').length).toBeGreaterThan(sampleCount);
  expect(problems).toEqual([]);
});

/** A loopback port free right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test('npm run dev:browser on a machine without a display serves the app instead of exiting', async () => {
  const port = await freePort();
  const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...env } = process.env;
  const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(REPO_ROOT, 'scripts', 'dev-browser.ts'), '--port', String(port)], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => output, { timeout: 45_000 }).toContain('Maieutic is served at');
    expect(output).toContain('No display here');
    expect(output).not.toContain('e2e');
    const url = /Maieutic is served at (\S+)/.exec(output)?.[1] ?? '';
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/[A-Za-z0-9_-]{32}/$`));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/__maieutic/page-api.js');
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
});
