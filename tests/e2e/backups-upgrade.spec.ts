/**
 * The 'before-upgrade' backup (issue 12) in Chromium, through the real main handlers: a profile
 * written natively at schema v9 (the release before the audit trail: turn blocks, annotators,
 * reviews, an edit-log entry without data set or reason, a layer) is opened by today's app. Before
 * Dexie upgrades it, the app backs it up as it is: the Backups panel lists a 'before upgrade'
 * backup whose manifest says schema 9 with the row counts written, and whose rows are the v9 rows
 * themselves (the edit-log entry still without its reason). Then the app shows the upgraded data:
 * the data set and its dialogues, and the entry in the audit view with the reason v10 gives it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rowsForFile } from '../support/reference/turn-rows-v4';
import { schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9 } from '../../renderer/src/db/schema';
import { packTurnBlocks, type DialogueTurns } from '../../renderer/src/db/turn-blocks';
import { decodeRows } from '../../shared/backup/row-codec';
import type { Turn } from '../../shared/model/dataset';
import { parseSourceFile } from '../../shared/import/parse-source-file';
import { expect, test, type AppFixture } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { SettingsPage } from './pages/settings';
import { StartPage } from './pages/start';
import { DEFAULT_CODEBOOK } from './support-llm';
import { SAMPLE_DIR } from './support-sample';
import { saveShot } from './support-shots';
import { nativeStoreNames, nativeVersion, openProfile, writeNativeProfile } from './support-native-profile';

const AT = '2026-11-30T09:00:00.000Z';
const FILE = 'GPT-4o/GPT-4o-interdis_topic_7.jsonl';
const DATASET_NAME = 'v9 试点';
const V9_CHAIN = [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7, schemaV8, schemaV9];
/** the Int32Array columns of a turn block (turn-blocks.ts), sent to the page as plain arrays */
const TYPED_COLUMNS = ['turnCounts', 'layoutEnds', 'layout', 'fieldValues'] as const;


function v9Tables(): Record<string, unknown[]> {
  const text = readFileSync(join(SAMPLE_DIR, FILE), 'utf8');
  const parsed = parseSourceFile({ name: FILE, text }, { codebook: DEFAULT_CODEBOOK });
  // a v9 data set records its codebook id only (the hash came with v10)
  const dataset = { id: 'ds-v9', name: DATASET_NAME, createdAt: AT, codebookId: DEFAULT_CODEBOOK.id };
  const { source, dialogues, turns } = rowsForFile(parsed, dataset.id, AT);
  const byDialogue = new Map<string, Turn[]>();
  for (const turn of turns) byDialogue.set(turn.dialogueId, [...(byDialogue.get(turn.dialogueId) ?? []), turn]);
  const turnBlocks = packTurnBlocks(dialogues.map((dialogue): DialogueTurns => [dialogue.id, byDialogue.get(dialogue.id) ?? []]));
  const target = dialogues[1];
  const teacherTurn = turns.find((turn) => turn.dialogueId === target.id && turn.speaker === 'teacher')!;
  const li = { id: 'annotator-li', name: 'Li', role: 'expert', kind: 'human', createdAt: AT };
  return {
    datasets: [dataset],
    sources: [source],
    dialogues,
    turnBlocks,
    annotators: [li],
    fieldReviews: [{ id: `${teacherTurn.id}|teacher_guidance_level`, turnId: teacherTurn.id, dialogueId: target.id, fieldId: 'teacher_guidance_level', decision: 'changed', codes: ['L3'], text: null, reviewer: 'Li', annotatorId: li.id, at: AT }],
    turnReviews: [{ id: teacherTurn.id, dialogueId: target.id, verified: true, reviewer: 'Li', annotatorId: li.id, at: AT }],
    dialogueReviews: [{ id: target.id, status: 'in-progress', reviewer: 'Li', annotatorId: li.id, at: AT }],
    // v9 entries had neither datasetId nor reason (v10 fills both in)
    editLog: [{ seq: 1, dialogueId: target.id, target: { kind: 'field', turnId: teacherTurn.id, fieldId: 'teacher_guidance_level' }, before: null, after: { decision: 'changed', codes: ['L3'], text: null }, reviewer: 'Li', annotatorId: li.id, at: AT }],
    settings: [{ key: 'reviewerName', value: 'Li' }],
    layers: [{ id: 'layer-wang', datasetId: dataset.id, name: '王老师', kind: 'human', sourceFile: 'wang.jsonl', contentHash: 'feed', importedAt: AT, turns: 1, problems: [] }],
    layerValues: [{ id: `layer-wang|${teacherTurn.id}`, layerId: 'layer-wang', dialogueId: target.id, turnId: teacherTurn.id, values: { teacher_guidance_level: { raw: 'L1', codes: ['L1'], unknown: [], status: 'ok' } } }],
  };
}

