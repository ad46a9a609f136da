/**
 * Review data safety (issue 8, points 1-4 and 7), each at machine pace (keys as fast as
 * Playwright sends them) and at human pace (300 ms between keys): shortcut keys never reach a
 * text box the user did not open on this turn, edits apply in the order they were made, keys
 * pressed while a dialogue opens are not lost, verifying confirms what it shows, and undo never
 * deletes a later edit made in another window. What was stored is read from IndexedDB directly.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app';
import { closeLikeMain, installApi } from '../support/bridge';
import { DatasetsPage } from './pages/datasets';
import { ReviewPage } from './pages/review';
import { StartPage } from './pages/start';
import { SettingsPage } from './pages/settings';
import { appliesToSpeaker, CODEBOOK_FIELD_IDS, codebookField, labelForSidValue } from './support-codebook';
import { holdStores, readStoredRows } from './support-idb';
import { findSampleDialogue, openDialogueByKeyboard, openSample } from './support-sample';
import type { AppFixture } from './fixtures/app';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const teacherTurn = target.record.dialogue.findIndex((turn) => turn.role === '教师');
const REVIEWER = 'Wang Li 王丽';

interface StoredFieldReview {
  id: string;
  turnId: string;
  fieldId: string;
  decision: string;
  codes: string[];
  text: string | null;
}

const PACES = [
  { name: 'machine pace', gapMs: 0 },
  { name: 'human pace', gapMs: 300 },
] as const;

async function setReviewer(app: AppFixture, datasets: DatasetsPage): Promise<void> {
  const settings = new SettingsPage(app.page);
  await settings.open();
  await settings.setReviewerName(REVIEWER);
  await app.page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();
}

async function openTarget(app: AppFixture): Promise<{ review: ReviewPage; datasetName: string }> {
  const datasets = await openSample(app);
  const datasetName = (await datasets.name.textContent()) ?? '';
  await setReviewer(app, datasets);
  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  return { review, datasetName };
}

/** Presses keys with `gapMs` between them (0: as fast as Playwright sends them). */
async function typeKeys(review: ReviewPage, gapMs: number, ...keys: string[]): Promise<void> {
  for (const key of keys) {
    await review.pressKey(key);
    if (gapMs > 0) await review.page.waitForTimeout(gapMs);
  }
}

async function fieldReviews(page: Page): Promise<StoredFieldReview[]> {
  return readStoredRows<StoredFieldReview>(page, 'fieldReviews');
}

async function settle(review: ReviewPage): Promise<void> {
  await expect(review.saveIndicator).not.toHaveAttribute('data-state', 'saving');
}

