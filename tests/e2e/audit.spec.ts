/**
 * The audit trail end to end: review changes of every kind (accept, correct, unsure, clear,
 * undo, redo, verify turn, teacher model, status) each appear in the data set's audit view with
 * their reason, the filters narrow the rows, the CSV saved holds the filtered rows, and the
 * history panel of the field in review lists that field's entries (Escape closes it). Then the
 * two writers outside review: an adjudication decision ('adjudicated', on the adjudicated layer,
 * by the adjudicator) and an annotator's work package ('imported', its values and its verified
 * turn, on the annotator's layer, by the annotator).
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, test } from './fixtures/app';
import { AdjudicationPage } from './pages/adjudication';
import { DatasetsPage } from './pages/datasets';
import { ImportPage } from './pages/import';
import { StartPage } from './pages/start';
import { codebookField, keyOfLabel, labelForSidValue } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample, type SidRecord } from './support-sample';
import { saveShot } from './support-shots';
import { jsonlText, sidRecord, writeInputFile } from './support-sid-files';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const FIELD = 'teacher_intent';
const REVIEWER = 'Li Na 李娜';
// The sample holds this id for several teacher models, so a person reads it with its model (issue 29
// point 15): the model as corrected in review below, and first in source order, so without a `#2`.
const targetName = `${target.externalId} · GPT-4o-mini`;
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
  // 11 turns are still unverified: Shift+V names what it confirms first (once the teacher model's write is shown), and a second Shift+V confirms
  await review.pressKey('Shift+V');
  await expect(review.verifyDialogueWarning).toBeVisible();
  await review.pressKey('Shift+V');
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
  expect(parsed.data.every((row) => row.field === codebookField(FIELD).name.en && row.annotator === REVIEWER && row.dialogue === targetName)).toBe(true);
  expect(parsed.data.filter((row) => row.reason === 'corrected')).toEqual([expect.objectContaining({ turn: String(teacherTurn + 1), after: correction.name.en })]);

  // In Chinese: the same view's words and values.
  await page.getByTestId('nav-language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(view).toContainText('审计记录');
  await saveShot(page, 'audit-view-zh', testInfo);
});

/** The audit view's columns, in order (AuditView's cells). */
const COLUMNS = ['time', 'dialogue', 'turn', 'field', 'layer', 'reason', 'who', 'before', 'after', 'note'] as const;

async function cellsOf(row: Locator): Promise<Record<(typeof COLUMNS)[number], string>> {
  const texts = await row.locator('td').allInnerTexts();
  return Object.fromEntries(COLUMNS.map((column, index) => [column, texts[index]?.trim() ?? ''])) as Record<(typeof COLUMNS)[number], string>;
}

/** Names the teacher model of every file of the report that has none yet. */
async function nameTeacherModels(wizard: ImportPage): Promise<void> {
  for (const box of await wizard.page.getByTestId('import-teacher-model').all()) if ((await box.inputValue()) === '') await box.fill('GPT-4o');
}

async function importFile(page: Page, dialogs: { nextFiles(paths: string[]): void }, path: string): Promise<void> {
  const wizard = new ImportPage(page);
  dialogs.nextFiles([path]);
  await new StartPage(page).importFiles();
  await wizard.waitForReport();
  const card = wizard.files.first();
  if ((await card.getAttribute('data-verdict')) === 'warnings') await card.getByTestId('import-accept-warnings').check();
  await nameTeacherModels(wizard);
  await wizard.confirm();
}

function pilotRecords(): SidRecord[] {
  return [
    sidRecord({ topicId: 1, studentId: 1, repeatId: 1 }, [
      { role: '学生', content: '植物为什么需要阳光？' },
      { role: '教师', content: '你觉得叶子在阳光下会做什么？' },
    ]),
  ];
}

const INTENT = codebookField('teacher_intent');
const CHECK = INTENT.labels.find((label) => label.code === 'check_understanding')!;

