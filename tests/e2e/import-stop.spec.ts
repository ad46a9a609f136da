/**
 * Stopping an import: Cancel while a file is being parsed stops the parse worker at once, and
 * the next import runs at once on a fresh worker; a file whose parse runs past the time budget
 * is stopped and refused with a sentence naming it and the budget, and nothing of it is stored;
 * a drop is read with the pickers' checks (a FIFO, a device and a link out of the dropped folder
 * are listed as skipped, each with why, in both languages).
 *
 * A parse that never ends is played by the real parse worker behind a test-only prelude (served
 * in place of the built worker script): for a file named `stall-*.jsonl` it spins until the
 * worker is terminated, as a pathological input would, without depending on how fast the
 * machine is. The budget is set short with `?parseBudgetMs=`, which only tests pass.
 */
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { linkToDevZero, makeFifo } from '../support/special-files';
import { expect, test, type AppFixture } from './fixtures/app';
import { ImportPage } from './pages/import';
import { StartPage } from './pages/start';
import { countStoredRows } from './support-idb';
import { saveShot } from './support-shots';
import { jsonlText, simpleRecord, writeInputFile } from './support-sid-files';

const STORES = ['datasets', 'sources', 'dialogues', 'turnBlocks'] as const;

/** Serves the built parse worker with a prelude that spins forever parsing `stall-*` files, and already inspecting `stall-inspect-*` ones. */
async function stallParsesOfStallFiles(page: Page): Promise<void> {
  await page.route('**/assets/parse.worker-*.js', async (route) => {
    const original = await route.fetch();
    const prelude =
      "self.addEventListener('message', (event) => {" +
      " const request = event.data;" +
      " const stalls = (name, prefix) => new RegExp('(^|/)' + prefix + '[^/]*$').test(name);" +
      " if (request.kind === 'parse' && request.jobs.some((job) => stalls(job.file.name, 'stall-'))) { for (;;) {} }" +
      " if (request.kind === 'inspect' && request.files.some((file) => stalls(file.name, 'stall-inspect-'))) { for (;;) {} }" +
      ' });\n';
    await route.fulfill({ response: original, body: prelude + (await original.text()) });
  });
}

async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

async function writeSidFile(app: AppFixture, path: string, topicId: number): Promise<string> {
  return writeInputFile(join(app.tempDir, path), jsonlText([simpleRecord(topicId)]));
}

test.beforeEach(async ({ app }) => {
  await app.page.setViewportSize({ width: 1440, height: 900 });
  await stallParsesOfStallFiles(app.page);
});

test('Cancel while a file is parsed stops the worker at once: nothing is stored, files can be chosen again, and the next import completes', async ({ app }, testInfo) => {
  await writeSidFile(app, 'slow/stall-topic_1.jsonl', 1);
  await writeSidFile(app, 'GPT-4o/topic_2.jsonl', 2);
  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);

  for (const language of ['en', 'zh'] as const) {
    await setLanguage(app, language);
    app.dialogs.nextFolder(join(app.tempDir, 'slow'));
    await start.importFolder();
    await expect(wizard.root).toHaveAttribute('data-step', 'parsing');
    await expect(wizard.progress).toContainText('stall-topic_1.jsonl');
    await wizard.cancelButton.click();

    const cancelled = app.page.getByTestId('import-cancelled');
    await expect(cancelled).toBeVisible();
    await expect(cancelled).toContainText(language === 'en' ? 'Import cancelled' : '导入已取消');
    await expect(cancelled).toContainText(language === 'en' ? 'nothing was stored' : '没有保存任何内容');
    await saveShot(app.page, `import-cancelled-${language}`, testInfo);
    expect(await countStoredRows(app.page, STORES)).toEqual({ datasets: 0, sources: 0, dialogues: 0, turnBlocks: 0 });

    // The next import runs on a fresh worker right away: the stopped one is not in its way.
    app.dialogs.nextFolder(join(app.tempDir, 'GPT-4o'));
    await app.page.getByTestId('import-again-folder').click();
    await wizard.waitForReport();
    await expect(wizard.file('GPT-4o/topic_2.jsonl')).toHaveAttribute('data-verdict', 'clean');
    await wizard.cancelButton.click();
  }
});

