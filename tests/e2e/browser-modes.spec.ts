/**
 * The two ways to run the app without Electron, tested as products (issue 29): the real
 * `dev:serve` process with a page opened on the address it prints, and the real `dev:browser`
 * process with its own Chromium; in each a pre-annotation job runs against the scripted server,
 * the page is reloaded and the process restarted, and the data set and the job's layer are
 * still there. Everything the process wrote lies in its data folder, private to this user.
 */
import { lstat, readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, relative, sep } from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { reply, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { makeTempDir, type TempDir } from '../support/temp-dir';
import { READY_SELECTOR } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { StartPage } from './pages/start';
import { readStoredRows } from './support-idb';
import { addConnection, API_KEY, userPrompt, validAnswer } from './support-llm';
import { openSample, readSampleDialogues } from './support-sample';
import { saveShot } from './support-shots';
import { freePort, startHost, type HostProcess } from './support-browser-modes';
import { BROWSER_PROFILE_FOLDER } from '../../scripts/dev-browser/data-dir';

const SAMPLE = readSampleDialogues();

let llm: LlmTestServer;
let dataDir: TempDir;
/** the hosts' temp folder: nothing of the app's may land there */
let tempDir: TempDir;
let hosts: HostProcess[] = [];

test.beforeEach(async () => {
  llm = await startLlmServer({ apiKey: API_KEY, models: ['test-model'], defaultHandler: ({ body }) => reply.json(validAnswer(userPrompt(body as never))) });
  dataDir = await makeTempDir('maieutic-browser-mode-');
  tempDir = await makeTempDir('maieutic-browser-mode-tmp-');
  hosts = [];
});

test.afterEach(async () => {
  for (const host of hosts) await host.stop();
  await llm.close();
  await dataDir.remove();
  await tempDir.remove();
});

function host(args: string[]): HostProcess {
  const started = startHost(args, { MAIEUTIC_USER_DATA_DIR: dataDir.path, TMPDIR: tempDir.path });
  hosts.push(started);
  return started;
}

/**
 * What the host wrote: the job's journal, the connection, the cached answers, the port record, all
 * in the data folder, folders 0700 and files 0600 (dev:browser's Chromium profile is Chromium's
 * own, a 0700 folder); nothing of the app's in the temp folder.
 */
async function expectPrivateDataFolder(): Promise<void> {
  const entries = await readdir(dataDir.path, { recursive: true, withFileTypes: true });
  const ours = entries.map((entry) => ({ path: relative(dataDir.path, join(entry.parentPath, entry.name)), dir: entry.isDirectory() })).filter((entry) => !entry.path.startsWith(`${BROWSER_PROFILE_FOLDER}${sep}`));
  const paths = ours.map((entry) => entry.path);
  expect(paths).toEqual(expect.arrayContaining([join('llm', 'connections.json'), join('llm', 'cache', 'answers.jsonl'), 'jobs']));
  expect(paths.some((path) => /^jobs[/\\][^/\\]+\.jsonl$/.test(path))).toBe(true);
  const modes = await Promise.all(ours.map(async (entry) => ({ ...entry, mode: (await lstat(join(dataDir.path, entry.path))).mode & 0o777 })));
  expect(modes.filter((entry) => entry.mode !== (entry.dir ? 0o700 : 0o600))).toEqual([]);
  expect((await lstat(dataDir.path)).mode & 0o777).toBe(0o700);
  expect((await readdir(tempDir.path)).filter((name) => /maieutic/i.test(name))).toEqual([]);
}

async function waitForApp(page: Page): Promise<void> {
  await page.locator(READY_SELECTOR).waitFor({ timeout: 30_000 });
}

/** Pre-annotates the bundled sample from the UI and waits for the job card to say it is done; returns the turns the model was asked about. */
async function runPreAnnotation(page: Page, data: string): Promise<number> {
  await addConnection({ page, dataDir: data }, llm);
  await page.getByTestId('nav-home').click();
  await openSample({ page });
  await page.getByTestId('dataset-pre-annotate').click();
  const dialog = page.getByTestId('start-job-dialog');
  await dialog.getByTestId('start-job-connection').check();
  await dialog.getByTestId('start-job-start').click();
  const card = page.getByTestId('jobs-panel').getByTestId('job-card');
  await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
  await expect(card.getByTestId('job-done')).toHaveText(`${SAMPLE.length} of ${SAMPLE.length} done`);
  await page.keyboard.press('Escape');
  const asked = llm.log.chatRequests().map((entry) => userPrompt(entry.body as never));
  expect(asked).toHaveLength(SAMPLE.length);
  return asked.reduce((sum, prompt) => sum + validAnswer(prompt).turns.length, 0);
}

/** The data set and the job's layer, as stored in this page's IndexedDB and as the Agreement view offers it. */
async function expectDatasetAndLayer(page: Page, askedTurns: number): Promise<void> {
  await page.getByTestId('nav-home').click();
  const start = new StartPage(page);
  await expect(start.datasetItems).toHaveCount(1);
  await expect.poll(async () => (await readStoredRows(page, 'layerValues')).length, { timeout: 20_000 }).toBe(askedTurns);
  const layers = await readStoredRows<{ id: string; turns: number }>(page, 'layers');
  expect(layers).toEqual([expect.objectContaining({ turns: askedTurns })]);
  await start.datasetItems.first().getByTestId('start-dataset-open').click();
  await new DatasetsPage(page).waitForRows();
  await page.getByTestId('nav-agreement').click();
  await expect.poll(() => page.getByTestId('agreement-rater-b').locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toContain(`layer:${layers[0].id}`);
}

async function openProfile(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, { executablePath: playwrightConfig.use?.launchOptions?.executablePath, args: playwrightConfig.use?.launchOptions?.args, headless: true });
}

test('dev:serve: a job run in a plain browser tab stores its layer; a reload and a restart of the server keep the data set and the layer', async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  const profile = await makeTempDir('maieutic-serve-profile-');
  const context = await openProfile(profile.path);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    let server = host(['--serve', '--port', String(port)]);
    await page.goto(await server.waitFor(/Maieutic is served at (\S+)/));
    await waitForApp(page);

    const askedTurns = await runPreAnnotation(page, dataDir.path);
    await expectDatasetAndLayer(page, askedTurns);

    await page.reload();
    await waitForApp(page);
    await expectDatasetAndLayer(page, askedTurns);

    expect(await server.stop()).toBe(0);
    server = host(['--serve', '--port', String(port)]);
    await page.goto(await server.waitFor(/Maieutic is served at (\S+)/));
    await waitForApp(page);
    await expectDatasetAndLayer(page, askedTurns);
    // nothing was asked again
    expect(llm.log.chatRequests()).toHaveLength(SAMPLE.length);
    await expectPrivateDataFolder();
  } finally {
    await context.close();
    await profile.remove();
  }
});

