/**
 * Rubric scoring in review at a fast typist's pace (no key waits for the app) and at a person's.
 * The key model (README, Judge runs; the `?` help): a digit scores the focused rubric in place,
 * j/k move, the focus stops at the first and last rubric and says so (never wrapping round onto a
 * scored one), a changed score names the old one, Ctrl/Cmd+Z takes a score back.
 * - issue 29 point 7: `3 j 4 j 2 j 5 j 1` scores the five SID rubrics 3, 4, 2, 5, 1, nothing skipped
 *   or overwritten; `j` past the last stays there; a digit then changes TCF 1 → 4 (said, audited
 *   with the old value) and undo brings 1 back (audited as undone);
 * - `r` then digits at once, `n` then the next dialogue's keys, `n` then `r` and digits while the next
 *   dialogue is still loading, and a clear and undo typed while a score's write is in flight. Every
 *   digit lands as the rubric score it was meant for, on the dialogue shown; none becomes a label
 *   pick in review (digits pick labels there).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app';
import { ReviewPage } from './pages/review';
import { saveShot } from './support-shots';
import { holdStores, readStoredRows } from './support-idb';
import { openSample } from './support-sample';

const RUBRICS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'];
const PACES = [['machine pace', 0], ['human pace', 250]] as const;

interface Stored {
  dialogueId: string;
  rubric: string;
  score: number;
}

interface ScoreEntry {
  dialogueId: string;
  target: { kind: string; rubric?: string };
  reason: string;
  before: { score: number } | null;
  after: { score: number } | null;
}

async function scoresOf(page: Page, dialogueId: string): Promise<number[]> {
  const rows = await readStoredRows<Stored>(page, 'expertScores');
  const mine = new Map(rows.filter((row) => row.dialogueId === dialogueId).map((row) => [row.rubric, row.score]));
  return RUBRICS.map((rubric) => mine.get(rubric) ?? 0);
}

async function scoreTrail(page: Page, dialogueId: string): Promise<string[]> {
  const log = await readStoredRows<ScoreEntry & { seq: number }>(page, 'editLog');
  return log
    .filter((entry) => entry.target.kind === 'rubric-score' && entry.dialogueId === dialogueId)
    .sort((a, b) => a.seq - b.seq)
    .map((entry) => `${entry.target.rubric} ${entry.reason} ${entry.before?.score ?? '–'}→${entry.after?.score ?? '–'}`);
}

async function labelEdits(page: Page): Promise<number> {
  const log = await readStoredRows<{ target: { kind: string } }>(page, 'editLog');
  return log.filter((entry) => entry.target.kind !== 'rubric-score').length;
}

async function typeKeys(page: Page, keys: string[], paceMs: number) {
  for (const key of keys) {
    if (paceMs > 0) await page.waitForTimeout(paceMs);
    await page.keyboard.press(key);
  }
}

async function openFirstDialogue(page: Page, app: Parameters<typeof openSample>[0]) {
  const datasets = await openSample(app);
  await datasets.openRowAt(0);
  const review = new ReviewPage(page);
  await review.waitForReady();
  const panel = page.getByTestId('rubric-panel');
  await expect(panel).toHaveAttribute('data-status', 'ready');
  return { review, panel };
}

for (const [pace, paceMs] of PACES) {
  test(`issue 29 point 7 at ${pace}: 3 j 4 j 2 j 5 j 1 scores 3, 4, 2, 5, 1; j past the last stays; a changed score is said and audited; undo takes it back`, async ({ app }, testInfo) => {
    const { page } = app;
    const { review, panel } = await openFirstDialogue(page, app);
    const dialogueId = (await review.dialogueId())!;
    await review.pressKey('r');
    await review.enterReviewerName('Zhao Lei 赵磊');
    await expect(panel).toHaveAttribute('data-active', 'true');
    const position = page.getByTestId('rubric-position');
    await expect(position).toContainText('Rubric 1 of 5: X-SRG');

    await typeKeys(page, ['3', 'j', '4', 'j', '2', 'j', '5', 'j', '1'], paceMs);
    await expect.poll(() => scoresOf(page, dialogueId)).toEqual([3, 4, 2, 5, 1]);
    await expect(position).toContainText('Rubric 5 of 5: TCF');
    await expect(page.getByTestId('rubric-notice')).toHaveText(/TCF scored 1/);
    await expect(panel.locator('[data-testid="rubric-chip"][aria-current="true"]')).toHaveAttribute('data-rubric', 'TCF');
    expect(await scoreTrail(page, dialogueId)).toEqual(['X-SRG scored –→3', 'M-RCC scored –→4', 'X-MSR scored –→2', 'IRA scored –→5', 'TCF scored –→1']);

    // past the last rubric: the focus stays on TCF and says so, nothing wraps round to X-SRG
    await typeKeys(page, ['j'], paceMs);
    await expect(panel).toHaveAttribute('data-focus', 'TCF');
    await expect(page.getByTestId('rubric-notice')).toHaveAttribute('data-kind', 'edge');
    await expect(page.getByTestId('rubric-notice')).toContainText('last rubric');
    await saveShot(page.getByTestId('rubric-panel'), `rubric-at-last-en-${paceMs}`, testInfo);

    // a digit on a scored rubric changes it, naming the old score; the audit has the old value
    await typeKeys(page, ['4'], paceMs);
    await expect(page.getByTestId('rubric-notice')).toHaveText(/TCF changed: 1 → 4/);
    await expect.poll(() => scoresOf(page, dialogueId)).toEqual([3, 4, 2, 5, 4]);
    await typeKeys(page, ['k', 'Control+z'], paceMs);
    // the undo takes TCF back to 1 and puts the focus on it
    await expect.poll(() => scoresOf(page, dialogueId)).toEqual([3, 4, 2, 5, 1]);
    await expect(panel).toHaveAttribute('data-focus', 'TCF');
    await expect(page.getByTestId('rubric-notice')).toHaveText(/Undone: TCF is back to 1/);
    await expect.poll(() => scoreTrail(page, dialogueId)).toEqual([
      'X-SRG scored –→3', 'M-RCC scored –→4', 'X-MSR scored –→2', 'IRA scored –→5', 'TCF scored –→1', 'TCF scored 1→4', 'TCF undone 4→1',
    ]);
    expect(await labelEdits(page)).toBe(0);

    if (paceMs > 0) {
      await page.getByTestId('nav-language').click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(position).toContainText('第 5/5 个维度：TCF');
      await expect(page.getByTestId('rubric-notice')).toContainText('已撤销：TCF 恢复为 1 分');
      await saveShot(page.getByTestId('rubric-panel'), 'rubric-undone-zh', testInfo);
      await page.getByTestId('nav-language').click();
    }
  });

  test(`rubric scores at ${pace}: r then digits, n then the next dialogue, clear and undo in flight`, async ({ app }) => {
    test.setTimeout(90_000);
    const { page } = app;
    const { review, panel } = await openFirstDialogue(page, app);
    await review.pressKey('r');
    await review.enterReviewerName('Zhao Lei 赵磊');
    await page.keyboard.press('r');
    await expect(panel).toHaveAttribute('data-active', 'false');
    const first = (await review.dialogueId())!;

    // n, r and digits in one burst from the first dialogue, its turns held back on disk so it is still
    // opening when they come: the r is held with the digits and replayed to the panel, not to review
    const releaseTurns = await holdStores(page, ['turnBlocks']);
    await typeKeys(page, ['n', 'r', '2', 'j', '2', 'j', '4', 'j', '4', 'j', '3'], paceMs);
    await expect(page.getByTestId('review-view')).toHaveAttribute('data-state', 'loading');
    await releaseTurns();
    await expect.poll(() => review.dialogueId()).not.toBe(first);
    const second = (await review.dialogueId())!;
    await expect.poll(() => scoresOf(page, second)).toEqual([2, 2, 4, 4, 3]);
    await expect(panel).toHaveAttribute('data-active', 'true');

    // still in rubric scoring: n, and the next dialogue's scores typed before it has opened (its focus starts on the first rubric)
    await typeKeys(page, ['n', '1', 'j', '2', 'j', '3', 'j', '4', 'j', '5'], paceMs);
    await expect.poll(() => review.dialogueId()).not.toBe(second);
    const third = (await review.dialogueId())!;
    await expect.poll(() => scoresOf(page, third)).toEqual([1, 2, 3, 4, 5]);

    // out of rubric scoring to a fourth dialogue; there r and five scores at once, j past the last rubric
    // staying on it, a rescore of it, then k, a clear and two undos while the writes are in flight
    await typeKeys(page, ['r'], paceMs);
    await expect(panel).toHaveAttribute('data-active', 'false');
    await page.keyboard.press('n');
    await expect.poll(() => review.dialogueId()).not.toBe(third);
    const fourth = (await review.dialogueId())!;
    await review.waitForReady(fourth);
    await typeKeys(page, ['r', '5', 'j', '4', 'j', '3', 'j', '2', 'j', '1', 'j', 'j', '3', 'k', 'Backspace', 'Control+z', 'Control+z'], paceMs);
    await expect.poll(() => scoresOf(page, fourth)).toEqual([5, 4, 3, 2, 1]);
    await expect(panel).toHaveAttribute('data-focus', 'TCF');

    // Escape leaves rubric scoring, not the dialogue; the other dialogues' scores are untouched; no digit picked a label
    await page.keyboard.press('Escape');
    await expect(panel).toHaveAttribute('data-active', 'false');
    expect(await review.dialogueId()).toBe(fourth);
    expect(await scoresOf(page, first)).toEqual([0, 0, 0, 0, 0]);
    expect(await scoresOf(page, second)).toEqual([2, 2, 4, 4, 3]);
    expect(await scoresOf(page, third)).toEqual([1, 2, 3, 4, 5]);
    expect(await labelEdits(page)).toBe(0);
  });
}
