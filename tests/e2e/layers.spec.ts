/**
 * A second annotator's file attached to the sample as an annotation layer: a copy of one
 * sample file with two teacher intents of its first dialogue changed and its last dialogue
 * dropped, imported into the existing sample data set with "Attach as an annotation layer";
 * then the agreement view, layer × LLM pre-annotation, and the same file refused a second
 * time. Expected numbers come from the file written here and the codebook, not from the app.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures/app';
import { AgreementPage } from './pages/agreement';
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

test('a second annotator file attached as a layer: no blocking problems, agreement with the pre-annotation, refused when attached again', async ({ app }) => {
  const records = layerRecords();
  const teacherTurns = records.reduce((sum, record) => sum + record.dialogue.filter((turn) => turn.role === TEACHER).length, 0);
  const path = await writeInputFile(join(app.tempDir, 'GPT-4o', 'GPT-4o-interdis_topic_7.jsonl'), jsonlText(records));

  const datasets = await openSample(app);
  const datasetId = (await datasets.root.getAttribute('data-dataset-id')) ?? '';
  expect(datasetId).not.toBe('');
  const wizard = new ImportPage(app.page);

  const openReport = async () => {
    app.dialogs.nextFiles([path]);
    await datasets.importFilesButton.click();
    await wizard.waitForReport();
    await wizard.intoExistingDataset(datasetId);
    await expect(wizard.files).toHaveCount(1);
    await expect(wizard.files.first()).not.toHaveAttribute('data-verdict', /^(errors|empty|unsupported)$/);
    await expect(wizard.files.first().locator('[data-testid="import-issue"][data-severity="error"]')).toHaveCount(0);
    await expect(wizard.files.first().getByTestId('import-teacher-model')).toHaveValue('GPT-4o');
    if ((await wizard.files.first().getAttribute('data-verdict')) === 'warnings') {
      await wizard.files.first().getByTestId('import-accept-warnings').check();
    }
    await wizard.attachAsLayer(LAYER_NAME, 'human');
  };

  // First time: every turn of the file matches, nothing blocks.
  await openReport();
  await expect(wizard.layerPreview).toHaveAttribute('data-problems', '0');
  await expect(wizard.layerPreview).toHaveAttribute('data-turns', /^[1-9]\d*$/);
  await expect(app.page.getByTestId('import-layer-problems')).toHaveCount(0);
  await expect(wizard.layerPreview.getByRole('alert')).toHaveCount(0);
  await expect(wizard.wizardError).toHaveCount(0);
  await expect(wizard.confirmButton).toBeEnabled();
  await wizard.confirm();

  // Layer × LLM pre-annotation: every teacher turn of the file compared, all but the changed ones agree.
  const agreement = new AgreementPage(app.page);
  await agreement.open();
  await agreement.chooseRaters(LAYER_NAME, 'pre');
  await expect(agreement.raterASelect).toHaveValue(/^layer:/);
  await expect(agreement.raterBSelect).toHaveValue('pre');
  await expect(agreement.root).toHaveAttribute('data-state', 'ready');
  const intent = agreement.row(FIELD);
  await expect(intent).toHaveAttribute('data-items', String(teacherTurns));
  await expect(intent).toHaveAttribute('data-agreeing', String(teacherTurns - CHANGED_TURNS));
  await expect(intent.getByTestId('agreement-n')).toHaveText(String(teacherTurns));

  // All layers at once: the same pair in the matrix, and the expert pooled with the human layer by default.
  await expect(agreement.panel).toBeVisible();
  await agreement.pickPanelField(FIELD);
  await expect(agreement.pairCell('llm', 'layer:')).toHaveAttribute('data-items', String(teacherTurns));
  await expect(agreement.pairCell('llm', 'layer:')).toHaveAttribute('data-kappa', (await intent.getAttribute('data-kappa')) ?? 'missing');
  await expect(agreement.panelMember('expert')).toBeChecked();
  await expect(agreement.panelMember('layer:')).toBeChecked();
  await expect(agreement.panelMember('llm')).not.toBeChecked();
  // Pooling the pre-annotation with the layer only: Fleiss over every teacher turn of the file, with a per-label table.
  await agreement.panelMember('llm').check();
  await expect(agreement.root).toHaveAttribute('aria-busy', 'false');
  await agreement.panelMember('expert').uncheck();
  await expect(agreement.panelMember('expert')).not.toBeChecked();
  await expect(agreement.root).toHaveAttribute('aria-busy', 'false');
  await expect(agreement.panelRow(FIELD)).toHaveAttribute('data-fleiss', /^-?\d/);
  await expect(agreement.panel.getByTestId('agreement-per-label-row')).toHaveCount(codebookField(FIELD).labels.length);
  if (process.env.SCREENSHOTS) await agreement.panel.screenshot({ path: '/tmp/agreement-panel.png' });
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
