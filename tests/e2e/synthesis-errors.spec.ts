/**
 * Issue 29, point 19: what main says about a failed round reaches the educator in the interface
 * language. The scripted drafter answers with prose instead of the draft: round 0 fails, and the
 * Chinese view says so in Chinese (what could not be read, from whom, after how many attempts),
 * with main's English detail beside it, in the session and in the Jobs panel; switched to English,
 * the same reason reads in English.
 */
import { reply, startLlmServer, synthesisPlayer, synthesisRoleOf, type ChatHandler, type LlmTestServer } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { setLanguage } from './support-generation-flow';
import { API_KEY } from './support-llm';
import { saveShot } from './support-shots';
import { addSynthesisConnections, MODELS, openSynthesisView, startSmallSynthesis } from './support-synthesis';

const HAN = /\p{Script=Han}/u;

test.describe('rubric synthesis: errors from main in the reader\'s language', () => {
  let server: LlmTestServer;
  test.afterEach(async () => {
    await server?.close();
  });

  test('a draft that cannot be read: the Chinese view says so in Chinese, with the English detail beside it', async ({ app }, testInfo) => {
    test.setTimeout(150_000);
    const { page } = app;
    const player = synthesisPlayer();
    const handler: ChatHandler = (request) => (synthesisRoleOf(request.body) === 'drafter' ? reply.answer('我会从耐心和鼓励两方面来评价。') : player(request));
    server = await startLlmServer({ apiKey: API_KEY, models: Object.values(MODELS), defaultHandler: handler });
    await setLanguage(page, 'en');
    await addSynthesisConnections(app, server);
    await setLanguage(page, 'zh');
    await openSynthesisView(page);
    const session = await startSmallSynthesis(page, '草稿读不出');
    await expect(session).toHaveAttribute('data-step', 'retry', { timeout: 90_000 });

    const failed = session.getByTestId('synthesis-round-failed');
    await expect(failed).toContainText('第 0 轮失败：');
    const reason = failed.getByTestId('synthesis-round-failed-reason');
    await expect(reason).toHaveAttribute('data-code', 'answer-unusable');
    const sentence = failed.getByTestId('synthesis-round-failed-reason-sentence');
    await expect(sentence).toHaveText(/^drafter 给出的量规草稿无法读取：\d+ 次尝试都没有通过检查。$/);
    // the detail is main's own English words, there to copy or send on
    const detail = failed.getByTestId('synthesis-round-failed-reason-detail');
    await expect(detail).toContainText('draft {} of round 0 on drafter:');
    expect(HAN.test((await detail.textContent()) ?? '')).toBe(false);
    await expect(failed).toContainText('详情（英文）');
    await saveShot(session, 'synthesis-draft-unreadable-zh', testInfo);

    // the Jobs panel lists the failed round the same way
    await page.getByTestId('nav-jobs').click();
    const item = page.getByTestId('job-failed-item').first();
    await expect(item.getByTestId('job-failed-item-reason-sentence')).toHaveText(/^drafter 给出的量规草稿无法读取/);
    await expect(item.getByTestId('job-failed-item-reason-detail')).toContainText('draft {} of round 0 on drafter:');
    await saveShot(page.getByTestId('jobs-panel'), 'synthesis-draft-unreadable-jobs-zh', testInfo);
    await page.keyboard.press('Escape');

    await setLanguage(page, 'en');
    await expect(sentence).toHaveText(/^The rubric draft from drafter could not be read: none of \d+ attempts passed the check\.$/);
    await expect(failed).toContainText('Round 0 failed:');
    await saveShot(session, 'synthesis-draft-unreadable-en', testInfo);
  });
});