test('dev:serve: results of a job that finished while no tab was open reach the database when one opens', async ({}, testInfo) => {
  test.setTimeout(240_000);
  // slow answers, so that the tab goes with most of the job still to come
  llm.setDefaultHandler(({ body }) => reply.delay(150, reply.json(validAnswer(userPrompt(body as never)))));
  const profile = await makeTempDir('maieutic-serve-profile-');
  const context = await openProfile(profile.path);
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    const server = host(['--serve', '--port', String(await freePort())]);
    const url = await server.waitFor(/Maieutic is served at (\S+)/);
    await page.goto(url);
    await waitForApp(page);
    await addConnection({ page, dataDir: dataDir.path }, llm);
    await page.getByTestId('nav-home').click();
    await openSample({ page });
    await page.getByTestId('dataset-pre-annotate').click();
    const dialog = page.getByTestId('start-job-dialog');
    await dialog.getByTestId('start-job-connection').check();
    await dialog.getByTestId('start-job-start').click();
    // the tab follows the job as it runs (the events come over the stream), not "0 of 36" until a reload
    const running = page.getByTestId('jobs-panel').getByTestId('job-card');
    await expect(running.getByTestId('job-done')).toHaveText(new RegExp(`^[1-9][0-9]* of ${SAMPLE.length} done$`), { timeout: 30_000 });
    await expect(running).toHaveAttribute('data-status', 'running');
    await saveShot(page.getByTestId('jobs-panel'), 'dev-serve-jobs-panel-running-en', testInfo);
    // and a pause is seen to take hold (not "Pausing…" for ever), then the job goes on
    await running.getByTestId('job-pause').click();
    await expect(running).toHaveAttribute('data-status', 'paused', { timeout: 30_000 });
    await expect(running).toHaveAttribute('data-pausing', 'false');
    await running.getByTestId('job-resume').click();
    await expect(running).toHaveAttribute('data-status', 'running');
    await page.close();
    expect(llm.log.chatRequests().length).toBeLessThan(SAMPLE.length);
    await expect.poll(() => llm.log.chatRequests().length, { timeout: 60_000 }).toBe(SAMPLE.length);

    page = await context.newPage();
    await page.goto(url);
    await waitForApp(page);
    await page.getByTestId('nav-jobs').click();
    const card = page.getByTestId('jobs-panel').getByTestId('job-card');
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
    await expect(card.getByTestId('job-done')).toHaveText(`${SAMPLE.length} of ${SAMPLE.length} done`);
    const panel = page.getByTestId('jobs-panel');
    await saveShot(panel, 'dev-serve-jobs-panel-en', testInfo);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.getByTestId('nav-language').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.getByTestId('nav-jobs').click();
    await expect(card.getByTestId('job-done')).toContainText('完成');
    await saveShot(panel, 'dev-serve-jobs-panel-zh', testInfo);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.getByTestId('nav-language').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const askedTurns = llm.log.chatRequests().reduce((sum, entry) => sum + validAnswer(userPrompt(entry.body as never)).turns.length, 0);
    await expectDatasetAndLayer(page, askedTurns);
    expect(await readStoredRows(page, 'llmCalls')).toHaveLength(SAMPLE.length);
  } finally {
    await context.close();
    await profile.remove();
  }
});

