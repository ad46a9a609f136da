/**
 * Page object for the agreement view (LLM pre-annotation × expert). Queue the save path with
 * app.dialogs.nextSavePath(…) before `saveMarkdown()` / `saveCsv()`.
 *
 * Test ids: nav-agreement (top bar), agreement-view (data-state: loading | ready | empty |
 * error | missing), agreement-back, agreement-loading, agreement-error, agreement-empty,
 * data-raters ("<A> <B>" of the shown numbers), aria-busy, agreement-title, agreement-rater-a / agreement-rater-b (values pre | expert | layer:<layer id>;
 * the other side's choice is disabled), agreement-group, agreement-field-picker, agreement-save-csv, agreement-save-md,
 * data-computed-in (worker | main-thread), agreement-save-result (data-kind, data-path), agreement-table (data-group),
 * agreement-row (data-key, data-items, data-agreeing, data-missing, data-excluded,
 * data-unsure, data-accuracy, data-kappa, data-weights, aria-selected) with cells agreement-n,
 * agreement-missing, agreement-excluded, agreement-accuracy, agreement-kappa, agreement-ci,
 * agreement-band and the button agreement-row-select; confusion-matrix (data-key),
 * confusion-cell (data-row, data-column = category codes, data-count, aria-pressed),
 * cell-turns, cell-turn (data-dialogue-id, data-turn-index), agreement-ordinal-weights
 * (linear | quadratic). All layers (only with an attached layer): agreement-panel,
 * agreement-panel-member checkboxes (data-source = llm | expert | layer:<id>),
 * agreement-panel-row (data-key, data-fleiss, data-alpha), agreement-pair-matrix (data-key),
 * agreement-pair-cell (data-a, data-b, data-kappa, data-items), agreement-per-label-row
 * (data-category, data-kappa), agreement-save-all-csv, agreement-save-all-md.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class AgreementPage {
  readonly navButton: Locator;
  readonly root: Locator;
  readonly empty: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly title: Locator;
  readonly raterASelect: Locator;
  readonly raterBSelect: Locator;
  readonly groupSelect: Locator;
  readonly fieldPicker: Locator;
  readonly matrix: Locator;
  readonly cellTurns: Locator;
  readonly saveCsvButton: Locator;
  readonly saveMarkdownButton: Locator;
  readonly saveResult: Locator;
  readonly panel: Locator;
  readonly ordinalWeights: Locator;

  constructor(readonly page: Page) {
    this.navButton = page.getByTestId('nav-agreement');
    this.root = page.getByTestId('agreement-view');
    this.empty = page.getByTestId('agreement-empty');
    this.table = page.getByTestId('agreement-table');
    this.rows = page.getByTestId('agreement-row');
    this.title = page.getByTestId('agreement-title');
    this.raterASelect = page.getByTestId('agreement-rater-a');
    this.raterBSelect = page.getByTestId('agreement-rater-b');
    this.groupSelect = page.getByTestId('agreement-group');
    this.fieldPicker = page.getByTestId('agreement-field-picker');
    this.matrix = page.getByTestId('confusion-matrix');
    this.cellTurns = page.getByTestId('cell-turn');
    this.saveCsvButton = page.getByTestId('agreement-save-csv');
    this.saveMarkdownButton = page.getByTestId('agreement-save-md');
    this.saveResult = page.getByTestId('agreement-save-result');
    this.panel = page.getByTestId('agreement-panel');
    this.ordinalWeights = page.getByTestId('agreement-ordinal-weights');
  }

  panelRow(key: string): Locator {
    return this.panel.locator(`[data-testid="agreement-panel-row"][data-key="${key}"]`);
  }

  /** Shows the pairwise matrix and per-label table of one field (or code) of the all-layers section. */
  async pickPanelField(key: string): Promise<void> {
    await this.panelRow(key).getByRole('button').click();
    await expect(this.panel.getByTestId('agreement-pair-matrix')).toHaveAttribute('data-key', key);
  }

  /** The pairwise cell of two sources by key prefix (`llm`, `expert`, `layer:`), in matrix order a × b. */
  pairCell(a: string, b: string): Locator {
    const match = (key: string) => (key.endsWith(':') ? `^="${key}"` : `="${key}"`);
    return this.panel.locator(`[data-testid="agreement-pair-cell"][data-a${match(a)}][data-b${match(b)}]`);
  }

  panelMember(source: string): Locator {
    const match = source.endsWith(':') ? `^="${source}"` : `="${source}"`;
    return this.panel.locator(`[data-testid="agreement-panel-member"][data-source${match}]`);
  }

  async saveAllCsv(): Promise<string> {
    return this.save(this.page.getByTestId('agreement-save-all-csv'), 'csv');
  }

  /** Opens the view from the top bar and waits until the numbers (or the empty state) are shown. */
  async open(): Promise<void> {
    await this.navButton.click();
    // A report shown from before stays on screen while the new one is computed: wait for that too.
    await expect(this.root).toHaveAttribute('aria-busy', 'false');
    await expect(this.root).toHaveAttribute('data-state', /^(ready|empty)$/);
  }

  row(key: string): Locator {
    return this.page.locator(`[data-testid="agreement-row"][data-key="${key}"]`);
  }

  cell(row: string, column: string): Locator {
    return this.matrix.locator(`[data-testid="confusion-cell"][data-row="${row}"][data-column="${column}"]`);
  }

  /**
   * Compares `a` (matrix rows) with `b` (columns), each 'pre', 'expert' or a layer's name as
   * shown, and waits until the numbers of that pair are shown (agreement-view data-raters).
   * A source cannot be on both sides, so the side that frees the other's choice goes first;
   * a plain swap of the two current sources needs a third source in between.
   */
  async chooseRaters(a: string, b: string): Promise<void> {
    const option = (choice: string) => (choice === 'pre' || choice === 'expert' ? choice : { label: choice });
    const holds = async (select: Locator, choice: string) =>
      (await select.inputValue()) === choice || (await select.locator('option:checked').textContent()) === choice;
    if (await holds(this.raterBSelect, a)) {
      await this.raterBSelect.selectOption(option(b));
      await this.raterASelect.selectOption(option(a));
    } else {
      await this.raterASelect.selectOption(option(a));
      await this.raterBSelect.selectOption(option(b));
    }
    const pair = `${await this.raterASelect.inputValue()} ${await this.raterBSelect.inputValue()}`;
    await expect(this.root).toHaveAttribute('data-raters', pair);
    await expect(this.root).toHaveAttribute('aria-busy', 'false');
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
