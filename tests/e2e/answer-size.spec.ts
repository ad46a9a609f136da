/**
 * The answer size limit as a person meets it (issue 30 point 3): typed into a connection's form at
 * a person's pace, kept when the connection is opened again, refused outside its range with the
 * field named; a pre-annotation job against an endpoint whose answers are larger than it fails
 * each dialogue saying "answer over the size limit" in English and in Chinese, with main's
 * English detail beside it. Screenshots in both languages.
 */
import { reply, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { setLanguage } from './support-generation-flow';
import { addConnection, API_KEY } from './support-llm';
import { openSample, readSampleDialogues } from './support-sample';
import { saveShot } from './support-shots';

const MB = 1024 * 1024;

test.describe('the answer size limit', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: ['test-model'], defaultHandler: () => reply.oversized(2 * MB, { declareLength: false }) });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('set on a connection, it fails each too-large answer with its reason in both languages', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    await addConnection(app, server);
    const item = page.getByTestId('connection-item').filter({ hasText: 'Test server' });
    await item.getByTestId('connection-edit').click();
    const form = page.getByTestId('connection-form');
    const field = form.getByTestId('connection-maxAnswerMB');
    await expect(field).toHaveValue('');
    await expect(form).toContainText('Empty means 8 MB');
    // out of range first, typed at a person's pace: refused naming the field, nothing saved
    await field.pressSequentially('2000', { delay: 250 });
    await form.getByTestId('connection-save').click();
    await expect(form.getByTestId('connection-form-error')).toContainText('maxAnswerMB: the answer size limit must be a number of MB above 0 and at most 1024');
    // and at machine pace
    await field.fill('1');
    await saveShot(form, 'connection-answer-limit-en', testInfo);
    await setLanguage(page, 'zh');
    await expect(form).toContainText('回答大小上限（MB，可选）');
    await saveShot(form, 'connection-answer-limit-zh', testInfo);
    await setLanguage(page, 'en');
    await form.getByTestId('connection-save').click();
    await expect(form).toBeHidden();
    await item.getByTestId('connection-edit').click();
    await expect(page.getByTestId('connection-form').getByTestId('connection-maxAnswerMB')).toHaveValue('1');
    await page.getByTestId('connection-form').getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('nav-home').click();
    await openSample(app);
    await page.getByTestId('dataset-pre-annotate').click();
    const dialog = page.getByTestId('start-job-dialog');
    await dialog.getByTestId('start-job-connection').check();
    await dialog.getByTestId('start-job-start').click();
    const panel = page.getByTestId('jobs-panel');
    const card = panel.getByTestId('job-card');
    const total = readSampleDialogues().length;
    await expect(card.getByTestId('job-failed')).toHaveText(`${total} failed`, { timeout: 60_000 });
    // too large is not asked again: one call per dialogue
    expect(server.log.chatRequests()).toHaveLength(total);
    const failedItems = card.getByTestId('job-failed-items');
    if (!(await failedItems.evaluate((element) => (element as HTMLDetailsElement).open))) await failedItems.locator('summary').click();
    const first = failedItems.getByTestId('job-failed-item').first();
    await expect(first).toContainText('answer over the size limit, not read further');
    await expect(first).toContainText('larger than the 1 MB limit');
    await saveShot(card, 'job-answer-too-large-en', testInfo);
    await page.getByTestId('jobs-panel-close').click();
    await setLanguage(page, 'zh');
    await page.getByTestId('nav-jobs').click();
    await expect(first).toContainText('回答超过大小上限，未再读取');
    await saveShot(card, 'job-answer-too-large-zh', testInfo);
  });
});