test.describe('with a short time budget', () => {
  test('a file whose parse runs past the budget is stopped and refused by name and budget; the other file imports and nothing of the stopped one is stored', async ({ app }, testInfo) => {
    await app.page.goto(`${app.url}?parseBudgetMs=1500`);
    await app.waitForReady();
    await writeSidFile(app, 'GPT-4o/stall-topic_1.jsonl', 1);
    await writeSidFile(app, 'GPT-4o/topic_2.jsonl', 2);
    await writeSidFile(app, 'GPT-4o/stall-inspect-topic_3.jsonl', 3);
    const start = new StartPage(app.page);
    const wizard = new ImportPage(app.page);
    const stalledName = 'GPT-4o/stall-topic_1.jsonl';

    for (const language of ['zh', 'en'] as const) {
      await setLanguage(app, language);
      app.dialogs.nextFolder(join(app.tempDir, 'GPT-4o'));
      await start.importFolder();
      await wizard.waitForReport();
      await expect(wizard.file(stalledName)).toHaveAttribute('data-verdict', 'refused');
      const refusal = wizard.file(stalledName).getByTestId('import-file-refusal');
      await expect(refusal).toContainText(stalledName);
      await expect(refusal).toContainText(language === 'en' ? 'took longer than the 1.5 s allowed for one file' : '超过了每个文件允许的 1.5 秒');
      await expect(wizard.file(stalledName).getByTestId('import-file-include')).toHaveCount(0);
      // a file stopped while it was first looked at (format detection, the CSV preview) is refused the same way
      await expect(wizard.file('GPT-4o/stall-inspect-topic_3.jsonl')).toHaveAttribute('data-verdict', 'refused');
      await expect(wizard.file('GPT-4o/stall-inspect-topic_3.jsonl').getByTestId('import-file-refusal')).toContainText('stall-inspect-topic_3.jsonl');
      await expect(wizard.file('GPT-4o/topic_2.jsonl')).toHaveAttribute('data-verdict', 'clean');
      await saveShot(app.page, `import-over-budget-${language}`, testInfo);
      if (language === 'zh') await wizard.cancelButton.click();
    }

    await wizard.confirm();
    await expect(app.page.getByTestId('import-view')).toHaveCount(0);
    // only the file that parsed: one dialogue of topic 2
    expect(await countStoredRows(app.page, ['sources', 'dialogues'])).toEqual({ sources: 1, dialogues: 1 });
  });
});

/** Drops real files and folders from disk on the drop zone, as a file manager would (CDP drag with file paths). */
async function dropFromDisk(page: Page, paths: string[]): Promise<void> {
  const zone = await page.getByTestId('start-drop-zone').boundingBox();
  if (!zone) throw new Error('the drop zone is not on screen');
  const cdp = await page.context().newCDPSession(page);
  const at = { x: zone.x + zone.width / 2, y: zone.y + zone.height / 2 };
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
  await cdp.detach();
}

test('a dropped folder and files are read with the pickers’ checks: a FIFO, a device and a link out of the folder are skipped, each with why, in both languages', async ({ app }, testInfo) => {
  const folder = join(app.tempDir, 'GPT-4o');
  await writeSidFile(app, 'GPT-4o/topic_1.jsonl', 1);
  const outside = await writeInputFile(join(app.tempDir, 'elsewhere', 'secret.jsonl'), jsonlText([simpleRecord(9)]));
  await symlink(outside, join(folder, 'escape.jsonl'));
  makeFifo(folder, 'pipe.jsonl');
  const loosePipe = makeFifo(app.tempDir, 'loose-pipe.jsonl');
  const looseZero = await linkToDevZero(app.tempDir, 'zero.jsonl');
  const wizard = new ImportPage(app.page);
  const expected = [
    { name: 'loose-pipe.jsonl', code: 'fifo', en: 'A named pipe (FIFO), not a regular file', zh: '命名管道（FIFO）' },
    { name: 'zero.jsonl', code: 'device', en: 'A device, not a regular file', zh: '设备文件' },
    { name: 'GPT-4o/escape.jsonl', code: 'link-outside-folder', en: 'points to a file outside the chosen folder', zh: '所选文件夹以外' },
    { name: 'GPT-4o/pipe.jsonl', code: 'fifo', en: 'A named pipe (FIFO), not a regular file', zh: '命名管道（FIFO）' },
  ];

  for (const language of ['en', 'zh'] as const) {
    await setLanguage(app, language);
    const dropped = [loosePipe, looseZero, folder];
    app.dialogs.nextDrop(dropped);
    await dropFromDisk(app.page, dropped);
    await wizard.waitForReport();
    await expect(wizard.files).toHaveCount(1);
    await expect(wizard.file('GPT-4o/topic_1.jsonl')).toHaveAttribute('data-verdict', 'clean');
    const items = app.page.getByTestId('import-skipped-file');
    await expect(items).toHaveCount(expected.length);
    for (const item of expected) {
      const shown = app.page.locator(`[data-testid="import-skipped-file"][data-file="${item.name}"]`);
      await expect(shown).toHaveAttribute('data-code', item.code);
      await expect(shown.locator('.skip-sentence')).toContainText(item[language]);
    }
    // the secret's content is neither read nor quoted
    await expect(wizard.report).not.toContainText('topic_9');
    await saveShot(app.page, `import-dropped-skipped-${language}`, testInfo);
    await wizard.cancelButton.click();
  }
});
