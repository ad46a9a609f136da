import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { layerValues, listLayers } from '../../../../renderer/src/db/repositories/layers';
import { layerNameProblems, llmLayerId, llmLayerNames, registerPreAnnotationJob, storePreAnnotationItem } from '../../../../renderer/src/db/repositories/llm-jobs';
import { ValidationError } from '../../../../renderer/src/db/repositories/validate';
import type { JobItemEvent } from '../../../../shared/jobs';
import type { PreAnnotationPayload, StoredCall } from '../../../../shared/llm/pre-annotation-job';
import { dialogue, freshDb, parsedFile, value } from '../fixtures';

const NEW = { kind: 'new', name: 'Pilot', codebookId: 'sid-default' } as const;
const AT = new Date('2026-12-03T10:00:00Z');
const CONNECTION = { id: 'c1', name: 'Local Qwen', model: 'qwen3-32b' };

const call: StoredCall = {
  baseURL: 'http://127.0.0.1:8000/v1', model: 'qwen3-32b', parameters: { temperature: 0.8, top_p: 0.95 }, template: { id: 'sid-pre-annotation', version: '1', hash: 'h' },
  raw: '{"turns":[]}', parseStatus: 'valid', reasons: [], tokens: { input: 120, output: 40 }, latencyMs: 30, attempts: 1, fromCache: false, at: AT.toISOString(), appVersion: 'test',
};

async function datasetWithTwoDialogues(db: MaieuticDb) {
  const result = await importParsedFiles(db, NEW, [parsedFile('GPT-4o/a.jsonl', [dialogue(1, 3), dialogue(2, 2)])], { now: AT });
  const [first, second] = [1, 2].map((line) => `${result.sourceIds[0]}:${line}`);
  return { datasetId: result.datasetId, first, second };
}

/** An item event answering every turn of `dialogueId` (turn numbers given, in the order given) with teacher_intent `code`. */
function itemEvent(dialogueId: string, turnNumbers: number[], code = 'ask', jobId = 'job1'): JobItemEvent<PreAnnotationPayload> {
  return {
    type: 'item', jobId, at: AT.getTime(), item: { itemId: dialogueId, connectionId: CONNECTION.id, sample: 0 },
    outcome: {
      ok: true, cached: false, tokens: { input: 120, output: 40 }, cost: null,
      payload: { dialogueId, connectionId: CONNECTION.id, turns: turnNumbers.map((turn) => ({ turn, values: { teacher_intent: value(`${code} (turn ${turn})`, 'ok', [code]) } })), calls: [call] },
    },
  };
}

