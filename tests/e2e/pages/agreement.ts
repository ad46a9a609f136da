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
 * Reading aids: agreement-intro (agreement-intro-expert inside only when the expert is compared),
 * agreement-legend with agreement-legend-item (data-term), agreement-explainer (<details>) with
 * agreement-explanation (data-topic) and agreement-band-table, agreement-sentence (data-key),
 * agreement-kappa-chart (data-bars: JSON of {key, kappa, interval}) with agreement-kappa-canvas
 * (data-error-bars: JSON of the drawn {x, top, bottom}), agreement-expand-codes (data-field,
 * aria-expanded) in both tables, agreement-empty-review, agreement-attach-layer,
 * agreement-compare-layer (data-layer), agreement-panel-unrated (data-sources),
 * agreement-panel-review, agreement-panel-pool-rated, agreement-pair-header (data-source).
 */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { saveShot } from '../support-shots';

/** Where a cell's text is drawn (its text, not its box), and whether the cell cuts it off. */
export interface TextBox {
  text: string;
  left: number;
  right: number;
  cellLeft: number;
  cellRight: number;
  clipped: boolean;
  /** the least room between the text and its cell's left or right edge */
  inset: number;
}

/** The text boxes of `selector`'s matches inside `root`, in document order. */
export async function textBoxes(root: Locator, selector: string): Promise<TextBox[]> {
  return root.evaluate((element, query) => {
    return [...element.querySelectorAll(query)].map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const text = range.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      const clipped = cell.scrollWidth > cell.clientWidth + 1 || text.right > box.right + 0.5 || text.left < box.left - 0.5 || text.bottom > box.bottom + 0.5;
      const inset = Math.min(text.left - box.left, box.right - text.right);
      return { text: cell.textContent ?? '', left: text.left, right: text.right, cellLeft: box.left, cellRight: box.right, clipped, inset };
    });
  }, selector);
}

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
  readonly intro: Locator;
  readonly introExpert: Locator;
  readonly legendItems: Locator;
  readonly explainer: Locator;
  readonly sentences: Locator;
  readonly chart: Locator;
  readonly chartCanvas: Locator;
  readonly attachLayerButton: Locator;
  readonly compareLayerButtons: Locator;
  readonly panelUnrated: Locator;
  readonly poolRatedButton: Locator;

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
    this.intro = page.getByTestId('agreement-intro');
    this.introExpert = page.getByTestId('agreement-intro-expert');
    this.legendItems = page.getByTestId('agreement-legend-item');
    this.explainer = page.getByTestId('agreement-explainer');
    this.sentences = page.getByTestId('agreement-sentence');
    this.chart = page.getByTestId('agreement-kappa-chart');
    this.chartCanvas = page.getByTestId('agreement-kappa-canvas');
    this.attachLayerButton = page.getByTestId('agreement-attach-layer');
    this.compareLayerButtons = page.getByTestId('agreement-compare-layer');
    this.panelUnrated = page.getByTestId('agreement-panel-unrated');
    this.poolRatedButton = page.getByTestId('agreement-panel-pool-rated');
  }

  sentence(key: string): Locator {
    return this.page.locator(`[data-testid="agreement-sentence"][data-key="${key}"]`);
  }

  /** The rows of one field's codes (`field:code`) in the pair table. */
  codeRows(fieldId: string): Locator {
    return this.table.locator(`[data-testid="agreement-row"][data-key^="${fieldId}:"]`);
  }

  expandCodes(fieldId: string, within: Locator = this.table): Locator {
    return within.locator(`[data-testid="agreement-expand-codes"][data-field="${fieldId}"]`);
  }

  /**
   * A screenshot of the window (scrolled to `section` when given), attached to the test and,
   * with $MAIEUTIC_SHOTS_DIR set, saved there to be looked at (support-shots.ts).
   */
  async shoot(testInfo: TestInfo, name: string, section?: Locator): Promise<void> {
    if (section) await this.scrollTo(section);
    await saveShot(this.page, name, testInfo);
  }

  /** Scrolls the view so that `section` is at the top (the view scrolls inside the app's main area). */
  async scrollTo(section: Locator): Promise<void> {
    await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
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