for (const pace of PACES) {
  test.describe(pace.name, () => {
    test('point 1: after the utterance editor was opened once, moving on never opens or focuses another turn\'s editor, and keys after Esc are commands', async ({ app }) => {
      const { review } = await openTarget(app);
      await review.goToField('utterance');
      await review.pressKey('/');
      await expect(review.textFieldInput).toBeFocused();
      // Esc, then at once a key: it must move the turn, not land in the text
      await review.textFieldInput.press('x');
      await typeKeys(review, pace.gapMs, 'Escape', 'j');
      await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
      await expect(review.textFieldInput).not.toBeFocused();
      // shortcuts across turns with the utterance field current: none may type into a text box
      await typeKeys(review, pace.gapMs, 'a', 'j', 'a', 'v', 'a', 'k', 'Shift+V');
      await settle(review);
      await expect(review.textFieldInput).not.toBeFocused();
      for (let index = 0; index < target.record.dialogue.length; index += 1) {
        await expect(review.turn(index).locator('.rv-bubble')).toHaveText(target.record.dialogue[index].content);
      }
      const corrections = (await fieldReviews(app.page)).filter((row) => row.fieldId === 'utterance' && row.decision === 'changed');
      expect(corrections).toEqual([]);
    });

    test('point 2: a number key then Shift+A keeps the correction, whatever the timing', async ({ app }) => {
      const { review } = await openTarget(app);
      for (let turn = 0; turn < teacherTurn; turn += 1) await review.pressKey('j');
      await review.goToField('teacher_guidance_level');
      const annotation = target.record.annotations[teacherTurn];
      const pre = labelForSidValue('teacher_guidance_level', annotation.teacher_guidance_level).code;
      const labels = codebookField('teacher_guidance_level').labels;
      const otherIndex = labels.findIndex((label) => label.code !== pre);
      await typeKeys(review, pace.gapMs, String(otherIndex + 1), 'Shift+A');
      await review.expectDecision('teacher_guidance_level', 'changed');
      await review.expectExpertValue('teacher_guidance_level', [labels[otherIndex].code]);
      await settle(review);
      const stored = (await fieldReviews(app.page)).find((row) => row.fieldId === 'teacher_guidance_level');
      expect(stored).toMatchObject({ decision: 'changed', codes: [labels[otherIndex].code] });
    });

    test('point 3: the first key pressed right after a dialogue opens is acted on, every time', async ({ app }) => {
      const datasets = await openSample(app);
      await setReviewer(app, datasets);
      await datasets.filterByModel(target.teacherModel);
      await datasets.search(target.externalId);
      await expect(datasets.table).toHaveAttribute('data-row-count', '1');
      await datasets.pressKey('j');
      const review = new ReviewPage(app.page);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await expect(datasets.selectedRow).toHaveCount(1);
        // Enter and j back to back: j must move one turn on (the cursor is kept between openings), not be lost
        await datasets.pressKey('Enter');
        if (pace.gapMs > 0) await app.page.waitForTimeout(pace.gapMs);
        await review.pressKey('j');
        await review.waitForReady();
        await expect(review.currentTurn, `attempt ${attempt + 1}`).toHaveAttribute('data-turn-index', String(attempt + 1));
        await review.pressKey('Escape');
        await datasets.waitForRows();
      }
    });

    test('point 4: v confirms every applicable value shown, counted and undoable as one step', async ({ app }) => {
      const { review } = await openTarget(app);
      for (let turn = 0; turn < teacherTurn; turn += 1) await review.pressKey('j');
      const applicable = CODEBOOK_FIELD_IDS.filter((fieldId) => appliesToSpeaker(fieldId, 'teacher'));
      await typeKeys(review, pace.gapMs, 'v');
      await expect(review.turn(teacherTurn).locator('[data-badge="verified"]')).toBeVisible();
      await expect(review.notice).toHaveAttribute('data-kind', 'verified-turn');
      await settle(review);
      const stored = (await fieldReviews(app.page)).filter((row) => row.turnId.endsWith(`#${teacherTurn}`));
      expect(stored.map((row) => row.fieldId).sort()).toEqual([...applicable].sort());
      expect(new Set(stored.map((row) => row.decision))).toEqual(new Set(['accepted']));
      await review.goToTurn(teacherTurn);
      await expect(review.page.getByTestId('field-panel')).toContainText(`${applicable.length}/${applicable.length}`);

      await typeKeys(review, pace.gapMs, 'Mod+z');
      await expect(review.turn(teacherTurn).locator('[data-badge="verified"]')).toHaveCount(0);
      await settle(review);
      expect((await fieldReviews(app.page)).filter((row) => row.turnId.endsWith(`#${teacherTurn}`))).toEqual([]);
    });

    test('point 4: Shift+V names what it confirms before it verifies every turn', async ({ app }) => {
      const { review } = await openTarget(app);
      await typeKeys(review, pace.gapMs, 'Shift+V');
      // every field of this sample dialogue has a usable pre-annotation: the confirmation names the counts
      const warning = review.verifyDialogueWarning;
      await expect(warning).toBeVisible();
      await expect(warning).toContainText(String(target.record.dialogue.length));
      await expect(review.dialogueStatus).not.toHaveAttribute('data-status', 'verified');
      await typeKeys(review, pace.gapMs, 'Shift+V');
      await expect(review.dialogueStatus).toHaveAttribute('data-status', 'verified');
      await expect(review.turns.locator('[data-badge="verified"]')).toHaveCount(target.record.dialogue.length);
      await settle(review);
      expect((await readStoredRows(app.page, 'turnReviews')).length).toBe(target.record.dialogue.length);
    });
  });
}

