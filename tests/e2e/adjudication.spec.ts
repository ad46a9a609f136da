/**
 * Adjudication of a double-annotated data set: two SID dialogues imported, a second annotator's
 * copy attached as a layer with five values changed, the pre-annotation and the layer compared.
 * The unanimous values are accepted in one step; the five disagreements are decided by keyboard,
 * three at machine pace and two at human pace (~250 ms between keys) with a guideline flag, a note,
 * a typed value and an undo. Then what IndexedDB holds (records and the adjudicated layer), the
 * agreement view offering the adjudicated layer, and the SID export's provenance. Expected values
 * come from the files written here and the codebook, never from the app.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type AppFixture } from './fixtures/app';
import { AdjudicationPage } from './pages/adjudication';
import { AgreementPage } from './pages/agreement';
import { ExportPage } from './pages/export';
import { ImportPage } from './pages/import';
import { StartPage } from './pages/start';
import { codebookField } from './support-codebook';
import { readStoredRows } from './support-idb';
import { saveShot } from './support-shots';
import { jsonlText, sidRecord, writeInputFile } from './support-sid-files';
import type { SidRecord } from './support-sample';

test.use({ viewport: { width: 1440, height: 900 } });

const ADJUDICATOR = 'Li Wei 李薇';
const LAYER_NAME = 'Annotator B';
const HUMAN_PACE_MS = 250;

function records(): SidRecord[] {
  return [
    sidRecord({ topicId: 1, studentId: 1, repeatId: 1 }, [
      { role: '学生', content: '植物为什么需要阳光？' },
      { role: '教师', content: '你觉得叶子在阳光下会做什么？' },
      { role: '学生', content: '好像是在制造养分。' },
      { role: '教师', content: '很好，那养分是从哪里来的呢？' },
    ]),
    sidRecord({ topicId: 2, studentId: 1, repeatId: 1 }, [
      { role: '学生', content: '月亮为什么会变形状？' },
      { role: '教师', content: '我们先想想，月亮自己会发光吗？[结束]' },
    ]),
  ];
}

/**
 * The second annotator's copy: five values differ. In queue order (two raters, so every item
 * agrees 0 %, ties in dialogue, turn and codebook field order):
 * 1 topic 1 turn 2 teacher_intent, 2 topic 1 turn 3 student_cognition_state, 3 topic 1 turn 4
 * teaching_strategy (a set), 4 topic 2 turn 2 teacher_guidance_level, 5 topic 2 turn 2 cognitive_level.
 */
function layerRecords(): SidRecord[] {
  const copy = structuredClone(records());
  copy[0].annotations[1].teacher_intent = '检测理解';
  copy[0].annotations[2].student_cognition_state = '模糊理解';
  copy[0].annotations[3].teaching_strategy = '追问, 提示';
  copy[1].annotations[1].teacher_guidance_level = 'L3';
  copy[1].annotations[1].cognitive_level = '应用';
  return copy;
}

const QUEUE = [
  { topic: 1, turn: 1, field: 'teacher_intent' },
  { topic: 1, turn: 2, field: 'student_cognition_state' },
  { topic: 1, turn: 3, field: 'teaching_strategy' },
  { topic: 2, turn: 1, field: 'teacher_guidance_level' },
  { topic: 2, turn: 1, field: 'cognitive_level' },
];

/** Applicable label fields with a value in both files: 5 per student turn, 7 per teacher turn (codebook appliesTo). */
const APPLICABLE = 3 * 5 + 3 * 7;
const UNANIMOUS = APPLICABLE - QUEUE.length;

interface AdjudicationRecord {
  id: string;
  turnId: string;
  fieldId: string;
  status: string;
  codes: string[];
  agreedWith: string[];
  decidedBy?: string;
  note: string;
  needsGuidelineUpdate: boolean;
}

async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

/** Names the teacher model of every file of the report that has none yet (the files here are not in a model folder). */
async function nameTeacherModels(wizard: ImportPage): Promise<void> {
  for (const box of await wizard.page.getByTestId('import-teacher-model').all()) if ((await box.inputValue()) === '') await box.fill('GPT-4o');
}

