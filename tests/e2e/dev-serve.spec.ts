/**
 * `npm run dev:serve`: the built app in a plain browser tab, with `window.api` over the loopback
 * HTTP server (scripts/dev-browser/app-server.ts) instead of the Playwright bridge, so what a
 * person without Electron or a display gets is tested as they get it: the sample opens, the data
 * stays after a reload, and a file is written through the main-process handlers; and
 * `npm run dev:browser` without a display serves the app rather than exit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createHandlers } from '../../electron/main/ipc/handlers';
import { startAppServer, type AppServer } from '../../scripts/dev-browser/app-server';
import { createFakeDialogs, type FakeDialogs } from '../support/fake-dialogs';
import { RENDERER_OUT_DIR, RESOURCES_DIR } from '../support/repo-paths';
import { makeTempDir, type TempDir } from '../support/temp-dir';
import { READY_SELECTOR } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { StartPage } from './pages/start';
import { readSampleDialogues } from './support-sample';
import { freePort, startHost } from './support-browser-modes';
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

test('npm run dev:browser on a machine without a display serves the app instead of exiting', async () => {
  const port = await freePort();
  const data = await makeTempDir('maieutic-no-display-');
  const host = startHost(['--port', String(port)], { MAIEUTIC_USER_DATA_DIR: data.path });
  try {
    const url = await host.waitFor(/Maieutic is served at (\S+)/, 45_000);
    expect(host.output()).toContain('No display here');
    expect(host.output()).not.toContain('e2e');
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/[A-Za-z0-9_-]{32}/$`));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/__maieutic/page-api.js');
  } finally {
    expect(await host.stop()).toBe(0);
    await data.remove();
  }
});
