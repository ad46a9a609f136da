/**
 * Page object for the review view: locators by data-testid plus small actions. Specs use it
 * as `const review = new ReviewPage(app.page)`. Keys are written as in the KEYMAP ('Mod+z'
 * becomes Playwright's ControlOrMeta+z).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type FieldDecision = 'accepted' | 'changed' | 'unsure' | 'labelled' | 'not-reviewed' | 'not-applicable';

const MAX_FIELD_STEPS = 20;

/** KEYMAP syntax to Playwright's: Mod → ControlOrMeta, Shift+? → ? (the character already says it). */
export function toPlaywrightKey(binding: string): string {
  if (binding === 'Shift+?') return '?';
  return binding
    .split('+')
    .map((part) => (part === 'Mod' ? 'ControlOrMeta' : part))
    .join('+');
}

export class ReviewPage {
  readonly root: Locator;
  readonly turns: Locator;
  readonly currentTurn: Locator;
  readonly fieldRows: Locator;
  readonly currentFieldRow: Locator;
  readonly typeaheadInput: Locator;
  readonly typeaheadOptions: Locator;
  readonly textFieldInput: Locator;
  readonly verifyTurnButton: Locator;
  readonly verifyDialogueButton: Locator;
  readonly verifyDialogueWarning: Locator;
  readonly acceptAllButton: Locator;
  readonly saveIndicator: Locator;
  readonly reviewerPrompt: Locator;
  readonly reviewerNameInput: Locator;
  readonly undoButton: Locator;
  readonly redoButton: Locator;
  readonly notice: Locator;
  readonly dialogueStatus: Locator;
  readonly dialoguePosition: Locator;
  readonly teacherModelInput: Locator;
  readonly codebookNote: Locator;
  readonly shortcutHelp: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('review-view');
    this.turns = page.getByTestId('chat-turn');
    this.currentTurn = page.locator('[data-testid="chat-turn"][data-current="true"]');
    this.fieldRows = page.getByTestId('field-row');
    this.currentFieldRow = page.locator('[data-testid="field-row"][data-current="true"]');
    this.typeaheadInput = page.getByTestId('typeahead-input');
    this.typeaheadOptions = page.getByTestId('typeahead-option');
    this.textFieldInput = page.getByTestId('text-field-input');
    this.verifyTurnButton = page.getByTestId('verify-turn');
    this.verifyDialogueButton = page.getByTestId('verify-dialogue');
    this.verifyDialogueWarning = page.getByTestId('verify-dialogue-warning');
    this.acceptAllButton = page.getByTestId('accept-all');
    this.saveIndicator = page.getByTestId('save-indicator');
    this.reviewerPrompt = page.getByTestId('reviewer-prompt');
    this.reviewerNameInput = page.getByTestId('reviewer-name-input');
    this.undoButton = page.getByTestId('undo-button');
    this.redoButton = page.getByTestId('redo-button');
    this.notice = page.getByTestId('review-notice');
    this.dialogueStatus = page.getByTestId('dialogue-status');
    this.dialoguePosition = page.getByTestId('dialogue-position');
    this.teacherModelInput = page.getByTestId('teacher-model-input');
    this.codebookNote = page.getByTestId('codebook-note');
    this.shortcutHelp = page.getByTestId('shortcut-help');
  }

  fieldRow(fieldId: string): Locator {
    return this.page.locator(`[data-testid="field-row"][data-field-id="${fieldId}"]`);
  }

  preValue(fieldId: string): Locator {
    return this.fieldRow(fieldId).getByTestId('field-pre-value');
  }

  expertValueCell(fieldId: string): Locator {
    return this.fieldRow(fieldId).getByTestId('field-expert-value');
  }

  turn(index: number): Locator {
    return this.page.locator(`[data-testid="chat-turn"][data-turn-index="${index}"]`);
  }

  async waitForReady(dialogueId?: string): Promise<void> {
    const selector = dialogueId
      ? `[data-testid="review-view"][data-state="ready"][data-dialogue-id="${dialogueId}"]`
      : '[data-testid="review-view"][data-state="ready"]';
    await expect(this.page.locator(selector)).toBeVisible();
  }

  async dialogueId(): Promise<string | null> {
    return this.root.getAttribute('data-dialogue-id');
  }

  /** Presses a key written in KEYMAP syntax ('j', 'Shift+A', 'Mod+z', 'Mod+Shift+z'). */
  async pressKey(binding: string): Promise<void> {
    await this.page.keyboard.press(toPlaywrightKey(binding));
  }

  async pressKeys(...bindings: string[]): Promise<void> {
    for (const binding of bindings) await this.pressKey(binding);
  }

  /** The id of the field with the focus ring. */
  async currentField(): Promise<string | null> {
    return this.currentFieldRow.getAttribute('data-field-id');
  }

  async currentTurnIndex(): Promise<number> {
    const value = await this.currentTurn.getAttribute('data-turn-index');
    if (value === null) throw new Error('No current turn is marked');
    return Number(value);
  }

  /** The expert's label codes for a field of the current turn ([] when not reviewed). */
  async expertValue(fieldId: string): Promise<string[]> {
    const codes = await this.expertValueCell(fieldId).getAttribute('data-codes');
    return codes ? codes.split(',') : [];
  }

  async expertText(fieldId: string): Promise<string> {
    return (await this.expertValueCell(fieldId).textContent()) ?? '';
  }

  async decision(fieldId: string): Promise<FieldDecision> {
    const value = await this.fieldRow(fieldId).getAttribute('data-decision');
    if (value === null) throw new Error(`Field ${fieldId} is not shown`);
    return value as FieldDecision;
  }

  async isApplicable(fieldId: string): Promise<boolean> {
    return (await this.fieldRow(fieldId).getAttribute('data-applicable')) === 'true';
  }

  /** Tabs to a field of the current turn; fails if it is not reachable (e.g. not applicable). */
  async goToField(fieldId: string): Promise<void> {
    for (let step = 0; step < MAX_FIELD_STEPS; step += 1) {
      const before = await this.currentField();
      if (before === fieldId) return;
      await this.pressKey('Tab');
      // Keys wait behind the writes they depend on (a `v` just pressed, say): reading the cursor
      // before this Tab has acted would press another and overshoot the field.
      await expect.poll(() => this.currentField()).not.toBe(before);
    }
    throw new Error(`Field ${fieldId} could not be reached with Tab`);
  }

  async goToTurn(index: number): Promise<void> {
    await this.turn(index).click();
    await expect(this.turn(index)).toHaveAttribute('data-current', 'true');
  }

  /** '/' then type and Enter: picks the first match. */
  async searchAndPick(query: string): Promise<void> {
    await this.pressKey('/');
    await expect(this.typeaheadInput).toBeFocused();
    await this.typeaheadInput.fill(query);
    await this.typeaheadInput.press('Enter');
  }

  /** Corrects the utterance of the current turn (the field must be current). */
  async correctText(text: string): Promise<void> {
    await this.goToField('utterance');
    await this.pressKey('/');
    await expect(this.textFieldInput).toBeFocused();
    await this.textFieldInput.fill(text);
    await this.textFieldInput.press('ControlOrMeta+Enter');
  }

  async enterReviewerName(name: string): Promise<void> {
    await expect(this.reviewerPrompt).toBeVisible();
    await this.reviewerNameInput.fill(name);
    await this.reviewerNameInput.press('Enter');
    await expect(this.reviewerPrompt).toBeHidden();
  }

  /** Waits until no write is pending and at least one has landed (a state that may already hold before a key press). */
  async waitForSaved(): Promise<void> {
    await expect(this.saveIndicator).toHaveAttribute('data-state', 'saved');
  }

  /** Presses a key that writes, and waits until that write has landed (not just an earlier one). */
  async pressKeyAndWaitForSave(binding: string): Promise<void> {
    const before = (await this.saveIndicator.getAttribute('data-saved-at')) ?? '';
    await this.pressKey(binding);
    await expect(this.saveIndicator).not.toHaveAttribute('data-saved-at', before);
    await this.waitForSaved();
  }

  /** Web-first: retries until the field shows this decision. */
  async expectDecision(fieldId: string, decision: FieldDecision): Promise<void> {
    await expect(this.fieldRow(fieldId)).toHaveAttribute('data-decision', decision);
  }

  /** Web-first: retries until the field's expert value has exactly these codes, in order. */
  async expectExpertValue(fieldId: string, codes: string[]): Promise<void> {
    await expect(this.expertValueCell(fieldId)).toHaveAttribute('data-codes', codes.join(','));
  }

  async saveState(): Promise<string | null> {
    return this.saveIndicator.getAttribute('data-state');
  }

  async setTeacherModel(model: string): Promise<void> {
    await this.teacherModelInput.fill(model);
    await this.teacherModelInput.press('Enter');
  }

  async status(): Promise<string | null> {
    return this.dialogueStatus.getAttribute('data-status');
  }

  /** Scrolls whatever scrolls the field panel (the panel itself or the list inside it) to its end; returns how far it went. */
  async scrollFieldPanelToEnd(): Promise<number> {
    return this.page.getByTestId('field-panel').evaluate((root) => {
      const scroller = [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))].find(
        (element) => /(auto|scroll)/.test(getComputedStyle(element).overflowY) && element.scrollHeight > element.clientHeight + 1 && !element.closest('[data-testid="field-panel-messages"]'),
      );
      if (!scroller) return 0;
      scroller.scrollTo(0, scroller.scrollHeight);
      return scroller.scrollTop;
    });
  }

  /** How far anything inside the field panel is scrolled. */
  async fieldPanelScrollTop(): Promise<number> {
    return this.page
      .getByTestId('field-panel')
      .evaluate((root) => Math.max(...[root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))].map((element) => element.scrollTop)));
  }

  /** The element's box lies inside the window and below the field panel's top, with nothing drawn over it. */
  async expectInView(target: Locator, label: string): Promise<void> {
    await expect(target, label).toBeVisible();
    const found = await target.boundingBox();
    const panel = await this.page.getByTestId('field-panel').boundingBox();
    const viewport = this.page.viewportSize();
    if (!found || !panel || !viewport) throw new Error(`${label}: no box to measure`);
    expect(found.y, `${label}: top inside the window and the panel`).toBeGreaterThanOrEqual(Math.max(0, panel.y));
    expect(found.y + found.height, `${label}: bottom inside the window`).toBeLessThanOrEqual(viewport.height);
    const covered = await target.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + 8, rect.top + Math.min(rect.height / 2, 10));
      return hit !== null && !element.contains(hit);
    });
    expect(covered, `${label}: nothing lies over it`).toBe(false);
  }
}
