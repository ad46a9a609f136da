/**
 * Page object for the spot-check view and the review queue bar.
 *
 * Test ids: nav-spot-check (top bar), spot-check-view (data-state), spot-check-draw with
 * spot-check-name / -unit-dialogue / -unit-turn / -amount-kind / -percent / -size / -margin /
 * -will-draw / -strata / -seed / -new-seed / -layer / -threshold / -draw-button;
 * spot-check-list with spot-check-empty or spot-check-item (data-spot-check-id) holding
 * spot-check-open-queue and spot-check-delete; spot-check-results (data-spot-check-id) with
 * spot-check-reviewed, spot-check-result-threshold, spot-check-show-codes, spot-check-table of
 * spot-check-row (data-field, data-verdict) with spot-check-n / -errors / -rate / -interval /
 * -estimate / -verdict / -full-review; spot-check-chart (data-bars), spot-check-export-csv / -md,
 * spot-check-saved. In review: review-queue-bar (data-kind sample | full, data-position,
 * data-total) with review-queue-label / -prev / -next / -done / -close / -edge.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class SpotCheckPage {
  readonly navButton: Locator;
  readonly root: Locator;
  readonly empty: Locator;
  readonly items: Locator;
  readonly results: Locator;
  readonly queueBar: Locator;
  readonly queueLabel: Locator;

  constructor(readonly page: Page) {
    this.navButton = page.getByTestId('nav-spot-check');
    this.root = page.getByTestId('spot-check-view');
    this.empty = page.getByTestId('spot-check-empty');
    this.items = page.getByTestId('spot-check-item');
    this.results = page.getByTestId('spot-check-results');
    this.queueBar = page.getByTestId('review-queue-bar');
    this.queueLabel = page.getByTestId('review-queue-label');
  }

  control(name: string): Locator {
    return this.page.getByTestId(`spot-check-${name}`);
  }

  row(field: string): Locator {
    return this.page.locator(`[data-testid="spot-check-row"][data-field="${field}"]`);
  }

  async open(): Promise<void> {
    await this.navButton.click();
    await expect(this.root).toHaveAttribute('data-state', 'ready');
  }

  /** Draws a sample of dialogues by a percentage with a seed; waits for its results. */
  async drawDialogues(options: { percent: number; seed: number }): Promise<void> {
    await this.control('unit-dialogue').check();
    await this.control('amount-kind').selectOption('percent');
    await this.control('percent').fill(String(options.percent));
    await this.control('seed').fill(String(options.seed));
    const before = await this.items.count();
    await this.control('draw-button').click();
    await expect(this.items).toHaveCount(before + 1);
    await expect(this.results).toBeVisible();
  }
}
