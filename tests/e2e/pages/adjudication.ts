/**
 * Page object for the adjudication view. Test ids: nav-adjudication (top bar), dataset-adjudicate
 * (data-set view), adjudication-view (data-state: loading | ready | missing | error; data-phase:
 * setup | queue), adjudication-setup with adjudication-rater checkboxes (data-choice = pre |
 * expert | layer:<id>), adjudication-adjudicator, adjudication-start, adjudication-no-layers,
 * adjudication-attach-layer; adjudication-progress (data-done, data-unresolved, data-open,
 * data-total, data-disagreements), adjudication-save-state, adjudication-unanimous (data-count,
 * data-accepted), adjudication-accept-unanimous, adjudication-no-disagreements, filters
 * adjudication-filter-field / -labels / -raters, adjudication-queue with adjudication-queue-item
 * (data-item-id, data-status, aria-current), adjudication-item (data-item-id, data-field,
 * data-status, data-flagged) with adjudication-context-turn (data-turn-index), adjudication-rating
 * (data-rater, data-position, data-chosen), adjudication-flag, adjudication-note,
 * adjudication-note-input, adjudication-other (typeahead-input inside), adjudication-message.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class AdjudicationPage {
  readonly navButton: Locator;
  readonly root: Locator;
  readonly setup: Locator;
  readonly adjudicator: Locator;
  readonly startButton: Locator;
  readonly noLayers: Locator;
  readonly progress: Locator;
  readonly saveState: Locator;
  readonly unanimous: Locator;
  readonly acceptUnanimousButton: Locator;
  readonly queueItems: Locator;
  readonly currentQueueItem: Locator;
  readonly item: Locator;
  readonly ratings: Locator;
  readonly noteInput: Locator;
  readonly typeahead: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.navButton = page.getByTestId('nav-adjudication');
    this.root = page.getByTestId('adjudication-view');
    this.setup = page.getByTestId('adjudication-setup');
    this.adjudicator = page.getByTestId('adjudication-adjudicator');
    this.startButton = page.getByTestId('adjudication-start');
    this.noLayers = page.getByTestId('adjudication-no-layers');
    this.progress = page.getByTestId('adjudication-progress');
    this.saveState = page.getByTestId('adjudication-save-state');
    this.unanimous = page.getByTestId('adjudication-unanimous');
    this.acceptUnanimousButton = page.getByTestId('adjudication-accept-unanimous');
    this.queueItems = page.getByTestId('adjudication-queue-item');
    this.currentQueueItem = page.locator('[data-testid="adjudication-queue-item"][aria-current="true"]');
    this.item = page.getByTestId('adjudication-item');
    this.ratings = this.item.getByTestId('adjudication-rating');
    this.noteInput = page.getByTestId('adjudication-note-input');
    this.typeahead = page.getByTestId('adjudication-other').getByTestId('typeahead-input');
    this.confirmDialog = page.getByTestId('confirm-dialog');
  }

  async open(): Promise<void> {
    await this.navButton.click();
    await expect(this.root).toHaveAttribute('data-state', 'ready');
  }

  rater(choice: string): Locator {
    return this.page.locator(`[data-testid="adjudication-rater"][data-choice="${choice}"]`);
  }

  /** Starts with exactly these raters ticked, in this order, and `name` deciding. */
  async start(choices: readonly string[], name: string): Promise<void> {
    for (const box of await this.page.getByTestId('adjudication-rater').all()) await box.setChecked(false);
    for (const choice of choices) await this.rater(choice).check();
    await this.adjudicator.fill(name);
    await this.startButton.click();
    await expect(this.root).toHaveAttribute('data-phase', 'queue');
  }

  async acceptUnanimous(): Promise<void> {
    await this.acceptUnanimousButton.click();
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmDialog.getByRole('button', { name: /^(Accept|接受)$/ }).click();
    await expect(this.confirmDialog).toBeHidden();
  }

  async currentItemId(): Promise<string> {
    return (await this.item.getAttribute('data-item-id')) ?? '';
  }

  /** Waits until every decision asked for is stored. */
  async waitSaved(): Promise<void> {
    await expect(this.saveState).toHaveText(/^(Saved|已保存)$/);
  }
}
