/**
 * A judge run started from the UI against the scripted OpenAI-compatible server: a judge
 * connection added in Settings, the sample opened, "Run judges…" in the Judge view with 2 samples
 * per dialogue, the server answering known scores (one dialogue malformed every time), the run
 * listed while its job runs, Table I equal to means, n and SDs worked out here from what the
 * server answered (the malformed dialogue counted failed, never averaged), expert scores entered
 * by keyboard in review's Rubric scores panel for three dialogues, and the calibration's n and
 * bias worked out here too. The API key is found nowhere in IndexedDB, localStorage or the page.
 */
import type { Page } from '@playwright/test';
import { SID_RUBRIC_SET } from '../../shared/judge/default-rubrics';
import { judgeReply, reply, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { ReviewPage } from './pages/review';
import { readStoredRows } from './support-idb';
import { addConnection, API_KEY, everyStoredRow } from './support-llm';
import { openSample, readSampleDialogues, type SampleDialogue } from './support-sample';
import { saveShot } from './support-shots';

const RUBRICS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'] as const;
const JUDGE = 'Judge server';
const EXPERT = 'Wang Fang 王芳';
/** between keys, as a person types */
const PACE_MS = 200;

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const sd = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1));
};

/** The dialogue's last user message: the transcript to score (the SID set has no few-shot examples, but a later message is the dialogue either way). */
function lastUserText(body: { messages: { role: string; content?: unknown }[] }): string {
  const users = body.messages.filter((message) => message.role === 'user');
  const content = users.at(-1)?.content;
  return typeof content === 'string' ? content : '';
}

/** Which sample dialogue a prompt shows: the one with the most of its utterances quoted in it. */
function dialogueOfPrompt(sample: readonly SampleDialogue[], prompt: string): number {
  let best = -1;
  let bestCount = -1;
  sample.forEach((dialogue, index) => {
    const count = dialogue.record.dialogue.filter((turn) => prompt.includes(JSON.stringify(turn.content.trim()))).length;
    if (count > bestCount) [best, bestCount] = [index, count];
  });
  return best;
}

/** Known scores: the c-th answer for dialogue i, rubric r. */
// r·r, not a multiple of r: the five rubrics of one answer must not always sum alike, or the overall would be constant
const scriptedScore = (i: number, c: number, r: number) => 1 + ((i * 7 + c * 3 + r * r) % 5);

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const html = page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await page.getByTestId('nav-language').click();
}

