/**
 * The spot-check store and repository over a real (fake-indexeddb) database: four dialogues of
 * the SID spec's example (tests/unit/renderer/review/fixtures.ts, two teacher turns each), two
 * by GPT-4o and two by Qwen. Expected figures are worked by hand in the comments; the statistics
 * themselves are checked against published values in tests/unit/shared/spot-check.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import type { FieldReview } from '../../../../shared/model/review';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { putDialogueTurns } from '../../../../renderer/src/db/repositories/turns';
import { getSpotCheck, loadSpotCheckData } from '../../../../renderer/src/db/repositories/spot-checks';
import { fullReviewStops, sampleStops } from '../../../../renderer/src/stores/spot-check/build';
import { reviewStore } from '../../../../renderer/src/stores/review/store';
import { useAppStore } from '../../../../renderer/src/stores/app/store';
import { createQueueStore } from '../../../../renderer/src/stores/spot-check/queue';
import { createSpotCheckStore } from '../../../../renderer/src/stores/spot-check/store';
import { DEFAULT_CODEBOOK, freshDbName, makeDialogue, openDb, REVIEWER, AT, sampleTurns } from '../review/fixtures';
import { stubSaveExport } from '../save-export-stub';
import { useEditedVersion } from '../codebook/edited-version';

vi.mock('../../../../renderer/src/stores/review/flush-all', () => ({ flushAll: async () => ({ flushed: true }) }));

const opened: MaieuticDb[] = [];
let saved: SaveExportArgs[];
beforeEach(() => {
  saved = stubSaveExport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

const DIALOGUES = ['src1:1', 'src1:2', 'src1:3', 'src1:4'];

async function seeded(): Promise<MaieuticDb> {
  const db = openDb(freshDbName());
  opened.push(db);
  await db.datasets.put({ id: 'ds1', name: 'Test', createdAt: AT, codebookId: 'sid-default' });
  await db.sources.put({ id: 'src1', datasetId: 'ds1', file: 'a.jsonl', format: 'sid-jsonl', contentHash: 'h', teacherModel: 'GPT-4o', importedAt: AT, dialogues: 4, turns: 16, warnings: 0 });
  for (const [at, id] of DIALOGUES.entries()) {
    await db.dialogues.put({ ...makeDialogue(id, 4), line: at + 1, teacherModel: at < 2 ? 'GPT-4o' : 'Qwen' });
    await putDialogueTurns(db, sampleTurns(id));
  }
  return db;
}

function intentReview(dialogueId: string, turnIndex: number, decision: FieldReview['decision'], code: string): FieldReview {
  const turnId = `${dialogueId}#${turnIndex}`;
  return { id: `${turnId}|teacher_intent`, turnId, dialogueId, fieldId: 'teacher_intent', decision, codes: [code], text: null, reviewer: REVIEWER, at: AT };
}

/** Every teacher turn's intent reviewed: the GPT-4o dialogue src1:1 has both corrected, the rest accepted (turn 1 guide_reasoning, turn 3 summarize_elevate). */
async function reviewIntents(db: MaieuticDb): Promise<void> {
  for (const id of DIALOGUES) {
    const wrong = id === 'src1:1';
    await db.fieldReviews.bulkPut([
      intentReview(id, 1, wrong ? 'changed' : 'accepted', wrong ? 'check_understanding' : 'guide_reasoning'),
      intentReview(id, 3, wrong ? 'unsure' : 'accepted', wrong ? 'trigger_transfer' : 'summarize_elevate'),
    ]);
  }
}

