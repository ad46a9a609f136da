/**
 * LLM pre-annotation through the UI against the scripted OpenAI-compatible server: a connection
 * added in Settings (with an API key), the sample imported, a job started from the data set,
 * followed to the end in the Jobs panel, its layer stored with the model's labels, and the key
 * found nowhere in IndexedDB, localStorage or the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCodebook } from '../../shared/codebook/parse-codebook';
import { askedFields } from '../../shared/llm/asked-fields';
import { reply, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { promptTurns, validAnswer as validAnswerFor } from '../support/jobs/valid-answers';
import { RESOURCES_DIR } from '../support/repo-paths';
import { expect, test, type AppFixture } from './fixtures/app';
import { readStoredRows } from './support-idb';
import { openSample, readSampleDialogues } from './support-sample';
import { saveShot } from './support-shots';
import { addConnection } from './support-connections';
import { AgreementPage } from './pages/agreement';

// read from the file, as the other specs do (Playwright's loader takes no JSON import)
const DEFAULT_CODEBOOK = parseCodebook(JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.json'), 'utf8')), 'sid-default.json');
const API_KEY = `sk-e2e-${Math.random().toString(36).slice(2)}-never-stored`;

/** A valid answer for every "Turn N · speaker …" line the prompt shows: the first label of each field, null where it does not apply. */
function validAnswer(prompt: string): { turns: Record<string, unknown>[] } {
  return validAnswerFor(DEFAULT_CODEBOOK, promptTurns(prompt));
}

function userPrompt(body: { messages: { role: string; content?: unknown }[] }): string {
  const user = body.messages.find((message) => message.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

async function everyStoredRow(app: AppFixture): Promise<string> {
  const names = await app.page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open('maieutic');
        request.onerror = () => reject(new Error('indexedDB.open failed'));
        request.onsuccess = () => {
          const stores = [...request.result.objectStoreNames];
          request.result.close();
          resolve(stores);
        };
      }),
  );
  expect(names).toContain('llmCalls');
  const dump: Record<string, unknown[]> = {};
  for (const name of names) dump[name] = await readStoredRows(app.page, name);
  return JSON.stringify(dump);
}

