/**
 * Untrusted text stays text: an utterance, a topic and a label value written as HTML are shown
 * literally in the report, the table and the review, never parsed into elements or run.
 */
import { join } from 'node:path';
import type { Dialog } from '@playwright/test';
import { expect, test } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { ImportPage } from './pages/import';
import { ReviewPage } from './pages/review';
import { StartPage } from './pages/start';
import { jsonlText, sidRecord, writeInputFile } from './support-sid-files';

const IMG_UTTERANCE = '<img src=x onerror=alert(1)>';
const SCRIPT_UTTERANCE = '你看到了什么？<script>alert(2)</script>';
const IMG_TOPIC = '<img src=y onerror=alert(3)>水的净化';
const HTML_LABEL = '<img src=z onerror=alert(4)>';

test('HTML in utterances, topics and label values is shown as literal text and never runs', async ({ app }) => {
  const dialogs: string[] = [];
  app.page.on('dialog', (dialog: Dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });

  const record = sidRecord({ topicId: 31, studentId: 2, repeatId: 1, topicText: IMG_TOPIC }, [
    { role: '学生', content: IMG_UTTERANCE },
    { role: '教师', content: SCRIPT_UTTERANCE, labels: { teacher_intent: HTML_LABEL } },
  ]);
  const path = await writeInputFile(join(app.tempDir, 'xss.jsonl'), jsonlText([record]));

  const wizard = new ImportPage(app.page);
  app.dialogs.nextFiles([path]);
  await new StartPage(app.page).importFiles();
  await wizard.waitForReport();

  // The report quotes the label value as text.
  const card = wizard.file('xss.jsonl');
  await expect(card).toHaveAttribute('data-verdict', 'warnings');
  const unknownLabel = card.locator('[data-testid="import-issue"][data-code="unknown-label"] .issue-text');
  await expect(unknownLabel).toHaveCount(1);
  await expect(unknownLabel).toContainText(HTML_LABEL);
  await expect(wizard.report.locator('b, img, script')).toHaveCount(0);
  await wizard.acceptWarnings('xss.jsonl');
  await wizard.useSuggestedTeacherModel('xss.jsonl');
  await wizard.confirm();

  // The table shows the topic as text.
  const datasets = new DatasetsPage(app.page);
  await datasets.waitForRows();
  expect((await datasets.columnTexts('topic'))[0]).toContain(IMG_TOPIC);
  await expect(datasets.table.locator('img')).toHaveCount(0);

  await datasets.openRowAt(0);
  const review = new ReviewPage(app.page);
  await review.waitForReady();
  await expect(review.turn(0).locator('.rv-bubble')).toHaveText(IMG_UTTERANCE);
  await expect(review.turn(1).locator('.rv-bubble')).toHaveText(SCRIPT_UTTERANCE);
  await expect(review.root.locator('details.rv-topic')).toContainText(IMG_TOPIC);
  await review.goToTurn(1);
  await expect(review.preValue('teacher_intent')).toContainText(HTML_LABEL);
  await review.goToField('utterance');
  await expect(review.preValue('utterance')).toContainText(SCRIPT_UTTERANCE);

  await expect(review.root.locator('img')).toHaveCount(0);
  await expect(review.root.locator('script, b')).toHaveCount(0);
  await expect(app.page.locator('img[src="x"], img[src="y"], img[src="z"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