describe('spot-check store', () => {
  it('draws a seeded sample, stores it with its strata, and draws the same items again for the same seed', async () => {
    const db = await seeded();
    const store = createSpotCheckStore(() => db, () => 7);
    await store.getState().load('ds1');
    expect(store.getState().population).toEqual({ dialogues: 4, turns: 16 });
    store.getState().setForm({ unit: 'turn', percent: 50, strata: { kind: 'teacher-model' } });
    expect(store.getState().requestedSize()).toBe(8);
    await store.getState().draw('');
    const [row] = store.getState().rows;
    expect(row.name).toBe('Spot-check 1');
    expect(row.items).toHaveLength(8);
    // 8 turns per model, half of each
    expect(row.strataCounts).toEqual([
      { key: 'GPT-4o', population: 8, sampled: 4 },
      { key: 'Qwen', population: 8, sampled: 4 },
    ]);
    expect(await getSpotCheck(db, row.id)).toEqual(row);
    // the form gets a new seed for the next draw; drawing with seed 7 again gives the same turns
    store.getState().setForm({ seed: 7 });
    await store.getState().draw('again');
    expect(store.getState().rows[0].items).toEqual(row.items);
  });

  it("holds the data set's recorded codebook version, which the form's fields and the results' names use", async () => {
    const db = await seeded();
    const { codebook } = await useEditedVersion(db, 'ds1');
    const store = createSpotCheckStore(() => db, () => 7);
    await store.getState().load('ds1');
    expect(store.getState().codebook).toEqual(codebook);
  });

  it('sizes a sample from a margin of error by Cochran with the finite-population correction', async () => {
    const db = await seeded();
    const store = createSpotCheckStore(() => db, () => 1);
    await store.getState().load('ds1');
    store.getState().setForm({ unit: 'turn', amountKind: 'margin', marginPercent: 5 });
    // e = 5%: n0 = 384.15; 384.15 / (1 + 383.15 / 16) = 15.40 → 16, all of N = 16
    expect(store.getState().requestedSize()).toBe(16);
    store.getState().setForm({ marginPercent: 30 });
    // n0 = 3.8415 × 0.25 / 0.09 = 10.67; 10.67 / (1 + 9.67 / 16) = 6.65 → 7
    expect(store.getState().requestedSize()).toBe(7);
  });

  it('judges the imported labels against the reviews: teacher intent 2 wrong of 8, Wilson 0.0715 – 0.5907, not enough for a verdict at 10% (35 needed)', async () => {
    const db = await seeded();
    await reviewIntents(db);
    const store = createSpotCheckStore(() => db, () => 3);
    await store.getState().load('ds1');
    store.getState().setForm({ percent: 100 });
    await store.getState().draw('all');
    const results = store.getState().results!;
    const intent = results.fields.find((row) => row.field === 'teacher_intent')!;
    // L 0.0715 < 0.1 ≤ U 0.5907, and 8 < 35: no verdict either way yet
    expect([intent.n, intent.errors, intent.verdict, intent.needed]).toEqual([8, 2, 'insufficient', 35]);
    expect(results.reviewable.teacher_intent).toBe(8);
    expect(intent.low).toBeCloseTo(0.0715, 4);
    expect(intent.high).toBeCloseTo(0.5907, 4);
    expect([results.reviewedTurns, results.sampledTurns]).toEqual([8, 16]);
    // a threshold of 60% passes it (0.5907 < 0.6); kept in the row
    await store.getState().setThreshold(store.getState().rows[0].id, 60);
    expect(store.getState().results!.fields.find((row) => row.field === 'teacher_intent')!.verdict).toBe('pass');
    expect((await getSpotCheck(db, store.getState().rows[0].id))!.threshold).toBe(0.6);
  });

  it('weights the whole-set estimate by stratum: GPT-4o 2/4 wrong, Qwen 0/4, half the dialogues each → 0.25', async () => {
    const db = await seeded();
    await reviewIntents(db);
    const store = createSpotCheckStore(() => db, () => 3);
    await store.getState().load('ds1');
    store.getState().setForm({ percent: 100, strata: { kind: 'teacher-model' } });
    await store.getState().draw('');
    const intent = store.getState().results!.fields.find((row) => row.field === 'teacher_intent')!;
    expect(intent.estimate.rate).toBeCloseTo(0.25, 12);
    // n_eff = 0.1875 / (0.25 × 0.25 / 4) = 12, capped at the 8 observed: Wilson(0.25, 8)
    expect(intent.estimate.effectiveN).toBe(8);
    expect(intent.estimate.high).toBeCloseTo(0.5907, 4);
  });

  it('checks a chosen layer instead of the imported labels', async () => {
    const db = await seeded();
    await reviewIntents(db);
    await db.layers.put({ id: 'L1', datasetId: 'ds1', name: 'Model B', kind: 'llm', sourceFile: 'b.jsonl', contentHash: 'b', importedAt: AT, turns: 8, problems: [] });
    const pre = { raw: '引导推理', codes: ['guide_reasoning'], unknown: [], status: 'ok' as const };
    // the layer says guide_reasoning on every teacher turn: right on turn 1 of src1:2–4 only
    for (const id of DIALOGUES) for (const index of [1, 3]) await db.layerValues.put({ id: `L1|${id}#${index}`, layerId: 'L1', dialogueId: id, turnId: `${id}#${index}`, values: { teacher_intent: pre } });
    const store = createSpotCheckStore(() => db, () => 3);
    await store.getState().load('ds1');
    store.getState().setForm({ percent: 100, layerId: 'L1' });
    await store.getState().draw('');
    expect(store.getState().rows[0].suggestionLayerId).toBe('L1');
    const intent = store.getState().results!.fields.find((row) => row.field === 'teacher_intent')!;
    expect([intent.n, intent.errors]).toEqual([8, 5]);
  });

  it('counts a reviewed turn the checked layer has no value for as "no LLM value", never as an error', async () => {
    const db = await seeded();
    await reviewIntents(db);
    // the layer holds values for src1:1 only: the other three dialogues' six reviewed intents have no LLM value
    await db.layers.put({ id: 'L2', datasetId: 'ds1', name: 'Partial', kind: 'llm', sourceFile: 'p.jsonl', contentHash: 'p', importedAt: AT, turns: 2, problems: [] });
    const pre = { raw: '引导推理', codes: ['guide_reasoning'], unknown: [], status: 'ok' as const };
    for (const index of [1, 3]) await db.layerValues.put({ id: `L2|src1:1#${index}`, layerId: 'L2', dialogueId: 'src1:1', turnId: `src1:1#${index}`, values: { teacher_intent: pre } });
    const store = createSpotCheckStore(() => db, () => 3);
    await store.getState().load('ds1');
    store.getState().setForm({ percent: 100, layerId: 'L2' });
    await store.getState().draw('');
    const { fields, reviewable } = store.getState().results!;
    // src1:1: turn 1 expert check_understanding (wrong), turn 3 unsure trigger_transfer (wrong): 2 of 2,
    // L = 2/(2 + 3.8415) = 0.342 > 0.1, a fail on the values there are
    expect(fields.find((row) => row.field === 'teacher_intent')).toMatchObject({ n: 2, errors: 2, noLlmValue: 6, verdict: 'fail' });
    expect(reviewable.teacher_intent).toBe(2);
  });

  it('never counts a turn twice, also when a stored sample lists a dialogue again', async () => {
    const db = await seeded();
    await reviewIntents(db);
    const store = createSpotCheckStore(() => db, () => 3);
    await store.getState().load('ds1');
    store.getState().setForm({ percent: 100 });
    await store.getState().draw('');
    const row = store.getState().rows[0];
    const once = store.getState().results!;
    // as a hand-edited project file could hold it: every item twice
    await db.spotChecks.put({ ...row, id: 'twice', name: 'Twice', items: [...row.items, ...row.items] });
    await store.getState().load('ds1');
    await store.getState().show('twice');
    const twice = store.getState().results!;
    expect(twice.fields).toEqual(once.fields);
    expect([twice.reviewedTurns, twice.sampledTurns]).toEqual([8, 16]);
  });

  it('saves the report as CSV through the save dialog', async () => {
    const db = await seeded();
    await reviewIntents(db);
    const store = createSpotCheckStore(() => db, () => 3);
    await store.getState().load('ds1');
    store.getState().setForm({ percent: 100 });
    await store.getState().draw('Weekly');
    await store.getState().saveReport('csv', { headings: { field: '', n: '', errors: '', noLlmValue: '', rate: '', interval: '', estimate: '', verdict: '', verdictText: () => '' }, title: '', details: [] });
    expect(saved).toHaveLength(1);
    expect(saved[0].defaultName).toMatch(/^Test-Weekly-\d{8}\.csv$/);
    expect(saved[0].content).toContain('teacher_intent,8,2,0.2500,0.0715,0.5907,');
    expect(store.getState().save?.status).toBe('saved');
  });
});

