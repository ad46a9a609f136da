/**
 * The Generation runs view over a finished run (seeded into IndexedDB as a generation job leaves
 * it, the engine's runner being another branch's): reached from the Start page without a data
 * set; counts, the dropped and failed list with reasons, the learning curves (chart, table, k
 * selector, CSV saved), the preference pairs (DPO JSONL saved); "Create data set" makes ONE data
 * set of the kept dialogues and opens it. Then the Start-generation dialog for the saved scenario
 * version, with three connections. Screenshots en and zh.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startLlmServer, type LlmTestServer } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { seededRun, seededRunWithoutPairs, seedStores } from './support-generation';
import { countStoredRows, readStoredRows } from './support-idb';
import { addConnection, API_KEY } from './support-llm';
import { saveShot } from './support-shots';

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const html = page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await page.getByTestId('nav-language').click();
}

test.describe('generation runs view', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: ['m-tutor', 'm-learner', 'm-helper'] });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('a finished run: counts, dropped list, learning curves, preference pairs, Create data set', async ({ app }, testInfo) => {
    const { page } = app;
    await setLanguage(page, 'en');
    const seeded = seededRun();
    await seedStores(page, { scenarioVersions: [seeded.version], generationRuns: [seeded.run], generatedConversations: seeded.conversations });
    await page.getByTestId('start-generation-runs').click();
    await expect(page.getByTestId('generation-view')).toBeVisible();
    const row = page.getByTestId('generation-run-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Socratic students pilot');
    await expect(row).toContainText('GPT-4o, Qwen2.5-72B');
    await row.getByTestId('generation-open-run').click();
    await expect(page.getByTestId('generation-run-summary')).toHaveText('12/12 done · 10 kept · 1 dropped · 1 failed');
    const dropped = page.getByTestId('generation-dropped').locator('tbody tr');
    await expect(dropped).toHaveCount(2);
    await expect(dropped.filter({ hasText: 'HTTP 500' })).toHaveAttribute('data-status', 'failed');
    await expect(dropped.filter({ hasText: 'stupid' })).toHaveAttribute('data-status', 'dropped');
    // one curve per (student model, teacher), five student turns each
    await expect(page.getByTestId('generation-curves-table').locator('tbody tr')).toHaveCount(10);
    await expect(page.getByTestId('generation-curves-k')).toHaveValue('5');
    await expect(page.getByTestId('generation-curves-interval')).toContainText('t interval across tasks');
    await expect(page.getByTestId('generation-curve-chart')).toBeVisible();
    // 2 tasks × 2 teachers branch once, 3 candidates: 2 rejected each; the failed conversation's branch counts too
    await expect(page.getByTestId('generation-preference-counts')).toHaveAttribute('data-pairs', '8');
    // k = n = 5 only says whether any draw was right: the shots show Pass@1
    await page.getByTestId('generation-curves-k').selectOption('1');
    await saveShot(page, 'generation-list-en', testInfo);
    // tall enough for the whole run (the app's main area scrolls: what is below the window is not drawn)
    await page.setViewportSize({ width: 1280, height: 2400 });
    await saveShot(page.getByTestId('generation-run'), 'generation-run-en', testInfo);

    const csvPath = join(app.tempDir, 'curves.csv');
    app.dialogs.nextSavePath(csvPath);
    await page.getByTestId('generation-curves-csv').click();
    await expect(page.getByTestId('generation-save-outcome')).toHaveAttribute('data-status', 'saved');
    const csv = readFileSync(csvPath, 'utf8').trim().split(/\r?\n/);
    expect(csv[0]).toBe('student_model,strategy,k,role_turn,tasks,mean,low,high');
    expect(csv).toHaveLength(11);
    expect(csv.slice(1).every((line) => line.split(',')[2] === '1')).toBe(true);
    const dpoPath = join(app.tempDir, 'dpo.jsonl');
    app.dialogs.nextSavePath(dpoPath);
    await page.getByTestId('generation-export-dpo').click();
    await expect(page.getByTestId('generation-preference').getByTestId('generation-save-outcome')).toHaveAttribute('data-status', 'saved');
    expect(readFileSync(dpoPath, 'utf8').trim().split('\n')).toHaveLength(8);

    await setLanguage(page, 'zh');
    await expect(page.getByTestId('generation-run-summary')).toHaveText('12/12 段完成 · 保留 10 · 剔除 1 · 失败 1');
    await saveShot(page.getByTestId('generation-run'), 'generation-run-zh', testInfo);
    await setLanguage(page, 'en');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByTestId('generation-dataset-name').fill('Generated pilot');
    await page.getByTestId('generation-create-dataset').click();
    await expect(page.getByTestId('generation-dataset-outcome')).toHaveText('Data set created (10 dialogues).');
    expect(await countStoredRows(page, ['datasets', 'dialogues', 'sources'])).toEqual({ datasets: 1, dialogues: 10, sources: 2 });
    const [run] = await readStoredRows<{ datasetId: string | null }>(page, 'generationRuns');
    const [dataset] = await readStoredRows<{ id: string; name: string }>(page, 'datasets');
    expect(run.datasetId).toBe(dataset.id);
    expect(dataset.name).toBe('Generated pilot');
    const teachers = (await readStoredRows<{ teacherModel: string }>(page, 'dialogues')).map((dialogue) => dialogue.teacherModel).sort();
    expect(teachers).toEqual([...Array(5).fill('GPT-4o'), ...Array(5).fill('Qwen2.5-72B')]);
    await page.getByTestId('generation-open-dataset').click();
    await expect(page.getByTestId('dataset-view')).toBeVisible();
  });

  test('a run that made no preference pair says why, per reason, in both languages', async ({ app }, testInfo) => {
    const { page } = app;
    await setLanguage(page, 'en');
    const seeded = seededRunWithoutPairs();
    await seedStores(page, { scenarioVersions: [seeded.version], generationRuns: [seeded.run], generatedConversations: seeded.conversations });
    await page.getByTestId('start-generation-runs').click();
    await page.getByTestId('generation-run-row').getByTestId('generation-open-run').click();
    const preference = page.getByTestId('generation-preference');
    await expect(preference.getByTestId('generation-preference-counts')).toHaveAttribute('data-pairs', '0');
    const why = preference.getByTestId('generation-preference-left-out');
    await expect(why).toHaveAttribute('data-none', 'true');
    await expect(why.locator('p')).toHaveText('No preference pair was made:');
    await expect(why.locator('li')).toHaveText([
      'Conversations that failed (a call failed for good), whose branches are not used: 1',
      'Conversations that ended before student turn 3, where a branch was asked for: 2',
      'Branches where every candidate scored the same Pass@k (no candidate differed): 2',
    ]);
    await expect(preference.getByTestId('generation-export-dpo')).toBeDisabled();
    await expect(preference.getByTestId('generation-export-card')).toBeEnabled();
    await saveShot(preference, 'generation-no-pairs-en', testInfo);
    // the data card says the same
    const cardPath = join(app.tempDir, 'card.md');
    app.dialogs.nextSavePath(cardPath);
    await preference.getByTestId('generation-export-card').click();
    await expect(preference.getByTestId('generation-save-outcome')).toHaveAttribute('data-status', 'saved');
    const card = readFileSync(cardPath, 'utf8');
    expect(card).toContain('2 conversations ended before student turn 3, where a branch was asked for: no branch there.');
    expect(card).toContain('2 branches had every candidate at the same Pass@k (no candidate differed)');

    await setLanguage(page, 'zh');
    await expect(why.locator('p')).toHaveText('没有生成偏好对，原因：');
    await expect(why.locator('li').nth(1)).toHaveText('在第 3 个学生轮次（要求分支处）之前就结束的对话：2 段');
    await expect(why.locator('li').nth(2)).toHaveText('所有候选 Pass@k 都相同的分支（没有哪个候选更好）：2 个');
    await saveShot(preference, 'generation-no-pairs-zh', testInfo);
  });

  test('empty states, then the Start-generation dialog for a saved scenario version', async ({ app }, testInfo) => {
    const { page } = app;
    await setLanguage(page, 'en');
    await page.getByTestId('start-generation-runs').click();
    await expect(page.getByTestId('generation-empty')).toBeVisible();
    await expect(page.getByTestId('generation-no-scenarios')).toBeVisible();
    await saveShot(page, 'generation-empty-en', testInfo);

    for (const [name, model] of [['student', 'm-learner'], ['guide', 'm-helper'], ['OpenAI teacher', 'm-tutor']]) await addConnection(app, server, name, model);
    await seedStores(page, { scenarioVersions: [seededRun().version] });
    await page.getByTestId('nav-home').click();
    await page.getByTestId('start-generation-runs').click();
    await page.getByTestId('generation-scenario-version').selectOption({ index: 1 });
    const dialog = page.getByTestId('start-generation-dialog');
    for (const language of ['en', 'zh'] as const) {
      await setLanguage(page, language);
      await page.getByTestId('generation-new-run').click();
      await expect(dialog).toBeVisible();
      // the template names its connections student, guide: matched by name (case-insensitive)
      await expect(dialog.getByTestId('start-generation-role-student')).not.toHaveValue('');
      await expect(dialog.getByTestId('start-generation-role-guide')).not.toHaveValue('');
      await expect(dialog.getByTestId('start-generation-start')).toBeDisabled();
      await expect(dialog.getByTestId('start-generation-problems')).toContainText(language === 'en' ? 'choose at least one teacher connection' : '至少选择一个教师连接');
      await dialog.locator('label', { hasText: 'OpenAI teacher' }).getByTestId('start-generation-teacher').check();
      // 2 task rows × 1 repeat × 1 teacher
      await expect(dialog.getByTestId('start-generation-shape')).toHaveAttribute('data-conversations', '2');
      await dialog.getByTestId('start-generation-preference').check();
      await dialog.getByTestId('start-generation-safety-words').fill('stupid\n笨蛋');
      await expect(dialog.getByTestId('start-generation-calls')).toBeVisible();
      await expect(dialog.getByTestId('start-generation-start')).toBeEnabled();
      await dialog.evaluate((element) => element.scrollTo(0, 0));
      await saveShot(dialog, `generation-dialog-${language}`, testInfo);
      await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await saveShot(dialog, `generation-dialog-end-${language}`, testInfo);
      await dialog.getByTestId('start-generation-cancel').click();
      await expect(dialog).toBeHidden();
    }
    await saveShot(page, 'generation-list-zh', testInfo);
  });
});
