/**
 * Rubric sets end to end, as an expert would use them: from the Judge view's "Rubric sets…", a
 * bad file refused with file:line and JSON path and nothing stored, a good one imported, a rubric
 * edited in the form (a weight, with a typo shown next to its field first; an anchor), saved as a
 * new version on the suggested version string, chosen for the data set; a dialogue scored on it
 * in review by keyboard (digits outside a rubric's range and past the last rubric do nothing,
 * Escape leaves rubric scoring without leaving the dialogue), attached as a few-shot example
 * (a new version), and that version exported: the file's content and hash checked here.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parseRubricSet } from '../../shared/judge/parse-rubric-set';
import { rubricSetHash } from '../../shared/judge/rubric-hash';
import { expect, test } from './fixtures/app';
import { openDialogueByKeyboard, openSample, readSampleDialogues } from './support-sample';
import { saveShot } from './support-shots';
import { writeInputFile } from './support-sid-files';

const EXPERT = 'Li Na 李娜';

const bi = (zh: string, en: string) => ({ zh, en });
const LITE = {
  id: 'socratic-lite',
  version: '1.0.0',
  name: bi('苏格拉底式精简量表', 'Socratic lite'),
  description: bi('两个维度', 'Two rubrics'),
  rubrics: [
    {
      id: 'ASK',
      name: bi('提问引导', 'Guiding questions'),
      dimension: bi('引导', 'Guidance'),
      weight: 1,
      definition: bi('教师以提问引导学生自己得出结论。', 'The teacher leads with questions so the student reaches the conclusion.'),
      range: { min: 1, max: 5 },
      anchors: [
        { score: 1, description: bi('直接给出答案。', 'Gives the answer away.') },
        { score: 5, description: bi('全程以追问引导。', 'Guides by follow-up questions throughout.') },
      ],
      positiveExamples: [bi('你觉得为什么会这样？', 'Why do you think that happens?')],
      negativeExamples: [],
    },
    {
      id: 'WAIT',
      name: bi('等待思考', 'Wait time'),
      dimension: bi('引导', 'Guidance'),
      weight: 1,
      definition: bi('教师给学生留出思考的时间。', 'The teacher leaves the student time to think.'),
      range: { min: 0, max: 3 },
      anchors: [],
      positiveExamples: [],
      negativeExamples: [],
    },
  ],
};

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const html = page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await page.getByTestId('nav-language').click();
}

test('rubric sets: import, edit, save as a version, choose, score on it, attach a few-shot example, export', async ({ app }, testInfo) => {
  const page = app.page;
  const datasets = await openSample(app);
  const target = readSampleDialogues()[0];
  await page.getByTestId('nav-judge').click();
  await page.getByTestId('judge-rubric-sets').click();
  const view = page.getByTestId('rubric-sets-view');
  await expect(view).toHaveAttribute('data-status', 'ready');
  const versions = page.getByTestId('rubric-version');
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toHaveAttribute('data-chosen', 'true');

  // A file that is not JSON: file and line. One that is JSON but wrong: file, line and JSON path. Nothing stored.
  const goodText = `${JSON.stringify(LITE, null, 2)}\n`;
  const notJson = goodText.replace('"weight": 1,', '"weight": 1,,');
  const notJsonLine = notJson.split('\n').findIndex((line) => line.includes(',,')) + 1;
  app.dialogs.nextFiles([await writeInputFile(join(app.tempDir, 'broken.json'), notJson)]);
  await page.getByTestId('rubric-import').click();
  const outcome = page.getByTestId('rubric-import-outcome');
  await expect(outcome).toHaveAttribute('data-kind', 'refused');
  await expect(page.getByTestId('rubric-import-problem').first()).toHaveAttribute('data-line', String(notJsonLine));
  await expect(outcome).toContainText(`broken.json:${notJsonLine}`);
  const wrong = goodText.replace('"weight": 1,', '"weight": -1,');
  const wrongLine = wrong.split('\n').findIndex((line) => line.includes('"weight": -1')) + 1;
  app.dialogs.nextFiles([await writeInputFile(join(app.tempDir, 'wrong.json'), wrong)]);
  await page.getByTestId('rubric-import').click();
  const problem = page.getByTestId('rubric-import-problem').first();
  await expect(problem).toHaveAttribute('data-path', '$.rubrics[0].weight');
  await expect(problem).toHaveAttribute('data-line', String(wrongLine));
  await expect(problem).toContainText(`wrong.json:${wrongLine} — $.rubrics[0].weight must be a number ≥ 0`);
  await expect(versions).toHaveCount(1);
  await saveShot(page, 'rubric-import-refused-en', testInfo);

  app.dialogs.nextFiles([await writeInputFile(join(app.tempDir, 'lite.json'), goodText)]);
  await page.getByTestId('rubric-import').click();
  await expect(outcome).toHaveAttribute('data-kind', 'imported');
  await expect(versions).toHaveCount(2);
  const liteRow = versions.and(page.locator('[data-version="1.0.0"]')).filter({ hasText: 'ASK' });
  await expect(liteRow).toHaveAttribute('data-hash', rubricSetHash(parseRubricSet(LITE)));

  // Edit: the second rubric's weight (a typo first, shown by its field, then 3), and an anchor of the first.
  await liteRow.getByTestId('rubric-edit').click();
  const editor = page.getByTestId('rubric-editor');
  await expect(editor).toHaveAttribute('data-dirty', 'false');
  await saveShot(page, 'rubric-editor-top-en', testInfo);
  const weight = editor.locator('input[data-path="$.rubrics[1].weight"]');
  await weight.fill('3,5');
  await expect(editor).toHaveAttribute('data-valid', 'false');
  await expect(editor.locator('[data-testid="field-problems"][data-for="$.rubrics[1].weight"]')).toContainText('must be a number ≥ 0');
  await expect(page.getByTestId('editor-save')).toBeDisabled();
  await editor.getByTestId('rubric-form').nth(1).scrollIntoViewIfNeeded();
  await saveShot(page, 'rubric-editor-problem-en', testInfo);
  await weight.fill('3');
  await expect(editor).toHaveAttribute('data-valid', 'true');
  const shares = editor.getByTestId('weight-share');
  await expect(shares.nth(0)).toHaveAttribute('data-share', '0.25');
  await expect(shares.nth(1)).toHaveAttribute('data-share', '0.75');
  await expect(page.getByTestId('overall-formula')).toContainText('0.250 × ASK + 0.750 × WAIT');
  // reorder by keyboard: Alt+↑ in WAIT's weight moves WAIT first, the field keeps the focus; Alt+↓ puts it back
  await weight.press('Alt+ArrowUp');
  await expect(editor.getByTestId('rubric-form').nth(0)).toHaveAttribute('data-rubric-id', 'WAIT');
  await expect(editor.locator('input[data-path="$.rubrics[0].weight"]')).toBeFocused();
  await expect(page.getByTestId('editor-diff')).toContainText('Rubrics reordered');
  await page.keyboard.press('Alt+ArrowDown');
  await expect(editor.getByTestId('rubric-form').nth(1)).toHaveAttribute('data-rubric-id', 'WAIT');
  await expect(page.getByTestId('editor-diff')).not.toContainText('Rubrics reordered');
  const anchor4 = editor.getByTestId('rubric-form').nth(0).locator('[data-testid="anchor-field"][data-score="4"]');
  await anchor4.locator('textarea[lang="zh-CN"]').fill('大部分时间以追问引导，偶有提示。');
  await anchor4.locator('textarea[lang="en"]').fill('Mostly guides by follow-ups, with an occasional hint.');
  await expect(page.getByTestId('editor-diff')).toContainText('ASK: anchors');
  await expect(page.getByTestId('editor-diff')).toContainText('WAIT: weight');
  // Escape with unsaved changes asks first; "Keep editing" keeps them
  await page.keyboard.press('Escape');
  const discard = page.locator('dialog[open]');
  await expect(discard).toContainText('Discard unsaved changes?');
  await discard.getByTestId('confirm-cancel').click();
  await expect(editor).toHaveAttribute('data-dirty', 'true');
  // the version string is still 1.0.0: warned, with the next one suggested
  await expect(page.getByTestId('version-warning')).toContainText('1.0.1');
  await page.getByTestId('use-suggested-version').click();
  await expect(editor.locator('[data-path="$.version"]')).toHaveValue('1.0.1');
  await expect(page.getByTestId('version-warning')).toHaveCount(0);
  await saveShot(page, 'rubric-editor-en', testInfo);
  await page.getByTestId('editor-save').click();
  await expect(page.getByTestId('editor-saved')).toBeVisible();
  await page.getByTestId('editor-use-saved').click();
  await page.getByTestId('editor-close').click();
  await expect(versions).toHaveCount(3);
  const edited = versions.and(page.locator('[data-version="1.0.1"]'));
  await expect(edited).toHaveAttribute('data-chosen', 'true');
  await saveShot(page, 'rubric-sets-en', testInfo);
  // Escape: back to the Judge view it was opened from
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('judge-view')).toBeVisible();

  // Score a dialogue on the new version in review, by keyboard.
  await page.getByTestId('nav-dataset').click();
  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  const panel = page.getByTestId('rubric-panel');
  await expect(panel).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('rubric-panel-set')).toContainText('Socratic lite v1.0.1');
  await review.pressKey('r');
  await review.enterReviewerName(EXPERT);
  await expect(panel).toHaveAttribute('data-active', 'true');
  await expect(panel).toHaveAttribute('data-focus', 'ASK');
  const chip = (rubric: string) => panel.locator(`[data-testid="rubric-chip"][data-rubric="${rubric}"]`);
  await review.pressKey('9'); // above ASK's 5: nothing, and said
  await expect(panel).toHaveAttribute('data-focus', 'ASK');
  await expect(panel).toHaveAttribute('data-notice', 'out-of-range');
  await expect(chip('ASK')).toHaveAttribute('data-score', '');
  await review.pressKey('4');
  await expect(chip('ASK')).toHaveAttribute('data-score', '4');
  // a digit scores in place: j moves on
  await expect(panel).toHaveAttribute('data-focus', 'ASK');
  await review.pressKey('j');
  await expect(panel).toHaveAttribute('data-focus', 'WAIT');
  await review.pressKey('5'); // above WAIT's 3: nothing
  await expect(chip('WAIT')).toHaveAttribute('data-score', '');
  await review.pressKey('0'); // WAIT runs from 0
  await expect(chip('WAIT')).toHaveAttribute('data-score', '0');
  await review.pressKey('j'); // past the last rubric: the focus stays, and says so
  await expect(panel).toHaveAttribute('data-focus', 'WAIT');
  await expect(panel).toHaveAttribute('data-notice', 'edge');
  await expect(chip('WAIT')).toHaveAttribute('data-score', '0');
  // Escape hands the keys back to review; the dialogue stays open
  await review.pressKey('Escape');
  await expect(panel).toHaveAttribute('data-active', 'false');
  await expect(page.getByTestId('review-view')).toBeVisible();

  // The editor's "Add from data set…" lists this dialogue (fully scored on v1.0.1 by this expert).
  await page.getByTestId('rubric-change-set').click();
  await versions.and(page.locator('[data-version="1.0.1"]')).getByTestId('rubric-edit').click();
  await page.getByTestId('add-from-dataset').click();
  const candidates = page.getByTestId('anchor-candidates');
  await expect(candidates).toHaveAttribute('data-status', 'ready');
  const label = `${target.teacherModel} · ${target.externalId}`;
  await expect(page.getByTestId('anchor-candidate')).toHaveCount(1);
  await page.getByTestId('anchor-candidate').check();
  await expect(page.getByTestId('anchor-candidate')).toHaveAttribute('data-label', label);
  await saveShot(page, 'rubric-add-from-dataset-en', testInfo);
  await page.locator('dialog[open]').getByTestId('confirm-accept').click();
  await expect(page.getByTestId('expert-example')).toHaveAttribute('data-label', label);
  await expect(page.getByTestId('editor-diff')).toContainText(`Few-shot examples added: ${label}`);
  // not kept: closing asks, and the discarded draft leaves v1.0.1 as it was
  await page.getByTestId('editor-close').click();
  await page.locator('dialog[open]').getByTestId('confirm-accept').click();
  await expect(page.getByTestId('rubric-editor')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('review-view')).toBeVisible();
  await expect(panel).toHaveAttribute('data-status', 'ready');

  // Fully scored: use it as a few-shot example, which makes v1.0.2.
  await page.getByTestId('rubric-use-as-example').click();
  const confirm = page.getByTestId('anchor-confirm');
  await expect(confirm).toHaveAttribute('data-next-version', '1.0.2');
  await expect(confirm).toContainText('A new version of socratic-lite will be made: v1.0.2');
  await saveShot(page, 'rubric-few-shot-confirm-en', testInfo);
  await page.getByTestId('anchor-confirm-choose').check();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('rubric-example-made')).toContainText('socratic-lite v1.0.2');
  await expect(page.getByTestId('rubric-panel-set')).toContainText('Socratic lite v1.0.2');

  // The Rubric sets view from review ("Change…"): v1.0.2 is the data set's, with one example; exported.
  await page.getByTestId('rubric-change-set').click();
  await expect(view).toHaveAttribute('data-status', 'ready');
  const withExample = versions.and(page.locator('[data-version="1.0.2"]'));
  await expect(withExample).toHaveAttribute('data-chosen', 'true');
  const exportPath = join(app.tempDir, 'exported.json');
  app.dialogs.nextSavePath(exportPath);
  await withExample.getByTestId('rubric-export').click();
  await expect(page.getByTestId('rubric-export-status')).toHaveAttribute('data-status', 'saved');
  const exported = JSON.parse(await readFile(exportPath, 'utf8')) as typeof LITE & { expertExamples: { label: string; turns: unknown[]; scores: { rubric: string; score: number }[] }[] };
  expect(exported.version).toBe('1.0.2');
  expect(exported.rubrics.map((rubric) => rubric.weight)).toEqual([1, 3]);
  expect(exported.rubrics[0].anchors.map((entry) => entry.score)).toEqual([1, 4, 5]);
  expect(exported.rubrics[0].anchors[1].description.en).toBe('Mostly guides by follow-ups, with an occasional hint.');
  expect(exported.expertExamples).toHaveLength(1);
  expect(exported.expertExamples[0].label).toBe(`${target.teacherModel} · ${target.externalId}`);
  expect(exported.expertExamples[0].turns).toHaveLength(target.record.dialogue.length);
  expect(exported.expertExamples[0].scores).toEqual([
    { rubric: 'ASK', score: 4 },
    { rubric: 'WAIT', score: 0 },
  ]);
  // the file reads back to the hash the app shows for the version
  expect(rubricSetHash(parseRubricSet(exported))).toBe(await withExample.getAttribute('data-hash'));

  await setLanguage(page, 'zh');
  await expect(page.getByTestId('rubric-import')).toHaveText('导入量表 JSON…');
  await saveShot(page, 'rubric-sets-zh', testInfo);
  await withExample.getByTestId('rubric-edit').click();
  await expect(page.getByTestId('expert-example')).toHaveCount(1);
  await page.getByTestId('expert-examples').scrollIntoViewIfNeeded();
  await saveShot(page, 'rubric-editor-zh', testInfo);
  await page.getByTestId('editor-close').click();
  // back to review, where it was opened from
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('review-view')).toBeVisible();
  await expect(panel).toContainText('量表评分');
  await saveShot(page, 'rubric-review-panel-zh', testInfo);
});