test('an adjudication decision is in the audit view: adjudicated, on the adjudicated layer, by the adjudicator', async ({ app }, testInfo) => {
  const page = app.page;
  const adjudicator = 'Li Wei 李薇';
  const source = await writeInputFile(join(app.tempDir, 'GPT-4o', 'pilot.jsonl'), jsonlText(pilotRecords()));
  // the second annotator's copy differs in one value: teacher intent of turn 2 (引导推理 → 检测理解)
  const copy = pilotRecords();
  copy[0].annotations[1].teacher_intent = '检测理解';
  const layerFile = await writeInputFile(join(app.tempDir, 'GPT-4o', 'annotator-b.jsonl'), jsonlText(copy));
  await importFile(page, app.dialogs, source);

  const wizard = new ImportPage(page);
  const adjudication = new AdjudicationPage(page);
  await page.getByTestId('dataset-adjudicate').click();
  await expect(adjudication.root).toHaveAttribute('data-state', 'ready');
  app.dialogs.nextFiles([layerFile]);
  await page.getByTestId('adjudication-attach-layer').click();
  await wizard.waitForReport();
  await nameTeacherModels(wizard);
  await wizard.attachAsLayer('Annotator B', 'human');
  await wizard.confirm();
  await adjudication.open();
  const layerChoice = await page.locator('[data-testid="adjudication-rater"][data-choice^="layer:"]').first().getAttribute('data-choice');
  await adjudication.start(['pre', layerChoice ?? ''], adjudicator);
  await expect(adjudication.progress).toHaveAttribute('data-disagreements', '1');
  await expect(adjudication.item).toHaveAttribute('data-status', 'open');
  // 2: the second rater's value (Annotator B's check_understanding); the save state reads Saved
  // before any decision too, so the decision is awaited first
  await page.keyboard.press('2');
  await expect(adjudication.item).toHaveAttribute('data-status', 'adjudicated');
  await adjudication.waitSaved();

  await page.getByTestId('nav-audit').click();
  const view = page.getByTestId('audit-view');
  await expect(view).toBeVisible();
  await page.getByTestId('audit-filter-reason').selectOption('adjudicated');
  await expect(page.getByTestId('audit-count')).toHaveAttribute('data-shown', '1');
  const cells = await cellsOf(view.getByTestId('audit-row').first());
  expect(cells).toMatchObject({ turn: '2', field: INTENT.name.en, layer: 'Adjudicated / 裁决', reason: 'adjudicated', who: adjudicator, before: '—' });
  expect(cells.after).toContain(CHECK.name.en);
  // the adjudicator is one of the view's annotators: filtering by them keeps the decision
  await page.getByTestId('audit-filter-who').selectOption(adjudicator);
  await expect(page.getByTestId('audit-count')).toHaveAttribute('data-shown', '1');
  await saveShot(page, 'audit-adjudicated-en', testInfo);
  await page.getByTestId('nav-language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // the view reads its entries again in the new language (the values' labels come with them): wait for that read
  await expect(view.getByTestId('audit-row').first()).toContainText(CHECK.name.zh);
  const zh = await cellsOf(view.getByTestId('audit-row').first());
  expect(zh).toMatchObject({ field: INTENT.name.zh, reason: '裁决' });
  expect(zh.after).toContain(CHECK.name.zh);
  await saveShot(page, 'audit-adjudicated-zh', testInfo);
});