test.describe('LLM pre-annotation', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({
      apiKey: API_KEY,
      models: ['test-model'],
      defaultHandler: ({ body }) => reply.json(validAnswer(userPrompt(body as never))),
    });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('runs a job over the sample from the UI and stores its layer; the key is stored nowhere in the renderer', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    await page.getByTestId('nav-jobs').click();
    await expect(page.getByTestId('jobs-empty')).toBeVisible();
    await page.getByTestId('jobs-panel-close').click();

    await addConnection(app, server, API_KEY);
    await saveShot(page, 'settings-connections-en', testInfo);

    await page.getByTestId('nav-home').click();
    await openSample(app);
    await page.getByTestId('dataset-pre-annotate').click();
    const dialog = page.getByTestId('start-job-dialog');
    await dialog.getByTestId('start-job-connection').check();
    await expect(dialog.getByTestId('start-job-layer-name')).toHaveValue('Test server · test-model');
    const sample = readSampleDialogues();
    await expect(dialog.getByTestId('start-job-calls')).toContainText(`${sample.length} model calls`);
    await dialog.getByTestId('start-job-start').click();

    const panel = page.getByTestId('jobs-panel');
    await expect(panel).toBeVisible();
    const card = panel.getByTestId('job-card');
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
    await expect(card.getByTestId('job-done')).toHaveText(`${sample.length} of ${sample.length} done`);
    await expect(card.getByTestId('job-failed')).toHaveText('0 failed');
    await expect(card.getByTestId('job-cost')).toContainText('unknown');
    await saveShot(panel, 'jobs-panel-en', testInfo);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // every chat call was made with the key, one per sample dialogue
    const chats = server.log.chatRequests();
    expect(chats).toHaveLength(sample.length);
    expect(chats.every((entry) => entry.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
    const askedTurns = chats.reduce((sum, entry) => sum + validAnswer(userPrompt(entry.body as never)).turns.length, 0);

    // the layer and its values, read straight from IndexedDB once every item is acknowledged
    await expect.poll(async () => (await readStoredRows(page, 'layerValues')).length, { timeout: 10_000 }).toBe(askedTurns);
    const layers = await readStoredRows<{ id: string; name: string; kind: string; turns: number }>(page, 'layers');
    expect(layers).toEqual([expect.objectContaining({ name: 'Test server · test-model', kind: 'llm', turns: askedTurns })]);
    const values = await readStoredRows<{ layerId: string; dialogueId: string; turnId: string; values: Record<string, { codes: string[]; status: string }> }>(page, 'layerValues');
    expect(new Set(values.map((row) => row.dialogueId)).size).toBe(sample.length);
    const intent = askedFields(DEFAULT_CODEBOOK).find((asked) => asked.field.id === 'teacher_intent')!.field;
    const firstDialogue = sample[0].record.dialogue;
    const teacherAt = firstDialogue.findIndex((turn) => turn.role === '教师' || turn.role === 'teacher');
    const teacherRow = values.find((row) => row.turnId.endsWith(`#${teacherAt}`) && row.values.teacher_intent?.codes.length > 0);
    expect(teacherRow?.values.teacher_intent.codes).toEqual([intent.labels[0].code]);
    const calls = await readStoredRows<{ calls: { model: string; baseURL: string; parseStatus: string; appVersion: string }[] }>(page, 'llmCalls');
    expect(calls).toHaveLength(sample.length);
    expect(calls[0].calls[0]).toMatchObject({ model: 'test-model', baseURL: server.baseURL, parseStatus: 'valid' });

    // the layer is offered in Agreement
    await page.getByTestId('nav-agreement').click();
    await expect.poll(() => page.getByTestId('agreement-rater-b').locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toContain(`layer:${layers[0].id}`);

    // a reload lists the job again; redelivered results (none left) make no duplicate rows
    await app.reload();
    await expect.poll(async () => (await readStoredRows(page, 'layerValues')).length).toBe(askedTurns);

    // the key: not in IndexedDB, localStorage or the page
    expect(await everyStoredRow(app)).not.toContain(API_KEY);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(API_KEY);
    expect(await page.content()).not.toContain(API_KEY);

    // both languages, for people to look at
    await page.getByTestId('nav-language').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.getByTestId('nav-jobs').click();
    await expect(panel.getByTestId('job-done')).toContainText('完成');
    await saveShot(panel, 'jobs-panel-zh', testInfo);
    await page.getByTestId('jobs-panel-close').click();
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('connection-item')).toHaveCount(1);
    await saveShot(page, 'settings-connections-zh', testInfo);
  });

  test('a page reloaded while the job runs picks the job up again: every result stored once, none asked twice', async ({ app }) => {
    test.setTimeout(120_000);
    const { page } = app;
    // slow answers, so that the reload comes with calls in flight and results not yet stored
    server.setDefaultHandler(({ body }) => reply.delay(150, reply.json(validAnswer(userPrompt(body as never)))));
    await addConnection(app, server, API_KEY);
    await page.getByTestId('nav-home').click();
    await openSample(app);
    await page.getByTestId('dataset-pre-annotate').click();
    const dialog = page.getByTestId('start-job-dialog');
    await dialog.getByTestId('start-job-connection').check();
    await dialog.getByTestId('start-job-start').click();
    const sample = readSampleDialogues();
    await expect.poll(() => server.log.chatRequests().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
    expect(server.log.chatRequests().length).toBeLessThan(sample.length);

    await app.reload();
    await page.getByTestId('nav-jobs').click();
    const card = page.getByTestId('jobs-panel').getByTestId('job-card');
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(card.getByTestId('job-done')).toHaveText(`${sample.length} of ${sample.length} done`);

    // main went on while the page reloaded: each dialogue was asked once, and every result is stored once
    const asked = server.log.chatRequests().map((entry) => userPrompt(entry.body as never));
    expect(new Set(asked).size).toBe(sample.length);
    expect(asked).toHaveLength(sample.length);
    const askedTurns = asked.reduce((sum, prompt) => sum + validAnswer(prompt).turns.length, 0);
    await expect.poll(async () => (await readStoredRows(page, 'layerValues')).length, { timeout: 15_000 }).toBe(askedTurns);
    await expect.poll(async () => (await readStoredRows(page, 'llmCalls')).length, { timeout: 15_000 }).toBe(sample.length);
    const layers = await readStoredRows<{ turns: number }>(page, 'layers');
    expect(layers).toEqual([expect.objectContaining({ turns: askedTurns })]);
  });

  test('two models over the sample, compared with each other in Agreement (the paper\'s Table VI)', async ({ app }) => {
    test.setTimeout(120_000);
    const { page } = app;
    const intent = askedFields(DEFAULT_CODEBOOK).find((asked) => asked.field.id === 'teacher_intent')!.field;
    // model B gives another intent on odd turn numbers; everything else as model A
    server.setDefaultHandler(({ body }) => {
      const answer = validAnswer(userPrompt(body as never));
      if ((body as { model: string }).model === 'model-b') {
        for (const turn of answer.turns) if (typeof turn.teacher_intent === 'string' && (turn.turn as number) % 2 === 1) turn.teacher_intent = intent.labels.at(-1)!.code;
      }
      return reply.json(answer);
    });
    server.setModels(['model-a', 'model-b']);
    await addConnection(app, server, API_KEY, 'Model A', 'model-a');
    await addConnection(app, server, API_KEY, 'Model B', 'model-b');
    await page.getByTestId('nav-home').click();
    await openSample(app);
    await page.getByTestId('dataset-pre-annotate').click();
    const dialog = page.getByTestId('start-job-dialog');
    for (const box of await dialog.getByTestId('start-job-connection').all()) await box.check();
    await dialog.getByTestId('start-job-layer-name').fill('Candidates');
    const sample = readSampleDialogues();
    await expect(dialog.getByTestId('start-job-calls')).toContainText(`${sample.length * 2} model calls`);
    await dialog.getByTestId('start-job-start').click();
    await expect(page.getByTestId('jobs-panel').getByTestId('job-card')).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await page.keyboard.press('Escape');

    // teacher turns per model, and on how many of them the two agree (the even-numbered ones)
    const prompts = server.log.chatRequests().filter((entry) => (entry.body as { model: string }).model === 'model-a').map((entry) => userPrompt(entry.body as never));
    expect(prompts).toHaveLength(sample.length);
    let teacherTurns = 0;
    let agreeing = 0;
    let askedTurns = 0;
    for (const prompt of prompts) {
      askedTurns += validAnswer(prompt).turns.length;
      for (const turn of validAnswer(prompt).turns) {
        if (typeof turn.teacher_intent !== 'string') continue;
        teacherTurns++;
        if ((turn.turn as number) % 2 === 0) agreeing++;
      }
    }
    // both layers whole: every turn of every dialogue, once per model
    await expect.poll(async () => (await readStoredRows(page, 'layerValues')).length, { timeout: 15_000 }).toBe(askedTurns * 2);
    const layers = await readStoredRows<{ id: string; name: string }>(page, 'layers');
    const nameOf = (model: string) => layers.find((layer) => layer.name.includes(model))!.name;
    const agreement = new AgreementPage(page);
    await agreement.open();
    await agreement.chooseRaters(nameOf('Model A'), nameOf('Model B'));
    const row = agreement.row('teacher_intent');
    await expect(row).toHaveAttribute('data-items', String(teacherTurns));
    await expect(row).toHaveAttribute('data-agreeing', String(agreeing));
  });
});
