/**
 * A second annotator's file attached to the sample as an annotation layer: a copy of one
 * sample file with two teacher intents of its first dialogue changed and its last dialogue
 * dropped, imported into the existing sample data set with "Attach as an annotation layer";
 * then the agreement view, layer × LLM pre-annotation, and the same file refused a second
 * time. Expected numbers come from the file written here and the codebook, not from the app.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures/app';
import { AgreementPage, textBoxes } from './pages/agreement';
import { ImportPage } from './pages/import';
import { codebookField, labelForSidValue } from './support-codebook';
import { openSample, readSampleDialogues, type SidRecord } from './support-sample';
import { jsonlText, writeInputFile } from './support-sid-files';

const SOURCE = 'GPT-4o/GPT-4o-interdis_topic_7.jsonl';
const FIELD = 'teacher_intent';
const TEACHER = '教师';
const LAYER_NAME = 'Annotator B';
const CHANGED_TURNS = 2;

/** The sample file's records with two teacher intents of the first dialogue changed and the last dialogue dropped. */
function layerRecords(): SidRecord[] {
  const records = readSampleDialogues()
    .filter((dialogue) => dialogue.file === SOURCE)
    .sort((a, b) => a.line - b.line)
    .map((dialogue) => structuredClone(dialogue.record));
  expect(records.length).toBeGreaterThan(1);
  const kept = records.slice(0, -1);
  const first = kept[0];
  // annotations that are whole teacher turns (not fragments of a split turn)
  const teacherTexts = new Set(first.dialogue.filter((turn) => turn.role === TEACHER).map((turn) => turn.content));
  const whole = first.annotations.filter((annotation) => annotation[FIELD] && teacherTexts.has(annotation.utterance));
  expect(whole.length).toBeGreaterThanOrEqual(CHANGED_TURNS);
  for (const annotation of whole.slice(0, CHANGED_TURNS)) {
    const code = labelForSidValue(FIELD, annotation[FIELD]).code;
    const other = codebookField(FIELD).labels.find((label) => label.code !== code)!;
    annotation[FIELD] = other.name.zh;
  }
  return kept;
}

