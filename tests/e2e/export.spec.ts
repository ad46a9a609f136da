/**
 * Export after review: one sample dialogue verified with the keyboard (one field corrected),
 * then "verified only" as SID JSONL and "all" as long CSV through the export view; and two
 * verified turns of a dialogue, which the view counts and exports by default, while
 * "everything" asks first, naming the count of labels no expert reviewed. The written files are
 * read back with node:fs and checked against the sample file and the codebook.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { saveShot } from './support-shots';
import { expect, test } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { ExportPage } from './pages/export';
import { StartPage } from './pages/start';
import { readStoredRows } from './support-idb';
import { CODEBOOK_FIELD_IDS, codebookField, labelForSidValue } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample, readSampleDialogues, type SidRecord } from './support-sample';

test.use({ viewport: { width: 1440, height: 900 } });

const target = findSampleDialogue('Qwen2.5-72B/Qwen2.5-72B-interdis_topic_18.jsonl', 3);
const REVIEWER = 'Chen Jing 陈静';
const CORRECTED_TURN = 0;
const CORRECTED_FIELD = 'cognitive_level';
const LONG_CSV_HEADER =
  'dialogue,turn,field,pre_annotation,expert_value,status,reviewer,time,external_id,teacher_model,turn_verified,dialogue_status,' +
  'source_layer,source_layer_id,source_layer_name,annotator,annotator_id,adjudicated,adjudication_status,codebook_id,codebook_version,codebook_hash,acceptance';

interface ExportedRecord extends SidRecord {
  maieutic: {
    dialogueId: string;
    teacherModel: string;
    status: string;
    reviewer: string | null;
    source: { file: string; line: number };
    turns: { index: number; verified: boolean; reviewer: string | null; fields: Record<string, { decision: string; pre: string | null; reviewer: string }> }[];
  };
}

const SET_FIELDS = new Set(CODEBOOK_FIELD_IDS.filter((fieldId) => codebookField(fieldId).type === 'set'));

/** Set fields compare as sets ("化学, 生物" and "生物, 化学" are the same value). */
function comparable(fieldId: string, value: string): string {
  return SET_FIELDS.has(fieldId) ? value.split(/,\s*/).filter(Boolean).sort().join('|') : value;
}