test.describe('judge runs from the UI', () => {
  let server: LlmTestServer;
  const sample = readSampleDialogues();
  const models = [...new Set(sample.map((dialogue) => dialogue.teacherModel))];
  // the last dialogue of the second teacher model answers malformed JSON every time
  const malformed = sample.findLastIndex((dialogue) => dialogue.teacherModel === models[1]);
  /** per sample dialogue, the scores the server answered, in order */
  const answered = new Map<number, number[][]>();
  /** answers after the first HELD_AFTER wait for the test: the run is seen updating while its job is still running */
  const HELD_AFTER = 10;
  let valid = 0;
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();

  test.beforeEach(async () => {
    answered.clear();
    valid = 0;
    gate = new Promise((resolve) => (release = resolve));
    server = await startLlmServer({
      apiKey: API_KEY,
      models: ['judge-model'],
      defaultHandler: async ({ body }) => {
        const index = dialogueOfPrompt(sample, lastUserText(body as never));
        if (index === malformed) return reply.delay(40, judgeReply.malformed());
        if (++valid > HELD_AFTER) await gate;
        const earlier = answered.get(index) ?? [];
        const scores = RUBRICS.map((_, r) => scriptedScore(index, earlier.length, r));
        answered.set(index, [...earlier, scores]);
        return reply.delay(40, judgeReply.valid(RUBRICS.map((rubric, r) => ({ rubric, score: scores[r], rationale: `${rubric}: <b>${scores[r]}</b>` }))));
      },
    });
  });
  test.afterEach(async () => {
    release();
    await server.close();
  });

  test('run judges over the sample, Table I from the answers, experts by keyboard, calibration', async ({ app }, testInfo) => {
    test.setTimeout(180_000);
    const { page } = app;
    await addConnection(app, server, JUDGE, 'judge-model');
    await page.getByTestId('nav-home').click();
    await openSample(app);
    await page.getByTestId('nav-judge').click();
    const view = page.getByTestId('judge-view');
    await expect(page.getByTestId('judge-empty')).toContainText('Run judges…');
    await saveShot(page, 'judge-run-empty-en', testInfo);

    // The dialog, by keyboard: the one connection is chosen, samples set to 2, Enter starts.
    await page.getByTestId('judge-run-start').click();
    const dialog = page.getByTestId('start-judge-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('start-judge-connection')).toBeChecked();
    await expect(dialog.getByTestId('start-judge-connection').locator('..')).toContainText('judge-model');
    await expect(dialog.getByTestId('start-judge-rubric-set')).toContainText(SID_RUBRIC_SET.id);
    await expect(dialog.getByTestId('start-judge-few-shot-none')).toBeVisible();
    await expect(dialog.getByTestId('start-judge-logprobs')).not.toBeChecked();
    await dialog.getByTestId('start-judge-samples').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2', { delay: PACE_MS });
    await expect(dialog.getByTestId('start-judge-calls')).toHaveAttribute('data-calls', String(sample.length * 2));
    await expect(dialog.getByTestId('start-judge-calls')).toContainText(`${sample.length * 2} model calls (${sample.length} dialogues × 1 judges × 2 samples)`);
    await expect(dialog.getByTestId('start-judge-costs')).toContainText('no price set');
    // a reproducible sample: the same seed, the same count
    await dialog.getByTestId('start-judge-sample').check();
    await dialog.getByTestId('start-judge-sample-count').fill('5');
    await expect(dialog.getByTestId('start-judge-calls')).toHaveAttribute('data-calls', '10');
    await saveShot(dialog, 'judge-run-dialog-en', testInfo);
    await dialog.getByTestId('start-judge-logprobs').check();
    await expect(dialog.getByTestId('start-judge-top-logprobs')).toHaveValue('5');
    await dialog.evaluate((element) => (element.scrollTop = element.scrollHeight));
    await saveShot(dialog, 'judge-run-dialog-bottom-en', testInfo);
    await dialog.getByTestId('start-judge-logprobs').uncheck();
    await dialog.getByTestId('start-judge-sample').uncheck();
    await expect(dialog.getByTestId('start-judge-calls')).toHaveAttribute('data-dialogues', String(sample.length));
    await dialog.getByTestId('start-judge-name').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Sample × 2', { delay: PACE_MS });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    // the Jobs panel follows the job; the run is listed at once, while it works
    const panel = page.getByTestId('jobs-panel');
    const card = panel.getByTestId('job-card');
    await expect(card).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByTestId('judge-run-select')).toContainText('Sample × 2');
    await expect(page.getByTestId('judge-run-summary')).toBeVisible();
    // while the job waits on the server, the run's figures come in (refreshed every few seconds)
    const storedLines = async () => Number(/^(\d+)/.exec((await page.getByTestId('judge-run-summary').textContent()) ?? '')?.[1] ?? -1);
    await expect.poll(storedLines, { timeout: 15_000 }).toBeGreaterThanOrEqual(HELD_AFTER);
    await expect.poll(async () => Number(await page.locator('[data-testid="judge-cell"][data-rubric="X-SRG"]').first().getAttribute('data-n')), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await storedLines()).toBeLessThan(sample.length * 2);
    await page.getByTestId('nav-jobs').click();
    await expect(card).toHaveAttribute('data-status', 'running');
    await saveShot(panel, 'judge-run-jobs-panel-en', testInfo);
    release();
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 90_000 });
    await expect(card.getByTestId('job-done')).toHaveText(`${sample.length * 2} of ${sample.length * 2} done`);
    await expect(card.getByTestId('job-failed')).toHaveText('2 failed');
    await page.keyboard.press('Escape');

    // Table I, worked out here from the server's answers: each dialogue's two samples averaged, then per teacher model
    expect([...answered.values()].every((answers) => answers.length === 2)).toBe(true);
    expect(answered.size).toBe(sample.length - 1);
    const dialogueValue = (index: number, r: number) => mean(answered.get(index)!.map((scores) => scores[r]));
    const overallValue = (index: number) => mean(answered.get(index)!.map((scores) => mean(scores)));
    await expect(page.getByTestId('judge-run-summary')).toContainText(`${sample.length * 2} lines`, { timeout: 15_000 });
    await expect(view).toHaveAttribute('data-report', 'ready');
    for (const group of models) {
      const judged = sample.map((dialogue, index) => ({ dialogue, index })).filter(({ dialogue, index }) => dialogue.teacherModel === group && index !== malformed);
      const rows = RUBRICS.map((rubric, r) => ({ rubric: rubric as string, values: judged.map(({ index }) => dialogueValue(index, r)) }));
      rows.push({ rubric: 'overall', values: judged.map(({ index }) => overallValue(index)) });
      for (const { rubric, values } of rows) {
        const cell = page.locator(`[data-testid="judge-cell"][data-rubric="${rubric}"][data-group="${group}"]`);
        await expect(cell).toHaveAttribute('data-n', String(values.length));
        expect(Number(await cell.getAttribute('data-mean'))).toBeCloseTo(mean(values), 12);
        expect(Number(await cell.getAttribute('data-sd'))).toBeCloseTo(sd(values), 12);
        await expect(cell.locator('.judge-mean')).toHaveText(mean(values).toFixed(2));
      }
    }
    // the malformed dialogue: both samples failed, shown as failed, its group's n one short
    const failedGroup = sample[malformed].teacherModel;
    await expect(page.locator(`[data-testid="judge-cell"][data-rubric="X-SRG"][data-group="${failedGroup}"] .judge-failed`)).toHaveText('2 failed');
    await page.getByTestId('judge-drill-group').selectOption(failedGroup);
    const failedRow = page.getByTestId('judge-dialogue').filter({ hasText: sample[malformed].externalId });
    await expect(failedRow).toContainText('2 failed');
    await page.getByTestId('judge-drill-group').selectOption('');
    await saveShot(page, 'judge-run-table-en', testInfo);

    // the run as stored: its settings, one row per dialogue × sample with the call behind it
    const runs = await readStoredRows<{ source: string; samples: number; lines: number; failed: number; judges: { name: string }[]; settings: Record<string, unknown> }>(page, 'judgeRuns');
    expect(runs).toEqual([expect.objectContaining({ source: 'job', samples: 2, lines: sample.length * 2, failed: 2, judges: [{ name: JUDGE }] })]);
    expect(runs[0].settings).toMatchObject({ language: 'zh', reasoningFirst: false, fewShot: 0, topLogprobs: 0, samples: 2, dialogues: sample.length, scope: { models: null, sample: null } });
    const rows = await readStoredRows<{ status: string; reason?: string; call?: { model: string; attempts: number } }>(page, 'judgeScores');
    expect(rows).toHaveLength(sample.length * 2);
    expect(rows.every((row) => row.call?.model === 'judge-model')).toBe(true);
    expect(rows.filter((row) => row.status === 'failed').every((row) => (row.call?.attempts ?? 0) > 1 && (row.reason ?? '') !== '')).toBe(true);
    // a reload: main has nothing left to deliver, and what it might send again rewrites the same rows
    await app.reload();
    await page.getByRole('button', { name: /^Sample data set/ }).click();
    await new DatasetsPage(page).waitForRows();
    await page.getByTestId('nav-judge').click();
    await expect(page.getByTestId('judge-run-summary')).toContainText(`${sample.length * 2} lines`);
    expect(await readStoredRows(page, 'judgeScores')).toHaveLength(sample.length * 2);

    // Expert scores by keyboard at a person's pace, each dialogue opened from the drill-down.
    const experts = [0, 1, sample.findIndex((dialogue) => dialogue.teacherModel === models[1])].map((index) => ({ index, scores: RUBRICS.map((_, r) => 1 + ((index + r * 3) % 5)) }));
    let first = true;
    for (const { index, scores } of experts) {
      const { teacherModel, externalId } = sample[index];
      await page.getByTestId('judge-drill-group').selectOption(teacherModel);
      const row = page.getByTestId('judge-dialogue').filter({ hasText: externalId });
      const dialogueId = (await row.getAttribute('data-dialogue-id'))!;
      await row.getByRole('button', { name: externalId, exact: true }).click();
      const review = new ReviewPage(page);
      await review.waitForReady(dialogueId);
      const rubricPanel = page.getByTestId('rubric-panel');
      await expect(rubricPanel).toHaveAttribute('data-dialogue-id', dialogueId);
      await expect(rubricPanel).toHaveAttribute('data-status', 'ready');
      await page.waitForTimeout(PACE_MS);
      await review.pressKey('r');
      if (first) await review.enterReviewerName(EXPERT);
      await expect(rubricPanel).toHaveAttribute('data-active', 'true');
      await expect(rubricPanel).toHaveAttribute('data-focus', 'X-SRG');
      // a digit scores the focused rubric in place, j moves on
      for (const [r, score] of scores.entries()) {
        await page.waitForTimeout(PACE_MS);
        if (r > 0) await review.pressKey('j');
        await page.waitForTimeout(PACE_MS);
        await review.pressKey(String(score));
      }
      for (const [r, rubric] of RUBRICS.entries()) await expect(rubricPanel.locator(`[data-testid="rubric-chip"][data-rubric="${rubric}"]`)).toHaveAttribute('data-score', String(scores[r]));
      // k moves back a rubric: a second thought on IRA, the same score again; the focus stays there and the chips stay what was scored
      await page.waitForTimeout(PACE_MS);
      await review.pressKey('k');
      await expect(rubricPanel).toHaveAttribute('data-focus', 'IRA');
      await page.waitForTimeout(PACE_MS);
      await review.pressKey(String(scores[3]));
      await expect(rubricPanel).toHaveAttribute('data-focus', 'IRA');
      await page.waitForTimeout(PACE_MS);
      await review.pressKey('j');
      await expect(rubricPanel).toHaveAttribute('data-focus', 'TCF');
      if (first) {
        await expect(page.getByTestId('rubric-saved')).toContainText(EXPERT);
        await saveShot(page, 'judge-run-review-panel-en', testInfo);
        first = false;
      }
      await page.waitForTimeout(PACE_MS);
      await review.pressKey('r');
      await expect(rubricPanel).toHaveAttribute('data-active', 'false');
      await review.pressKey('Escape');
      await expect(view).toBeVisible();
      await expect(view).toHaveAttribute('data-report', 'ready');
    }

    // Calibration: n = 3 dialogues per rubric, bias = mean(judge − expert), worked out here
    await expect(page.getByTestId('calibration-raters')).toContainText(EXPERT);
    for (const [r, rubric] of RUBRICS.entries()) {
      const differences = experts.map(({ index, scores }) => dialogueValue(index, r) - scores[r]);
      const row = page.locator(`[data-testid="calibration-row"][data-judge="${JUDGE}"][data-rubric="${rubric}"]`);
      await expect(row).toHaveAttribute('data-n', '3');
      expect(Number(await row.getAttribute('data-bias'))).toBeCloseTo(mean(differences), 12);
    }
    await saveShot(page.getByTestId('judge-calibration'), 'judge-run-calibration-en', testInfo);

    // the run is stored with its settings; the key is nowhere in the renderer
    const stored = await everyStoredRow(app);
    expect(stored).toContain('"source":"job"');
    expect(stored).not.toContain(API_KEY);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(API_KEY);
    expect(await page.content()).not.toContain(API_KEY);

    // both languages, for people to look at
    await setLanguage(page, 'zh');
    await expect(page.getByTestId('judge-run-start')).toHaveText('运行评审…');
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1280, height: 2300 });
    await saveShot(page, 'judge-run-view-zh', testInfo);
    await setLanguage(page, 'en');
    await saveShot(page, 'judge-run-view-en', testInfo);
    await setLanguage(page, 'zh');
    if (viewport) await page.setViewportSize(viewport);
    await page.getByTestId('judge-run-start').click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('运行 LLM 评审');
    await saveShot(dialog, 'judge-run-dialog-zh', testInfo);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('deleting a run whose job still works stops the job; nothing of it is stored', async ({ app }) => {
    test.setTimeout(120_000);
    const { page } = app;
    await addConnection(app, server, JUDGE, 'judge-model');
    await page.getByTestId('nav-home').click();
    await openSample(app);
    await page.getByTestId('nav-judge').click();
    await page.getByTestId('judge-run-start').click();
    const dialog = page.getByTestId('start-judge-dialog');
    await expect(dialog.getByTestId('start-judge-connection')).toBeChecked();
    await dialog.getByTestId('start-judge-start').click();
    const panel = page.getByTestId('jobs-panel');
    await expect(panel.getByTestId('job-card')).toHaveAttribute('data-status', 'running');
    // the card's attribute is there before the panel is shown (a closed <dialog> holds it too): Escape only once it is open
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    // the server holds its answers after the first ten: the job is still at work
    await expect.poll(() => server.log.chatRequests().length, { timeout: 15_000 }).toBeGreaterThan(HELD_AFTER);
    await page.getByTestId('judge-delete-run').click();
    await page.getByTestId('confirm-accept').click();
    await expect(page.getByTestId('judge-empty')).toBeVisible();
    await page.getByTestId('nav-jobs').click();
    await expect(panel.getByTestId('job-card')).toHaveAttribute('data-status', 'cancelled');
    release();
    await page.keyboard.press('Escape');
    expect(await readStoredRows(page, 'judgeRuns')).toEqual([]);
    // the answers that were held come back to no run: nothing is written for them
    await page.waitForTimeout(1000);
    expect(await readStoredRows(page, 'judgeScores')).toEqual([]);
  });
});