const pause = (app: AppFixture) => app.page.waitForTimeout(HUMAN_PACE_MS);

test('adjudication: accept unanimous values, decide disagreements by keyboard at machine and human pace, the adjudicated layer in IndexedDB, agreement and the SID export', async ({ app }, testInfo) => {
  const dir = join(app.tempDir, 'GPT-4o');
  const source = await writeInputFile(join(dir, 'pilot.jsonl'), jsonlText(records()));
  const layerFile = await writeInputFile(join(dir, 'annotator-b.jsonl'), jsonlText(layerRecords()));
  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);
  const adjudication = new AdjudicationPage(app.page);
  await setLanguage(app, 'en');

  app.dialogs.nextFiles([source]);
  await start.importFiles();
  await wizard.waitForReport();
  await nameTeacherModels(wizard);
  await wizard.confirm();
  const datasetId = (await app.page.getByTestId('dataset-view').getAttribute('data-dataset-id')) ?? '';
  expect(datasetId).not.toBe('');

  // No layer yet: the view says how to attach one.
  await app.page.getByTestId('dataset-adjudicate').click();
  await expect(adjudication.root).toHaveAttribute('data-state', 'ready');
  await expect(adjudication.noLayers).toBeVisible();
  await expect(adjudication.noLayers).toContainText('Attach a second annotator’s file');
  await saveShot(app.page, 'adjudication-no-layers-en', testInfo);

  app.dialogs.nextFiles([layerFile]);
  await app.page.getByTestId('adjudication-attach-layer').click();
  await wizard.waitForReport();
  await expect(wizard.attachLayerCheckbox).toBeChecked();
  await nameTeacherModels(wizard);
  await wizard.attachAsLayer(LAYER_NAME, 'human');
  await wizard.confirm();
  const layerId = (await readStoredRows<{ id: string; name: string }>(app.page, 'layers')).find((layer) => layer.name === LAYER_NAME)?.id ?? '';

  // Setup: the pre-annotation and layer B, the adjudicator named.
  await adjudication.open();
  await expect(adjudication.setup).toBeVisible();
  await saveShot(app.page, 'adjudication-setup-en', testInfo);
  await adjudication.start(['pre', `layer:${layerId}`], ADJUDICATOR);
  await expect(adjudication.progress).toHaveAttribute('data-disagreements', String(QUEUE.length));
  await expect(adjudication.progress).toHaveAttribute('data-open', String(QUEUE.length));
  await expect(adjudication.unanimous).toHaveAttribute('data-count', String(UNANIMOUS));
  const queueIds = await adjudication.queueItems.evaluateAll((items) => items.map((item) => item.getAttribute('data-item-id') ?? ''));
  expect(queueIds.map((id) => id.split('|')[1])).toEqual(QUEUE.map((entry) => entry.field));
  expect(queueIds.map((id) => Number(id.split('|')[0].split('#')[1]))).toEqual(QUEUE.map((entry) => entry.turn));
  await expect(adjudication.item).toHaveAttribute('data-item-id', queueIds[0]);
  // the turn in its context, the two layers side by side with bilingual label names
  await expect(adjudication.item.getByTestId('adjudication-context-turn')).toHaveCount(4);
  await expect(adjudication.ratings).toHaveCount(2);
  await expect(adjudication.ratings.nth(0)).toContainText('Guide reasoning');
  await expect(adjudication.ratings.nth(0)).toContainText('引导推理');
  await expect(adjudication.ratings.nth(1)).toContainText('检测理解');
  await saveShot(app.page, 'adjudication-queue-en', testInfo);

  // Accept unanimous: one action, count shown, confirmed.
  await expect(adjudication.acceptUnanimousButton).toContainText(`(${UNANIMOUS})`);
  await adjudication.acceptUnanimous();
  await expect(adjudication.unanimous).toHaveAttribute('data-accepted', String(UNANIMOUS));
  await expect(adjudication.acceptUnanimousButton).toBeDisabled();

  // Machine pace: 1 (pre) on item 1, 2 (layer B) on item 2, u on item 3; no waiting between keys.
  await app.page.keyboard.press('1');
  await app.page.keyboard.press('2');
  // item 3 is a label set: another value is built one label at a time, the search empty again after each pick; Esc leaves it undecided
  await expect(adjudication.item).toHaveAttribute('data-item-id', queueIds[2]);
  await app.page.keyboard.press('o');
  await expect(adjudication.typeahead).toBeFocused();
  await adjudication.typeahead.pressSequentially('追问');
  await app.page.keyboard.press('Enter');
  await expect(adjudication.typeahead).toHaveValue('');
  await expect(adjudication.typeahead).toBeFocused();
  await expect(app.page.getByTestId('adjudication-other')).toContainText('追问');
  await app.page.keyboard.press('Escape');
  await expect(app.page.getByTestId('adjudication-other')).toHaveCount(0);
  await expect(adjudication.item).toHaveAttribute('data-status', 'open');
  await app.page.keyboard.press('u');
  await expect(adjudication.item).toHaveAttribute('data-item-id', queueIds[3]);

  // Human pace: on item 4 flag, note, then another value typed (L1: neither layer's); on item 5
  // layer B's value, undo, the pre-annotation's.
  const note = 'L2 or L3? The guideline does not say for yes/no questions.';
  await pause(app);
  await app.page.keyboard.press('g');
  await expect(adjudication.item).toHaveAttribute('data-flagged', 'true');
  await pause(app);
  await app.page.keyboard.press('n');
  await expect(adjudication.noteInput).toBeFocused();
  await adjudication.noteInput.pressSequentially(note, { delay: 20 });
  await pause(app);
  await app.page.keyboard.press('Enter');
  await expect(adjudication.item.getByTestId('adjudication-note')).toContainText(note);
  await pause(app);
  await app.page.keyboard.press('o');
  await expect(adjudication.typeahead).toBeFocused();
  await adjudication.typeahead.pressSequentially('L1', { delay: HUMAN_PACE_MS });
  await pause(app);
  await app.page.keyboard.press('Enter');
  await expect(adjudication.item).toHaveAttribute('data-item-id', queueIds[4]);
  await pause(app);
  await app.page.keyboard.press('2');
  await expect(adjudication.item).toHaveAttribute('data-status', 'adjudicated');
  await pause(app);
  await app.page.keyboard.press('Control+z');
  await expect(adjudication.item).toHaveAttribute('data-item-id', queueIds[4]);
  await expect(adjudication.item).toHaveAttribute('data-status', 'open');
  await pause(app);
  await app.page.keyboard.press('1');
  await expect(adjudication.item).toHaveAttribute('data-status', 'adjudicated');
  await adjudication.waitSaved();
  await expect(adjudication.progress).toHaveAttribute('data-done', '4');
  await expect(adjudication.progress).toHaveAttribute('data-unresolved', '1');
  await expect(adjudication.progress).toHaveAttribute('data-open', '0');

  // Filters: a field, a label pair within it, an annotator pair; j/k move through what is shown.
  const b = `layer:${layerId}`;
  await app.page.getByTestId('adjudication-filter-field').selectOption('teacher_intent');
  await expect(adjudication.queueItems).toHaveCount(1);
  await expect(app.page.getByTestId('adjudication-filter-labels').locator('option')).toHaveCount(2);
  await app.page.getByTestId('adjudication-filter-labels').selectOption({ index: 1 });
  await expect(adjudication.queueItems).toHaveCount(1);
  await expect(adjudication.item).toHaveAttribute('data-item-id', queueIds[0]);
  await app.page.getByTestId('adjudication-filter-field').selectOption('');
  await app.page.getByTestId('adjudication-filter-raters').selectOption(`llm\u0001${b}`);
  await expect(adjudication.queueItems).toHaveCount(QUEUE.length);
  await adjudication.queueItems.nth(0).click();
  await app.page.keyboard.press('j');
  await expect(adjudication.item).toHaveAttribute('data-item-id', queueIds[1]);
  await app.page.keyboard.press('ArrowDown');
  await app.page.keyboard.press('k');
  await expect(adjudication.item).toHaveAttribute('data-item-id', queueIds[1]);

  await adjudication.queueItems.nth(3).click();
  await saveShot(app.page, 'adjudication-decided-en', testInfo);
  await setLanguage(app, 'zh');
  await expect(adjudication.item).toContainText('需要更新标注指南');
  await saveShot(app.page, 'adjudication-decided-zh', testInfo);
  await app.page.getByTestId('adjudication-change-setup').click();
  await saveShot(app.page, 'adjudication-setup-zh', testInfo);
  await setLanguage(app, 'en');

  // IndexedDB: the records with their provenance, and the adjudicated layer's values.
  const stored = new Map((await readStoredRows<AdjudicationRecord>(app.page, 'adjudications')).map((row) => [row.id, row]));
  expect(stored.size).toBe(APPLICABLE);
  expect([...stored.values()].filter((row) => row.status === 'unanimous')).toHaveLength(UNANIMOUS);
  const pre = 'llm';
  expect(stored.get(queueIds[0])).toMatchObject({ status: 'adjudicated', codes: ['guide_reasoning'], agreedWith: [pre], needsGuidelineUpdate: false });
  expect(stored.get(queueIds[1])).toMatchObject({ status: 'adjudicated', codes: ['vague_understanding'], agreedWith: [b] });
  expect(stored.get(queueIds[2])).toMatchObject({ status: 'unresolved', codes: [], agreedWith: [] });
  expect(stored.get(queueIds[3])).toMatchObject({ status: 'adjudicated', codes: ['L1'], agreedWith: [], note, needsGuidelineUpdate: true });
  expect(stored.get(queueIds[4])).toMatchObject({ status: 'adjudicated', codes: ['understand'], agreedWith: [pre] });
  const annotators = await readStoredRows<{ id: string; name: string; role: string }>(app.page, 'annotators');
  const adjudicator = annotators.find((annotator) => annotator.role === 'adjudicator');
  expect(adjudicator?.name).toBe(ADJUDICATOR);
  expect([...stored.values()].every((row) => row.decidedBy === adjudicator?.id)).toBe(true);

  const layers = await readStoredRows<{ id: string; name: string; kind: string; turns: number }>(app.page, 'layers');
  const adjudicated = layers.find((layer) => layer.kind === 'adjudicated');
  expect(adjudicated).toMatchObject({ name: 'Adjudicated / 裁决', turns: 6 });
  const layerValues = (await readStoredRows<{ layerId: string; turnId: string; values: Record<string, { codes: string[] }> }>(app.page, 'layerValues')).filter((row) => row.layerId === adjudicated?.id);
  const valueOf = (itemId: string) => {
    const [turnId, fieldId] = itemId.split('|');
    return layerValues.find((row) => row.turnId === turnId)?.values[fieldId]?.codes;
  };
  expect(valueOf(queueIds[0])).toEqual(['guide_reasoning']);
  expect(valueOf(queueIds[2])).toBeUndefined();
  expect(valueOf(queueIds[3])).toEqual(['L1']);
  expect(layerValues.reduce((sum, row) => sum + Object.keys(row.values).length, 0)).toBe(APPLICABLE - 1);

  // The agreement view offers the adjudicated layer as a rater.
  const agreement = new AgreementPage(app.page);
  await agreement.open();
  await expect(agreement.raterASelect.locator(`option[value="layer:${adjudicated?.id}"]`)).toHaveText(/Adjudicated \/ 裁决/);
  await agreement.raterASelect.selectOption(`layer:${adjudicated?.id}`);
  await agreement.raterBSelect.selectOption(b);
  await expect(agreement.root).toHaveAttribute('data-raters', `layer:${adjudicated?.id} ${b}`);
  await expect(agreement.row('teacher_intent')).toHaveAttribute('data-items', '3');
  await expect(agreement.row('teacher_intent')).toHaveAttribute('data-agreeing', '2');

  // Export: SID JSONL of everything with the adjudicated values and their provenance.
  const exportPage = new ExportPage(app.page);
  await app.page.getByTestId('nav-export').click();
  await exportPage.choose('all', 'sid-jsonl');
  await expect(app.page.getByTestId('export-adjudicated-option')).toHaveAttribute('data-records', String(APPLICABLE));
  await app.page.getByTestId('export-adjudicated').check();
  const target = join(app.tempDir, 'adjudicated.jsonl');
  app.dialogs.nextSavePath(target);
  await exportPage.saveUntilAsked();
  const written = await exportPage.confirm();
  expect(written).toBe(target);
  const exported = readFileSync(target, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { topic_id: number; annotations: Record<string, string>[]; maieutic: { version: number; adjudicated: boolean; turns: { adjudication: Record<string, Record<string, unknown>> }[] } });
  const topic2 = exported.find((record) => record.topic_id === 2)!;
  const topic1 = exported.find((record) => record.topic_id === 1)!;
  expect(topic2.maieutic.version).toBe(5);
  expect(topic2.maieutic.adjudicated).toBe(true);
  expect(topic2.annotations[1].teacher_guidance_level).toBe('L1');
  expect(topic2.maieutic.turns[1].adjudication.teacher_guidance_level).toEqual({ status: 'adjudicated', agreedWith: [], decidedBy: ADJUDICATOR, note, needsGuidelineUpdate: true });
  expect(topic2.maieutic.turns[1].adjudication.cognitive_level).toEqual({ status: 'adjudicated', agreedWith: ['LLM pre-annotation'], decidedBy: ADJUDICATOR, note: '', needsGuidelineUpdate: false });
  expect(topic2.maieutic.turns[1].adjudication.discipline).toEqual({ status: 'unanimous', agreedWith: ['LLM pre-annotation', LAYER_NAME], decidedBy: ADJUDICATOR, note: '', needsGuidelineUpdate: false });
  expect(topic1.annotations[2].student_cognition_state).toBe(codebookField('student_cognition_state').labels.find((label) => label.code === 'vague_understanding')?.name.zh);
  expect(topic1.maieutic.turns[2].adjudication.student_cognition_state).toMatchObject({ agreedWith: [LAYER_NAME] });
  // unresolved: the usual value (the pre-annotation) is written and the provenance says unresolved
  expect(topic1.annotations[3].teaching_strategy).toBe('追问');
  expect(topic1.maieutic.turns[3].adjudication.teaching_strategy).toMatchObject({ status: 'unresolved', agreedWith: [] });
});

