/**
 * Rubric scoring in review at a fast typist's pace (no key waits for the app): `r` then digits
 * at once, digits then `n` and the next dialogue's digits, `n` then `r` and digits while the next
 * dialogue is still loading, and a clear and undo typed while a score's write is in flight. Every
 * digit must land as the rubric score it was meant for, on the dialogue shown; none may become a
 * label pick in review (digits pick labels there). The same sequence at a person's pace gives the
 * same scores.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app';
import { ReviewPage } from './pages/review';
import { holdStores, readStoredRows } from './support-idb';
import { openSample } from './support-sample';

const RUBRICS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'];

interface Stored {
  dialogueId: string;
  rubric: string;
  score: number;
}

async function scoresOf(page: Page, dialogueId: string): Promise<number[]> {
  const rows = await readStoredRows<Stored>(page, 'expertScores');
  const mine = new Map(rows.filter((row) => row.dialogueId === dialogueId).map((row) => [row.rubric, row.score]));
  return RUBRICS.map((rubric) => mine.get(rubric) ?? 0);
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

for (const [pace, paceMs] of [['machine pace', 0], ['human pace', 250]] as const) {
  test(`rubric scores at ${pace}: r then digits, n then the next dialogue, clear and undo in flight`, async ({ app }) => {
    test.setTimeout(90_000);
    const { page } = app;
    const datasets = await openSample(app);
    await datasets.openRowAt(0);
    const review = new ReviewPage(page);
    await review.waitForReady();
    const panel = page.getByTestId('rubric-panel');
    await expect(panel).toHaveAttribute('data-status', 'ready');
    await review.pressKey('r');
    await review.enterReviewerName('Zhao Lei 赵磊');
    await page.keyboard.press('r');
    await expect(panel).toHaveAttribute('data-active', 'false');
    const first = (await review.dialogueId())!;

    // n, r and digits in one burst from the first dialogue, its turns held back on disk so it is still
    // opening when they come: the r is held with the digits and replayed to the panel, not to review
    const releaseTurns = await holdStores(page, ['turnBlocks']);
    await typeKeys(page, ['n', 'r', '2', '2', '4', '4', '3'], paceMs);
    await expect(page.getByTestId('review-view')).toHaveAttribute('data-state', 'loading');
    await releaseTurns();
    await expect.poll(() => review.dialogueId()).not.toBe(first);
    const second = (await review.dialogueId())!;
    await expect.poll(() => scoresOf(page, second)).toEqual([2, 2, 4, 4, 3]);
    await expect(panel).toHaveAttribute('data-active', 'true');

    // still in rubric scoring: n, and the next dialogue's scores typed before it has opened
    await typeKeys(page, ['n', '1', '2', '3', '4', '5'], paceMs);
    await expect.poll(() => review.dialogueId()).not.toBe(second);
    const third = (await review.dialogueId())!;
    await expect.poll(() => scoresOf(page, third)).toEqual([1, 2, 3, 4, 5]);

    // out of rubric scoring to a fourth dialogue; there r and five scores at once, digits past the last rubric
    // ignored, then k, a clear and its undo while the writes are in flight
    await typeKeys(page, ['r'], paceMs);
    await expect(panel).toHaveAttribute('data-active', 'false');
    await page.keyboard.press('n');
    await expect.poll(() => review.dialogueId()).not.toBe(third);
    const fourth = (await review.dialogueId())!;
    await review.waitForReady(fourth);
    await typeKeys(page, ['r', '5', '4', '3', '2', '1', '3', '4', 'k', 'Backspace', 'Control+z'], paceMs);
    await expect.poll(() => scoresOf(page, fourth)).toEqual([5, 4, 3, 2, 1]);

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
