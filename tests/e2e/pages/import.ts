/**
 * Page object for the import wizard (column mapping for CSV/TSV, then the report).
 *
 * Test ids: import-view (data-step: inspecting|mapping|parsing|report|committing|cancelled|idle),
 * import-progress, import-idle, import-cancelled (with import-again-files, import-again-folder,
 * import-cancelled-back), import-mapping, import-mapping-file (data-file),
 * import-map-<role> (dialogueId, turnOrder, speaker, utterance, teacherModel),
 * import-map-field-<fieldId>, import-mapping-missing, import-preview-table, import-parse,
 * import-report, import-target-new, import-dataset-name, import-target-existing,
 * import-dataset-select, import-error, import-file (data-file, data-verdict:
 * clean|warnings|errors|empty|unsupported|refused), import-file-refusal (data-kind: over-budget), import-file-verdict, import-file-counts
 * (data-dialogues, data-turns), import-file-readable (files with errors: data-dialogues,
 * data-error-lines), import-teacher-model-field (data-required), import-teacher-model,
 * import-teacher-model-use-suggestion, import-teacher-model-hint, import-file-duplicate,
 * import-file-same-as, import-include-label, import-file-include, import-accept-warnings,
 * import-error-list, import-issue-code (data-code; shows the kind's name), import-issue
 * (data-severity, data-code) with import-issue-summary (the problem in the interface language)
 * and .issue-text (`file:line — message`, the parser's words), import-copy-issues,
 * import-issues-more, import-skipped with import-skipped-file (data-file, data-code; .skip-sentence), import-totals (data-files, data-dialogues, data-turns),
 * import-hints, import-hint (data-kind: accept-warnings|include-again|name-teacher-model|
 * nothing-importable, data-file), import-hint-show, import-cancel, import-confirm; layer option (existing target only): import-layer-option,
 * import-attach-layer, import-layer-name, import-layer-kind (human | llm), import-layer-status,
 * import-layer-preview (data-turns, data-problems), import-layer-problems; codebook of the target:
 * import-codebook-choice (new data set) with import-codebook-select (values `${codebookId}@${hash}`)
 * and import-codebook-import ("Import codebook…"), import-codebook-imported (data-version-id,
 * data-rules) with import-codebook-rules (data-has-rules), import-codebook-refused (data-file) with
 * import-codebook-problem; import-codebook-existing (existing target: data-codebook-id).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type FileVerdict = 'clean' | 'warnings' | 'errors' | 'empty' | 'unsupported' | 'refused';
export type MappingRole = 'dialogueId' | 'turnOrder' | 'speaker' | 'utterance' | 'teacherModel';

export class ImportPage {
  readonly root: Locator;
  readonly progress: Locator;
  readonly mapping: Locator;
  readonly previewTable: Locator;
  readonly parseButton: Locator;
  readonly report: Locator;
  readonly files: Locator;
  readonly targetNew: Locator;
  readonly datasetName: Locator;
  readonly targetExisting: Locator;
  readonly datasetSelect: Locator;
  readonly wizardError: Locator;
  readonly skipped: Locator;
  readonly totals: Locator;
  readonly cancelButton: Locator;
  readonly confirmButton: Locator;
  readonly attachLayerCheckbox: Locator;
  readonly layerName: Locator;
  readonly layerKind: Locator;
  readonly layerPreview: Locator;
  readonly codebookSelect: Locator;
  readonly codebookImported: Locator;
  readonly codebookRefused: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('import-view');
    this.progress = page.getByTestId('import-progress');
    this.mapping = page.getByTestId('import-mapping');
    this.previewTable = page.getByTestId('import-preview-table');
    this.parseButton = page.getByTestId('import-parse');
    this.report = page.getByTestId('import-report');
    this.files = page.getByTestId('import-file');
    this.targetNew = page.getByTestId('import-target-new');
    this.datasetName = page.getByTestId('import-dataset-name');
    this.targetExisting = page.getByTestId('import-target-existing');
    this.datasetSelect = page.getByTestId('import-dataset-select');
    this.wizardError = page.getByTestId('import-error');
    this.skipped = page.getByTestId('import-skipped');
    this.totals = page.getByTestId('import-totals');
    this.cancelButton = page.getByTestId('import-cancel');
    this.confirmButton = page.getByTestId('import-confirm');
    this.attachLayerCheckbox = page.getByTestId('import-attach-layer');
    this.layerName = page.getByTestId('import-layer-name');
    this.layerKind = page.getByTestId('import-layer-kind');
    this.layerPreview = page.getByTestId('import-layer-preview');
    this.codebookSelect = page.getByTestId('import-codebook-select');
    this.codebookImported = page.getByTestId('import-codebook-imported');
    this.codebookRefused = page.getByTestId('import-codebook-refused');
  }

  /** Presses "Import codebook…" (the test has queued the dialog's answer) and waits for the files to be read against the outcome. */
  async importCodebook(): Promise<void> {
    await this.page.getByTestId('import-codebook-import').click();
    await expect(this.codebookImported.or(this.codebookRefused)).toBeVisible();
    await this.waitForReport();
  }

  /** A file's card in the report (or in the mapping step), by its name as given (`GPT-4o/a.jsonl`). */
  file(name: string): Locator {
    return this.page.locator(`[data-testid="import-file"][data-file="${name}"], [data-testid="import-mapping-file"][data-file="${name}"]`);
  }

  issues(name: string): Locator {
    return this.file(name).getByTestId('import-issue');
  }

  mappingSelect(name: string, role: MappingRole): Locator {
    return this.file(name).getByTestId(`import-map-${role}`);
  }

  fieldMappingSelect(name: string, fieldId: string): Locator {
    return this.file(name).getByTestId(`import-map-field-${fieldId}`);
  }

  async waitForReport(): Promise<void> {
    await expect(this.report).toBeVisible();
  }

  async waitForMapping(): Promise<void> {
    await expect(this.mapping).toBeVisible();
  }

  async verdict(name: string): Promise<FileVerdict> {
    return (await this.file(name).getAttribute('data-verdict')) as FileVerdict;
  }

  /** The issue lines of a file as shown, `file:line — message`. */
  async issueTexts(name: string): Promise<string[]> {
    return this.issues(name).locator('.issue-text').allTextContents();
  }

  async setTeacherModel(name: string, model: string): Promise<void> {
    await this.file(name).getByTestId('import-teacher-model').fill(model);
  }

  /** Takes the file name offered as the teacher model (a bare file name is never taken unasked). */
  async useSuggestedTeacherModel(name: string): Promise<void> {
    await this.file(name).getByTestId('import-teacher-model-use-suggestion').click();
  }

  hint(kind: 'accept-warnings' | 'include-again' | 'name-teacher-model' | 'nothing-importable', file?: string): Locator {
    const fileSelector = file === undefined ? '' : `[data-file="${file}"]`;
    return this.page.locator(`[data-testid="import-hint"][data-kind="${kind}"]${fileSelector}`);
  }

  /**
   * Every visible label of the wizard with the gap between its words and its control, in px:
   * the horizontal gap when they sit side by side, the vertical one when the control is below.
   * Words are measured as text (a Range over the label's own text), so padding cannot hide a touch.
   */
  async labelGaps(): Promise<{ label: string; gap: number; layout: 'beside' | 'below' }[]> {
    return this.root.evaluate((root) => {
      const results: { label: string; gap: number; layout: 'beside' | 'below' }[] = [];
      for (const label of Array.from(root.querySelectorAll('label'))) {
        const control = (label.htmlFor ? document.getElementById(label.htmlFor) : null) ?? label.querySelector('input, select, textarea');
        if (!(control instanceof HTMLElement) || control.getClientRects().length === 0) continue;
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        const boxes: DOMRect[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if ((node.textContent ?? '').trim() === '' || control.contains(node)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          boxes.push(...Array.from(range.getClientRects()));
        }
        if (boxes.length === 0) continue;
        const text = {
          left: Math.min(...boxes.map((box) => box.left)),
          right: Math.max(...boxes.map((box) => box.right)),
          top: Math.min(...boxes.map((box) => box.top)),
          bottom: Math.max(...boxes.map((box) => box.bottom)),
        };
        const box = control.getBoundingClientRect();
        const name = (label.textContent ?? '').trim().slice(0, 40);
        const sideBySide = box.top < text.bottom && box.bottom > text.top;
        if (!sideBySide) results.push({ label: name, gap: box.top - text.bottom, layout: 'below' });
        else results.push({ label: name, gap: box.left >= text.right ? box.left - text.right : text.left - box.right, layout: 'beside' });
      }
      return results;
    });
  }

  async mapColumn(name: string, role: MappingRole, column: string): Promise<void> {
    await this.mappingSelect(name, role).selectOption(column);
  }

  async checkFiles(): Promise<void> {
    await this.parseButton.click();
    await this.waitForReport();
  }

  /** Explicitly accepts a file's warnings (it is not imported otherwise). */
  async acceptWarnings(name: string): Promise<void> {
    await this.file(name).getByTestId('import-accept-warnings').check();
  }

  async setIncluded(name: string, included: boolean): Promise<void> {
    await this.file(name).getByTestId('import-file-include').setChecked(included);
  }

  async intoNewDataset(name: string): Promise<void> {
    await this.targetNew.check();
    await this.datasetName.fill(name);
  }

  async intoExistingDataset(datasetId: string): Promise<void> {
    await this.targetExisting.check();
    await this.datasetSelect.selectOption(datasetId);
  }

  /** Attaches the chosen file to the existing target as an annotation layer; waits for the matching preview. */
  async attachAsLayer(name: string, kind: 'human' | 'llm'): Promise<void> {
    await this.attachLayerCheckbox.check();
    await this.layerName.fill(name);
    await this.layerKind.selectOption(kind);
    await expect(this.layerPreview).toBeVisible();
  }

  /** Commits the chosen files; the data set opens. */
  async confirm(): Promise<void> {
    await this.confirmButton.click();
    await expect(this.page.getByTestId('dataset-view')).toBeVisible();
  }

  async cancel(): Promise<void> {
    await this.cancelButton.first().click();
    await expect(this.root).toBeHidden();
  }
}
