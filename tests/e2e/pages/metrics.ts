/**
 * Page object for the metrics view. Queue the save path with app.dialogs.nextSavePath(…) before a save.
 *
 * Test ids: nav-metrics (top bar), metrics-view (data-state: loading | ready | missing | error;
 * data-run-id of the shown run; aria-busy), metrics-settings, metrics-layer (verified | llm |
 * layer:<id>), metrics-three-c (vacuous-one | strict), metrics-seed, metrics-weight-<ID>,
 * metrics-weights-sum, metrics-problem, metrics-compute, metrics-progress, metrics-empty,
 * metrics-run-info, metrics-compare, metrics-save-csv / -md / -dialogues, metrics-save-result
 * (data-kind, data-path), data-computed-in on metrics-view (worker | main-thread), metrics-table with metrics-row (data-metric) and metrics-cell
 * (data-group: the teacher model, '' for all; data-mean; data-n), metrics-delta,
 * metrics-three-c-note, metrics-chart (data-series: JSON of the plotted percentages),
 * metrics-drill-metric, metrics-dialogues (data-row-count), metrics-sort-<column>,
 * metrics-dialogue-row (data-dialogue-id, data-score), metrics-open-dialogue, metrics-runs with
 * metrics-run (data-run-id, data-sequence, data-layer, aria-selected) with metrics-run-number,
 * metrics-run-title-name (the run's own name), metrics-run-rename (opens the metrics-run-name box,
 * saved on Enter or blur, Escape keeps the saved name) and metrics-run-show / -compare / -delete.
 * metrics-column (a column header, data-group), metrics-row-header (title: name and definition),
 * metrics-legend with metrics-legend-entry (data-metric) and metrics-bootstrap-explained,
 * metrics-no-change (every mean equals the compared run's) or metrics-delta-explained,
 * metrics-delta (data-change: changed | same | incomparable | not-in-baseline), the chart's canvas
 * data-error-bars (JSON of the drawn segments in CSS pixels), a metrics-dialogue-row that was
 * opened in review has aria-current="true".
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class MetricsPage {
  readonly navButton: Locator;
  readonly root: Locator;
  readonly layerSelect: Locator;
  readonly threeCSelect: Locator;
  readonly computeButton: Locator;
  readonly empty: Locator;
  readonly table: Locator;
  readonly chart: Locator;
  readonly note: Locator;
  readonly drillMetric: Locator;
  readonly dialogueRows: Locator;
  readonly runs: Locator;
  readonly compareSelect: Locator;
  readonly saveResult: Locator;
  readonly legend: Locator;
  readonly legendEntries: Locator;
  readonly bootstrapExplained: Locator;
  readonly noChange: Locator;
  readonly deltaExplained: Locator;
  readonly deltas: Locator;
  readonly runInfo: Locator;

  constructor(readonly page: Page) {
    this.navButton = page.getByTestId('nav-metrics');
    this.root = page.getByTestId('metrics-view');
    this.layerSelect = page.getByTestId('metrics-layer');
    this.threeCSelect = page.getByTestId('metrics-three-c');
    this.computeButton = page.getByTestId('metrics-compute');
    this.empty = page.getByTestId('metrics-empty');
    this.table = page.getByTestId('metrics-table');
    this.chart = page.getByTestId('metrics-chart');
    this.note = page.getByTestId('metrics-three-c-note');
    this.drillMetric = page.getByTestId('metrics-drill-metric');
    this.dialogueRows = page.getByTestId('metrics-dialogue-row');
    this.runs = page.getByTestId('metrics-run');
    this.compareSelect = page.getByTestId('metrics-compare');
    this.saveResult = page.getByTestId('metrics-save-result');
    this.legend = page.getByTestId('metrics-legend');
    this.legendEntries = page.getByTestId('metrics-legend-entry');
    this.bootstrapExplained = page.getByTestId('metrics-bootstrap-explained');
    this.noChange = page.getByTestId('metrics-no-change');
    this.deltaExplained = page.getByTestId('metrics-delta-explained');
    this.deltas = page.getByTestId('metrics-delta');
    this.runInfo = page.getByTestId('metrics-run-info');
  }

  async open(): Promise<void> {
    await this.navButton.click();
    await expect(this.root).toHaveAttribute('data-state', 'ready');
  }

  weight(id: string): Locator {
    return this.page.getByTestId(`metrics-weight-${id}`);
  }

  cell(metric: string, group: string): Locator {
    return this.table.locator(`[data-testid="metrics-row"][data-metric="${metric}"] [data-testid="metrics-cell"][data-group="${group}"]`);
  }

  /** Computes with the current settings and waits until the new run is shown. */
  async compute(): Promise<string> {
    const before = (await this.root.getAttribute('data-run-id')) ?? '';
    await this.computeButton.click();
    await expect(this.root).not.toHaveAttribute('data-run-id', before);
    await expect(this.root).toHaveAttribute('aria-busy', 'false');
    return (await this.root.getAttribute('data-run-id')) ?? '';
  }

  run(runId: string): Locator {
    return this.page.locator(`[data-testid="metrics-run"][data-run-id="${runId}"]`);
  }

  /** Opens the run's name box, types the name and presses Enter, which saves it. */
  async nameRun(runId: string, name: string): Promise<void> {
    await this.run(runId).getByTestId('metrics-run-rename').click();
    const input = this.run(runId).getByTestId('metrics-run-name');
    await input.fill(name);
    await input.press('Enter');
    await expect(this.run(runId).getByTestId('metrics-run-title-name')).toHaveText(name.trim());
  }

  /** The chart's error bars as drawn (CSS pixels on the canvas). */
  async errorBars(): Promise<{ dataset: number; index: number; x: number; yLow: number; yHigh: number; halfCap: number }[]> {
    return JSON.parse((await this.chart.locator('canvas').getAttribute('data-error-bars')) ?? '[]');
  }

  async save(kind: 'csv' | 'md' | 'dialogues'): Promise<string> {
    await this.page.getByTestId(`metrics-save-${kind}`).click();
    await expect(this.saveResult).toHaveAttribute('data-kind', kind);
    return (await this.saveResult.getAttribute('data-path')) ?? '';
  }
}
