/**
 * The metrics store over a real (fake-indexeddb) database. The seeded dialogue is the SID spec's
 * example plus a closing teacher turn (tests/unit/renderer/review/fixtures.ts); expected values
 * are worked by hand in the comments.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import { stubSaveExport } from '../save-export-stub';
import type { FieldReview } from '../../../../shared/model/review';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { runMetrics, type MetricsRequest } from '../../../../renderer/src/stores/metrics/run-metrics';
import { createMetricsStore } from '../../../../renderer/src/stores/metrics/store';
import { AT, freshDbName, openDb, REVIEWER, seedDialogue } from '../review/fixtures';

const opened: MaieuticDb[] = [];
let saved: SaveExportArgs[];

beforeEach(() => {
  saved = stubSaveExport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

const DIALOGUE = 'src1:1';
/** The client's main-thread path, on the test's database: what the worker runs. */
const clientOn = (db: MaieuticDb) => ({ usesWorker: false, compute: (request: MetricsRequest) => runMetrics(db, request, () => undefined) });
const flushed = async () => ({ flushed: true });

async function seeded(): Promise<MaieuticDb> {
  const db = openDb(freshDbName());
  opened.push(db);
  await seedDialogue(db, DIALOGUE);
  await db.sources.put({
    id: 'src1', datasetId: 'ds1', file: 'GPT-4o/a.jsonl', format: 'sid-jsonl', contentHash: 'h',
    teacherModel: 'GPT-4o', importedAt: AT, dialogues: 1, turns: 4, warnings: 0,
  });
  return db;
}

function review(turnIndex: number, fieldId: string, codes: string[]): FieldReview {
  const turnId = `${DIALOGUE}#${turnIndex}`;
  return { id: `${turnId}|${fieldId}`, turnId, dialogueId: DIALOGUE, fieldId, decision: 'changed', codes, text: null, reviewer: REVIEWER, at: AT };
}

/**
 * LLM layer: teacher turns 1 (guide_reasoning, 追问, transfer yes, L2) and 3 (summarize_elevate,
 * strategy "引导推理" — an intent, unknown as a strategy — transfer no, L1); students both
 * remember, turn 2 incorrect_answer with no later student turn.
 * SD 1/2, SV 1/8, IKT 1/2, BP 0, SC 2/4, L3 GR 0, 3C 0/1.
 * TotalScore .15·.5 + .10·.125 + .15·.5 + .15·.5 = .2375.
 */
const LLM_TOTAL = 0.2375;

