/**
 * The first real upgrade on a populated profile, in Chromium (issue 11): a database exactly as
 * the v4 release wrote it (one row per turn, reviews without annotators, a layer, a metrics run, a
 * draft, the edit log) is opened by today's app. Nothing is lost: the data set, its dialogues and
 * turns, every review, the layer, the run and the draft are still there and shown, and every
 * review row names the annotator of its reviewer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/app';
import { rowsForFile } from '../support/reference/turn-rows-v4';
import { schemaV1, schemaV2, schemaV3, schemaV4 } from '../../renderer/src/db/schema';
import { parseSourceFile } from '../../shared/import/parse-source-file';
import { DEFAULT_CODEBOOK } from './support-llm';
import { AgreementPage } from './pages/agreement';
import { DatasetsPage } from './pages/datasets';
import { MetricsPage } from './pages/metrics';
import { StartPage } from './pages/start';
import { readStoredRows } from './support-idb';
import { openDialogueByKeyboard, SAMPLE_DIR } from './support-sample';
import { nativeVersion, openProfile, writeNativeProfile } from './support-native-profile';

const AT = '2026-11-30T09:00:00.000Z';
const FILE = 'GPT-4o/GPT-4o-interdis_topic_7.jsonl';
const DATASET_NAME = '升级前的试点';


function v4Rows() {
  const text = readFileSync(join(SAMPLE_DIR, FILE), 'utf8');
  const parsed = parseSourceFile({ name: FILE, text }, { codebook: DEFAULT_CODEBOOK });
  const dataset = { id: 'ds-v4', name: DATASET_NAME, createdAt: AT, codebookId: DEFAULT_CODEBOOK.id };
  const { source, dialogues, turns } = rowsForFile(parsed, dataset.id, AT);
  const target = dialogues[2];
  const turnsOf = turns.filter((turn) => turn.dialogueId === target.id);
  const teacherTurn = turnsOf.find((turn) => turn.speaker === 'teacher')!;
  const studentTurn = turnsOf.find((turn) => turn.speaker === 'student')!;
  return {
    target,
    teacherTurn,
    studentTurn,
    tables: {
      datasets: [dataset],
      sources: [source],
      dialogues,
      turns,
      // Li is the reviewer in settings; Wang reviewed under another name in the same profile
      fieldReviews: [
        { id: `${teacherTurn.id}|teacher_guidance_level`, turnId: teacherTurn.id, dialogueId: target.id, fieldId: 'teacher_guidance_level', decision: 'changed', codes: ['L3'], text: null, reviewer: 'Li', at: AT },
        { id: `${studentTurn.id}|cognitive_level`, turnId: studentTurn.id, dialogueId: target.id, fieldId: 'cognitive_level', decision: 'unsure', codes: ['apply'], text: null, reviewer: 'Wang', at: AT },
      ],
      turnReviews: [{ id: teacherTurn.id, dialogueId: target.id, verified: true, reviewer: 'Li', at: AT }],
      dialogueReviews: [{ id: target.id, status: 'in-progress', reviewer: 'Li', at: AT }],
      editLog: [{ seq: 1, dialogueId: target.id, target: { kind: 'field', turnId: teacherTurn.id, fieldId: 'teacher_guidance_level' }, before: null, after: { codes: ['L3'] }, reviewer: 'Li', at: AT }],
      settings: [{ key: 'reviewerName', value: 'Li' }],
      layers: [{ id: 'layer-wang', datasetId: dataset.id, name: '王老师', kind: 'human', sourceFile: 'wang.jsonl', contentHash: 'feed', importedAt: AT, turns: 1, problems: [] }],
      layerValues: [{ id: `layer-wang|${teacherTurn.id}`, layerId: 'layer-wang', dialogueId: target.id, turnId: teacherTurn.id, values: { teacher_guidance_level: { raw: 'L1', codes: ['L1'], unknown: [], status: 'ok' } } }],
      metricRuns: [{
        id: 'run-v4', datasetId: dataset.id, createdAt: AT, appVersion: '0.1.0', layer: { kind: 'llm' }, layerName: 'LLM', scope: 'all',
        settings: { weights: { SD: 0.15, SV: 0.1, IKT: 0.15, BP: 0.15, SC: 0.15, L3_GR: 0.1, '3C': 0.2 }, threeC: 'vacuous-one', bootstrap: { resamples: 200, seed: 1 } },
        groups: [], overall: { group: 'all', dialogues: 0, means: {}, n: {}, ci95: {}, vacuous3C: 0, withUnknownLabels: 0, withoutLabels: 0 }, sequence: 1, name: 'before the upgrade',
      }],
      metricRunScores: [{ runId: 'run-v4', datasetId: dataset.id, dialogues: [] }],
      drafts: [{ id: `${studentTurn.id}|utterance|text`, dialogueId: target.id, target: { kind: 'text-field', turnId: studentTurn.id, fieldId: 'utterance' }, text: '升级前打的字', base: studentTurn.utterance, updatedAt: AT }],
    } as Record<string, unknown[]>,
  };
}

test('a populated v4 profile opens in today’s app with every row kept and every review naming its annotator', async ({ app }) => {
  const profile = join(app.tempDir, 'profile-v4');
  const { target, teacherTurn, studentTurn, tables } = v4Rows();
  await writeNativeProfile(app, profile, { chain: [schemaV1, schemaV2, schemaV3, schemaV4], tables });

  const { context, page } = await openProfile(app, profile);
  expect(await nativeVersion(page), 'Dexie upgraded the database to the current schema').toBeGreaterThan(40);

  // the data set, its dialogues and the review status are there
  const start = new StartPage(page);
  await start.openDataset(DATASET_NAME);
  const datasets = new DatasetsPage(page);
  await datasets.waitForRows();
  await expect(datasets.table).toHaveAttribute('data-row-count', String(tables.dialogues.length));

  // every review is kept, each named for its reviewer's annotator record
  const annotators = await readStoredRows<{ id: string; name: string; role: string; kind: string }>(page, 'annotators');
  expect(annotators.map((row) => [row.name, row.role, row.kind]).sort()).toEqual([['Li', 'expert', 'human'], ['Wang', 'expert', 'human']]);
  const idOf = new Map(annotators.map((row) => [row.name, row.id]));
  for (const store of ['fieldReviews', 'turnReviews', 'dialogueReviews']) {
    const rows = await readStoredRows<{ id: string; reviewer: string; annotatorId: string }>(page, store);
    const before = tables[store] as { id: string; reviewer: string }[];
    expect(rows.map((row) => row.id).sort(), `${store} keeps every row`).toEqual(before.map((row) => row.id).sort());
    for (const row of rows) expect(row.annotatorId, `${store} ${row.id} names ${row.reviewer}`).toBe(idOf.get(row.reviewer));
  }
  // v10 names each entry's data set and why it changed (a value without a decision reads as corrected)
  expect(await readStoredRows(page, 'editLog')).toEqual((tables.editLog as object[]).map((entry) => ({ ...entry, datasetId: (tables.datasets as { id: string }[])[0].id, reason: 'corrected' })));
  expect(await readStoredRows(page, 'layerValues')).toEqual(tables.layerValues);

  // the review shows the turns, the expert's values and the draft typed before the upgrade
  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  await expect(review.turns).toHaveCount(target.turnCount);
  await expect(review.turn(studentTurn.index).locator('.rv-bubble')).toHaveText(studentTurn.utterance);
  await review.goToTurn(teacherTurn.index);
  await review.expectDecision('teacher_guidance_level', 'changed');
  await review.expectExpertValue('teacher_guidance_level', ['L3']);
  await review.goToTurn(studentTurn.index);
  await review.expectDecision('cognitive_level', 'unsure');
  await expect(page.getByTestId('restored-draft')).toContainText('升级前打的字');

  // the layer is still offered for agreement, the metrics run is still listed
  await review.pressKey('Escape');
  await datasets.waitForRows();
  const agreement = new AgreementPage(page);
  await agreement.open();
  await expect(agreement.raterBSelect.locator('option[value="layer:layer-wang"]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await datasets.waitForRows();
  const metrics = new MetricsPage(page);
  await metrics.open();
  await expect(metrics.runs).toHaveCount(1);
  await expect(metrics.runs.first()).toHaveAttribute('data-run-id', 'run-v4');
  await context.close();
});