test('a verified dialogue exports as SID JSONL (verified only) and the whole data set as long CSV', async ({ app }) => {
  const source = target.record;
  const prePart = source.annotations[CORRECTED_TURN][CORRECTED_FIELD];
  const preLabel = labelForSidValue(CORRECTED_FIELD, prePart);
  const labels = codebookField(CORRECTED_FIELD).labels;
  const correctionKey = labels.findIndex((label) => label.code !== preLabel.code) + 1;
  const correction = labels[correctionKey - 1];

  const datasets = await openSample(app);
  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  const dialogueId = (await review.dialogueId()) ?? '';

  // Correct one field by number key, accept everything else, verify every turn and the dialogue.
  await review.goToField(CORRECTED_FIELD);
  await review.pressKey(String(correctionKey));
  await review.enterReviewerName(REVIEWER);
  await review.expectDecision(CORRECTED_FIELD, 'changed');
  for (let turn = 0; turn < source.dialogue.length; turn += 1) {
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(turn));
    await review.pressKey('Shift+A');
    await expect(review.fieldRows.and(app.page.locator('[data-decision="not-reviewed"]'))).toHaveCount(0);
    await review.pressKey('v');
    await expect(review.turns.locator('[data-badge="verified"]')).toHaveCount(turn + 1);
  }
  await review.pressKey('Shift+V');
  await expect(review.root).toHaveAttribute('data-status', 'verified');
  await expect(review.verifyDialogueWarning).toHaveCount(0);
  await review.waitForSaved();
  await review.pressKey('Escape');

  await datasets.exportButton.click();
  const exporter = new ExportPage(app.page);
  await expect(exporter.root).toBeVisible();
  expect(await exporter.counts('verified')).toEqual({ dialogues: 1, turns: source.dialogue.length });

  const jsonlPath = join(app.tempDir, 'out.jsonl');
  await exporter.choose('verified', 'sid-jsonl');
  app.dialogs.nextSavePath(jsonlPath);
  expect(await exporter.save()).toBe(jsonlPath);

  const csvPath = join(app.tempDir, 'out.csv');
  await exporter.choose('all', 'long-csv');
  app.dialogs.nextSavePath(csvPath);
  expect(await exporter.saveUntilAsked()).toBeGreaterThan(0);
  expect(await exporter.confirm()).toBe(csvPath);

  // Written atomically: nothing but the two files and the dataset card beside them (one stem, so the
  // second export's card replaced the first's) is left in the folder.
  expect(readdirSync(app.tempDir).sort()).toEqual(['out.csv', 'out.csv.card.json', 'out.csv.card.md', 'out.jsonl', 'out.jsonl.card.json', 'out.jsonl.card.md']);

  // --- SID JSONL: exactly the verified dialogue, in SID's own shape, with the expert's values.
  const lines = readFileSync(jsonlPath, 'utf8').split('\n').filter((line) => line.trim() !== '');
  expect(lines).toHaveLength(1);
  const record = JSON.parse(lines[0]) as ExportedRecord;
  expect({ topic_id: record.topic_id, student_id: record.student_id, repeat_id: record.repeat_id }).toEqual({
    topic_id: source.topic_id,
    student_id: source.student_id,
    repeat_id: source.repeat_id,
  });
  expect(record.topic_text).toBe(source.topic_text);
  expect(record.student_type).toBe(source.student_type);
  expect(record.scenario).toBe(source.scenario);
  expect(record.dialogue).toEqual(source.dialogue);
  expect(record.annotations).toHaveLength(source.dialogue.length);
  record.annotations.forEach((annotation, turn) => {
    expect(Object.keys(annotation).sort(), `annotation ${turn + 1} has the nine fields`).toEqual([...CODEBOOK_FIELD_IDS].sort());
    for (const fieldId of CODEBOOK_FIELD_IDS) {
      if (turn === CORRECTED_TURN && fieldId === CORRECTED_FIELD) continue;
      expect(comparable(fieldId, annotation[fieldId]), `turn ${turn + 1} ${fieldId}`).toBe(comparable(fieldId, source.annotations[turn][fieldId]));
    }
  });
  expect(record.annotations[CORRECTED_TURN][CORRECTED_FIELD]).toBe(correction.name.zh);
  expect(record.annotations[CORRECTED_TURN][CORRECTED_FIELD]).not.toBe(prePart);

  const provenance = record.maieutic;
  expect(provenance.dialogueId).toBe(dialogueId);
  expect(provenance.teacherModel).toBe(target.teacherModel);
  expect(provenance.status).toBe('verified');
  expect(provenance.reviewer).toBe(REVIEWER);
  expect(provenance.source.file.endsWith(target.file)).toBe(true);
  expect(provenance.source.line).toBe(target.line);
  expect(provenance.turns).toHaveLength(source.dialogue.length);
  for (const turn of provenance.turns) expect(turn).toMatchObject({ verified: true, reviewer: REVIEWER });
  expect(provenance.turns[CORRECTED_TURN].fields[CORRECTED_FIELD]).toMatchObject({ decision: 'changed', pre: prePart, reviewer: REVIEWER });

  // --- Long CSV: every dialogue, one row per turn × field, with the review beside the pre-annotation.
  const csvText = readFileSync(csvPath, 'utf8');
  expect(csvText.split('\n')[0]).toBe(LONG_CSV_HEADER);
  const parsed = Papa.parse<Record<string, string>>(csvText, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  expect(new Set(rows.map((row) => row.dialogue)).size).toBe(readSampleDialogues().length);

  const correctedRows = rows.filter((row) => row.dialogue === dialogueId && row.turn === String(CORRECTED_TURN) && row.field === CORRECTED_FIELD);
  expect(correctedRows).toHaveLength(1);
  expect(correctedRows[0]).toMatchObject({
    pre_annotation: preLabel.code,
    expert_value: correction.code,
    status: 'changed',
    reviewer: REVIEWER,
    external_id: target.externalId,
    teacher_model: target.teacherModel,
    source_layer: 'pre-annotation',
    source_layer_id: 'pre',
    annotator: REVIEWER,
    adjudicated: 'false',
    codebook_id: 'sid-default',
  });
  expect(correctedRows[0].annotator_id).not.toBe('');
  expect(correctedRows[0].codebook_hash).toMatch(/^[0-9a-f]{8,}$/);
  expect(Number.isNaN(Date.parse(correctedRows[0].time))).toBe(false);

  const reviewedRows = rows.filter((row) => row.dialogue === dialogueId);
  expect(reviewedRows.every((row) => row.reviewer === REVIEWER)).toBe(true);
  const otherRows = rows.filter((row) => row.dialogue !== dialogueId);
  expect(otherRows.length).toBeGreaterThan(0);
  expect(otherRows.every((row) => row.status === 'unreviewed' && row.expert_value === '' && row.reviewer === '')).toBe(true);
});