/** dev:browser headless, with DevTools open to this test: its Chromium and its page, as the test drives them. */
async function connectToWindow(started: HostProcess): Promise<{ cdp: Browser; page: Page }> {
  const cdp = await chromium.connectOverCDP(await started.waitFor(/DevTools at (\S+)/));
  const page = cdp.contexts()[0]?.pages()[0];
  if (!page) throw new Error(`dev:browser has no page open; it printed:\n${started.output()}`);
  await waitForApp(page);
  return { cdp, page };
}

test('dev:browser: a job run in its window stores its layer; a reload and two restarts on the same profile find the data set and the layer', async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  // the first start asks for a port (a free one: the default may be taken on a shared machine); the restarts take the profile's
  let window = host(['--headless', '--remote-debugging-port', '0', '--port', String(port)]);
  let { cdp, page } = await connectToWindow(window);
  expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${port}`);
  const askedTurns = await runPreAnnotation(page, dataDir.path);
  await expectDatasetAndLayer(page, askedTurns);
  await page.reload();
  await waitForApp(page);
  await expectDatasetAndLayer(page, askedTurns);
  await cdp.close();
  expect(await window.stop()).toBe(0);

  for (const restart of [1, 2]) {
    window = host(['--headless', '--remote-debugging-port', '0']);
    ({ cdp, page } = await connectToWindow(window));
    expect(new URL(page.url()).origin, `restart ${restart}`).toBe(`http://127.0.0.1:${port}`);
    await expectDatasetAndLayer(page, askedTurns);
    await cdp.close();
    expect(await window.stop()).toBe(0);
  }
  expect(llm.log.chatRequests()).toHaveLength(SAMPLE.length);
  await expectPrivateDataFolder();
  expect((await lstat(join(dataDir.path, BROWSER_PROFILE_FOLDER))).mode & 0o777).toBe(0o700);
});

test('dev:browser refuses to start when the port its profile keeps its data at is taken, and says by whom', async () => {
  const port = await freePort();
  let window = host(['--headless', '--port', String(port)]);
  await window.waitFor(/Maieutic is open in Chromium/);
  expect(await window.stop()).toBe(0);

  const squatter = createServer();
  await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
  try {
    window = host(['--headless']);
    expect(await window.exited).toBe(1);
    const said = window.output().trim().split('\n');
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(`Port ${port} is in use by`);
    expect(said[0]).toContain(`(pid ${process.pid})`);
    expect(said[0]).toContain(`http://127.0.0.1:${port}`);
    expect(said[0]).toContain('--port N');
    expect(window.output()).not.toContain('Maieutic is open');
  } finally {
    await new Promise<void>((resolve) => squatter.close(() => resolve()));
  }
});
