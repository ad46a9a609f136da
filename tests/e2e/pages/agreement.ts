/**
 * Page object for the agreement view (LLM pre-annotation × expert). Queue the save path with
 * app.dialogs.nextSavePath(…) before `saveMarkdown()` / `saveCsv()`.
 *
 * Test ids: nav-agreement (top bar), agreement-view (data-state: loading | ready | empty |
 * error | missing), agreement-back, agreement-loading, agreement-error, agreement-empty,
 * agreement-group, agreement-field-picker, agreement-save-csv, agreement-save-md,
 * data-computed-in (worker | main-thread), agreement-save-result (data-kind, data-path), agreement-table (data-group),
 * agreement-row (data-key, data-items, data-agreeing, data-missing, data-excluded,
 * data-unsure, data-accuracy, data-kappa, aria-selected) with cells agreement-n,
 * agreement-missing, agreement-excluded, agreement-accuracy, agreement-kappa, agreement-ci,
 * agreement-band and the button agreement-row-select; confusion-matrix (data-key),
 * confusion-cell (data-row, data-column = category codes, data-count, aria-pressed),
 * cell-turns, cell-turn (data-dialogue-id, data-turn-index).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class AgreementPage {
  readonly navButton: Locator;
  readonly root: Locator;
  readonly empty: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly groupSelect: Locator;
  readonly fieldPicker: Locator;
  readonly matrix: Locator;
  readonly cellTurns: Locator;
  readonly saveCsvButton: Locator;
  readonly saveMarkdownButton: Locator;
  readonly saveResult: Locator;

  constructor(readonly page: Page) {
    this.navButton = page.getByTestId('nav-agreement');
    this.root = page.getByTestId('agreement-view');
    this.empty = page.getByTestId('agreement-empty');
    this.table = page.getByTestId('agreement-table');
    this.rows = page.getByTestId('agreement-row');
    this.groupSelect = page.getByTestId('agreement-group');
    this.fieldPicker = page.getByTestId('agreement-field-picker');
    this.matrix = page.getByTestId('confusion-matrix');
    this.cellTurns = page.getByTestId('cell-turn');
    this.saveCsvButton = page.getByTestId('agreement-save-csv');
    this.saveMarkdownButton = page.getByTestId('agreement-save-md');
    this.saveResult = page.getByTestId('agreement-save-result');
  }

  /** Opens the view from the top bar and waits until the numbers (or the empty state) are shown. */
  async open(): Promise<void> {
    await this.navButton.click();
    await expect(this.root).toHaveAttribute('data-state', /^(ready|empty)$/);
  }

  row(key: string): Locator {
    return this.page.locator(`[data-testid="agreement-row"][data-key="${key}"]`);
  }

  cell(row: string, column: string): Locator {
    return this.matrix.locator(`[data-testid="confusion-cell"][data-row="${row}"][data-column="${column}"]`);
  }

  async chooseGroup(group: string): Promise<void> {
    await this.groupSelect.selectOption(group);
  }

  async pickField(key: string): Promise<void> {
    await this.fieldPicker.selectOption(key);
    await expect(this.matrix).toHaveAttribute('data-key', key);
  }

  private async save(button: Locator, kind: 'csv' | 'md'): Promise<string> {
    await button.click();
    await expect(this.saveResult).toHaveAttribute('data-kind', kind);
    return (await this.saveResult.getAttribute('data-path')) ?? '';
  }

  saveMarkdown(): Promise<string> {
    return this.save(this.saveMarkdownButton, 'md');
  }

  saveCsv(): Promise<string> {
    return this.save(this.saveCsvButton, 'csv');
  }
}
