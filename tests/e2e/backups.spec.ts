/**
 * Backups and project files (issue 12) in Chromium, through the real main handlers: back up now,
 * change more, restore → every table is what was backed up (read straight from IndexedDB); a
 * project exported here and imported into a second profile gives the same tables; the Backups
 * panel lists each backup with its reason and size.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { createHandlers } from '../../electron/main/ipc/handlers';
import { BackupStore } from '../../electron/services/backups/backup-store';
import { decodeRows, encodeRows } from '../../shared/backup/row-codec';
import { installApi, requestClose } from '../support/bridge';
import { createFakeDialogs, type FakeDialogs } from '../support/fake-dialogs';
import { testLlmHandlerDeps } from '../support/llm-services';
import { RESOURCES_DIR } from '../support/repo-paths';
import { makeTempDir } from '../support/temp-dir';
import { expect, READY_SELECTOR, test } from './fixtures/app';
import { SettingsPage } from './pages/settings';
import { APP_DB_NAME } from './support-idb';
import { openSample } from './support-sample';
import { saveShot } from './support-shots';

type Tables = Record<string, unknown[]>;

/** Every row of every object store (whatever stores the database has), typed arrays as plain arrays. */
async function readAllTables(page: Page): Promise<Tables> {
  return page.evaluate(
    (name) =>
      new Promise<Tables>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(new Error(String(request.error)));
        request.onsuccess = () => {
          const db = request.result;
          const stores = [...db.objectStoreNames];
          const transaction = db.transaction(stores, 'readonly');
          const out: Tables = {};
          const plain = (value: unknown): unknown => {
            if (ArrayBuffer.isView(value)) return { typed: value.constructor.name, values: Array.from(value as unknown as ArrayLike<number>) };
            if (Array.isArray(value)) return value.map(plain);
            if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inner === undefined ? '(undefined)' : plain(inner)]));
            return value;
          };
          for (const store of stores) {
            const all = transaction.objectStore(store).getAll();
            all.onsuccess = () => {
              out[store] = (all.result as unknown[]).map(plain);
            };
          }
          transaction.oncomplete = () => {
            db.close();
            resolve(out);
          };
        };
      }),
    APP_DB_NAME,
  );
}

/** The tables without the audit entries a restore adds (and, for a project, the profile's own settings). */
function comparable(tables: Tables, options: { project?: boolean } = {}): Tables {
  const out: Tables = {};
  for (const [store, rows] of Object.entries(tables)) {
    out[store] = rows.filter((row) => {
      const record = row as Record<string, unknown>;
      if (store === 'editLog' && record.reason === 'restored') return false;
      if (options.project && store === 'settings') return !(String(record.key).startsWith('backup.') || record.key === 'reviewerName' || record.key === 'labelLanguage');
      return true;
    });
  }
  return out;
}

async function openSecondProfile(browser: Browser, url: string): Promise<{ page: Page; dialogs: FakeDialogs; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs = createFakeDialogs();
  const dataDir = await makeTempDir('maieutic-e2e-backup-second-');
  const handlers = createHandlers({ host: 'browser', version: '0.0.0-test', platform: process.platform, resourcesDir: RESOURCES_DIR, dialogs, backups: new BackupStore(join(dataDir.path, 'backups')), ...testLlmHandlerDeps(dataDir.path) });
  await installApi(page, handlers);
  await page.goto(url);
  await page.locator(READY_SELECTOR).first().waitFor({ state: 'attached' });
  return { page, dialogs, close: async () => { await context.close(); await dataDir.remove(); } };
}