describe('review queue and full review', () => {
  it('keeps the queue position in the row as the reviewer steps', async () => {
    const db = await seeded();
    const store = createSpotCheckStore(() => db, () => 5);
    await store.getState().load('ds1');
    store.getState().setForm({ percent: 50 });
    await store.getState().draw('');
    const row = store.getState().rows[0];
    const queue = createQueueStore(() => db);
    await queue.getState().start({ kind: 'sample', spotCheckId: row.id, name: row.name, stops: row.items.map((item) => ({ dialogueId: item.dialogueId, turnIndex: null })), position: 0 }, { datasetId: 'ds1' });
    expect(queue.getState().step(1)).toBe(true);
    expect(queue.getState().step(1)).toBe(false);
    await vi.waitFor(async () => expect((await getSpotCheck(db, row.id))!.position).toBe(1));
  });

  it('opens a turn sample at the sampled turn, in review, returning to the spot-check', async () => {
    const db = await seeded();
    const store = createSpotCheckStore(() => db, () => 11);
    await store.getState().load('ds1');
    store.getState().setForm({ unit: 'turn', size: 3, amountKind: 'size' });
    await store.getState().draw('');
    const row = store.getState().rows[0];
    const stops = sampleStops(row);
    expect(stops.map((stop) => `${stop.dialogueId}#${stop.turnIndex}`)).toEqual(row.items.map((item) => item.turnId));
    useAppStore.setState({ datasetId: 'ds1', view: 'spot-check' });
    const queue = createQueueStore(() => db);
    await queue.getState().start({ kind: 'sample', spotCheckId: row.id, name: row.name, stops, position: 2 }, { datasetId: 'ds1' });
    expect(useAppStore.getState()).toMatchObject({ view: 'review', dialogueId: stops[2].dialogueId, reviewReturnView: 'spot-check' });
    expect(reviewStore.getState()).toMatchObject({ dialogueId: stops[2].dialogueId, turnIndex: stops[2].turnIndex });
    // review's n / p step through the sample's dialogues only, and the queue follows them
    const sampled = [...new Set(stops.map((stop) => stop.dialogueId))];
    expect(useAppStore.getState().visibleDialogueIds).toEqual(sampled);
    const other = sampled.find((id) => id !== stops[2].dialogueId)!;
    queue.getState().follow(other);
    expect(queue.getState().queue!.position).toBe(stops.findIndex((stop) => stop.dialogueId === other));
    await vi.waitFor(async () => expect((await getSpotCheck(db, row.id))!.position).toBe(stops.findIndex((stop) => stop.dialogueId === other)));
  });

  it('queues every dialogue with the field’s LLM values unreviewed, at the first such turn', async () => {
    const db = await seeded();
    await db.fieldReviews.bulkPut([intentReview('src1:1', 1, 'accepted', 'guide_reasoning'), intentReview('src1:1', 3, 'accepted', 'summarize_elevate'), intentReview('src1:2', 1, 'accepted', 'guide_reasoning')]);
    const stops = fullReviewStops(await loadSpotCheckData(db, 'ds1'), 'teacher_intent', DEFAULT_CODEBOOK);
    expect(stops).toEqual([
      { dialogueId: 'src1:2', turnIndex: 3 },
      { dialogueId: 'src1:3', turnIndex: 1 },
      { dialogueId: 'src1:4', turnIndex: 1 },
    ]);
  });
});