test('a second annotator file attached from the agreement view: no blocking problems, agreement with the pre-annotation, the unrated expert said in words, refused when attached again', async ({ app }, testInfo) => {
  const records = layerRecords();
  const teacherTurns = records.reduce((sum, record) => sum + record.dialogue.filter((turn) => turn.role === TEACHER).length, 0);
  const path = await writeInputFile(join(app.tempDir, 'GPT-4o', 'GPT-4o-interdis_topic_7.jsonl'), jsonlText(records));

  const datasets = await openSample(app);
  const datasetId = (await datasets.root.getAttribute('data-dataset-id')) ?? '';
  expect(datasetId).not.toBe('');
  const wizard = new ImportPage(app.page);

  const checkReport = async () => {
    await expect(wizard.files).toHaveCount(1);
    await expect(wizard.files.first()).not.toHaveAttribute('data-verdict', /^(errors|empty|unsupported)$/);
    await expect(wizard.files.first().locator('[data-testid="import-issue"][data-severity="error"]')).toHaveCount(0);
    await expect(wizard.files.first().getByTestId('import-teacher-model')).toHaveValue('GPT-4o');
    if ((await wizard.files.first().getAttribute('data-verdict')) === 'warnings') {
      await wizard.files.first().getByTestId('import-accept-warnings').check();
    }
    await wizard.attachAsLayer(LAYER_NAME, 'human');
  };
  const openReport = async () => {
    app.dialogs.nextFiles([path]);
    await datasets.importFilesButton.click();
    await wizard.waitForReport();
    await wizard.intoExistingDataset(datasetId);
    await checkReport();
  };

  // Nothing reviewed, no layer: the agreement view's empty state leads to attaching a second annotator's file.
  const agreement = new AgreementPage(app.page);
  await app.page.setViewportSize({ width: 1440, height: 900 });
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'empty');
  await expect(agreement.compareLayerButtons).toHaveCount(0);
  app.dialogs.nextFiles([path]);
  await agreement.attachLayerButton.click();
  await wizard.waitForReport();
  // into this data set, with the layer option already ticked
  await expect(wizard.targetExisting).toBeChecked();
  await expect(wizard.datasetSelect).toHaveValue(datasetId);
  await expect(wizard.attachLayerCheckbox).toBeChecked();
  await checkReport();
  await expect(wizard.layerPreview).toHaveAttribute('data-problems', '0');
  await expect(wizard.layerPreview).toHaveAttribute('data-turns', /^[1-9]\d*$/);
  await expect(app.page.getByTestId('import-layer-problems')).toHaveCount(0);
  await expect(wizard.layerPreview.getByRole('alert')).toHaveCount(0);
  await expect(wizard.wizardError).toHaveCount(0);
  await expect(wizard.confirmButton).toBeEnabled();
  await wizard.confirm();

  // Still nothing reviewed, but the empty state now offers the layer × LLM pre-annotation comparison.
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'empty');
  await expect(agreement.compareLayerButtons).toHaveCount(1);
  await expect(agreement.compareLayerButtons).toContainText(LAYER_NAME);
  await agreement.compareLayerButtons.click();
  // Layer × LLM pre-annotation: every teacher turn of the file compared, all but the changed ones agree.
  await expect(agreement.root).toHaveAttribute('data-raters', /^layer:\S+ pre$/);
  await expect(agreement.root).toHaveAttribute('aria-busy', 'false');
  await expect(agreement.raterASelect).toHaveValue(/^layer:/);
  await expect(agreement.raterBSelect).toHaveValue('pre');
  await expect(agreement.root).toHaveAttribute('data-state', 'ready');
  const intent = agreement.row(FIELD);
  await expect(intent).toHaveAttribute('data-items', String(teacherTurns));
  await expect(intent).toHaveAttribute('data-agreeing', String(teacherTurns - CHANGED_TURNS));
  await expect(intent.getByTestId('agreement-n')).toHaveText(String(teacherTurns));
  // The expert is not compared: no sentence about the expert layer.
  await expect(agreement.intro).toBeVisible();
  await expect(agreement.introExpert).toHaveCount(0);
  await expect(agreement.intro).not.toContainText('expert layer');
  await expect(agreement.intro).toContainText(`${LAYER_NAME} against LLM pre-annotation`);
  await expect(agreement.sentence(FIELD)).toContainText(`${LAYER_NAME} and LLM pre-annotation agree on`);
  // Nothing is reviewed, yet every turn is an item between two layers: the teacher-model picker counts turns, not reviewed ones
  const sampleTurns = readSampleDialogues().reduce((sum, dialogue) => sum + dialogue.record.dialogue.length, 0);
  await expect(agreement.groupSelect.locator('option').first()).toHaveText(`All (${sampleTurns} turns)`);

  // All layers at once: the same pair in the matrix, and the expert pooled with the human layer by default.
  await expect(agreement.panel).toBeVisible();
  // (the field picked above the table also picks it here, while the all-layers table waits for ratings)
  await agreement.pickField(FIELD);
  await expect(agreement.panel.getByTestId('agreement-pair-matrix')).toHaveAttribute('data-key', FIELD);
  await expect(agreement.pairCell('llm', 'layer:')).toHaveAttribute('data-items', String(teacherTurns));
  await expect(agreement.pairCell('llm', 'layer:')).toHaveAttribute('data-kappa', (await intent.getAttribute('data-kappa')) ?? 'missing');
  await expect(agreement.panelMember('expert')).toBeChecked();
  await expect(agreement.panelMember('layer:')).toBeChecked();
  await expect(agreement.panelMember('llm')).not.toBeChecked();
  // The expert reviewed nothing: no table of dashes, but what to do about it.
  await expect(agreement.panelUnrated).toHaveAttribute('data-sources', 'expert');
  await expect(agreement.panelUnrated).toContainText('Expert (verified) has no ratings here yet');
  await expect(agreement.panel.getByTestId('agreement-panel-table')).toHaveCount(0);
  await expect(agreement.panel.locator('[data-testid="agreement-pair-header"][data-source="expert"]')).toContainText('(no ratings)');
  await expect(agreement.pairCell('expert', 'layer:')).toHaveText('—');
  await expect(app.page.getByTestId('agreement-panel-review')).toBeVisible();
  await agreement.shoot(testInfo, 'agreement-panel-unrated-en', agreement.panel);
  // Pooling the layers that have ratings (the pre-annotation and the layer): Fleiss over every teacher turn of the file, with a per-label table.
  await agreement.poolRatedButton.click();
  await expect(agreement.root).toHaveAttribute('aria-busy', 'false');
  await expect(agreement.panelMember('llm')).toBeChecked();
  await expect(agreement.panelMember('layer:')).toBeChecked();
  await expect(agreement.panelMember('expert')).not.toBeChecked();
  await expect(agreement.panelUnrated).toHaveCount(0);
  await expect(agreement.panelRow(FIELD)).toHaveAttribute('data-fleiss', /^-?\d/);
  await expect(agreement.panel.getByTestId('agreement-per-label-row')).toHaveCount(codebookField(FIELD).labels.length);
  await agreement.pickPanelField(FIELD);

  // A teacher model the layer's file does not cover: the layer has no ratings there, and reviewing would not help.
  await agreement.chooseGroup('DeepSeek-V3');
  await expect(agreement.panelUnrated).toHaveAttribute('data-sources', /^layer:\S+$/);
  await expect(agreement.panelUnrated).toContainText(`${LAYER_NAME} has no ratings among these turns`);
  await expect(app.page.getByTestId('agreement-panel-review')).toHaveCount(0);
  await agreement.chooseGroup('all');
  await expect(agreement.panelUnrated).toHaveCount(0);

  // Codes of a label-set field folded in the all-layers table too.
  const setField = 'teaching_strategy';
  const setCodes = agreement.panel.locator(`[data-testid="agreement-panel-row"][data-key^="${setField}:"]`);
  await expect(setCodes).toHaveCount(0);
  await agreement.expandCodes(setField, agreement.panel).click();
  await expect(setCodes).toHaveCount(codebookField(setField).labels.length);
  await agreement.expandCodes(setField, agreement.panel).click();
  await expect(setCodes).toHaveCount(0);

  // Layout, in both languages: matrix headers over their values, headers apart and whole (κⱼ included).
  const pairMatrix = agreement.panel.getByTestId('agreement-pair-matrix');
  const perLabel = agreement.panel.getByTestId('agreement-per-label');
  const checkLayout = async () => {
    const headers = await textBoxes(pairMatrix, 'thead th');
    expect(headers).toHaveLength(3);
    for (const [index, header] of headers.entries()) {
      expect(header.clipped, header.text).toBe(false);
      // column index + 2: the first column holds the row names
      const values = await textBoxes(pairMatrix, `tbody tr > :nth-child(${index + 2})`);
      expect(values).toHaveLength(3);
      for (const value of values) expect(Math.abs(value.right - header.right), `${header.text} over ${value.text}`).toBeLessThanOrEqual(2);
    }
    for (const table of [agreement.panel.getByTestId('agreement-panel-table'), perLabel]) {
      const boxes = await textBoxes(table, 'thead th');
      for (const box of boxes) {
        expect(box.clipped, box.text).toBe(false);
        // not pressed against the table's edge either (κⱼ was, with headers unpadded)
        expect(box.inset, box.text).toBeGreaterThanOrEqual(4);
      }
      for (let index = 1; index < boxes.length; index++) expect(boxes[index].left - boxes[index - 1].right, `"${boxes[index - 1].text}" | "${boxes[index].text}"`).toBeGreaterThanOrEqual(16);
    }
    await expect(perLabel.getByTestId('agreement-label-kappa-header')).toHaveText('κⱼ');
  };
  await checkLayout();
  await agreement.shoot(testInfo, 'agreement-panel-en', agreement.panel);
  await agreement.shoot(testInfo, 'agreement-panel-matrix-en', pairMatrix);
  await app.page.getByTestId('nav-language').click();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await checkLayout();
  await agreement.shoot(testInfo, 'agreement-panel-zh', agreement.panel);
  await agreement.shoot(testInfo, 'agreement-panel-matrix-zh', pairMatrix);
  await app.page.getByTestId('nav-language').click();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'en');
  app.dialogs.nextSavePath(join(app.tempDir, 'all-layers.csv'));
  const allLayers = await agreement.saveAllCsv();
  expect(allLayers).toMatch(/all-layers\.csv$/);

  // Hiding a field takes it out of the table and the all-layers section; showing it brings it back.
  await app.page.getByTestId('agreement-fields').locator('summary').click();
  await app.page.locator(`[data-testid="agreement-field-shown"][data-field="${FIELD}"]`).uncheck();
  await expect(agreement.row(FIELD)).toHaveCount(0);
  await expect(agreement.panelRow(FIELD)).toHaveCount(0);
  await app.page.locator(`[data-testid="agreement-field-shown"][data-field="${FIELD}"]`).check();
  await expect(agreement.row(FIELD)).toHaveCount(1);

  // Quadratic weights for ordinal fields.
  await agreement.ordinalWeights.selectOption('quadratic');
  await expect(agreement.root).toHaveAttribute('aria-busy', 'false');
  await expect(agreement.row('teacher_guidance_level')).toHaveAttribute('data-weights', 'quadratic');
  await expect(agreement.row(FIELD)).toHaveAttribute('data-weights', 'none');

  // The same file again: flagged as already attached, and cannot be confirmed.
  await app.page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();
  await openReport();
  await expect(wizard.layerPreview.getByRole('alert')).toContainText(LAYER_NAME);
  await expect(wizard.confirmButton).toBeDisabled();
  await wizard.cancel();
});
