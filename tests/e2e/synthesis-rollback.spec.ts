/**
 * Issue 15, the loop's other paths in the view: a round worse than the one before is marked
 * rolled back and the working metrics return to round 0's (the revision is not what the next round
 * starts from), then the educator stops the loop; a failed round retried; and model output with markup (an answer with <img onerror>, a rationale with
 * <script>) is shown as text, never run.
 */
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { judgeReply, reply, startLlmServer, synthesisPlayer, synthesisRoleOf, type ChatHandler, type LlmTestServer } from '../support/llm-server';
import { messageText } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { setLanguage } from './support-generation-flow';
import { API_KEY } from './support-llm';
import { addSynthesisConnections, MODELS, openSynthesisView, roundShown, shotFrom, startSmallSynthesis } from './support-synthesis';

const IMG = '<img src="x" onerror="window.__synthesisXss = 1">';
const SCRIPT = '<script>window.__synthesisXss = 2</script>';

/** The player, with the reviser's answers held until the test releases them. */
function holdingTheReviser(player: ChatHandler): { handler: ChatHandler; releaseReviser(): void } {
  let releaseReviser = () => {};
  const reviserHeld = new Promise<void>((resolve) => {
    releaseReviser = resolve;
  });
  const handler: ChatHandler = async (request) => {
    if (synthesisRoleOf(request.body) === 'reviser') await reviserHeld;
    return player(request);
  };
  return { handler, releaseReviser: () => releaseReviser() };
}

