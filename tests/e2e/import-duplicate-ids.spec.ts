/**
 * Dialogue ids met twice across an import (issue 29 point 14), in the report: a file of the same
 * teacher model holding an id another file of the import holds is flagged with a coded warning,
 * worded in the interface language with `file:line — message` as the detail, and waits for its
 * tick; renaming its model (typed at a person's pace) clears the warning, naming it back brings it
 * back. Both dialogues are imported. Then a file with ids the data set already holds, imported
 * into that data set. Screenshots en and zh.
 */
import { join } from 'node:path';
import { expect, test, type AppFixture } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { ImportPage } from './pages/import';
import { StartPage } from './pages/start';
import { countStoredRows } from './support-idb';
import { saveShot } from './support-shots';
import { jsonlText, simpleRecord, writeInputFile } from './support-sid-files';

async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

test('an id another file of the same teacher model holds is warned about, follows the model typed, and both dialogues are imported', async ({ app }, testInfo) => {
  await setLanguage(app, 'en');
  const folder = join(app.tempDir, 'lessons');
  await writeInputFile(join(folder, 'GPT-4o', 'a.jsonl'), jsonlText([simpleRecord(1), simpleRecord(2)]));
  await writeInputFile(join(folder, 'GPT-4o', 'b.jsonl'), jsonlText([simpleRecord(2)]));
  const first = 'lessons/GPT-4o/a.jsonl';
  const second = 'lessons/GPT-4o/b.jsonl';

  const wizard = new ImportPage(app.page);
  app.dialogs.nextFolder(folder);
  await new StartPage(app.page).importFolder();
  await wizard.waitForReport();
  await expect(wizard.file(first)).toHaveAttribute('data-verdict', 'clean');
  await expect(wizard.file(second)).toHaveAttribute('data-verdict', 'warnings');
  const warning = wizard.issues(second).and(app.page.locator('[data-code="duplicate-dialogue-across-files"]'));
  await expect(warning).toHaveCount(1);
  await expect(warning.locator('.issue-text')).toHaveText(`${second}:1 — Dialogue "2-1-1" of GPT-4o is also in ${first} on line 2; both are imported, check whether one is a copy.`);
  await expect(warning.getByTestId('import-issue-summary')).toContainText('Another file of this import holds a dialogue of the same teacher model');
  await expect(wizard.hint('accept-warnings', second)).toBeVisible();
  await saveShot(wizard.file(second), 'import-duplicate-id-en', testInfo);
  await setLanguage(app, 'zh');
  await expect(warning.getByTestId('import-issue-summary')).toContainText('也出现在本次导入的另一个文件中');
  await expect(wizard.file(second).locator('[data-testid="import-issue-code"][data-code="duplicate-dialogue-across-files"]')).toContainText('对话编号与另一文件重复');
  await saveShot(wizard.file(second), 'import-duplicate-id-zh', testInfo);
  await setLanguage(app, 'en');

  // the model typed as a person types it: another model shares no id, the same one again does
  const model = wizard.file(second).getByTestId('import-teacher-model');
  await model.fill('');
  await model.pressSequentially('Qwen', { delay: 250 });
  await expect(wizard.file(second)).toHaveAttribute('data-verdict', 'clean');
  await expect(wizard.issues(second)).toHaveCount(0);
  await model.fill('');
  await model.pressSequentially('GPT-4o', { delay: 250 });
  await expect(wizard.file(second)).toHaveAttribute('data-verdict', 'warnings');
  await expect(warning).toHaveCount(1);

  await wizard.acceptWarnings(second);
  await expect(wizard.totals).toHaveAttribute('data-dialogues', '3');
  await wizard.confirm();
  const datasets = new DatasetsPage(app.page);
  await datasets.waitForRows();
  await expect(datasets.table).toHaveAttribute('data-row-count', '3');
  expect(await countStoredRows(app.page, ['dialogues'])).toEqual({ dialogues: 3 });

  // the same ids again, into that data set: warned about against what it holds
  const datasetId = (await app.page.getByTestId('dataset-view').getAttribute('data-dataset-id')) ?? '';
  await writeInputFile(join(app.tempDir, 'more', 'GPT-4o', 'c.jsonl'), jsonlText([simpleRecord(1), simpleRecord(3)]));
  app.dialogs.nextFolder(join(app.tempDir, 'more'));
  await app.page.getByTestId('dataset-import-folder').click();
  await wizard.waitForReport();
  await expect(wizard.targetExisting).toBeChecked();
  await expect(wizard.datasetSelect).toHaveValue(datasetId);
  const inDataset = wizard.issues('more/GPT-4o/c.jsonl').and(app.page.locator('[data-code="duplicate-dialogue-in-dataset"]'));
  await expect(inDataset).toHaveCount(1);
  await expect(inDataset.locator('.issue-text')).toHaveText(`more/GPT-4o/c.jsonl:1 — The data set already holds dialogue "1-1-1" of GPT-4o (from ${first}, line 1); both are kept, check whether this file was imported before.`);
  await saveShot(wizard.file('more/GPT-4o/c.jsonl'), 'import-duplicate-in-dataset-en', testInfo);
});