describe('pre-annotation results repository', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });
  const track = (opened: MaieuticDb) => {
    db = opened;
  };

  it('names one layer per connection after the chosen name, with the connection when there are several', () => {
    expect(llmLayerNames(' Qwen ', [CONNECTION])).toEqual(['Qwen']);
    expect(llmLayerNames('LLM', [CONNECTION, { name: 'DeepSeek' }])).toEqual(['LLM · Local Qwen', 'LLM · DeepSeek']);
  });

  it('creates the job and its empty llm layer once, however often it is registered', async () => {
    const db = freshDb();
    track(db);
    const { datasetId } = await datasetWithTwoDialogues(db);
    const input = { jobId: 'job1', datasetId, title: 'Pre-annotation', layerName: 'Qwen', connections: [CONNECTION], now: AT };
    await registerPreAnnotationJob(db, input);
    await registerPreAnnotationJob(db, input);
    const layers = await listLayers(db, datasetId);
    expect(layers).toEqual([expect.objectContaining({ id: llmLayerId('job1', 'c1'), name: 'Qwen', kind: 'llm', turns: 0 })]);
    expect(await db.llmJobs.count()).toBe(1);
  });

  it('refuses a layer name the data set already has, and a data set that is gone', async () => {
    const db = freshDb();
    track(db);
    const { datasetId } = await datasetWithTwoDialogues(db);
    await registerPreAnnotationJob(db, { jobId: 'job1', datasetId, title: 't', layerName: 'Qwen', connections: [CONNECTION] });
    expect(await layerNameProblems(db, datasetId, ['Qwen'])).toEqual(['The data set already has a layer named "Qwen".']);
    await expect(registerPreAnnotationJob(db, { jobId: 'job2', datasetId, title: 't', layerName: 'Qwen', connections: [CONNECTION] })).rejects.toBeInstanceOf(ValidationError);
    await expect(registerPreAnnotationJob(db, { jobId: 'job3', datasetId: 'nope', title: 't', layerName: 'Other', connections: [CONNECTION] })).rejects.toThrow('no longer exists');
  });

  it('writes each turn of an item by its 1-based number onto the stored turn, with the calls, and a redelivery adds no row', async () => {
    const db = freshDb();
    track(db);
    const { datasetId, first } = await datasetWithTwoDialogues(db);
    await registerPreAnnotationJob(db, { jobId: 'job1', datasetId, title: 't', layerName: 'Qwen', connections: [CONNECTION] });
    const layerId = llmLayerId('job1', 'c1');
    // turns out of order in the answer still land on their own turn
    expect(await storePreAnnotationItem(db, itemEvent(first, [2, 1, 3]), AT)).toEqual({ kind: 'stored', layerId, turns: 3 });
    const byTurn = async () => (await layerValues(db, layerId)).sort((a, b) => a.turnId.localeCompare(b.turnId));
    expect((await byTurn()).map((row) => row.values.teacher_intent.raw)).toEqual(['ask (turn 1)', 'ask (turn 2)', 'ask (turn 3)']);
    expect(await storePreAnnotationItem(db, itemEvent(first, [1, 2, 3], 'explain'), AT)).toEqual({ kind: 'stored', layerId, turns: 3 });

    const rows = (await layerValues(db, layerId)).sort((a, b) => a.turnId.localeCompare(b.turnId));
    expect(rows.map((row) => row.id)).toEqual([0, 1, 2].map((index) => `${layerId}|${first}#${index}`));
    // the later delivery replaced the values rather than adding rows
    expect(rows.map((row) => row.values.teacher_intent.codes)).toEqual([['explain'], ['explain'], ['explain']]);
    expect((await db.layers.get(layerId))?.turns).toBe(3);
    expect(await db.llmCalls.toArray()).toEqual([{ id: `${layerId}|${first}|0`, jobId: 'job1', layerId, dialogueId: first, sample: 0, calls: [call], storedAt: AT.toISOString() }]);
  });

  it('writes nothing for a failed item, an unknown job, or an answer that does not fit the stored turns', async () => {
    const db = freshDb();
    track(db);
    const { datasetId, first, second } = await datasetWithTwoDialogues(db);
    await registerPreAnnotationJob(db, { jobId: 'job1', datasetId, title: 't', layerName: 'Qwen', connections: [CONNECTION] });
    const failed: JobItemEvent<PreAnnotationPayload> = { type: 'item', jobId: 'job1', at: 1, item: { itemId: first, connectionId: 'c1', sample: 0 }, outcome: { ok: false, reason: 'turn 2: unknown label "x"', tokens: { input: 1, output: 1 }, cost: null } };
    expect(await storePreAnnotationItem(db, failed)).toEqual({ kind: 'failed' });
    expect(await storePreAnnotationItem(db, itemEvent(first, [1, 2, 3], 'ask', 'job-unknown'))).toEqual({ kind: 'unknown-job' });
    expect(await storePreAnnotationItem(db, itemEvent(second, [1, 2, 3]))).toEqual({ kind: 'discarded', reason: 'the answer has 3 turn(s) and the stored dialogue 2' });
    expect(await storePreAnnotationItem(db, itemEvent(second, [1, 1]))).toEqual({ kind: 'discarded', reason: 'the answer names turn 1 twice' });
    expect(await storePreAnnotationItem(db, itemEvent(second, [0, 1]))).toMatchObject({ kind: 'discarded' });
    expect(await db.layerValues.count()).toBe(0);
    expect(await db.llmCalls.count()).toBe(0);
  });

  it('deleting the data set deletes its jobs, layers, values and calls', async () => {
    const db = freshDb();
    track(db);
    const { datasetId, first } = await datasetWithTwoDialogues(db);
    await registerPreAnnotationJob(db, { jobId: 'job1', datasetId, title: 't', layerName: 'Qwen', connections: [CONNECTION] });
    await storePreAnnotationItem(db, itemEvent(first, [1, 2, 3]));
    await deleteDataset(db, datasetId);
    expect([await db.llmJobs.count(), await db.llmCalls.count(), await db.layers.count(), await db.layerValues.count()]).toEqual([0, 0, 0, 0]);
  });
});
