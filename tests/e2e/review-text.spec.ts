/**
 * The two free-text editors of review, end to end: the utterance correction ('/' then
 * Ctrl/⌘+Enter; Escape drops a draft; a draft left open is saved when the reviewer leaves) and
 * the teacher-model correction (Enter; an empty box restores the imported model). Every value is
 * checked after a reload, from IndexedDB.
 */
import { expect, test } from './fixtures/app';
import { StartPage } from './pages/start';
import { findSampleDialogue, openDialogueByKeyboard, openSample } from './support-sample';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 2);
const REVIEWER = 'Zhao Min 赵敏';
const FIRST = '更正后的第一句话。';
const DROPPED = '这一句按 Esc 放弃。';
const LEFT_OPEN = '离开时仍未提交的更正。';
const MODEL = 'GPT-4o-mini';

test('utterance and teacher-model corrections: committed, dropped with Escape, saved when left open, kept after a reload', async ({ app }) => {
  const datasets = await openSample(app);
  const datasetName = (await datasets.name.textContent()) ?? '';
  let review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  const dialogueId = (await review.dialogueId()) ?? '';
  const original = target.record.dialogue[0].content;
  await expect(review.turn(0).locator('.rv-bubble')).toHaveText(original);

  // Ctrl/⌘+Enter commits the corrected utterance (after the reviewer names themself).
  await review.goToField('utterance');
  await review.pressKey('/');
  await expect(review.textFieldInput).toBeFocused();
  await review.textFieldInput.fill(FIRST);
  await review.textFieldInput.press('ControlOrMeta+Enter');
  await review.enterReviewerName(REVIEWER);
  await review.expectDecision('utterance', 'changed');
  await expect(review.turn(0).locator('.rv-bubble')).toHaveText(FIRST);

  // Escape drops a draft: the box shows the saved correction again and nothing is written.
  await review.waitForSaved();
  const savedAt = (await review.saveIndicator.getAttribute('data-saved-at')) ?? '';
  await review.pressKey('/');
  await review.textFieldInput.fill(DROPPED);
  await review.textFieldInput.press('Escape');
  await expect(review.textFieldInput).toHaveValue(FIRST);
  await expect(review.turn(0).locator('.rv-bubble')).toHaveText(FIRST);
  await expect(review.saveIndicator).toHaveAttribute('data-saved-at', savedAt);

  // The teacher model: Enter commits it.
  await review.teacherModelInput.fill(`  ${MODEL} `);
  await review.teacherModelInput.press('Enter');
  await expect(review.teacherModelInput).toHaveValue(MODEL);
  await review.waitForSaved();

  // A draft still open when the reviewer goes back to the table is saved, not lost.
  await review.pressKey('/');
  await review.textFieldInput.fill(LEFT_OPEN);
  await app.page.getByTestId('review-back').click();
  // (the table is still filtered to GPT-4o, which this dialogue no longer is)
  await expect(datasets.table).toBeVisible();

  // After a reload everything is read back from IndexedDB.
  await app.reload();
  await new StartPage(app.page).openDataset(datasetName);
  await datasets.waitForRows();
  review = await openDialogueByKeyboard(datasets, MODEL, target.externalId);
  expect(await review.dialogueId()).toBe(dialogueId);
  await expect(review.turn(0).locator('.rv-bubble')).toHaveText(LEFT_OPEN);
  await review.expectDecision('utterance', 'changed');
  await expect(review.teacherModelInput).toHaveValue(MODEL);

  // An empty box restores the imported model.
  await review.teacherModelInput.fill('');
  await review.teacherModelInput.press('Enter');
  await expect(review.teacherModelInput).toHaveValue(target.teacherModel);
  await review.waitForSaved();
  await app.reload();
  await new StartPage(app.page).openDataset(datasetName);
  await datasets.waitForRows();
  review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  await expect(review.teacherModelInput).toHaveValue(target.teacherModel);
});
