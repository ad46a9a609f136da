/**
 * Files that are not UTF-8: a GBK file (Chinese text saved on Windows) is refused with the
 * reason and an offer to read it as GB18030 that shows what it would say; accepting the offer
 * checks it like any other file. A folder with nothing to import says so. Both languages.
 */
import { writeFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gbkBytes } from '../fault-suite/gbk';
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

for (const language of ['en', 'zh'] as const) {
  test(`a GBK file is offered as GB18030 with a preview, and read that way it is checked like the others (${language})`, async ({ app }, testInfo) => {
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await setLanguage(app, language);
    const folder = join(app.tempDir, 'GPT-4o');
    await mkdir(folder, { recursive: true });
    const text = jsonlText([simpleRecord(1)]);
    await writeFile(join(folder, 'utf8.jsonl'), jsonlText([simpleRecord(2)]));
    await writeFile(join(folder, 'gbk.jsonl'), gbkBytes(text));

    const start = new StartPage(app.page);
    const wizard = new ImportPage(app.page);
    app.dialogs.nextFolder(folder);
    await start.importFolder();
    await wizard.waitForReport();

    const offer = app.page.getByTestId('import-encoding-offer');
    await expect(offer).toHaveCount(1);
    await expect(offer).toHaveAttribute('data-file', 'GPT-4o/gbk.jsonl');
    await expect(offer).toHaveAttribute('data-encoding', 'gb18030');
    // the preview is the file's own Chinese text, not mojibake
    const firstChinese = /[\u4e00-\u9fff]{4,}/.exec(text)?.[0] ?? '';
    await expect(offer.locator('.encoding-preview')).toContainText(firstChinese);
    await expect(offer).toContainText(language === 'en' ? 'it looks like GB18030 (GBK)' : '看起来是 GB18030（GBK）编码');
    const button = offer.getByTestId('import-read-as');
    await expect(button).toHaveText(language === 'en' ? 'Read as GB18030 (GBK)' : '按 GB18030（GBK）读取');
    await expect(wizard.skipped).toContainText('GPT-4o/gbk.jsonl');
    await expect(wizard.files).toHaveCount(1);
    // the offer sits inside the report's width, its button fully visible
    const [reportBox, buttonBox] = [await wizard.report.boundingBox(), await button.boundingBox()];
    expect(buttonBox && reportBox && buttonBox.x + buttonBox.width <= reportBox.x + reportBox.width).toBe(true);
    await saveShot(app.page, `encoding-offer-${language}`, testInfo);

    await button.click();
    await wizard.waitForReport();
    await expect(wizard.file('GPT-4o/gbk.jsonl')).toBeVisible();
    await expect(wizard.files).toHaveCount(2);
    await expect(app.page.getByTestId('import-encoding-offer')).toHaveCount(0);
    await expect(wizard.skipped).toHaveCount(0);
    await expect(wizard.file('GPT-4o/gbk.jsonl').getByTestId('import-file-counts')).toHaveAttribute('data-dialogues', '1');
    // its card says it was read as GB18030, not UTF-8; the UTF-8 file's card says nothing of the kind
    const mark = wizard.file('GPT-4o/gbk.jsonl').getByTestId('import-file-read-as');
    await expect(mark).toHaveAttribute('data-encoding', 'gb18030');
    await expect(mark).toHaveText(language === 'en' ? 'Read as GB18030 (GBK) (not UTF-8)' : '已按 GB18030（GBK）读取（不是 UTF-8）');
    await expect(wizard.file('GPT-4o/utf8.jsonl').getByTestId('import-file-read-as')).toHaveCount(0);
    // JSON Lines only: no column step, so no "1 · Columns / 2 · Report" steps to puzzle over
    await expect(app.page.getByTestId('import-steps')).toHaveCount(0);
    await saveShot(app.page, `encoding-read-as-gb18030-${language}`, testInfo);
  });
}

test('a folder with nothing to import says so instead of "no file is chosen" (en, zh)', async ({ app }, testInfo) => {
  await app.page.setViewportSize({ width: 1440, height: 900 });
  const empty = join(app.tempDir, 'empty');
  await mkdir(empty, { recursive: true });
  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);
  await setLanguage(app, 'en');
  app.dialogs.nextFolder(empty);
  await start.importFolder();
  await wizard.waitForReport();
  await expect(wizard.totals).toHaveText('Nothing to import: the folder or selection holds no files.');
  // nothing is listed, so nothing asks to fix "the problems listed above" or to name the data set
  await expect(app.page.getByTestId('import-hint')).toHaveCount(0);
  await expect(app.page.locator('.field-hint')).toHaveCount(0);
  await saveShot(app.page, 'empty-folder-en', testInfo);
  await setLanguage(app, 'zh');
  await expect(wizard.totals).toHaveText('没有可导入的内容：所选文件夹或文件中没有文件。');
  await saveShot(app.page, 'empty-folder-zh', testInfo);
});

test('a folder whose every file is skipped says that nothing can be imported and where the reasons are (en, zh)', async ({ app }, testInfo) => {
  await app.page.setViewportSize({ width: 1440, height: 900 });
  const folder = join(app.tempDir, 'scans');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'page1.png'), Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  await writeFile(join(folder, 'scores.xlsx'), 'PK');
  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);
  await setLanguage(app, 'en');
  app.dialogs.nextFolder(folder);
  await start.importFolder();
  await wizard.waitForReport();
  await expect(wizard.totals).toHaveText('Nothing to import: 2 files were skipped, each listed above with the reason.');
  await expect(wizard.skipped).toContainText('scans/page1.png');
  await expect(wizard.skipped).toContainText('scans/scores.xlsx');
  await setLanguage(app, 'zh');
  await expect(wizard.totals).toHaveText('没有可导入的内容：2 个文件被跳过，原因逐一列在上方。');
  await saveShot(app.page, 'all-skipped-zh', testInfo);
});
