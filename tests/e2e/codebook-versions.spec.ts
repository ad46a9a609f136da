/**
 * Codebook versions end to end (issue 12): from review's codebook panel an expert edits a label's
 * definition and adds an alias in the editor (keys typed there never reach review; Escape asks
 * before dropping the draft; an invalid draft names every problem), saves it as a new version:
 * the panel shows the new short hash and definition at once, the new alias is accepted when typed
 * as a value, Settings → Codebooks still lists the old version beside the new one, the audit
 * view has the 'codebook' entry, and a layer attached afterwards records the new hash. A data set
 * made before versioning says "not recorded". Expected texts come from the shipped codebook.
 */
import { join } from 'node:path';
import { expect, test, type AppFixture } from './fixtures/app';
import { ImportPage } from './pages/import';
import { SettingsPage } from './pages/settings';
import { StartPage } from './pages/start';
import { codebookField } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample, readSampleDialogues } from './support-sample';
import { patchStoredRow, readStoredRows } from './support-idb';
import { saveShot } from './support-shots';
import { jsonlText, writeInputFile } from './support-sid-files';

test.use({ viewport: { width: 1440, height: 900 } });

const FIELD = 'teacher_intent';
const CODE = 'guide_reasoning';
const NEW_DEFINITION = 'Leads the student to reason one step at a time, without giving the answer (edited).';
const NEW_ALIAS = 'stepwise nudge';
const REVIEWER = 'Li Na 李娜';
const SOURCE = 'GPT-4o/GPT-4o-interdis_topic_7.jsonl';
const target = findSampleDialogue(SOURCE, 1);
const teacherTurn = target.record.dialogue.findIndex((turn) => turn.role === '教师');

async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

interface StoredDataset {
  id: string;
  name: string;
  codebookHash?: string;
}

