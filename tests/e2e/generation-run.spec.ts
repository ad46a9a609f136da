/**
 * A generation run started from the UI against the scripted OpenAI-compatible server playing
 * every role of the socratic-students template (scenarioPlayer: Pass@k rises with the student's
 * turns): three connections named as the template names its roles, the saved scenario version,
 * the Start-generation dialog with preference pairs, the job in the Jobs panel, its results in
 * the Generation runs view (counts, learning curves, preference pairs), "Create data set" with
 * one dialogue per task row, opened in review. The API key is found nowhere in IndexedDB.
 */
import { scenarioPlayer, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { scenarioVersion, seedStores } from './support-generation';
import { countStoredRows } from './support-idb';
import { addConnection, API_KEY, everyStoredRow } from './support-llm';
import { saveShot } from './support-shots';

test.describe('generation run from the UI', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: ['m-tutor', 'm-learner', 'm-helper'], defaultHandler: scenarioPlayer({ delayMs: 5 }) });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('start from the dialog, watch the job, use its results, make a data set', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    for (const [name, model] of [['student', 'm-learner'], ['guide', 'm-helper'], ['OpenAI teacher', 'm-tutor']]) await addConnection(app, server, name, model);
    await seedStores(page, { scenarioVersions: [scenarioVersion('socratic-students.yaml')] });
    await page.getByTestId('nav-home').click();
    await page.getByTestId('start-generation-runs').click();
    await expect(page.getByTestId('generation-empty')).toBeVisible();
    await page.getByTestId('generation-scenario-version').selectOption({ index: 1 });
    await page.getByTestId('generation-new-run').click();
    const dialog = page.getByTestId('start-generation-dialog');
    await dialog.locator('label', { hasText: 'OpenAI teacher' }).getByTestId('start-generation-teacher').check();
    await dialog.getByTestId('start-generation-preference').check();
    await dialog.getByTestId('start-generation-preference-turns').fill('2');
    await dialog.getByTestId('start-generation-preference-candidates').fill('3');
    await dialog.getByTestId('start-generation-name').fill('Socratic e2e');
    await expect(dialog.getByTestId('start-generation-shape')).toHaveAttribute('data-conversations', '2');
    await dialog.getByTestId('start-generation-start').click();
    await expect(dialog).toBeHidden();

    const card = page.getByTestId('job-card');
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await card.getByTestId('job-open-results').click();
    await expect(page.getByTestId('generation-run-summary')).toHaveText('2/2 done · 2 kept · 0 dropped · 0 failed');
    await expect(page.getByTestId('generation-dropped-none')).toBeVisible();
    // the student speaks five times; a probe before each turn and after the last
    await expect(page.getByTestId('generation-curves-table').locator('tbody tr')).toHaveCount(6);
    // one branching point per conversation (student turn 2); the player's candidates all score alike, so no pair is chosen
    await expect(page.getByTestId('generation-preference-counts')).toHaveAttribute('data-branches', '2');
    await saveShot(page, 'generation-run-live-en', testInfo);

    await page.getByTestId('generation-create-dataset').click();
    await expect(page.getByTestId('generation-dataset-outcome')).toHaveText('Data set created (2 dialogues).');
    expect(await countStoredRows(page, ['datasets', 'dialogues', 'generatedConversations'])).toEqual({ datasets: 1, dialogues: 2, generatedConversations: 2 });
    await page.getByTestId('generation-open-dataset').click();
    await expect(page.getByTestId('dataset-view')).toBeVisible();
    expect(await everyStoredRow(app)).not.toContain(API_KEY);
  });
});
