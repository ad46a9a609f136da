/**
 * Controlling a pre-annotation job from the Jobs panel, against the scripted server holding its
 * answers back until the test lets them go: a job over the table's filter paused with calls in
 * flight (they finish, nothing new starts, "pausing" shows at once) and resumed to the end; a job
 * cancelled with calls in flight (they are aborted and store nothing, what finished stays) and
 * started again (what finished comes from the cache, unpaid).
 */
import { reply, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { readStoredRows } from './support-idb';
import { addConnection, API_KEY, userPrompt, validAnswer } from './support-llm';
import { openSample, readSampleDialogues } from './support-sample';
import { setLanguage } from './support-generation-flow';
import { saveShot } from './support-shots';

/** Answers held until `open()`; `free` requests are answered at once first. */
function gatedAnswers(server: LlmTestServer, free = 0) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  server.setDefaultHandler(async ({ body }) => {
    const answer = reply.json(validAnswer(userPrompt(body as never)));
    if (seen++ < free) return answer;
    await gate;
    return answer;
  });
  return { open: () => release() };
}

test.describe('controlling a job', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: ['test-model'] });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test("a job over the table's filter pauses with calls in flight and resumes to the end, each dialogue asked once", async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    const gate = gatedAnswers(server);
    await addConnection(app, server);
    await page.getByTestId('nav-home').click();
    await openSample(app);

    const sample = readSampleDialogues();
    const model = sample[0].teacherModel;
    const shown = sample.filter((dialogue) => dialogue.teacherModel === model);
    expect(shown.length).toBeLessThan(sample.length);
    await new DatasetsPage(page).filterByModel(model);
    await page.getByTestId('dataset-row').first().click({ position: { x: 2, y: 2 } });
    await expect(page.getByTestId('dataset-visible-count')).toContainText(`${shown.length}`);

    const datasets = new DatasetsPage(page);
    const selectedBefore = await datasets.selectedId();
    await page.getByTestId('dataset-pre-annotate').click();
    const dialog = page.getByTestId('start-job-dialog');
    await expect(dialog.getByTestId('start-job-only-filtered')).toBeChecked();
    // keys pressed on the dialog's controls are the dialog's: the table behind it does not move
    await dialog.getByTestId('start-job-only-filtered').focus();
    for (const key of ['j', 'j', 'k', 'j']) await page.keyboard.press(key);
    expect(await datasets.selectedId()).toBe(selectedBefore);
    await dialog.getByTestId('start-job-connection').check();
    await expect(dialog.getByTestId('start-job-calls')).toContainText(`${shown.length} model calls`);
    await dialog.getByTestId('start-job-start').click();

    const card = page.getByTestId('jobs-panel').getByTestId('job-card');
    await expect.poll(() => server.log.chatRequests().length, { timeout: 30_000 }).toBeGreaterThan(0);
    await card.getByTestId('job-pause').click();
    // main holds the pause; the calls already asked are still out
    await expect(card).toHaveAttribute('data-pausing', 'true');
    await expect(card.getByTestId('job-status')).toHaveText('Pausing (calls in flight finish first)');
    await expect(card.getByTestId('job-pause')).toHaveCount(0);
    gate.open();
    await expect(card).toHaveAttribute('data-status', 'paused', { timeout: 30_000 });
    await expect(card).toHaveAttribute('data-pausing', 'false');
    const askedBeforePause = server.log.chatRequests();
    expect(askedBeforePause.every((entry) => entry.outcome === 'answered')).toBe(true);
    expect(askedBeforePause.length).toBeLessThan(shown.length);
    await expect(card.getByTestId('job-done')).toHaveText(`${askedBeforePause.length} of ${shown.length} done`);
    await saveShot(card, 'job-paused-en', testInfo);

    await card.getByTestId('job-resume').click();
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(card.getByTestId('job-done')).toHaveText(`${shown.length} of ${shown.length} done`);
    await expect(card.getByTestId('job-kind')).toHaveText('Pre-annotation');
    await page.getByTestId('jobs-panel-close').click();
    await setLanguage(page, 'zh');
    await page.getByTestId('nav-jobs').click();
    await expect(card.getByTestId('job-kind')).toHaveText('预标注');
    await saveShot(card, 'job-finished-zh', testInfo);
    await page.getByTestId('jobs-panel-close').click();
    await setLanguage(page, 'en');

    // each dialogue of the filter asked once, none of the others
    const prompts = server.log.chatRequests().map((entry) => userPrompt(entry.body as never));
    expect(prompts).toHaveLength(shown.length);
    expect(new Set(prompts).size).toBe(shown.length);
    await expect.poll(async () => (await readStoredRows(page, 'llmCalls')).length, { timeout: 15_000 }).toBe(shown.length);
    const dialogues = await readStoredRows<{ id: string; teacherModel: string }>(page, 'dialogues');
    const stored = await readStoredRows<{ dialogueId: string }>(page, 'llmCalls');
    const modelOf = new Map(dialogues.map((row) => [row.id, row.teacherModel]));
    expect(stored.every((row) => modelOf.get(row.dialogueId) === model)).toBe(true);
  });

  test('a cancelled job stores what finished and nothing of what was in flight; started again, the finished calls come from the cache', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    const gate = gatedAnswers(server, 2);
    await addConnection(app, server);
    await page.getByTestId('nav-home').click();
    await openSample(app);
    const sample = readSampleDialogues();

    const start = async () => {
      await page.getByTestId('dataset-pre-annotate').click();
      const dialog = page.getByTestId('start-job-dialog');
      await dialog.getByTestId('start-job-connection').check();
      await dialog.getByTestId('start-job-layer-name').fill(`Run ${Date.now()}`);
      await dialog.getByTestId('start-job-start').click();
    };
    await start();
    const card = page.getByTestId('jobs-panel').getByTestId('job-card');
    await expect(card.getByTestId('job-done')).toHaveText(`2 of ${sample.length} done`, { timeout: 30_000 });
    await expect.poll(() => server.log.chatRequests().filter((entry) => entry.outcome === 'pending').length).toBeGreaterThan(0);
    await card.getByTestId('job-cancel').click();
    await expect(card).toHaveAttribute('data-status', 'cancelled');
    await expect(card.getByTestId('job-done')).toHaveText(`2 of ${sample.length} done`);
    // the held calls were given up by the client, so none of them can be stored
    await expect.poll(() => server.log.chatRequests().filter((entry) => entry.outcome === 'pending').length).toBe(0);
    const held = server.log.chatRequests().slice(2);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((entry) => entry.outcome === 'clientClosed')).toBe(true);
    gate.open();
    await saveShot(card, 'job-cancelled-en', testInfo);

    await expect.poll(async () => (await readStoredRows(page, 'llmCalls')).length, { timeout: 15_000 }).toBe(2);
    const answered = server.log.chatRequests().slice(0, 2).map((entry) => userPrompt(entry.body as never));
    const storedTurns = answered.reduce((sum, prompt) => sum + validAnswer(prompt).turns.length, 0);
    expect(await readStoredRows(page, 'layerValues')).toHaveLength(storedTurns);

    // the same dialogues again: the two finished answers are not paid for twice
    await page.keyboard.press('Escape');
    const before = server.log.chatRequests().length;
    await start();
    const second = page.getByTestId('jobs-panel').getByTestId('job-card').first();
    await expect(second).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(second.getByTestId('job-cached')).toHaveText('2 from cache');
    const asked = server.log.chatRequests().slice(before).map((entry) => userPrompt(entry.body as never));
    expect(asked).toHaveLength(sample.length - 2);
    for (const prompt of answered) expect(asked).not.toContain(prompt);
  });
});
