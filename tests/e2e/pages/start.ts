/**
 * Page object for the start screen, the top bar and the notice banner: locators by
 * data-testid plus small actions. `const start = new StartPage(app.page)`.
 *
 * Test ids: start-view, start-open-sample, start-import-files, start-import-folder, start-busy,
 * start-drop-zone, start-dataset-list, start-no-datasets, start-dataset-item (data-dataset-id),
 * start-dataset-open, start-dataset-counts, start-dataset-delete, confirm-dialog,
 * confirm-accept, confirm-cancel; top bar: nav-home, nav-dataset, nav-export, nav-settings,
 * nav-shortcuts, nav-language; notice-banner, notice (data-kind), notice-dismiss,
 * error-boundary.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class StartPage {
  readonly root: Locator;
  readonly openSampleButton: Locator;
  readonly importFilesButton: Locator;
  readonly importFolderButton: Locator;
  readonly busy: Locator;
  readonly dropZone: Locator;
  readonly datasetList: Locator;
  readonly datasetItems: Locator;
  readonly noDatasets: Locator;
  readonly confirmDialog: Locator;
  readonly confirmAccept: Locator;
  readonly confirmCancel: Locator;
  readonly navHome: Locator;
  readonly navDataset: Locator;
  readonly navExport: Locator;
  readonly navSettings: Locator;
  readonly navShortcuts: Locator;
  readonly navLanguage: Locator;
  readonly noticeBanner: Locator;
  readonly notices: Locator;
  readonly errorBoundary: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('start-view');
    this.openSampleButton = page.getByTestId('start-open-sample');
    this.importFilesButton = page.getByTestId('start-import-files');
    this.importFolderButton = page.getByTestId('start-import-folder');
    this.busy = page.getByTestId('start-busy');
    this.dropZone = page.getByTestId('start-drop-zone');
    this.datasetList = page.getByTestId('start-dataset-list');
    this.datasetItems = page.getByTestId('start-dataset-item');
    this.noDatasets = page.getByTestId('start-no-datasets');
    this.confirmDialog = page.getByTestId('confirm-dialog');
    this.confirmAccept = page.getByTestId('confirm-accept');
    this.confirmCancel = page.getByTestId('confirm-cancel');
    this.navHome = page.getByTestId('nav-home');
    this.navDataset = page.getByTestId('nav-dataset');
    this.navExport = page.getByTestId('nav-export');
    this.navSettings = page.getByTestId('nav-settings');
    this.navShortcuts = page.getByTestId('nav-shortcuts');
    this.navLanguage = page.getByTestId('nav-language');
    this.noticeBanner = page.getByTestId('notice-banner');
    this.notices = page.getByTestId('notice');
    this.errorBoundary = page.getByTestId('error-boundary');
  }

  /** A data set in the list, by its name as shown. */
  datasetItem(name: string): Locator {
    return this.datasetItems.filter({ has: this.page.locator('.dataset-title', { hasText: name }) });
  }

  notice(kind: 'quota' | 'closed' | 'open-failed' | 'unavailable' | 'error'): Locator {
    return this.page.locator(`[data-testid="notice"][data-kind="${kind}"]`);
  }

  async goHome(): Promise<void> {
    await this.navHome.click();
    await expect(this.root).toBeVisible();
  }

  /** One click: the sample is read, parsed, imported (or reopened) and its table shown. */
  async openSample(): Promise<void> {
    await this.openSampleButton.click();
    await expect(this.page.getByTestId('dataset-view')).toBeVisible();
  }

  /** Opens the "Import files" dialog; queue the answer with app.dialogs.nextFiles(…) first. */
  async importFiles(): Promise<void> {
    await this.importFilesButton.click();
  }

  async importFolder(): Promise<void> {
    await this.importFolderButton.click();
  }

  async openDataset(name: string): Promise<void> {
    await this.datasetItem(name).getByTestId('start-dataset-open').click();
    await expect(this.page.getByTestId('dataset-view')).toBeVisible();
  }

  async datasetCount(): Promise<number> {
    return this.datasetItems.count();
  }

  /** Deletes a data set through the confirmation dialog. */
  async deleteDataset(name: string): Promise<void> {
    const item = this.datasetItem(name);
    await item.getByTestId('start-dataset-delete').click();
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmAccept.click();
    await expect(item).toHaveCount(0);
  }
}
