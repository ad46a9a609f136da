/**
 * Export after review: one sample dialogue verified with the keyboard (one field corrected),
 * then "verified only" as SID JSONL and "all" as long CSV through the export view. The
 * written files are read back with node:fs and checked against the sample file and the
 * codebook.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, test } from './fixtures/app';
import { ExportPage } from './pages/export';
import { CODEBOOK_FIELD_IDS, codebookField, labelForSidValue } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample, readSampleDialogues, type SidRecord } from './support-sample';

const target = findSampleDialogue('Qwen2.5-72B/Qwen2.5-72B-interdis_topic_18.jsonl', 3);
const REVIEWER = 'Chen Jing 陈静';
const CORRECTED_TURN = 0;
const CORRECTED_FIELD = 'cognitive_level';
const LONG_CSV_HEADER = 'dialogue,turn,field,pre_annotation,expert_value,status,reviewer,time,external_id,teacher_model';

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
  expect(await exporter.save()).toBe(csvPath);

  // Written atomically: nothing but the two files is left in the folder.
  expect(readdirSync(app.tempDir).sort()).toEqual(['out.csv', 'out.jsonl']);

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
  });
  expect(Number.isNaN(Date.parse(correctedRows[0].time))).toBe(false);

  const reviewedRows = rows.filter((row) => row.dialogue === dialogueId);
  expect(reviewedRows.every((row) => row.reviewer === REVIEWER)).toBe(true);
  const otherRows = rows.filter((row) => row.dialogue !== dialogueId);
  expect(otherRows.length).toBeGreaterThan(0);
  expect(otherRows.every((row) => row.status === 'unreviewed' && row.expert_value === '' && row.reviewer === '')).toBe(true);
});
