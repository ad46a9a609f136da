/**
 * A judge run sent through the OpenAI Batch API from the UI: "Send through the OpenAI Batch API"
 * in the run dialog, the scripted server's files and batches endpoints answering every dialogue
 * in one batch after a few polls, the Jobs panel saying what the job waits for while the batch
 * runs, no live chat call, and Table I equal to the scores the batch answered.
 */
import { judgeReply, scoresFor, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { addConnection, API_KEY, everyStoredRow } from './support-llm';
import { openSample, readSampleDialogues } from './support-sample';
import { saveShot } from './support-shots';

const RUBRICS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'];

test.describe('judge runs through the Batch API', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: ['judge-model'], defaultHandler: () => judgeReply.valid(scoresFor(RUBRICS, { 'X-SRG': 4, 'M-RCC': 3, 'X-MSR': 5, IRA: 2, TCF: 1 })) });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('one batch answers every dialogue; the job shows the batch while it waits; no live call', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    const sample = readSampleDialogues();
    // the batch stays in progress for three polls, so the panel can be seen waiting on it
    server.enqueueBatch({ end: 'completed', inProgressPolls: 3 });
    await addConnection(app, server, 'Batch judge', 'judge-model');
    await page.getByTestId('nav-home').click();
    await openSample(app);
    await page.getByTestId('nav-judge').click();
    await page.getByTestId('judge-run-start').click();
    const dialog = page.getByTestId('start-judge-dialog');
    await dialog.getByTestId('start-judge-batch').check();
    await expect(dialog.getByTestId('start-judge-batch-note')).toContainText('/v1/batches');
    await dialog.getByTestId('start-judge-batch-poll').fill('1');
    await saveShot(dialog, 'judge-batch-dialog-en', testInfo);
    await dialog.getByTestId('start-judge-name').focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    const card = page.getByTestId('jobs-panel').getByTestId('job-card');
    await expect(card.getByTestId('job-note')).toContainText('Batch API', { timeout: 30_000 });
    await expect(card.getByTestId('job-note')).toContainText(`/${sample.length} done at the endpoint`);
    await saveShot(page.getByTestId('jobs-panel'), 'judge-batch-jobs-panel-en', testInfo);
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(card.getByTestId('job-done')).toHaveText(`${sample.length} of ${sample.length} done`);
    await expect(page.getByTestId('jobs-panel')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('jobs-panel')).toBeHidden();

    // every dialogue went in the one batch; not one chat request was sent live
    expect(server.batchLines()).toHaveLength(sample.length);
    expect(server.log.chatRequests().filter((entry) => entry.outcome === 'answered')).toHaveLength(0);
    await expect(page.getByTestId('judge-run-summary')).toContainText(`${sample.length} lines`, { timeout: 15_000 });
    const models = [...new Set(sample.map((dialogue) => dialogue.teacherModel))];
    for (const [rubric, score] of [['X-SRG', 4], ['IRA', 2], ['TCF', 1]] as const) {
      const cell = page.locator(`[data-testid="judge-cell"][data-rubric="${rubric}"][data-group="${models[0]}"]`);
      await expect(cell).toHaveAttribute('data-mean', String(score));
      await expect(cell).toHaveAttribute('data-n', String(sample.filter((dialogue) => dialogue.teacherModel === models[0]).length));
    }
    expect(await everyStoredRow(app)).toContain('"batch":true');
    expect(await everyStoredRow(app)).not.toContain(API_KEY);
  });
});
