/**
 * The codebook panel beside review and adjudication: it follows the field in focus, its search
 * filters the labels in Chinese and in English (names, aliases, definitions, examples), says when
 * nothing matches, Shift+C focuses it and Escape gives focus back; keys typed in the search never
 * run a view command. Expected labels come from the shipped codebook (support-codebook).
 */
import { join } from 'node:path';
import { expect, test, type AppFixture } from './fixtures/app';
import { AdjudicationPage } from './pages/adjudication';
import { ImportPage } from './pages/import';
import { StartPage } from './pages/start';
import { appliesToSpeaker, CODEBOOK_FIELD_IDS, codebookField } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample } from './support-sample';
import { readStoredRows } from './support-idb';
import { saveShot } from './support-shots';
import { jsonlText, sidRecord, writeInputFile } from './support-sid-files';

test.use({ viewport: { width: 1440, height: 900 } });

async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

/** What has the focus, in words a test can compare. */
const focusedElement = (app: AppFixture) =>
  app.page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName}#${element.getAttribute('data-testid') ?? ''}` : 'none';
  });

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const teacherTurn = target.record.dialogue.findIndex((turn) => turn.role === '教师');

test('review: the codebook panel follows the focused field, searches in Chinese and English, Shift+C focuses it and Escape gives focus back', async ({ app }, testInfo) => {
  const datasets = await openSample(app);
  await setLanguage(app, 'en');
  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  const panel = review.codebookNote;
  const search = panel.getByTestId('codebook-search');
  const labels = panel.getByTestId('codebook-label');
  await review.goToTurn(teacherTurn);
  await review.goToField('teacher_intent');
  await expect(panel).toHaveAttribute('data-field-id', 'teacher_intent');
  await expect(labels).toHaveCount(codebookField('teacher_intent').labels.length);

  // the panel names the codebook version the data set recorded when it was made
  const [dataset] = await readStoredRows<{ codebookHash?: string }>(app.page, 'datasets');
  expect(dataset.codebookHash).toMatch(/^[0-9a-f]{12,}$/);
  await expect(panel.getByTestId('codebook-version')).toHaveAttribute('data-hash', (dataset.codebookHash ?? '').slice(0, 12));
  await expect(panel.getByTestId('codebook-version')).toContainText('version 1.0.0');

  // l / h move the field, the panel moves with it
  const teacherFields = CODEBOOK_FIELD_IDS.filter((fieldId) => appliesToSpeaker(fieldId, 'teacher'));
  const nextField = teacherFields[teacherFields.indexOf('teacher_intent') + 1];
  await review.pressKey('l');
  await expect(panel).toHaveAttribute('data-field-id', nextField);
  await review.pressKey('h');
  await expect(panel).toHaveAttribute('data-field-id', 'teacher_intent');

  // Shift+C focuses the search; what is typed there runs no command (l, a, f, d… are review keys)
  const before = await focusedElement(app);
  await review.pressKey('Shift+C');
  await expect(search).toBeFocused();
  await search.pressSequentially('scaffolding');
  await expect(labels).toHaveCount(1);
  await expect(labels.first()).toHaveAttribute('data-code', 'guide_reasoning');
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', 'teacher_intent');
  await review.expectDecision('teacher_intent', 'not-reviewed');
  await saveShot(panel, 'codebook-review-search-en', testInfo);

  // Chinese: a name and a word of an example (引出概念's example names 蒸腾作用)
  await search.fill('引导推理');
  await expect(labels).toHaveCount(1);
  await expect(labels.first()).toHaveAttribute('data-code', 'guide_reasoning');
  await search.fill('蒸腾');
  await expect(labels).toHaveCount(1);
  await expect(labels.first()).toHaveAttribute('data-code', 'introduce_concepts');

  // no match says so; clearing shows every label again
  await search.fill('xyzzy');
  await expect(labels).toHaveCount(0);
  await expect(panel.getByTestId('codebook-no-match')).toContainText('No label matches “xyzzy”');
  await search.fill('');
  await expect(labels).toHaveCount(labelCount('teacher_intent'));

  // "search all fields" lists matches from every field under the field's name
  await search.fill('water');
  await panel.getByTestId('codebook-all-fields').check();
  await expect(panel.getByTestId('codebook-field-group')).toHaveCount(2);
  await expect(panel.locator('[data-testid="codebook-field-group"][data-field-id="student_cognition_state"]')).toContainText('Student cognition state');
  await panel.getByTestId('codebook-all-fields').uncheck();
  await search.fill('');

  // Escape gives focus back and stays in review; the review keys work again
  await search.focus();
  await review.pressKey('Escape');
  await expect(search).not.toBeFocused();
  expect(await focusedElement(app)).toBe(before);
  await expect(review.root).toBeVisible();
  await review.pressKey('l');
  await expect(panel).toHaveAttribute('data-field-id', nextField);

  await setLanguage(app, 'zh');
  await review.pressKey('Shift+C');
  await expect(search).toBeFocused();
  await search.fill('类比');
  await expect(labels).toHaveCount(1);
  await expect(labels.first()).toHaveAttribute('data-code', 'use_analogies');
  await saveShot(panel, 'codebook-review-search-zh', testInfo);
});