describe('metrics store', () => {
  it('defaults to the LLM layer without verified dialogues, computes, saves the run with its settings', async () => {
    const db = await seeded();
    const store = createMetricsStore(() => db, clientOn(db), flushed);
    await store.getState().load('ds1');
    expect(store.getState().status).toBe('ready');
    expect(store.getState().choice.layer).toEqual({ kind: 'llm' });
    expect(store.getState().runs).toEqual([]);

    await store.getState().compute();
    const [run] = store.getState().runs;
    expect(store.getState().shownRunId).toBe(run.id);
    expect(run.layer).toEqual({ kind: 'llm' });
    expect(run.settings).toMatchObject({ threeC: 'vacuous-one', weights: { SD: 0.15, '3C': 0.2 } });
    expect(run.appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(run.groups.map((group) => group.group)).toEqual(['GPT-4o']);
    const [group] = run.groups;
    expect(group.means).toMatchObject({ SD: 0.5, SV: 0.125, IKT: 0.5, BP: 0, SC: 0.5, L3_GR: 0, '3C': 0 });
    expect(group.means.TotalScore).toBeCloseTo(LLM_TOTAL, 15);
    expect(group.withUnknownLabels).toBe(1);
    const scores = store.getState().scores!;
    expect(scores.runId).toBe(run.id);
    expect(scores.dialogues[0]).toMatchObject({ dialogueId: DIALOGUE, id: `7-3-${DIALOGUE}` });
    expect(scores.dialogues[0].turnsOf.SD).toEqual([1]);
    expect(scores.dialogues[0].counts.unknownLabels).toBe(1);
    // the run and its scores are in the database, not only in memory; a fresh view reads them back
    expect((await db.metricRuns.toArray()).map((row) => row.id)).toEqual([run.id]);
    const reopened = createMetricsStore(() => db, clientOn(db), flushed);
    await reopened.getState().load('ds1');
    expect(reopened.getState().shownRunId).toBe(run.id);
    expect(reopened.getState().scores).toEqual(scores);
  });

  it('scores only verified dialogues on the verified layer, with the expert values and their turns', async () => {
    const db = await seeded();
    // The expert gives turn 3 a real strategy (provide_hints) and guidance L3, and verifies the dialogue.
    await db.fieldReviews.bulkPut([review(3, 'teaching_strategy', ['provide_hints']), review(3, 'teacher_guidance_level', ['L3'])]);
    const store = createMetricsStore(() => db, clientOn(db), flushed);
    await store.getState().load('ds1');
    // not verified yet: the verified layer has no dialogue
    expect(store.getState().verifiedDialogues).toBe(0);
    store.getState().setLayer({ kind: 'verified' });
    await store.getState().compute();
    // nothing to score: no empty run is saved, and the view is told why
    expect(store.getState().runs).toEqual([]);
    expect(store.getState().nothingToScore).toBe(true);
    expect(await db.metricRuns.count()).toBe(0);

    await db.dialogueReviews.put({ id: DIALOGUE, status: 'verified', reviewer: REVIEWER, at: AT });
    const fresh = createMetricsStore(() => db, clientOn(db), flushed);
    await fresh.getState().load('ds1');
    expect(fresh.getState().choice.layer).toEqual({ kind: 'verified' });
    expect(fresh.getState().runs).toHaveLength(0);
    await fresh.getState().compute();
    const [run] = fresh.getState().runs;
    // SD 2/2, SV {follow_up, provide_hints} 2/8, L3 GR 1/2; the rest as on the LLM layer:
    // .15 + .025 + .075 + 0 + .075 + .05 + 0 = .375
    expect(run.overall.means).toMatchObject({ SD: 1, SV: 0.25, L3_GR: 0.5, '3C': 0 });
    expect(run.overall.means.TotalScore).toBeCloseTo(0.375, 15);
    const [scored] = fresh.getState().scores!.dialogues;
    expect(scored.turnsOf.SD).toEqual([1, 3]);
    expect(scored.turnsOf.L3_GR).toEqual([3]);
    // The LLM layer on the same (verified) dialogues, for a dialogue-for-dialogue comparison.
    fresh.getState().setLayer({ kind: 'llm' });
    fresh.getState().setScope('verified');
    await fresh.getState().compute();
    const [llmRun] = fresh.getState().runs;
    expect(llmRun.scope).toBe('verified');
    expect(llmRun.overall.dialogues).toBe(1);
    expect(llmRun.overall.means.TotalScore).toBeCloseTo(LLM_TOTAL, 15);
    // the expert replaced the one unknown label (the intent given as a strategy); 理解（Understand）
    // is a valid Bloom level
    expect(scored.counts.unknownLabels).toBe(0);
  });

  it('refuses weights that do not sum to 1 and unsaved review work, computing nothing', async () => {
    const db = await seeded();
    const store = createMetricsStore(() => db, clientOn(db), flushed);
    await store.getState().load('ds1');
    store.getState().setWeight('SD', 0.5);
    expect(store.getState().problem).toMatch(/sum to 1\.35/);
    await store.getState().compute();
    expect(store.getState().runs).toEqual([]);
    store.getState().resetWeights();
    expect(store.getState().problem).toBeNull();

    const unsaved = createMetricsStore(() => db, clientOn(db), async () => ({ flushed: false, error: 'disk full' }));
    await unsaved.getState().load('ds1');
    await unsaved.getState().compute();
    expect(unsaved.getState().error).toMatch(/not saved yet.*disk full/);
    expect(await db.metricRuns.count()).toBe(0);
  });

  it('saves Table II as CSV and Markdown and the dialogues as CSV; deletes runs, and a data set takes its runs along', async () => {
    const db = await seeded();
    const store = createMetricsStore(() => db, clientOn(db), flushed);
    await store.getState().load('ds1');
    await store.getState().compute();
    store.getState().setThreeC('strict');
    await store.getState().compute();
    expect(store.getState().runs).toHaveLength(2);

    const words = { title: 'Metrics', groupName: (group: string) => group, metricName: (key: string) => key };
    await store.getState().saveFile('csv', words);
    await store.getState().saveFile('md', words);
    await store.getState().saveFile('dialogues', words);
    const [csv, md, dialogues] = saved.map((args) => args.content);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('group,metric,mean,ci95_low,ci95_high,n,dialogues,vacuous_3c,layer,layer_name,dialogues_scored,three_c,weights,bootstrap_resamples,bootstrap_seed,app_version,computed_at');
    expect(lines.find((line) => line.startsWith('GPT-4o,SD,'))).toMatch(/^GPT-4o,SD,0\.5,,,1,1,0,llm,,all,strict,SD=0\.15 SV=0\.1 /);
    expect(md).toMatch(/^\| TotalScore \| 0\.2375 \|$/m);
    expect(md).toContain('3C (strict): 0 of 1 dialogue had no incorrect answer');
    expect(dialogues.replace(/^\uFEFF/, '').split('\r\n')[1]).toMatch(/^7-3-src1:1,GPT-4o,0\.5,0\.125,0\.5,0,0\.5,0,0,0\.2375,0,1,2,2,1,0$/);

    const [newest, older] = store.getState().runs;
    await store.getState().deleteRun(newest.id);
    expect(store.getState().runs.map((run) => run.id)).toEqual([older.id]);
    expect(store.getState().shownRunId).toBe(older.id);
    expect(await db.metricRunScores.count()).toBe(1);
    await deleteDataset(db, 'ds1');
    expect(await db.metricRuns.count()).toBe(0);
    expect(await db.metricRunScores.count()).toBe(0);
  });

  it('numbers runs in the order they are made, never by the minute alone, and keeps the name the reader gives one', async () => {
    const db = await seeded();
    const store = createMetricsStore(() => db, clientOn(db), flushed);
    await store.getState().load('ds1');
    await store.getState().compute();
    await store.getState().compute();
    await store.getState().compute();
    // the same minute, the same settings: only the number tells them apart
    expect(store.getState().runs.map((run) => run.sequence)).toEqual([3, 2, 1]);

    const [third, second] = store.getState().runs;
    await store.getState().renameRun(second.id, '  before the   second pass ');
    expect(store.getState().runs[1].name).toBe('before the second pass');
    // a blank name takes the name away
    await store.getState().renameRun(third.id, 'x');
    await store.getState().renameRun(third.id, '   ');
    expect(store.getState().runs[0]).not.toHaveProperty('name');

    // numbers and names live in the database: a fresh view reads them back
    const reopened = createMetricsStore(() => db, clientOn(db), flushed);
    await reopened.getState().load('ds1');
    expect(reopened.getState().runs.map((run) => [run.sequence, run.name])).toEqual([[3, undefined], [2, 'before the second pass'], [1, undefined]]);

    // a deleted run's number is not reused while a later run is kept
    await reopened.getState().deleteRun(second.id);
    await reopened.getState().compute();
    expect(reopened.getState().runs.map((run) => run.sequence)).toEqual([4, 3, 1]);
  });

  it('gives runs saved before runs had numbers theirs once, oldest first, and numbers new runs after them', async () => {
    const db = await seeded();
    const store = createMetricsStore(() => db, clientOn(db), flushed);
    await store.getState().load('ds1');
    await store.getState().compute();
    await store.getState().compute();
    // as a database written by the previous version holds them: no number
    const [newer, older] = await db.metricRuns.orderBy('createdAt').reverse().toArray();
    await db.metricRuns.bulkPut([{ ...older, createdAt: '2026-11-30T09:00:00.000Z', sequence: undefined }, { ...newer, createdAt: '2026-11-30T10:00:00.000Z', sequence: undefined }]);

    const reopened = createMetricsStore(() => db, clientOn(db), flushed);
    await reopened.getState().load('ds1');
    expect(reopened.getState().runs.map((run) => [run.id, run.sequence])).toEqual([[newer.id, 2], [older.id, 1]]);
    expect((await db.metricRuns.get(older.id))?.sequence).toBe(1);
    await reopened.getState().compute();
    expect(reopened.getState().runs[0].sequence).toBe(3);
  });
});
