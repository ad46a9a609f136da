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
