/**
 * The audit trail end to end: review changes of every kind (accept, correct, unsure, clear,
 * undo, redo, verify turn, teacher model, status) each appear in the data set's audit view with
 * their reason, the filters narrow the rows, the CSV saved holds the filtered rows, and the
 * history panel of the field in review lists that field's entries (Escape closes it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, test } from './fixtures/app';
import { codebookField, keyOfLabel, labelForSidValue } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample } from './support-sample';
import { saveShot } from './support-shots';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const FIELD = 'teacher_intent';
const REVIEWER = 'Li Na 李娜';
const teacherTurn = target.record.dialogue.findIndex((turn) => turn.role === '教师');
const preCode = labelForSidValue(FIELD, target.record.annotations[teacherTurn][FIELD]).code;
const correction = codebookField(FIELD).labels.find((label) => label.code !== preCode)!;

test('every kind of review change is in the audit view and the field history; filters and CSV', async ({ app }, testInfo) => {
  const datasets = await openSample(app);
  const page = app.page;

  // Nothing changed yet: the audit view says what to do.
  await page.getByTestId('nav-audit').click();
  await expect(page.getByTestId('audit-empty')).toBeVisible();
  await page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();

  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  while ((await review.currentTurnIndex()) < teacherTurn) await review.pressKey('j');
  await review.goToField(FIELD);
  await review.pressKey('a');
  await review.enterReviewerName(REVIEWER);
  await review.expectDecision(FIELD, 'accepted');
  await review.pressKeyAndWaitForSave(String(keyOfLabel(FIELD, correction.code)));
  await review.expectDecision(FIELD, 'changed');
  await review.pressKeyAndWaitForSave('u');
  await review.expectDecision(FIELD, 'unsure');
  await review.pressKeyAndWaitForSave('Backspace');
  await review.expectDecision(FIELD, 'not-reviewed');
  await review.pressKeyAndWaitForSave('Mod+z');
  await review.expectDecision(FIELD, 'unsure');
  await review.pressKeyAndWaitForSave('Mod+Shift+z');
  await review.expectDecision(FIELD, 'not-reviewed');
  await review.pressKeyAndWaitForSave('Mod+z');
  await review.expectDecision(FIELD, 'unsure');

  // The field's history, newest first: the undo on top, the first accept at the bottom.
  await review.pressKey('Shift+H');
  const panel = page.getByTestId('history-panel');
  await expect(panel).toBeVisible();
  const history = panel.getByTestId('history-entry');
  await expect(history).toHaveCount(7);
  await expect(history.first()).toHaveAttribute('data-reason', 'undone');
  await expect(history.last()).toHaveAttribute('data-reason', 'accepted');
  await expect(panel.locator('[data-reason="corrected"]')).toContainText(correction.name.en);
  await saveShot(panel, 'audit-history-en', testInfo);
  // keys typed in the panel do not reach review behind it
  await page.keyboard.press('a');
  await review.expectDecision(FIELD, 'unsure');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(review.root).toBeVisible();

  await review.pressKeyAndWaitForSave('v');
  await review.setTeacherModel('GPT-4o-mini');
  await review.waitForSaved();
  await review.pressKey('Shift+V');
  if (await review.verifyDialogueWarning.isVisible()) await review.pressKey('Shift+V');
  await expect(review.root).toHaveAttribute('data-status', 'verified');
  await review.waitForSaved();

  await page.getByTestId('nav-audit').click();
  const view = page.getByTestId('audit-view');
  await expect(view).toBeVisible();
  const count = page.getByTestId('audit-count');
  const total = Number(await count.getAttribute('data-total'));
  expect(total).toBeGreaterThan(10);
  await saveShot(page, 'audit-view-en', testInfo);

  for (const reason of ['accepted', 'corrected', 'unsure', 'cleared', 'undone', 'redone', 'verified', 'teacher-model', 'status']) {
    await page.getByTestId('audit-filter-reason').selectOption(reason);
    await expect(view.getByTestId('audit-row').first()).toHaveAttribute('data-reason', reason);
    await expect(view.locator(`[data-testid="audit-row"]:not([data-reason="${reason}"])`)).toHaveCount(0);
  }
  // corrected: exactly the one correction, of teacher_intent
  await page.getByTestId('audit-filter-reason').selectOption('corrected');
  await expect(count).toHaveAttribute('data-shown', '1');
  await page.getByTestId('audit-filter-reason').selectOption('');
  await page.getByTestId('audit-filter-field').selectOption(FIELD);
  const fieldShown = Number(await count.getAttribute('data-shown'));
  expect(fieldShown).toBeLessThan(total);
  expect(fieldShown).toBeGreaterThanOrEqual(7);
  await page.getByTestId('audit-filter-who').selectOption(REVIEWER);
  await expect(count).toHaveAttribute('data-shown', String(fieldShown));
  // a time range before every change shows nothing
  await page.getByTestId('audit-filter-to').fill('2000-01-01T00:00');
  await expect(count).toHaveAttribute('data-shown', '0');
  await page.getByTestId('audit-filter-to').fill('');
  await expect(count).toHaveAttribute('data-shown', String(fieldShown));

  const csvPath = join(app.tempDir, 'audit.csv');
  app.dialogs.nextSavePath(csvPath);
  await page.getByTestId('audit-export-csv').click();
  await expect(page.getByTestId('audit-save-status')).toHaveAttribute('data-status', 'saved');
  const parsed = Papa.parse<Record<string, string>>(readFileSync(csvPath, 'utf8'), { header: true, skipEmptyLines: true });
  expect(parsed.meta.fields).toEqual(['time', 'dataset', 'dialogue', 'turn', 'field', 'layer', 'reason', 'annotator', 'before', 'after', 'note']);
  expect(parsed.data).toHaveLength(fieldShown);
  expect(parsed.data.every((row) => row.field === codebookField(FIELD).name.en && row.annotator === REVIEWER && row.dialogue === target.externalId)).toBe(true);
  expect(parsed.data.filter((row) => row.reason === 'corrected')).toEqual([expect.objectContaining({ turn: String(teacherTurn + 1), after: correction.name.en })]);

  // In Chinese: the same view's words and values.
  await page.getByTestId('nav-language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(view).toContainText('审计记录');
  await saveShot(page, 'audit-view-zh', testInfo);
});