interface ProvenanceV2 {
  version: number;
  scope: string;
  dialogueId: string;
  source: { file: string; line: number };
  status: string;
  verified: boolean;
  labels: { accepted: number; changed: number; unsure: number; unreviewed: number };
  turns: { index: number; verified: boolean; reviewer: string | null; inScope: boolean; values: Record<string, string>; fields: Record<string, { decision: string }> }[];
}
type ExportedV2 = SidRecord & { maieutic: ProvenanceV2 };

const TRANSCRIPT = new Set(['speaker', 'utterance']);
const LABEL_FIELDS = CODEBOOK_FIELD_IDS.filter((fieldId) => !TRANSCRIPT.has(fieldId));

function readJsonl(path: string): ExportedV2[] {
  return readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as ExportedV2);
}

/** Labels a SID annotation holds (non-empty, transcript excluded): what an unreviewed export passes on. */
function labelsHeld(annotation: Record<string, string>): string[] {
  return LABEL_FIELDS.filter((fieldId) => (annotation[fieldId] ?? '').trim() !== '');
}

/** Annotations one-to-one with the dialogue's utterances, so their labels are the turns' labels as imported. */
function alignsOneToOne(record: SidRecord): boolean {
  return record.annotations.length === record.dialogue.length && record.annotations.every((entry, i) => entry.utterance === record.dialogue[i].content);
}