test('edit a definition and add an alias: a new version the data set uses at once, the old one still listed, audited, and recorded by a layer attached afterwards', async ({ app }, testInfo) => {
  const page = app.page;
  const datasets = await openSample(app);
  await setLanguage(app, 'en');
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.setReviewerName(REVIEWER);
  await page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();

  const [dataset] = await readStoredRows<StoredDataset>(page, 'datasets');
  const oldHash = dataset.codebookHash ?? '';
  expect(oldHash).toMatch(/^[0-9a-f]{16}$/);

  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  await review.goToTurn(teacherTurn);
  await review.goToField(FIELD);
  const panel = review.codebookNote;
  const version = panel.getByTestId('codebook-version');
  await expect(version).toHaveAttribute('data-hash', oldHash.slice(0, 12));
  const entry = panel.locator(`[data-testid="codebook-label"][data-code="${CODE}"]`);
  // the shipped codebook's JSON has every label's definition; support-codebook types only what most specs read
  const label = codebookField(FIELD).labels.find((candidate) => candidate.code === CODE)! as ReturnType<typeof codebookField>['labels'][number] & { definition: { zh: string; en: string } };
  await expect(entry).toContainText(label.definition.en);

  // the editor opens on the label; what is typed there stays there (l, h, a, v are review keys)
  await entry.getByTestId('codebook-edit-label').click();
  const editor = page.getByTestId('codebook-editor');
  await expect(editor).toBeVisible();
  await expect(editor.getByTestId('codebook-editor-form')).toHaveAttribute('data-code', CODE);
  await expect(editor.getByTestId('codebook-editor-code')).toHaveAttribute('readonly', '');
  const definition = editor.getByTestId('codebook-editor-definition-en');
  await expect(definition).toHaveValue(label.definition.en);
  await definition.fill('');
  await definition.pressSequentially('lhav ');
  await expect(definition).toHaveValue('lhav ');
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', FIELD);
  await review.expectDecision(FIELD, 'not-reviewed');
  await definition.fill(NEW_DEFINITION);
  const aliases = editor.getByTestId('codebook-editor-aliases');
  await aliases.focus();
  await aliases.press('Control+End');
  await aliases.pressSequentially(`\n${NEW_ALIAS}`);
  await expect(aliases).toHaveValue([...label.aliases, NEW_ALIAS].join('\n'));
  await expect(editor).toHaveAttribute('data-dirty', 'true');

  // Escape with a draft asks first; "keep editing" keeps every change
  await page.keyboard.press('Escape');
  await expect(editor.getByTestId('codebook-editor-discard')).toBeVisible();
  await expect(review.root).toBeVisible();
  await editor.getByTestId('codebook-editor-discard-no').click();
  await expect(editor).toBeVisible();
  await expect(definition).toHaveValue(NEW_DEFINITION);

  // an invalid draft is not saved: every problem is named
  const nameEn = editor.getByTestId('codebook-editor-name-en');
  await nameEn.fill('');
  await editor.getByTestId('codebook-editor-add').click();
  await editor.getByTestId('codebook-editor-code').fill('9 bad');
  await editor.getByTestId('codebook-editor-name-zh').fill('坏');
  await editor.getByTestId('codebook-editor-save').click();
  const problems = editor.getByTestId('codebook-editor-problems');
  await expect(problems).toContainText(`${FIELD} / ${CODE}: the English name is empty`);
  await expect(problems).toContainText(`${FIELD} / 9 bad: the code must be ASCII letters`);
  await expect(problems).toContainText(`${FIELD} / 9 bad: the English name is empty`);
  await saveShot(editor, 'codebook-editor-problems-en', testInfo);
  expect((await readStoredRows(page, 'codebookVersions')).length).toBe(1);
  // the new label emptied again is no change; the name back as it was
  for (const testId of ['codebook-editor-code', 'codebook-editor-name-zh']) await editor.getByTestId(testId).fill('');
  await editor.getByTestId('codebook-editor-label').selectOption(String(codebookField(FIELD).labels.indexOf(label)));
  await expect(editor.getByTestId('codebook-editor-form')).toHaveAttribute('data-code', CODE);
  await nameEn.fill(label.name.en);
  await expect(editor.getByTestId('codebook-editor-changes')).toHaveAttribute('data-count', '1');
  await saveShot(editor, 'codebook-editor-en', testInfo);

  await editor.getByTestId('codebook-editor-save').click();
  await expect(editor).toHaveCount(0);

  // the data set now uses the new version; the panel shows it and its definition at once
  const [moved] = await readStoredRows<StoredDataset>(page, 'datasets');
  const newHash = moved.codebookHash ?? '';
  expect(newHash).toMatch(/^[0-9a-f]{16}$/);
  expect(newHash).not.toBe(oldHash);
  await expect(version).toHaveAttribute('data-hash', newHash.slice(0, 12));
  await expect(version).toContainText(newHash.slice(0, 12));
  await expect(entry).toContainText(NEW_DEFINITION);
  await expect(entry).toContainText(NEW_ALIAS);
  await saveShot(panel, 'codebook-panel-edited-en', testInfo);
  const versions = await readStoredRows<{ id: string; hash: string; basedOn?: string; reviewer?: string; codebook: { fields: { id: string; labels: { code: string; definition: { en: string } }[] }[] } }>(page, 'codebookVersions');
  expect(versions.map((row) => row.hash).sort()).toEqual([oldHash, newHash].sort());
  const oldRow = versions.find((row) => row.hash === oldHash)!;
  const newRow = versions.find((row) => row.hash === newHash)!;
  expect(oldRow.codebook.fields.find((candidate) => candidate.id === FIELD)!.labels.find((candidate) => candidate.code === CODE)!.definition.en).toBe(label.definition.en);
  expect(newRow).toMatchObject({ basedOn: oldRow.id, reviewer: REVIEWER });

  // the new alias, typed as the value, is read as the label
  await review.goToField(FIELD);
  await review.searchAndPick(NEW_ALIAS);
  await review.waitForSaved();
  await review.expectExpertValue(FIELD, [CODE]);

  // Settings → Codebooks: both versions, the new one based on the old, by whom, used by the sample
  await settings.open();
  const section = page.getByTestId('settings-codebooks');
  const rows = section.getByTestId('codebook-version-row');
  await expect(rows).toHaveCount(2);
  const oldListed = section.locator(`[data-testid="codebook-version-row"][data-hash="${oldHash.slice(0, 12)}"]`);
  const newListed = section.locator(`[data-testid="codebook-version-row"][data-hash="${newHash.slice(0, 12)}"]`);
  await expect(oldListed.getByTestId('codebook-version-datasets')).toContainText('none');
  await expect(newListed.getByTestId('codebook-version-based-on')).toHaveText(oldHash.slice(0, 12));
  await expect(newListed.getByTestId('codebook-version-who')).toHaveText(REVIEWER);
  await expect(newListed.getByTestId('codebook-version-datasets')).toContainText(moved.name);
  await section.scrollIntoViewIfNeeded();
  await saveShot(section, 'codebook-settings-en', testInfo);
  await setLanguage(app, 'zh');
  await expect(section.locator('h2')).toHaveText('编码手册');
  await expect(oldListed.getByTestId('codebook-version-datasets')).toContainText('无');
  await saveShot(section, 'codebook-settings-zh', testInfo);
  await setLanguage(app, 'en');

  // the audit view: one 'codebook' entry, old hash → new hash
  await page.getByTestId('nav-audit').click();
  const auditRow = page.locator('[data-testid="audit-row"][data-reason="codebook"]');
  await expect(auditRow).toHaveCount(1);
  await expect(auditRow).toContainText('codebook version');
  await expect(auditRow).toContainText(oldHash);
  await expect(auditRow).toContainText(newHash);
  await expect(auditRow).toContainText(`edited label / 修改标签 ${FIELD}/${CODE}`);

  // a layer attached now records the new hash
  const records = readSampleDialogues()
    .filter((candidate) => candidate.file === SOURCE)
    .sort((a, b) => a.line - b.line)
    .map((candidate) => structuredClone(candidate.record))
    .slice(0, -1);
  const path = await writeInputFile(join(app.tempDir, 'GPT-4o', 'GPT-4o-interdis_topic_7.jsonl'), jsonlText(records));
  await page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();
  const wizard = new ImportPage(page);
  app.dialogs.nextFiles([path]);
  await datasets.importFilesButton.click();
  await wizard.waitForReport();
  await wizard.intoExistingDataset(moved.id);
  if ((await wizard.files.first().getAttribute('data-verdict')) === 'warnings') await wizard.files.first().getByTestId('import-accept-warnings').check();
  await wizard.attachAsLayer('Annotator B', 'human');
  await wizard.confirm();
  const layers = await readStoredRows<{ name: string; codebookHash?: string }>(page, 'layers');
  expect(layers).toEqual([expect.objectContaining({ name: 'Annotator B', codebookHash: newHash })]);

  // the editor in Chinese
  const again = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  await setLanguage(app, 'zh');
  await again.goToTurn(teacherTurn);
  await again.goToField(FIELD);
  await again.codebookNote.getByTestId('codebook-add-label').click();
  await expect(editor).toBeVisible();
  await expect(editor.getByTestId('codebook-editor-form')).toHaveAttribute('data-new', 'true');
  await saveShot(editor, 'codebook-editor-zh', testInfo);
  // nothing typed: Escape closes without asking
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(again.root).toBeVisible();
});