test('back up now, change more, restore: every table is as backed up; the panel lists reason and size', async ({ app }, testInfo) => {
  await openSample(app);
  const settings = new SettingsPage(app.page);
  await settings.open();
  await settings.setReviewerName('王老师');
  const panel = app.page.getByTestId('backups-panel');
  await panel.getByTestId('backup-now').click();
  await expect(panel.getByTestId('backup-row')).toHaveCount(1);
  await expect(panel.getByTestId('backup-row').first()).toHaveAttribute('data-reason', 'manual');
  const backedUp = await readAllTables(app.page);
  expect(Object.keys(backedUp)).toContain('turnBlocks');
  expect(backedUp.turnBlocks!.length).toBeGreaterThan(0);

  // change more
  await settings.setReviewerName('李老师');
  await app.page.getByTestId('backup-keep').fill('5');
  await app.page.getByTestId('backup-save-settings').click();
  await expect.poll(async () => comparable(await readAllTables(app.page))).not.toEqual(comparable(backedUp));

  await saveShot(panel, 'backups-panel-en', testInfo);
  await panel.locator('[data-testid="backup-row"][data-reason="manual"]').getByTestId('backup-restore').click();
  await expect(panel.getByTestId('confirm-dialog')).toBeVisible();
  await panel.getByTestId('confirm-accept').click();
  await app.page.waitForEvent('load');
  await app.waitForReady();

  const restored = await readAllTables(app.page);
  expect(comparable(restored)).toEqual(comparable(backedUp));
  const restoreEntries = restored.editLog!.filter((row) => (row as { reason?: string }).reason === 'restored');
  expect(restoreEntries).toEqual([expect.objectContaining({ target: { kind: 'dataset' }, dialogueId: '', note: expect.stringMatching(/-manual\.maieutic$/) })]);

  await settings.open();
  const rows = app.page.getByTestId('backup-row');
  await expect(rows).toHaveCount(2);
  await settings.languageRadio('en').click();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(rows.nth(0)).toHaveAttribute('data-reason', 'before-restore');
  await expect(rows.nth(0).getByTestId('backup-reason')).toHaveText('before restore');
  await expect(rows.nth(1).getByTestId('backup-size')).toHaveText(/^\d+(\.\d)? (B|KB|MB)$/);
  await settings.languageRadio('zh').click();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(rows.nth(0).getByTestId('backup-reason')).toHaveText('恢复前');
  await saveShot(app.page.getByTestId('backups-panel'), 'backups-panel-zh', testInfo);
});

test('a project exported here and imported into a second profile gives identical tables', async ({ app, browser }) => {
  await openSample(app);
  const settings = new SettingsPage(app.page);
  await settings.open();
  await settings.setReviewerName('王老师');
  const path = join(app.tempDir, 'pilot.maieutic');
  app.dialogs.nextSavePath(path);
  await app.page.getByTestId('project-export').click();
  await expect(app.page.getByTestId('backup-message')).toContainText('pilot.maieutic');
  const exported = await readAllTables(app.page);

  const second = await openSecondProfile(browser, app.url);
  try {
    await new SettingsPage(second.page).open();
    second.dialogs.nextFiles([path]);
    await second.page.getByTestId('project-import').click();
    await second.page.getByTestId('backups-panel').getByTestId('confirm-accept').click();
    await second.page.waitForEvent('load');
    await second.page.locator(READY_SELECTOR).first().waitFor({ state: 'attached' });
    const imported = await readAllTables(second.page);
    expect(comparable(imported, { project: true })).toEqual(comparable(exported, { project: true }));
    expect(imported.datasets!.length).toBeGreaterThan(0);
  } finally {
    await second.close();
  }
});

test('closing the window after a change backs up first (on-quit); with nothing changed since, it does not', async ({ app }) => {
  await openSample(app);
  const settings = new SettingsPage(app.page);
  await settings.open();
  await settings.setReviewerName('王老师');
  expect(await requestClose(app.page)).toEqual({ outcome: 'flushed' });
  const listed = await app.handlers['backups.list']({});
  expect(listed.map((info) => info.manifest.reason)).toEqual(['on-quit']);
  expect(listed[0]!.manifest.datasets.length).toBeGreaterThan(0);
  // nothing written since: the next close does not add another
  expect(await requestClose(app.page)).toEqual({ outcome: 'flushed' });
  expect((await app.handlers['backups.list']({})).length).toBe(1);
});