/** Two boxes side by side or stacked, never covering each other. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const twoTurns = findSampleDialogue('Qwen2.5-72B/Qwen2.5-72B-interdis_topic_18.jsonl', 3);
const VERIFIED_TURNS = [0, 1];

test('two verified turns are counted and exported by default; "everything" first names its unreviewed labels', async ({ app }, testInfo) => {
  const source = twoTurns.record;
  expect(alignsOneToOne(source), 'the chosen sample dialogue aligns one to one').toBe(true);
  const datasets = await openSample(app);
  const review = await openDialogueByKeyboard(datasets, twoTurns.teacherModel, twoTurns.externalId);
  const dialogueId = (await review.dialogueId()) ?? '';

  // Turn 0: one label corrected by number key, the rest accepted; turn 1: all accepted. Both verified.
  const prePart = source.annotations[0][CORRECTED_FIELD];
  const preLabel = labelForSidValue(CORRECTED_FIELD, prePart);
  const labels = codebookField(CORRECTED_FIELD).labels;
  const correctionKey = labels.findIndex((label) => label.code !== preLabel.code) + 1;
  await review.goToField(CORRECTED_FIELD);
  await review.pressKey(String(correctionKey));
  await review.enterReviewerName(REVIEWER);
  await review.expectDecision(CORRECTED_FIELD, 'changed');
  for (const turn of VERIFIED_TURNS) {
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(turn));
    await review.pressKey('Shift+A');
    await expect(review.fieldRows.and(app.page.locator('[data-decision="not-reviewed"]'))).toHaveCount(0);
    await review.pressKey('v');
    await expect(review.turns.locator('[data-badge="verified"]')).toHaveCount(turn + 1);
  }
  await review.waitForSaved();
  await review.pressKey('Escape');

  await datasets.exportButton.click();
  const exporter = new ExportPage(app.page);
  await expect(exporter.root).toBeVisible();

  // Counted as turns, not as dialogues: no dialogue is verified, two turns of one are.
  const totalTurns = readSampleDialogues().reduce((sum, dialogue) => sum + dialogue.record.dialogue.length, 0);
  expect(await exporter.counts('verified')).toEqual({ dialogues: 0, turns: 0 });
  expect(await exporter.counts('verified-turns')).toEqual({ dialogues: 1, turns: 2 });
  expect(await exporter.counts('all')).toEqual({ dialogues: readSampleDialogues().length, turns: totalTurns });
  await expect(exporter.progress).toHaveAttribute('data-verified-turns', '2');
  await expect(exporter.progress).toContainText('0 dialogues verified, 2 turns verified in 1 dialogue');
  await expect(exporter.count('verified-turns')).toHaveText('(2 turns in 1 dialogue)');

  // Verified content by default, never everything.
  await expect(exporter.scopeRadio('verified-turns')).toBeChecked();
  await expect(exporter.scopeRadio('all')).not.toBeChecked();
  await expect(exporter.formatRadio('sid-jsonl')).toBeChecked();
  await saveShot(app.page, 'export-view-en', testInfo);

  // Scope names, counts and hints do not run into each other.
  for (const scope of ['verified', 'verified-turns', 'all'] as const) {
    const label = exporter.scopeRadio(scope).locator('xpath=..');
    const hint = label.locator('.choice-hint');
    const name = label.locator('.choice-label');
    const [nameBox, hintBox] = [await name.boundingBox(), await hint.boundingBox()];
    expect(nameBox && hintBox && !overlaps(nameBox, hintBox), `${scope}: name and hint apart`).toBe(true);
  }

  // Every label of the two turns was reviewed: the default export asks nothing.
  const turnsPath = join(app.tempDir, 'verified-turns.jsonl');
  app.dialogs.nextSavePath(turnsPath);
  expect(await exporter.save()).toBe(turnsPath);
  await expect(exporter.resultLabels).toHaveAttribute('data-unreviewed', '0');
  const [only, ...others] = readJsonl(turnsPath);
  expect(others).toEqual([]);
  expect(only.dialogue).toEqual(source.dialogue);
  expect(only.maieutic).toMatchObject({ version: 5, scope: 'verified-turns', dialogueId, status: 'in-progress', verified: false });
  expect(only.maieutic.turns.map((turn) => [turn.verified, turn.inScope])).toEqual(source.dialogue.map((_, i) => [VERIFIED_TURNS.includes(i), VERIFIED_TURNS.includes(i)]));
  for (const turn of VERIFIED_TURNS) {
    const held = labelsHeld(source.annotations[turn]);
    expect(labelsHeld(only.annotations[turn]), `turn ${turn} keeps its labels`).toEqual(held);
    const statuses = held.map((fieldId) => only.maieutic.turns[turn].values[fieldId]);
    expect(statuses, `turn ${turn}: every label checked`).toEqual(held.map((fieldId) => (turn === 0 && fieldId === CORRECTED_FIELD ? 'changed' : 'accepted')));
    expect(only.maieutic.turns[turn].reviewer).toBe(REVIEWER);
  }
  for (let turn = VERIFIED_TURNS.length; turn < source.dialogue.length; turn += 1) {
    expect(labelsHeld(only.annotations[turn]), `turn ${turn} has no label`).toEqual([]);
    expect(only.annotations[turn].utterance).toBe(source.dialogue[turn].content);
  }
  const reviewedLabels = VERIFIED_TURNS.reduce((sum, turn) => sum + labelsHeld(source.annotations[turn]).length, 0);
  expect(only.maieutic.labels).toEqual({ accepted: reviewedLabels - 1, changed: 1, unsure: 0, unreviewed: 0 });

  // Everything: the question names the labels nobody reviewed; cancelling writes nothing.
  await exporter.choose('all', 'sid-jsonl');
  const unreviewed = await exporter.saveUntilAsked();
  await expect(exporter.confirmDialog).toContainText(`Export ${unreviewed.toLocaleString('en')} unreviewed labels?`);
  await expect(exporter.unreviewedWarning).toContainText(`No expert reviewed ${unreviewed.toLocaleString('en')} of the `);
  await expect(exporter.confirmButton).toHaveText('Export, marked as unreviewed');
  const dialogBox = await exporter.confirmDialog.boundingBox();
  expect(dialogBox && dialogBox.y >= 0 && dialogBox.y + dialogBox.height <= 900 && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 1440).toBe(true);
  await saveShot(app.page, 'export-confirm-en', testInfo);
  await exporter.cancelButton.click();
  await expect(exporter.confirmDialog).toBeHidden();
  await expect(exporter.result).toHaveCount(0);
  expect(readdirSync(app.tempDir).sort()).toEqual(['verified-turns.jsonl', 'verified-turns.jsonl.card.json', 'verified-turns.jsonl.card.md']);

  const allPath = join(app.tempDir, 'all.jsonl');
  expect(await exporter.saveUntilAsked()).toBe(unreviewed);
  app.dialogs.nextSavePath(allPath);
  expect(await exporter.confirm()).toBe(allPath);
  await expect(exporter.resultLabels).toHaveAttribute('data-unreviewed', String(unreviewed));
  await expect(exporter.resultLabels).toContainText(`${unreviewed.toLocaleString('en')} unreviewed`);
  await saveShot(app.page, 'export-saved-en', testInfo);

  // The count is the file's: per record the provenance's unreviewed labels are the labels the
  // annotations hold without an expert decision; where the sample aligns one to one, they are
  // the sample's own labels (less the two reviewed turns of the dialogue reviewed).
  const records = readJsonl(allPath);
  const sample = readSampleDialogues();
  expect(records).toHaveLength(sample.length);
  let counted = 0;
  for (const record of records) {
    const provenance = record.maieutic;
    let held = 0;
    record.annotations.forEach((annotation, i) => {
      const values = provenance.turns[i].values;
      held += labelsHeld(annotation).filter((fieldId) => values[fieldId] === 'unreviewed').length;
    });
    expect(provenance.labels.unreviewed, `${provenance.dialogueId}: counted as held`).toBe(held);
    counted += held;
    const original = sample.find((dialogue) => provenance.source.file.endsWith(dialogue.file) && provenance.source.line === dialogue.line);
    if (!original) throw new Error(`${provenance.source.file}:${provenance.source.line} is not a sample dialogue`);
    if (provenance.dialogueId === dialogueId) {
      expect(provenance).toMatchObject({ status: 'in-progress', verified: false });
      expect(held).toBe(source.annotations.reduce((sum, entry) => sum + labelsHeld(entry).length, 0) - reviewedLabels);
    } else {
      expect(provenance).toMatchObject({ status: 'unreviewed', verified: false, labels: { accepted: 0, changed: 0, unsure: 0 } });
      expect(provenance.turns.every((turn) => !turn.verified && Object.values(turn.values).every((status) => status === 'unreviewed'))).toBe(true);
      if (alignsOneToOne(original.record)) expect(held).toBe(original.record.annotations.reduce((sum, entry) => sum + labelsHeld(entry).length, 0));
    }
  }
  expect(counted).toBe(unreviewed);

  // The long CSV of everything asks the same, and says so in its status column.
  const csvPath = join(app.tempDir, 'all.csv');
  await exporter.choose('all', 'long-csv');
  expect(await exporter.saveUntilAsked()).toBe(unreviewed);
  await expect(exporter.confirmDialog).toContainText('status column');
  app.dialogs.nextSavePath(csvPath);
  await exporter.confirm();
  const rows = Papa.parse<Record<string, string>>(readFileSync(csvPath, 'utf8'), { header: true, skipEmptyLines: true }).data;
  const unreviewedLabelRows = rows.filter((row) => !TRANSCRIPT.has(row.field) && row.status === 'unreviewed' && row.pre_annotation !== '');
  expect(unreviewedLabelRows).toHaveLength(unreviewed);
  expect(unreviewedLabelRows.every((row) => row.expert_value === '')).toBe(true);
  const verifiedRows = rows.filter((row) => row.turn_verified === 'true');
  expect([...new Set(verifiedRows.map((row) => `${row.dialogue}#${row.turn}`))]).toEqual(VERIFIED_TURNS.map((turn) => `${dialogueId}#${turn}`));
  expect(rows.filter((row) => row.dialogue === dialogueId).every((row) => row.dialogue_status === 'in-progress')).toBe(true);

  // The same view in Chinese.
  await exporter.choose('verified-turns', 'sid-jsonl');
  await new StartPage(app.page).navLanguage.click();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(exporter.progress).toContainText('已确认 0 段对话；已确认 2 轮，分布在 1 段对话中');
  await expect(exporter.count('verified-turns')).toHaveText('（1 段对话中的 2 轮）');
  await saveShot(app.page, 'export-view-zh', testInfo);
  await exporter.scopeRadio('all').check();
  await exporter.saveUntilAsked();
  await expect(exporter.confirmDialog).toContainText(`导出 ${unreviewed.toLocaleString('zh-CN')} 个未审阅的标注？`);
  await expect(exporter.confirmButton).toHaveText('导出，并标记为未审阅');
  await saveShot(app.page, 'export-confirm-zh', testInfo);
  await exporter.cancelButton.click();
});

interface ProvenanceV5 {
  version: number;
  unsureValues: string;
  turns: { index: number; inScope: boolean; fields: Record<string, { decision: string; acceptance?: string; leftEmpty?: boolean }> }[];
}

/** A pause between key presses, as a person types: the writes of one key must not race the next. */
const HUMAN_PACE_MS = 300;

