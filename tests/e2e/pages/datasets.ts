/**
 * Page object for the data-set view (summary, filters, virtualised table). Only the rows in
 * view are rendered: use `rowCount()` (the filtered total) rather than counting row elements.
 *
 * Test ids: dataset-view (data-dataset-id), dataset-name, dataset-import-files,
 * dataset-import-folder, dataset-export-table-csv, dataset-table-csv-result, dataset-export,
 * dataset-loading, dataset-empty, dataset-missing, dataset-summary, summary-dialogues,
 * summary-turns, summary-verified-turns, summary-verified-dialogues, summary-flagged,
 * summary-teacher-models, dataset-filter-text, dataset-filter-model, dataset-filter-status,
 * dataset-filter-flags, dataset-clear-filters, dataset-visible-count, dataset-filter-empty,
 * dataset-table (data-row-count), dataset-sort-<column> (data-sorted: asc|desc|none; columns
 * externalId, teacherModel, topic, studentType, turnCount, progress, flaggedCount),
 * dataset-row (data-dialogue-id, data-index, aria-selected), dataset-row-open,
 * dataset-row-progress (data-verified, data-total), dataset-row-status (data-status).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type DatasetColumn = 'externalId' | 'teacherModel' | 'topic' | 'studentType' | 'turnCount' | 'progress' | 'flaggedCount';

export class DatasetsPage {
  readonly root: Locator;
  readonly name: Locator;
  readonly importFilesButton: Locator;
  readonly importFolderButton: Locator;
  readonly exportButton: Locator;
  readonly exportTableCsvButton: Locator;
  readonly tableCsvResult: Locator;
  readonly empty: Locator;
  readonly summary: Locator;
  readonly filterText: Locator;
  readonly filterModel: Locator;
  readonly filterStatus: Locator;
  readonly filterFlags: Locator;
  readonly clearFilters: Locator;
  readonly visibleCount: Locator;
  readonly filterEmpty: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly selectedRow: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('dataset-view');
    this.name = page.getByTestId('dataset-name');
    this.importFilesButton = page.getByTestId('dataset-import-files');
    this.importFolderButton = page.getByTestId('dataset-import-folder');
    this.exportButton = page.getByTestId('dataset-export');
    this.exportTableCsvButton = page.getByTestId('dataset-export-table-csv');
    this.tableCsvResult = page.getByTestId('dataset-table-csv-result');
    this.empty = page.getByTestId('dataset-empty');
    this.summary = page.getByTestId('dataset-summary');
    this.filterText = page.getByTestId('dataset-filter-text');
    this.filterModel = page.getByTestId('dataset-filter-model');
    this.filterStatus = page.getByTestId('dataset-filter-status');
    this.filterFlags = page.getByTestId('dataset-filter-flags');
    this.clearFilters = page.getByTestId('dataset-clear-filters');
    this.visibleCount = page.getByTestId('dataset-visible-count');
    this.filterEmpty = page.getByTestId('dataset-filter-empty');
    this.table = page.getByTestId('dataset-table');
    this.rows = page.getByTestId('dataset-row');
    this.selectedRow = page.locator('[data-testid="dataset-row"][aria-selected="true"]');
  }

  row(dialogueId: string): Locator {
    return this.page.locator(`[data-testid="dataset-row"][data-dialogue-id="${dialogueId}"]`);
  }

  summaryValue(name: 'dialogues' | 'turns' | 'verified-turns' | 'verified-dialogues' | 'flagged' | 'teacher-models'): Locator {
    return this.page.getByTestId(`summary-${name}`);
  }

  sortButton(column: DatasetColumn): Locator {
    return this.page.getByTestId(`dataset-sort-${column}`);
  }

  async waitForRows(): Promise<void> {
    await expect(this.rows.first()).toBeVisible();
  }

  /** The number of rows after filtering (rendered or not). */
  async rowCount(): Promise<number> {
    return Number(await this.table.getAttribute('data-row-count'));
  }

  /** Dialogue ids of the rows currently rendered, top to bottom. */
  async renderedIds(): Promise<string[]> {
    return this.rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-dialogue-id') ?? ''));
  }

  /** The selected dialogue among the rendered rows (waits for the rows to load first). */
  async selectedId(): Promise<string | null> {
    await this.waitForRows();
    if ((await this.selectedRow.count()) === 0) return null;
    return this.selectedRow.getAttribute('data-dialogue-id');
  }

  /** Clicks the row's id: opens the dialogue in review. */
  async openDialogue(dialogueId: string): Promise<void> {
    await this.row(dialogueId).getByTestId('dataset-row-open').click();
  }

  async openRowAt(index: number): Promise<void> {
    await this.rows.nth(index).getByTestId('dataset-row-open').click();
  }

  async search(text: string): Promise<void> {
    await this.filterText.fill(text);
  }

  async filterByModel(model: string): Promise<void> {
    await this.filterModel.selectOption(model);
  }

  async filterByStatus(status: '' | 'unreviewed' | 'in-progress' | 'verified'): Promise<void> {
    await this.filterStatus.selectOption(status);
  }

  async sortBy(column: DatasetColumn): Promise<void> {
    await this.sortButton(column).click();
  }

  /** Moves the selection with the keyboard (j/k, arrows) from the table, not from a text box. */
  async pressKey(key: 'j' | 'k' | 'ArrowDown' | 'ArrowUp' | 'Enter'): Promise<void> {
    await this.table.focus();
    await this.page.keyboard.press(key);
  }

  /** The text of one column in every rendered row, top to bottom (the column found by its sort button). */
  async columnTexts(column: DatasetColumn): Promise<string[]> {
    const index = await this.table
      .locator('thead th')
      .evaluateAll((headers, id) => headers.findIndex((header) => header.querySelector(`[data-testid="dataset-sort-${id}"]`) !== null), column);
    if (index === -1) throw new Error(`The table has no column ${column}`);
    return this.rows.evaluateAll(
      (rows, cellIndex) => rows.map((row) => ((row.children[cellIndex] as HTMLElement | undefined)?.innerText ?? '').trim()),
      index,
    );
  }

  async scrollTableToBottom(): Promise<void> {
    await this.table.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
  }
}
