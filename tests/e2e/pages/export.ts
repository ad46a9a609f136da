/**
 * Page object for the export view. Queue the save path with app.dialogs.nextSavePath(…)
 * before `save()`.
 *
 * Test ids: export-view, export-back, export-scope-all, export-scope-verified,
 * export-count-all / export-count-verified (data-dialogues, data-turns),
 * export-format-sid-jsonl, export-format-long-csv, export-nothing, export-save,
 * export-result (data-path), export-canceled, export-error.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ExportPage {
  readonly root: Locator;
  readonly backButton: Locator;
  readonly saveButton: Locator;
  readonly result: Locator;
  readonly canceled: Locator;
  readonly error: Locator;
  readonly nothing: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('export-view');
    this.backButton = page.getByTestId('export-back');
    this.saveButton = page.getByTestId('export-save');
    this.result = page.getByTestId('export-result');
    this.canceled = page.getByTestId('export-canceled');
    this.error = page.getByTestId('export-error');
    this.nothing = page.getByTestId('export-nothing');
  }

  scopeRadio(scope: 'all' | 'verified'): Locator {
    return this.page.getByTestId(`export-scope-${scope}`);
  }

  formatRadio(format: 'sid-jsonl' | 'long-csv'): Locator {
    return this.page.getByTestId(`export-format-${format}`);
  }

  count(scope: 'all' | 'verified'): Locator {
    return this.page.getByTestId(`export-count-${scope}`);
  }

  async counts(scope: 'all' | 'verified'): Promise<{ dialogues: number; turns: number }> {
    const locator = this.count(scope);
    await expect(locator).toBeVisible();
    return { dialogues: Number(await locator.getAttribute('data-dialogues')), turns: Number(await locator.getAttribute('data-turns')) };
  }

  async choose(scope: 'all' | 'verified', format: 'sid-jsonl' | 'long-csv'): Promise<void> {
    await this.scopeRadio(scope).check();
    await this.formatRadio(format).check();
  }

  /** Saves and returns the path the app reports having written. */
  async save(): Promise<string> {
    await this.saveButton.click();
    await expect(this.result).toBeVisible();
    return (await this.result.getAttribute('data-path')) ?? '';
  }
}