test('adjudication: two layers that agree everywhere say there is nothing to adjudicate, with the unanimous count', async ({ app }, testInfo) => {
  const dir = join(app.tempDir, 'GPT-4o');
  const source = await writeInputFile(join(dir, 'pilot.jsonl'), jsonlText(records()));
  const copy = await writeInputFile(join(dir, 'same.jsonl'), jsonlText(records().map((record) => ({ ...record, run: 'copy' }))));
  const start = new StartPage(app.page);
  const wizard = new ImportPage(app.page);
  const adjudication = new AdjudicationPage(app.page);
  await setLanguage(app, 'zh');
  app.dialogs.nextFiles([source]);
  await start.importFiles();
  await wizard.waitForReport();
  await nameTeacherModels(wizard);
  await wizard.confirm();
  const datasetId = (await app.page.getByTestId('dataset-view').getAttribute('data-dataset-id')) ?? '';
  app.dialogs.nextFiles([copy]);
  await app.page.getByTestId('dataset-import-files').click();
  await wizard.waitForReport();
  await wizard.intoExistingDataset(datasetId);
  await nameTeacherModels(wizard);
  await wizard.attachAsLayer(LAYER_NAME, 'human');
  await wizard.confirm();
  await adjudication.open();
  await adjudication.adjudicator.fill(ADJUDICATOR);
  await adjudication.startButton.click();
  await expect(adjudication.root).toHaveAttribute('data-phase', 'queue');
  await expect(app.page.getByTestId('adjudication-no-disagreements')).toContainText(String(APPLICABLE));
  await saveShot(app.page, 'adjudication-no-disagreements-zh', testInfo);
});
