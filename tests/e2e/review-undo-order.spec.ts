/**
 * Issue 29, point 6: undo and redo take their turn in the key order like every other command.
 * A key pressed right after Ctrl+Z acts where the undo left the cursor, on the values the undo
 * left, however fast it follows (no gap, 30 ms, a person's 300 ms). What was stored is read from
 * IndexedDB directly; what each sequence must leave is worked out here by hand from the keys'
 * meaning (README, review item 3). The same keys typed while the disk is stalled (a transaction
 * holds the stores, as on a machine whose disk hangs) make the race certain instead of likely.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app';
import type { ReviewPage } from './pages/review';
import { SettingsPage } from './pages/settings';
import { holdStores, readStoredRows } from './support-idb';
import { findSampleDialogue, openDialogueByKeyboard, openSample } from './support-sample';
import type { AppFixture } from './fixtures/app';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const REVIEWER = 'Wang Li 王丽';
const GAPS_MS = [0, 30, 300] as const;

interface StoredFieldReview {
  turnId: string;
  fieldId: string;
  decision: string;
}

interface StoredTurnReview {
  id: string;
  verified: boolean;
}

async function openTarget(app: AppFixture): Promise<ReviewPage> {
  const datasets = await openSample(app);
  const settings = new SettingsPage(app.page);
  await settings.open();
  await settings.setReviewerName(REVIEWER);
  await app.page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();
  return openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
}

async function typeKeys(review: ReviewPage, gapMs: number, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await review.pressKey(key);
    if (gapMs > 0) await review.page.waitForTimeout(gapMs);
  }
}

const turnNumber = (turnId: string) => Number(turnId.slice(turnId.lastIndexOf('#') + 1));

async function verifiedTurns(page: Page): Promise<number[]> {
  return (await readStoredRows<StoredTurnReview>(page, 'turnReviews')).filter((row) => row.verified).map((row) => turnNumber(row.id)).sort((a, b) => a - b);
}

async function reviewedTurns(page: Page): Promise<number[]> {
  return [...new Set((await readStoredRows<StoredFieldReview>(page, 'fieldReviews')).map((row) => turnNumber(row.turnId)))].sort((a, b) => a - b);
}

async function settle(review: ReviewPage): Promise<void> {
  await expect(review.saveIndicator).not.toHaveAttribute('data-state', 'saving');
}

for (const gapMs of GAPS_MS) {
  test.describe(`${gapMs} ms between keys`, () => {
    test('v, Ctrl+Z, v: the undo takes turn 1 back and the second v verifies turn 1 again, not turn 2', async ({ app }) => {
      const review = await openTarget(app);
      await expect(review.currentTurn).toHaveAttribute('data-turn-index', '0');
      await typeKeys(review, gapMs, ['v', 'Mod+z', 'v']);
      // v verifies turn 1 and moves to turn 2; the undo brings the cursor back to turn 1; v verifies it and moves on
      await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
      await settle(review);
      await expect.poll(() => verifiedTurns(app.page)).toEqual([0]);
      expect(await reviewedTurns(app.page)).toEqual([0]);
      await expect(review.turn(0).locator('[data-badge="verified"]')).toBeVisible();
      await expect(review.turn(1).locator('[data-badge="verified"]')).toHaveCount(0);
    });

    test('a, Ctrl+Z, j: the undo takes the accept back and j still moves on from turn 1', async ({ app }) => {
      const review = await openTarget(app);
      await typeKeys(review, gapMs, ['a', 'Mod+z', 'j']);
      await settle(review);
      await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
      expect(await reviewedTurns(app.page)).toEqual([]);
    });

    test('a, Ctrl+Z, Ctrl+Shift+Z, j: the redo brings the accept back on turn 1 and j moves from there', async ({ app }) => {
      const review = await openTarget(app);
      await typeKeys(review, gapMs, ['j', 'a', 'k', 'Mod+z', 'Mod+Shift+z', 'j', 'j']);
      await settle(review);
      // the undo and the redo put the cursor on turn 2, where the accept was; two j from there
      await expect(review.currentTurn).toHaveAttribute('data-turn-index', '3');
      expect(await reviewedTurns(app.page)).toEqual([1]);
    });
  });
}

test.describe('the disk stalled while the keys come', () => {
  test('v, Ctrl+Z, v: turn 1 verified once more, turn 2 untouched', async ({ app }) => {
    const review = await openTarget(app);
    const release = await holdStores(app.page, ['fieldReviews', 'turnReviews', 'editLog']);
    await typeKeys(review, 0, ['v', 'Mod+z', 'v']);
    await expect(review.saveIndicator).toHaveAttribute('data-state', 'saving');
    await release();
    await settle(review);
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
    expect(await verifiedTurns(app.page)).toEqual([0]);
    expect(await reviewedTurns(app.page)).toEqual([0]);
  });

  test('a, Ctrl+Z, j: nothing stored, the cursor on turn 2', async ({ app }) => {
    const review = await openTarget(app);
    const release = await holdStores(app.page, ['fieldReviews', 'editLog']);
    await typeKeys(review, 0, ['a', 'Mod+z', 'j']);
    await expect(review.saveIndicator).toHaveAttribute('data-state', 'saving');
    await release();
    await settle(review);
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
    expect(await reviewedTurns(app.page)).toEqual([]);
  });
});

test('a button pressed while the writes before it land acts before the keys pressed after it: Accept all on turn 2, then j', async ({ app }) => {
  const review = await openTarget(app);
  const release = await holdStores(app.page, ['fieldReviews', 'editLog']);
  // Shift+A on turn 1 writes its speaker value: which fields apply to a turn is not known for sure until it lands
  await typeKeys(review, 0, ['Shift+A', 'j']);
  await review.acceptAllButton.click();
  await typeKeys(review, 0, ['j']);
  await release();
  await settle(review);
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', '2');
  expect(await reviewedTurns(app.page)).toEqual([0, 1]);
});