test("an annotator's work package is in the audit view: imported values and verified turn, on the annotator's layer, by the annotator", async ({ app }, testInfo) => {
  const page = app.page;
  const annotator = '王老师';
  const source = await writeInputFile(join(app.tempDir, 'GPT-4o', 'pilot.jsonl'), jsonlText(pilotRecords()));
  await importFile(page, app.dialogs, source);
  await new DatasetsPage(page).waitForRows();

  const packagePath = join(app.tempDir, 'for-wang.json');
  await page.getByTestId('assignment-export').click();
  const dialog = page.getByTestId('assignment-export-dialog');
  await dialog.getByTestId('assignment-annotator-name').fill(annotator);
  app.dialogs.nextSavePath(packagePath);
  await dialog.getByTestId('assignment-annotator-name').press('Enter');
  await expect(page.getByTestId('assignment-sent')).toContainText(packagePath);

  // The annotator's work, written as a work package (shared/packages/README.md): turn 2's intent
  // changed to check_understanding, and the turn verified.
  const assignment = JSON.parse(await readFile(packagePath, 'utf8')) as { id: string; dataset: { id: string; name: string }; codebookHash: string; dialogues: { id: string }[] };
  const at = '2026-12-02T11:00:00.000Z';
  const work = {
    maieutic: 'work',
    version: 1,
    id: 'work-e2e-1',
    assignmentId: assignment.id,
    createdAt: '2026-12-02T12:00:00.000Z',
    annotator: { name: annotator },
    dataset: assignment.dataset,
    codebookHash: assignment.codebookHash,
    dialogues: [{
      id: assignment.dialogues[0].id,
      status: 'in-progress',
      turns: [{ index: 1, fields: { teacher_intent: { decision: 'changed', codes: ['check_understanding'], text: null, reviewer: annotator, at } }, verified: { verified: true, reviewer: annotator, at } }],
    }],
  };
  const workPath = join(app.tempDir, 'from-wang.json');
  await writeFile(workPath, JSON.stringify(work), 'utf8');
  app.dialogs.nextFiles([workPath]);
  await page.getByTestId('assignment-import-work').click();
  await expect(page.getByTestId('assignment-imported')).toContainText(`layer “${annotator}”`);

  await page.getByTestId('nav-audit').click();
  const view = page.getByTestId('audit-view');
  await expect(view).toBeVisible();
  await page.getByTestId('audit-filter-reason').selectOption('imported');
  await expect(page.getByTestId('audit-count')).toHaveAttribute('data-shown', '2');
  const rows = await Promise.all((await view.getByTestId('audit-row').all()).map(cellsOf));
  const value = rows.find((row) => row.field !== '');
  const flag = rows.find((row) => row.field === '');
  expect(value).toMatchObject({ turn: '2', field: INTENT.name.en, layer: annotator, reason: 'imported', who: annotator, before: '—', after: CHECK.name.en, note: 'from-wang.json' });
  expect(flag).toMatchObject({ turn: '2', field: '', layer: annotator, reason: 'imported', who: annotator, before: '—', after: 'verified', note: 'from-wang.json' });
  // by the annotator: the who filter keeps both; by field: the value alone
  await page.getByTestId('audit-filter-who').selectOption(annotator);
  await expect(page.getByTestId('audit-count')).toHaveAttribute('data-shown', '2');
  await page.getByTestId('audit-filter-field').selectOption('teacher_intent');
  await expect(page.getByTestId('audit-count')).toHaveAttribute('data-shown', '1');
  await page.getByTestId('audit-filter-field').selectOption('');
  await saveShot(page, 'audit-imported-en', testInfo);
  await page.getByTestId('nav-language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // the view reads its entries again in the new language (the values' labels come with them): wait for that read
  await expect(view.getByTestId('audit-row').filter({ hasText: '已确认' }).first()).toBeVisible();
  await expect(view.getByTestId('audit-row').filter({ hasText: CHECK.name.zh }).first()).toBeVisible();
  const zh = await Promise.all((await view.getByTestId('audit-row').all()).map(cellsOf));
  expect(zh.find((row) => row.field === '')).toMatchObject({ reason: '导入', after: '已确认' });
  expect(zh.find((row) => row.field !== '')).toMatchObject({ field: INTENT.name.zh, after: CHECK.name.zh });
  await saveShot(page, 'audit-imported-zh', testInfo);
});
