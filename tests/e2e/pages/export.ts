/**
 * Page object for the export view. Queue the save path with app.dialogs.nextSavePath(…)
 * before `save()` / `confirm()`.
 *
 * Test ids: export-view, export-back, export-progress (data-verified-dialogues,
 * data-verified-turns, data-verified-turn-dialogues), export-scope-verified,
 * export-scope-verified-turns, export-scope-all, export-count-<scope> (data-dialogues,
 * data-turns), export-format-sid-jsonl, export-format-long-csv, export-nothing, export-save,
 * export-unsure (data-value), export-unsure-empty, export-unsure-guess,
 * export-result (data-path), export-result-labels (data-unreviewed), export-result-unsure
 * (data-unsure-values), export-canceled,
 * export-error; the confirmation: confirm-dialog, export-unreviewed-warning (data-unreviewed),
 * confirm-accept, confirm-cancel.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type ExportScopeChoice = 'verified' | 'verified-turns' | 'all';
export type ExportFormatChoice = 'sid-jsonl' | 'long-csv';
export type UnsureChoice = 'empty' | 'guess';

export class ExportPage {
  readonly root: Locator;
  readonly backButton: Locator;
  readonly progress: Locator;
  readonly saveButton: Locator;
  readonly result: Locator;
  readonly resultLabels: Locator;
  readonly resultUnsure: Locator;
  readonly unsureChoices: Locator;
  readonly canceled: Locator;
  readonly error: Locator;
  readonly nothing: Locator;
  readonly confirmDialog: Locator;
  readonly unreviewedWarning: Locator;
  readonly confirmButton: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('export-view');
    this.backButton = page.getByTestId('export-back');
    this.progress = page.getByTestId('export-progress');
    this.saveButton = page.getByTestId('export-save');
    this.result = page.getByTestId('export-result');
    this.resultLabels = page.getByTestId('export-result-labels');
    this.resultUnsure = page.getByTestId('export-result-unsure');
    this.unsureChoices = page.getByTestId('export-unsure');
    this.canceled = page.getByTestId('export-canceled');
    this.error = page.getByTestId('export-error');
    this.nothing = page.getByTestId('export-nothing');
    this.confirmDialog = page.getByTestId('confirm-dialog');
    this.unreviewedWarning = page.getByTestId('export-unreviewed-warning');
    this.confirmButton = this.confirmDialog.getByTestId('confirm-accept');
    this.cancelButton = this.confirmDialog.getByTestId('confirm-cancel');
  }

  scopeRadio(scope: ExportScopeChoice): Locator {
    return this.page.getByTestId(`export-scope-${scope}`);
  }

  formatRadio(format: ExportFormatChoice): Locator {
    return this.page.getByTestId(`export-format-${format}`);
  }

  unsureRadio(choice: UnsureChoice): Locator {
    return this.page.getByTestId(`export-unsure-${choice}`);
  }

  count(scope: ExportScopeChoice): Locator {
    return this.page.getByTestId(`export-count-${scope}`);
  }

  async counts(scope: ExportScopeChoice): Promise<{ dialogues: number; turns: number }> {
    const locator = this.count(scope);
    await expect(locator).toBeVisible();
    return { dialogues: Number(await locator.getAttribute('data-dialogues')), turns: Number(await locator.getAttribute('data-turns')) };
  }

  async choose(scope: ExportScopeChoice, format: ExportFormatChoice): Promise<void> {
    await this.scopeRadio(scope).check();
    await this.formatRadio(format).check();
  }

  /** Saves a file that needs no confirmation and returns the path the app reports having written. */
  async save(): Promise<string> {
    await this.saveButton.click();
    await expect(this.result).toBeVisible();
    await expect(this.confirmDialog).toBeHidden();
    return (await this.result.getAttribute('data-path')) ?? '';
  }

  /** Presses Save and waits for the question about unreviewed labels; returns their count. */
  async saveUntilAsked(): Promise<number> {
    await this.saveButton.click();
    await expect(this.confirmDialog).toBeVisible();
    return Number(await this.unreviewedWarning.getAttribute('data-unreviewed'));
  }

  /** Confirms the export of unreviewed labels and returns the path written. */
  async confirm(): Promise<string> {
    await this.confirmButton.click();
    await expect(this.result).toBeVisible();
    return (await this.result.getAttribute('data-path')) ?? '';
  }
}