/** The project file at `path` rewritten to `out` with `change` applied to its decoded rows, as a crafted file would be. */
async function craftProject(path: string, out: string, change: (rows: Record<string, Record<string, unknown>[]>) => void): Promise<void> {
  const store = new BackupStore(join(out, '..', 'crafting'));
  const opened = await store.openRead({ path });
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (let chunk = store.readChunk(opened.readId); chunk; chunk = store.readChunk(opened.readId)) (rows[chunk.table] ??= []).push(...(decodeRows(chunk.rows) as Record<string, unknown>[]));
  change(rows);
  const begun = await store.begin(out, 'project');
  for (const [table, tableRows] of Object.entries(rows)) if (tableRows.length > 0) await store.chunk(begun.writeId, table, encodeRows(tableRows));
  await store.commit(begun.writeId, { ...opened.manifest, tables: Object.fromEntries(Object.keys(opened.manifest.tables).map((table) => [table, rows[table]?.length ?? 0])) });
}

test('a crafted project file is refused before anything is written, its first problems named in the reader\'s language; an HTML name the app could have stored comes in as text', async ({ app }, testInfo) => {
  await openSample(app);
  const settings = new SettingsPage(app.page);
  await settings.open();
  await settings.setReviewerName('王老师');
  const path = join(app.tempDir, 'pilot.maieutic');
  app.dialogs.nextSavePath(path);
  await app.page.getByTestId('project-export').click();
  await expect(app.page.getByTestId('backup-message')).toContainText('pilot.maieutic');
  const before = await readAllTables(app.page);

  const crafted = join(app.tempDir, 'crafted.maieutic');
  await craftProject(path, crafted, (rows) => {
    rows.datasets![0]!.codebookId = 12345;
    rows.sources![0]!.importedAt = 'never';
    rows.codebookVersions![0]!.isAdmin = true;
  });
  await settings.languageRadio('zh').click();
  app.dialogs.nextFiles([crafted]);
  await app.page.getByTestId('project-import').click();
  const panel = app.page.getByTestId('backups-panel');
  await panel.getByTestId('confirm-accept').click();
  const refusal = panel.getByTestId('restore-refused');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('crafted.maieutic 未被恢复：没有做任何更改');
  const problems = refusal.getByTestId('restore-problem');
  await expect(problems).toHaveCount(3);
  await expect(problems.nth(0)).toHaveAttribute('data-code', 'unknown-field');
  await expect(problems.nth(0)).toContainText('表 codebookVersions 第 1 行');
  await expect(refusal.locator('[data-testid="restore-problem"][data-table="codebookVersions"]')).toContainText('字段 isAdmin：不是这种记录的字段。');
  await expect(refusal.locator('[data-testid="restore-problem"][data-table="datasets"]')).toContainText('字段 codebookId：必须是文本。');
  await expect(refusal.locator('[data-testid="restore-problem"][data-table="sources"] [data-testid="restore-problem-detail"]')).toHaveText('is not a time ("never")');
  await saveShot(panel, 'restore-refused-zh', testInfo);
  await settings.languageRadio('en').click();
  await expect(refusal).toContainText('crafted.maieutic was not restored: nothing was changed');
  await expect(refusal.locator('[data-testid="restore-problem"][data-table="datasets"]')).toContainText('field codebookId: must be text.');
  await saveShot(panel, 'restore-refused-en', testInfo);
  // nothing was written, not even a safety backup (the language chosen meanwhile is a setting of its own)
  const withoutLanguage = (tables: Tables) => ({ ...tables, settings: tables.settings!.filter((row) => (row as { key: string }).key !== 'labelLanguage') });
  expect(withoutLanguage(await readAllTables(app.page))).toEqual(withoutLanguage(before));
  await expect(panel.locator('[data-testid="backup-row"][data-reason="before-restore"]')).toHaveCount(0);

  // a data set named in markup is the user's own text: it comes in, and is shown as text
  const named = join(app.tempDir, 'named.maieutic');
  await craftProject(path, named, (rows) => {
    rows.datasets![0]!.name = '<img src=x onerror="window.__restoredXss = 1">';
  });
  app.dialogs.nextFiles([named]);
  await app.page.getByTestId('project-import').click();
  await panel.getByTestId('confirm-accept').click();
  await app.page.waitForEvent('load');
  await app.waitForReady();
  await expect(app.page.getByText('<img src=x onerror="window.__restoredXss = 1">').first()).toBeVisible();
  expect(await app.page.evaluate(() => (window as unknown as { __restoredXss?: number }).__restoredXss)).toBeUndefined();
  expect(await app.page.locator('img[src="x"]').count()).toBe(0);
});