test('an unsure label is left empty unless "Keep my best guess" is chosen, which is remembered; verified and deliberate acceptances are told apart', async ({ app }, testInfo) => {
  const source = twoTurns.record;
  const datasets = await openSample(app);
  const review = await openDialogueByKeyboard(datasets, twoTurns.teacherModel, twoTurns.externalId);
  const { page } = app;

  // Turn 0, at a person's pace: the Bloom level marked unsure (its guess is the pre-annotation), the
  // discipline accepted with `a`; then `v` verifies the turn and takes every other value as shown.
  await review.goToField(CORRECTED_FIELD);
  await review.pressKey('u');
  await review.enterReviewerName(REVIEWER);
  await review.expectDecision(CORRECTED_FIELD, 'unsure');
  await page.waitForTimeout(HUMAN_PACE_MS);
  await review.goToField('discipline');
  await page.waitForTimeout(HUMAN_PACE_MS);
  await review.pressKey('a');
  await review.expectDecision('discipline', 'accepted');
  await page.waitForTimeout(HUMAN_PACE_MS);
  await review.pressKey('v');
  await expect(review.turns.locator('[data-badge="verified"]')).toHaveCount(1);
  // Turn 1 at machine pace: verified as shown.
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
  await review.pressKey('v');
  await expect(review.turns.locator('[data-badge="verified"]')).toHaveCount(2);
  await review.waitForSaved();
  await review.pressKey('Escape');

  await datasets.exportButton.click();
  const exporter = new ExportPage(page);
  await expect(exporter.scopeRadio('verified-turns')).toBeChecked();
  // the stricter choice first
  await expect(exporter.unsureRadio('empty')).toBeChecked();
  await expect(exporter.unsureChoices).toContainText('Labels you marked unsure');
  await expect(exporter.unsureChoices).toContainText('Leave empty (default)');
  await expect(exporter.unsureChoices).toContainText('under “maieutic” it is still marked unsure');
  await saveShot(exporter.root, 'export-unsure-option-en', testInfo);

  const emptyPath = join(app.tempDir, 'unsure-empty.jsonl');
  app.dialogs.nextSavePath(emptyPath);
  expect(await exporter.save()).toBe(emptyPath);
  await expect(exporter.resultUnsure).toHaveText('Unsure labels left empty: 1.');
  await saveShot(exporter.result, 'export-unsure-saved-en', testInfo);
  const [left] = readJsonl(emptyPath) as unknown as (SidRecord & { maieutic: ProvenanceV5 })[];
  expect(left.annotations[0][CORRECTED_FIELD]).toBe('');
  expect(left.maieutic).toMatchObject({ version: 5, unsureValues: 'empty' });
  const fields = left.maieutic.turns[0].fields;
  expect(fields[CORRECTED_FIELD]).toMatchObject({ decision: 'unsure', leftEmpty: true });
  expect(fields.discipline).toMatchObject({ decision: 'accepted', acceptance: 'deliberate' });
  for (const fieldId of ['discipline_transfer', 'student_cognition_state']) expect(fields[fieldId], fieldId).toMatchObject({ decision: 'accepted', acceptance: 'verify' });
  expect(Object.values(left.maieutic.turns[1].fields).every((entry) => entry.acceptance === 'verify')).toBe(true);
  const emptyCard = JSON.parse(readFileSync(`${emptyPath}.card.json`, 'utf8')) as { export: { unsureValues: string }; coverage: { export: { turns: number } } };
  expect(emptyCard).toMatchObject({ export: { unsureValues: 'empty' }, coverage: { export: { turns: 2 } } });
  expect(readFileSync(`${emptyPath}.card.md`, 'utf8')).toContain("*Covers: this export's scope — the turns an expert marked verified: 1 dialogue, 2 turns.*");

  // the guess, once chosen, in SID JSONL and in the long CSV (whose status still says unsure)
  await exporter.unsureRadio('guess').check();
  await expect(exporter.unsureChoices).toHaveAttribute('data-value', 'guess');
  const guessPath = join(app.tempDir, 'unsure-guess.jsonl');
  app.dialogs.nextSavePath(guessPath);
  expect(await exporter.save()).toBe(guessPath);
  await expect(exporter.resultUnsure).toHaveText('Unsure labels written as your best guess: 1.');
  const [guessed] = readJsonl(guessPath) as unknown as (SidRecord & { maieutic: ProvenanceV5 })[];
  expect(guessed.annotations[0][CORRECTED_FIELD]).toBe(source.annotations[0][CORRECTED_FIELD]);
  expect(guessed.maieutic.unsureValues).toBe('guess');
  expect(guessed.maieutic.turns[0].fields[CORRECTED_FIELD]).not.toHaveProperty('leftEmpty');

  await exporter.formatRadio('long-csv').check();
  await expect(exporter.unsureChoices).toContainText('expert_value holds the guess; the status column says unsure');
  const csvPath = join(app.tempDir, 'unsure-guess.csv');
  app.dialogs.nextSavePath(csvPath);
  expect(await exporter.save()).toBe(csvPath);
  const rows = Papa.parse<Record<string, string>>(readFileSync(csvPath, 'utf8'), { header: true, skipEmptyLines: true }).data;
  const row = (turn: number, fieldId: string) => rows.find((candidate) => candidate.turn === String(turn) && candidate.field === fieldId);
  expect(row(0, CORRECTED_FIELD)).toMatchObject({ status: 'unsure', expert_value: labelForSidValue(CORRECTED_FIELD, source.annotations[0][CORRECTED_FIELD]).code, acceptance: '' });
  expect(row(0, 'discipline')).toMatchObject({ status: 'accepted', acceptance: 'deliberate' });
  expect(row(1, 'teacher_intent')).toMatchObject({ status: 'accepted', acceptance: 'verify' });

  // remembered: after a reload the export view starts on the guess
  const [dataset] = await readStoredRows<{ name: string }>(page, 'datasets');
  await app.reload();
  await new StartPage(page).openDataset(dataset.name);
  await new DatasetsPage(page).exportButton.click();
  await expect(exporter.unsureRadio('guess')).toBeChecked();

  // the same choice in Chinese
  await exporter.unsureRadio('empty').check();
  await new StartPage(page).navLanguage.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(exporter.unsureChoices).toContainText('你标为“不确定”的标注');
  await expect(exporter.unsureChoices).toContainText('留空（默认）');
  await expect(exporter.unsureChoices).toContainText('保留我的最佳猜测');
  await saveShot(exporter.root, 'export-unsure-option-zh', testInfo);
  const zhPath = join(app.tempDir, 'unsure-zh.jsonl');
  app.dialogs.nextSavePath(zhPath);
  await exporter.formatRadio('sid-jsonl').check();
  expect(await exporter.save()).toBe(zhPath);
  await expect(exporter.resultUnsure).toHaveText('不确定的标注已留空：1 个。');
  await saveShot(exporter.result, 'export-unsure-saved-zh', testInfo);
});
