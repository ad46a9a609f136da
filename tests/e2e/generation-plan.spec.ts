/**
 * The Start generation dialog shows the run's plan before Start (issue 30 point 4), as
 * `generate --dry-run` prints it: the turn budget, the calls at most, and per connection its
 * calls, tokens and the cost where it has a price; a scenario too big to plan is refused in the
 * dialog at once, with the figure and the limit, and cannot be started.
 */
import type { Page } from '@playwright/test';
import { formatCost } from '../../shared/llm/format-cost';
import { startLlmServer, type LlmTestServer } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { scenarioVersion, seedStores } from './support-generation';
import { addConnection, API_KEY } from './support-llm';
import { saveShot } from './support-shots';

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const html = page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await page.getByTestId('nav-language').click();
}

const PRICE = { inputPerMillion: 2, outputPerMillion: 10 };

test.describe('generation plan in the Start dialog', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: ['m-tutor', 'm-learner'] });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('per connection: calls, tokens, the cost of a priced one; a scenario too big is refused before Start', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    await addConnection(app, server, 'teacher', 'm-tutor', PRICE);
    await addConnection(app, server, 'student', 'm-learner');
    const sid = scenarioVersion('sid-teacher-led.yaml');
    const huge = { ...sid, id: 'sid-huge', hash: 'f'.repeat(64), version: '2', source: sid.source.replace(/^repeats: 2$/m, 'repeats: 1000000000'), createdAt: '2026-12-02T09:00:00.000Z' };
    await seedStores(page, { scenarioVersions: [sid, huge] });
    await page.getByTestId('nav-home').click();
    await page.getByTestId('start-generation-runs').click();
    const dialog = page.getByTestId('start-generation-dialog');
    const versions = page.getByTestId('generation-scenario-version');
    const sidOption = await versions.locator('option', { hasText: 'v1' }).getAttribute('value');
    const hugeOption = await versions.locator('option', { hasText: 'v2' }).getAttribute('value');

    for (const language of ['en', 'zh'] as const) {
      await setLanguage(page, language);
      await versions.selectOption(sidOption!);
      await page.getByTestId('generation-new-run').click();
      await expect(dialog).toBeVisible();
      const name = dialog.getByTestId('start-generation-name');
      await name.fill('');
      // typed at a person's pace: the plan follows the choices without a wait
      await name.pressSequentially(language === 'en' ? 'Plan check' : '计划检查', { delay: 150 });
      // 10 task rows × 2 repeats on one teacher; 20 turns each, 10 by each role
      await expect(dialog.getByTestId('start-generation-shape')).toHaveAttribute('data-conversations', '20');
      const plan = dialog.getByTestId('start-generation-plan');
      await expect(plan).toHaveAttribute('data-calls', '400');
      await expect(plan).toHaveAttribute('data-turns', '20');
      const lines = plan.getByTestId('start-generation-plan-connection');
      await expect(lines).toHaveCount(2);
      const teacher = lines.filter({ hasText: 'm-tutor' });
      await expect(teacher).toHaveAttribute('data-calls', '200');
      const input = Number(await teacher.getAttribute('data-input-tokens'));
      expect(input).toBeGreaterThan(0);
      // by hand: the price per million tokens, 200 answers of 20 to 1,000 tokens
      const low = formatCost((input * PRICE.inputPerMillion + 200 * 20 * PRICE.outputPerMillion) / 1e6);
      const high = formatCost((input * PRICE.inputPerMillion + 200 * 1000 * PRICE.outputPerMillion) / 1e6);
      await expect(teacher).toContainText(language === 'en' ? `estimated cost ${low}–${high}` : `估计费用 ${low}–${high}`);
      await expect(lines.filter({ hasText: 'm-learner' })).toContainText(language === 'en' ? 'no price set, cost unknown' : '未设价格，费用未知');
      await expect(dialog.getByTestId('start-generation-start')).toBeEnabled();
      await plan.scrollIntoViewIfNeeded();
      await saveShot(dialog, `generation-plan-${language}`, testInfo);
      await dialog.getByTestId('start-generation-cancel').click();
      await expect(dialog).toBeHidden();

      await versions.selectOption(hugeOption!);
      await page.getByTestId('generation-new-run').click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('alert')).toContainText('1,000,000,000 repeats = 10,000,000,000 conversations; the most a scenario may plan is 20,000');
      await expect(dialog.getByTestId('start-generation-too-big')).toContainText(language === 'en' ? 'This scenario is too big to run' : '这个场景太大，无法运行');
      await expect(dialog.getByTestId('start-generation-start')).toBeDisabled();
      await saveShot(dialog, `generation-plan-too-big-${language}`, testInfo);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    expect(server.log.chatRequests()).toHaveLength(0);
  });
});