test.describe('rubric synthesis: rollback, stop, retry and untrusted text', () => {
  let server: LlmTestServer;
  test.afterEach(async () => {
    await server?.close();
  });

  test('a worse round 1 is marked rolled back, and the working metrics are round 0’s again', async ({ app }, testInfo) => {
    test.setTimeout(150_000);
    const { page } = app;
    // from round 1 on, TMP-1 and VI-1 are scored at the ceiling too: 2 of 4 fine instead of round 0's 3 of 4
    let worse = false;
    const player = synthesisPlayer({ lenient: ['CS-1'], override: (metric) => (worse && (metric === 'TMP-1' || metric === 'VI-1') ? 5 : undefined) });
    // the reviser's answer waits for the test, so round 1 is seen running (its progress, Stop) without a clock
    const { handler, releaseReviser } = holdingTheReviser(player);
    server = await startLlmServer({ apiKey: API_KEY, models: Object.values(MODELS), defaultHandler: handler });
    await setLanguage(page, 'en');
    await addSynthesisConnections(app, server);
    await openSynthesisView(page);
    const session = await startSmallSynthesis(page, 'Rollback pilot');
    await roundShown(session, 0);
    await expect(session.getByTestId('synthesis-working')).toHaveAttribute('data-based-on', '0');

    worse = true;
    await session.getByTestId('synthesis-continue').click();
    const progress = session.getByTestId('synthesis-progress');
    await expect(progress).toHaveAttribute('data-status', 'running');
    await expect(progress).toContainText('Round 1 is running.');
    await expect(progress).toContainText('tokens');
    await expect(session.getByTestId('synthesis-stop')).toBeEnabled();
    await expect(session.getByTestId('synthesis-working')).toHaveCount(0);
    releaseReviser();
    const round1 = await roundShown(session, 1);
    await expect(round1.locator('[data-testid="synthesis-diagnostic-row"][data-metric="TMP-1"]')).toHaveAttribute('data-verdict', 'too-lenient');
    // the marker, in the rounds overview and in the decision's words
    await expect(session.locator('[data-testid="synthesis-round-row"][data-round="1"]').getByTestId('synthesis-round-rollback')).toBeVisible();
    await expect(session.getByTestId('synthesis-rollback')).toHaveAttribute('data-to', '0');
    await expect(session.getByTestId('synthesis-rollback')).toContainText('the next round starts from round 0’s metrics');
    // the working metrics are round 0's: CS-1's description is the draft's, not the revision's
    const working = session.getByTestId('synthesis-working');
    await expect(working).toHaveAttribute('data-based-on', '0');
    const cs = working.locator('[data-testid="synthesis-editor-metric"][data-metric="CS-1"]').getByTestId('synthesis-editor-description-en');
    await expect(cs).toHaveValue('original CS');
    await expect(session.getByTestId('synthesis-result-best')).toHaveAttribute('data-best', '0');
    await expect(session.locator('[data-testid="synthesis-version-row"][data-kind="rollback"]')).toHaveCount(1);
    await shotFrom(page, session, 'synthesis-rollback-en', testInfo, 3200);
    await setLanguage(page, 'zh');
    await expect(session.getByTestId('synthesis-rollback')).toContainText('已回退');
    await shotFrom(page, session, 'synthesis-rollback-zh', testInfo, 3200);
    await setLanguage(page, 'en');

    // the educator ends the loop: no next round, and the view says who stopped it
    await session.getByTestId('synthesis-stop').click();
    await expect(session.getByTestId('synthesis-decision')).toContainText('The loop stopped: you ended it.');
    await expect(session.getByTestId('synthesis-continue')).toHaveCount(0);
    await expect(session.getByTestId('synthesis-working')).toHaveCount(0);
    await expect(session.getByTestId('synthesis-another-round')).toHaveCount(0);
    await expect(session.getByTestId('synthesis-save-best')).toBeEnabled();
  });

  test('Stop while a round runs ends the session at once (its cancelled job sends nothing) and keeps the best so far to save', async ({ app }) => {
    test.setTimeout(150_000);
    const { page } = app;
    const player = synthesisPlayer({ lenient: ['CS-1'] });
    // the reviser never answers while the test runs: round 1 stays in flight until Stop
    const { handler, releaseReviser } = holdingTheReviser(player);
    server = await startLlmServer({ apiKey: API_KEY, models: Object.values(MODELS), defaultHandler: handler });
    await setLanguage(page, 'en');
    await addSynthesisConnections(app, server);
    await openSynthesisView(page);
    const session = await startSmallSynthesis(page, 'Stop pilot');
    await roundShown(session, 0);
    await session.getByTestId('synthesis-continue').click();
    await expect(session.getByTestId('synthesis-progress')).toHaveAttribute('data-status', 'running');
    await session.getByTestId('synthesis-stop').click();
    await expect(session).toHaveAttribute('data-step', 'done');
    await expect(session.getByTestId('synthesis-progress')).toHaveCount(0);
    await expect(session.getByTestId('synthesis-round-failed')).toContainText('stopped by the educator');
    await expect(session.getByTestId('synthesis-decision')).toContainText('The loop stopped: you ended it.');
    await expect(session.getByTestId('synthesis-save-best')).toBeEnabled();
    releaseReviser();
  });

  test('a failed round offers Retry, which runs it again', async ({ app }) => {
    test.setTimeout(150_000);
    const { page } = app;
    const player = synthesisPlayer({ lenient: ['CS-1'] });
    let judgeBroken = true;
    const handler: ChatHandler = (request) => (judgeBroken && synthesisRoleOf(request.body) === 'judge' ? reply.answer('no scores here') : player(request));
    server = await startLlmServer({ apiKey: API_KEY, models: Object.values(MODELS), defaultHandler: handler });
    await setLanguage(page, 'en');
    await addSynthesisConnections(app, server);
    await openSynthesisView(page);
    const session = await startSmallSynthesis(page, 'Retry pilot');
    await expect(session).toHaveAttribute('data-step', 'retry', { timeout: 60_000 });
    await expect(session.getByTestId('synthesis-round-failed')).toContainText('Round 0 failed');
    judgeBroken = false;
    await session.getByTestId('synthesis-retry').focus();
    await page.keyboard.press('Enter');
    const round0 = await roundShown(session, 0);
    await expect(round0.locator('[data-testid="synthesis-diagnostic-row"][data-metric="CS-1"]')).toHaveAttribute('data-verdict', 'too-lenient');
    await expect(session.getByTestId('synthesis-round-failed')).toHaveCount(0);
  });

  test('an answer with <img onerror> and a rationale with <script> are shown as text', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    const player = synthesisPlayer({ lenient: ['CS-1'] });
    const handler: ChatHandler = async (request) => {
      const body = request.body as ChatCompletionCreateParamsNonStreaming;
      const role = synthesisRoleOf(body);
      const user = messageText(body.messages.at(-1)!);
      if (role === 'generator') return reply.answer(`Tutor answer to: ${user} ${IMG}`);
      if (role === 'judge') {
        const rubrics = (body.response_format as unknown as { json_schema: { schema: { properties: { scores: { items: { properties: { rubric: { enum: string[] } } } } } } } }).json_schema.schema.properties.scores.items.properties.rubric.enum;
        const item = Number(/Item (\d+)/.exec(user)?.[1] ?? 1);
        return judgeReply.valid(rubrics.map((rubric) => ({ rubric, score: rubric === 'CS-1' ? 5 : Math.min(5, 1 + item), rationale: `Because ${SCRIPT} ${IMG}` })));
      }
      return player(request);
    };
    server = await startLlmServer({ apiKey: API_KEY, models: Object.values(MODELS), defaultHandler: handler });
    await setLanguage(page, 'en');
    await addSynthesisConnections(app, server);
    await setLanguage(page, 'zh');
    await shotFrom(page, await openSynthesisView(page), 'synthesis-empty-zh', testInfo, 900);
    const session = await startSmallSynthesis(page, 'Markup pilot', { name: 'synthesis-start-zh', testInfo });
    const round0 = await roundShown(session, 0);
    await round0.locator('[data-testid="synthesis-diagnostic-row"][data-metric="PER-1"]').click();
    const lowest = round0.getByTestId('synthesis-lowest-item').first();
    await expect(lowest).toContainText(IMG);
    await expect(lowest).toContainText(SCRIPT);
    expect(await session.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __synthesisXss?: number }).__synthesisXss)).toBeUndefined();
  });
});