test('point 7: undo in one window leaves a later edit made in another window alone and says so', async ({ app }) => {
  const { review, datasetName } = await openTarget(app);
  for (let turn = 0; turn < teacherTurn; turn += 1) await review.pressKey('j');
  await review.goToField('teacher_guidance_level');
  const labels = codebookField('teacher_guidance_level').labels;
  await review.pressKeyAndWaitForSave('1');

  // A second window on the same database (same origin, same profile), the same handlers behind window.api.
  const second = await app.page.context().newPage();
  await installApi(second, app.handlers);
  await second.goto(app.url);
  await second.locator('[data-app-state="ready"]').waitFor({ state: 'attached' });
  await new StartPage(second).openDataset(datasetName);
  const otherDatasets = new DatasetsPage(second);
  await otherDatasets.waitForRows();
  const otherReview = await openDialogueByKeyboard(otherDatasets, target.teacherModel, target.externalId);
  for (let turn = 0; turn < teacherTurn; turn += 1) await otherReview.pressKey('j');
  await otherReview.goToField('teacher_guidance_level');
  await otherReview.pressKeyAndWaitForSave('2');
  await otherReview.expectExpertValue('teacher_guidance_level', [labels[1].code]);

  await review.pressKey('Mod+z');
  await expect(review.notice).toHaveAttribute('data-kind', 'undo-conflict');
  await settle(review);
  const stored = (await fieldReviews(app.page)).find((row) => row.fieldId === 'teacher_guidance_level');
  expect(stored?.codes).toEqual([labels[1].code]);
  await review.expectExpertValue('teacher_guidance_level', [labels[1].code]);
  await second.close();
});

test('point 8: a window that cannot confirm its queued writes in time asks "wait or close and lose N"; Wait saves them all', async ({ app }) => {
  const { review } = await openTarget(app);
  for (let turn = 0; turn < teacherTurn; turn += 1) await review.pressKey('j');
  await review.goToField('teacher_guidance_level');
  await review.pressKeyAndWaitForSave('1');
  const before = (await fieldReviews(app.page)).length;

  // The disk stalls: three edits queue up behind a transaction that does not finish.
  const reviewedRows = review.page.locator('[data-testid="field-row"]:not([data-decision="not-reviewed"])');
  const reviewedBefore = await reviewedRows.count();
  const release = await holdStores(app.page, ['fieldReviews', 'editLog']);
  await typeKeys(review, 0, '2', 'Tab', 'a', 'Tab', 'a');
  await expect(review.saveIndicator).toHaveAttribute('data-state', 'saving');
  // all three edits queued (the view shows values once stored) before the window is asked to close
  await expect(review.saveIndicator).toHaveAttribute('data-pending', '3');
  await expect(reviewedRows).toHaveCount(reviewedBefore);

  let releasedOnAsk = false;
  const outcome = await closeLikeMain(app.page, {
    timeoutMs: 1_500,
    waitOrClose: async () => {
      // The user waits; meanwhile the disk catches up.
      if (!releasedOnAsk) await release();
      releasedOnAsk = true;
      return 'wait';
    },
  });
  expect(outcome.askedToWait).toEqual([3]);
  expect(outcome.handshakes).toBe(2);
  expect(outcome.closed).toBe(true);
  const after = await fieldReviews(app.page);
  expect(after.length).toBe(before + 2);
  expect(after.find((row) => row.fieldId === 'teacher_guidance_level')?.codes).toEqual([codebookField('teacher_guidance_level').labels[1].code]);
});

test('point 8: closing with nothing queued closes after one handshake, without asking', async ({ app }) => {
  await openTarget(app);
  const outcome = await closeLikeMain(app.page, { timeoutMs: 1_500 });
  expect(outcome).toEqual({ closed: true, askedCloseAnyway: [], askedToWait: [], handshakes: 1 });
});