/** Every row of a backup, by table, read through the main handlers as a restore reads it. */
async function backupRows(app: AppFixture, name: string): Promise<Record<string, unknown[]>> {
  const opened = await app.handlers['backups.open']({ name });
  if (opened.canceled) throw new Error(`backup ${name} could not be opened`);
  const out: Record<string, unknown[]> = {};
  try {
    for (;;) {
      const chunk = await app.handlers['backups.read']({ readId: opened.readId });
      if (chunk.done) break;
      out[chunk.table] = [...(out[chunk.table] ?? []), ...decodeRows(chunk.rows)];
    }
  } finally {
    await app.handlers['backups.close']({ readId: opened.readId });
  }
  return out;
}

test('a v9 profile is backed up as it is before the upgrade: the Backups panel lists it, it holds the v9 rows, and the app shows the upgraded data', async ({ app }, testInfo) => {
  const profile = join(app.tempDir, 'profile-v9');
  const tables = v9Tables();
  await writeNativeProfile(app, profile, { chain: V9_CHAIN, tables, typedColumns: { turnBlocks: TYPED_COLUMNS } });
  expect(await app.handlers['backups.list']({})).toEqual([]);

  const { context, page } = await openProfile(app, profile);
  try {
    expect(await nativeVersion(page), 'Dexie upgraded the database past v9').toBeGreaterThan(90);

    // one backup, taken before the upgrade, of the database as v9 wrote it
    const listed = await app.handlers['backups.list']({});
    expect(listed.map((info) => info.manifest.reason)).toEqual(['before-upgrade']);
    const { manifest, name } = listed[0]!;
    expect(manifest.schemaVersion).toBe(9);
    expect(manifest.datasets).toEqual([DATASET_NAME]);
    const v9Names = nativeStoreNames(V9_CHAIN);
    expect(Object.keys(manifest.tables).sort(), 'the backup has the v9 tables, none of v10').toEqual(v9Names);
    for (const store of v9Names) expect(manifest.tables[store], `${store} rows`).toBe(tables[store]?.length ?? 0);
    const rows = await backupRows(app, name);
    for (const [store, written] of Object.entries(tables)) expect(rows[store], `${store} in the backup`).toEqual(written);

    // the Backups panel (Settings) lists it with its reason, in both languages
    const settings = new SettingsPage(page);
    await settings.open();
    const language = async (lang: 'en' | 'zh') => {
      await settings.languageRadio(lang).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    };
    await language('en');
    const row = page.getByTestId('backups-panel').getByTestId('backup-row');
    await expect(row).toHaveCount(1);
    await expect(row.first()).toHaveAttribute('data-reason', 'before-upgrade');
    await expect(row.first().getByTestId('backup-reason')).toHaveText('before upgrade');
    await saveShot(page.getByTestId('backups-panel'), 'backups-before-upgrade-en', testInfo);
    await language('zh');
    await expect(row.first().getByTestId('backup-reason')).toHaveText('升级前');
    await saveShot(page.getByTestId('backups-panel'), 'backups-before-upgrade-zh', testInfo);
    await language('en');

    // the app shows the upgraded data: the data set's dialogues, and the v9 entry in the audit
    // view with the data set and reason v10 gave it (a changed value reads as corrected)
    await page.getByTestId('settings-back').click();
    await new StartPage(page).openDataset(DATASET_NAME);
    const datasets = new DatasetsPage(page);
    await datasets.waitForRows();
    await expect(datasets.table).toHaveAttribute('data-row-count', String(tables.dialogues.length));
    await page.getByTestId('nav-audit').click();
    await expect(page.getByTestId('audit-count')).toHaveAttribute('data-total', '1');
    const entry = page.getByTestId('audit-row').first();
    await expect(entry).toHaveAttribute('data-reason', 'corrected');
    await expect(entry).toHaveAttribute('data-field', 'teacher_guidance_level');
    await expect(entry).toContainText('Li');
  } finally {
    await context.close();
  }
});