function labelCount(fieldId: string): number {
  return codebookField(fieldId).labels.length;
}

test('adjudication: the codebook panel shows the current item’s field and its search takes keys from the view', async ({ app }, testInfo) => {
  const first: { role: '教师' | '学生'; content: string }[] = [
    { role: '学生', content: '植物为什么需要阳光？' },
    { role: '教师', content: '你觉得叶子在阳光下会做什么？' },
    { role: '学生', content: '好像是在制造养分。' },
  ];
  const records = [sidRecord({ topicId: 1, studentId: 1, repeatId: 1 }, first)];
  const copy = structuredClone(records);
  copy[0].annotations[1].teacher_intent = '检测理解';
  copy[0].annotations[2].student_cognition_state = '模糊理解';
  const dir = join(app.tempDir, 'GPT-4o');
  const source = await writeInputFile(join(dir, 'pilot.jsonl'), jsonlText(records));
  const layerFile = await writeInputFile(join(dir, 'annotator-b.jsonl'), jsonlText(copy));
  const wizard = new ImportPage(app.page);
  const adjudication = new AdjudicationPage(app.page);
  await setLanguage(app, 'en');
  app.dialogs.nextFiles([source]);
  await new StartPage(app.page).importFiles();
  await wizard.waitForReport();
  for (const box of await wizard.page.getByTestId('import-teacher-model').all()) if ((await box.inputValue()) === '') await box.fill('GPT-4o');
  await wizard.confirm();
  await app.page.getByTestId('dataset-adjudicate').click();
  app.dialogs.nextFiles([layerFile]);
  await app.page.getByTestId('adjudication-attach-layer').click();
  await wizard.waitForReport();
  for (const box of await wizard.page.getByTestId('import-teacher-model').all()) if ((await box.inputValue()) === '') await box.fill('GPT-4o');
  await wizard.attachAsLayer('Annotator B', 'human');
  await wizard.confirm();
  await adjudication.open();
  const layerId = (await readStoredRows<{ id: string; name: string }>(app.page, 'layers')).find((layer) => layer.name === 'Annotator B')?.id ?? '';
  await adjudication.start(['pre', `layer:${layerId}`], 'Li Wei 李薇');

  const panel = app.page.getByTestId('codebook-panel');
  const search = panel.getByTestId('codebook-search');
  const labels = panel.getByTestId('codebook-label');
  await expect(adjudication.item).toHaveAttribute('data-field', 'teacher_intent');
  await expect(panel).toHaveAttribute('data-field-id', 'teacher_intent');
  await expect(labels).toHaveCount(codebookField('teacher_intent').labels.length);
  await app.page.keyboard.press('j');
  await expect(adjudication.item).toHaveAttribute('data-field', 'student_cognition_state');
  await expect(panel).toHaveAttribute('data-field-id', 'student_cognition_state');

  // digits in the search are text, not "take layer n"
  await app.page.keyboard.press('Shift+C');
  await expect(search).toBeFocused();
  await search.pressSequentially('1 water');
  await expect(labels).toHaveCount(0);
  await expect(adjudication.item).toHaveAttribute('data-status', 'open');
  await search.fill('water');
  await expect(labels).toHaveCount(3);
  await saveShot(app.page, 'codebook-adjudication-en', testInfo);
  await app.page.keyboard.press('Escape');
  await expect(search).not.toBeFocused();
  await app.page.keyboard.press('k');
  await expect(panel).toHaveAttribute('data-field-id', 'teacher_intent');

  await setLanguage(app, 'zh');
  await app.page.keyboard.press('Shift+C');
  await expect(search).toBeFocused();
  await search.fill('检测理解');
  await expect(labels).toHaveCount(1);
  await expect(labels.first()).toHaveAttribute('data-code', 'check_understanding');
  await saveShot(app.page, 'codebook-adjudication-zh', testInfo);
});
