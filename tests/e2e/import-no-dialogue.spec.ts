/**
 * Files that hold no dialogue at all (an empty file, blank lines only) import nothing: each says
 * so in both languages, no file can be chosen and Import stays off, as `validate` exits 1 on them
 * (issue 30 point 10; the fault suite counts this as the app's refusal). A file that holds a
 * dialogue beside an empty one is still imported.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type AppFixture } from './fixtures/app';
import { ImportPage } from './pages/import';
import { StartPage } from './pages/start';
import { saveShot } from './support-shots';
import { jsonlText, simpleRecord } from './support-sid-files';

async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

test('files that hold no dialogue cannot be imported and say why (en, zh)', async ({ app }, testInfo) => {
  await app.page.setViewportSize({ width: 1440, height: 900 });
  const empty = join(app.tempDir, 'empty.jsonl');
  const blank = join(app.tempDir, 'blank.jsonl');
  await writeFile(empty, '');
  await writeFile(blank, '\n\n   \n');
  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);
  await setLanguage(app, 'en');
  app.dialogs.nextFiles([empty, blank]);
  await start.importFiles();
  await wizard.waitForReport();
  for (const name of ['empty.jsonl', 'blank.jsonl']) {
    await expect(wizard.file(name)).toContainText('No dialogue found');
    await expect(wizard.file(name)).toContainText('This file holds no dialogue to import.');
    await expect(wizard.file(name).getByTestId('import-file-include')).toHaveCount(0);
  }
  await expect(wizard.totals).toHaveText('No file is chosen for import.');
  await expect(app.page.getByTestId('import-confirm')).toBeDisabled();
  await saveShot(app.page, 'import-no-dialogue-en', testInfo);
  await setLanguage(app, 'zh');
  await expect(wizard.file('empty.jsonl')).toContainText('这个文件里没有可导入的对话。');
  await expect(wizard.totals).toHaveText('没有选择要导入的文件。');
  await expect(app.page.getByTestId('import-confirm')).toBeDisabled();
  await saveShot(app.page, 'import-no-dialogue-zh', testInfo);
});

test('an empty file beside one with a dialogue: the dialogue is imported', async ({ app }) => {
  const empty = join(app.tempDir, 'empty.jsonl');
  const good = join(app.tempDir, 'GPT-4o.jsonl');
  await writeFile(empty, '');
  await writeFile(good, jsonlText([simpleRecord(1)]));
  app.dialogs.nextFiles([empty, good]);
  await new StartPage(app.page).importFiles();
  const wizard = new ImportPage(app.page);
  await wizard.waitForReport();
  await expect(wizard.totals).toHaveAttribute('data-dialogues', '1');
});