test('a data set made before versioning says "not recorded", in the panel and in Settings; "use this version" moves it, audited', async ({ app }, testInfo) => {
  const page = app.page;
  const datasets = await openSample(app);
  await setLanguage(app, 'en');
  const [dataset] = await readStoredRows<StoredDataset>(page, 'datasets');
  const bundledHash = dataset.codebookHash ?? '';
  await patchStoredRow(page, 'datasets', dataset.id, ['codebookHash']);
  await app.reload();
  await new StartPage(page).openDataset(dataset.name);
  await datasets.waitForRows();
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.setReviewerName(REVIEWER);
  const section = page.getByTestId('settings-codebooks');
  await expect(section.getByTestId('codebook-version-unrecorded')).toContainText('not recorded (made before versioning)');
  await expect(section.getByTestId('codebook-version-unrecorded')).toContainText(dataset.name);
  await saveShot(section, 'codebook-settings-unrecorded-en', testInfo);
  await setLanguage(app, 'zh');
  await expect(section.getByTestId('codebook-version-unrecorded')).toContainText('未记录（早于版本管理）');
  await saveShot(section, 'codebook-settings-unrecorded-zh', testInfo);
  await setLanguage(app, 'en');

  await page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();
  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  await review.goToTurn(teacherTurn);
  await review.goToField(FIELD);
  const version = review.codebookNote.getByTestId('codebook-version');
  await expect(version).toHaveAttribute('data-recorded', 'false');
  await expect(version).toContainText('not recorded (made before versioning)');
  await setLanguage(app, 'zh');
  await expect(version).toContainText('未记录（早于版本管理）');
  await saveShot(review.codebookNote, 'codebook-panel-unrecorded-zh', testInfo);
  await setLanguage(app, 'en');

  // "use this version": the shipped version, recorded from now on
  await settings.open();
  const row = section.locator(`[data-testid="codebook-version-row"][data-hash="${bundledHash.slice(0, 12)}"]`);
  await expect(row.getByTestId('codebook-version-datasets')).toContainText('none');
  const form = section.getByTestId('codebook-use-version');
  await form.getByTestId('codebook-use-dataset').selectOption(dataset.id);
  await form.getByTestId('codebook-use-version-choice').selectOption(`sid-default@${bundledHash}`);
  await form.getByTestId('codebook-use-version-submit').click();
  await expect(section.getByTestId('codebook-version-message')).toContainText(`now uses version ${bundledHash.slice(0, 12)}`);
  await expect(row.getByTestId('codebook-version-datasets')).toContainText(dataset.name);
  await expect(section.getByTestId('codebook-version-unrecorded')).toHaveCount(0);
  const [moved] = await readStoredRows<StoredDataset>(page, 'datasets');
  expect(moved.codebookHash).toBe(bundledHash);
  const entries = (await readStoredRows<{ reason?: string; before: unknown; after: unknown }>(page, 'editLog')).filter((entry) => entry.reason === 'codebook');
  expect(entries).toEqual([expect.objectContaining({ before: null, after: bundledHash })]);
});
