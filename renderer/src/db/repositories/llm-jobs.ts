/**
 * The results of pre-annotation jobs main runs: each job gets one annotation layer (kind 'llm')
 * per connection, and each finished item writes its dialogue's labels into that layer and keeps
 * the calls behind them, in one transaction per item. Ids are deterministic, so an item that
 * main delivers again (after a reload or a restart) rewrites the same rows instead of adding
 * new ones.
 */
import { isReservedRaterName } from '../../../../shared/agreement/rater-names';
import type { JobItemEvent } from '../../../../shared/jobs';
import type { PreAnnotationPayload } from '../../../../shared/llm/pre-annotation-job';
import type { MaieuticDb } from '../db';
import type { LayerRow, LayerValueRow } from '../../../../shared/model/layer';
import type { LlmCallsRow, LlmJobLayer, LlmJobRow } from '../../../../shared/model/llm-job';
import { listTurns } from './turns';
import { ValidationError } from './validate';
import { recordedCodebookHash } from './codebook-versions';
import { checkedRow, checkedRows } from './row-checks';

export interface JobConnectionRef {
  id: string;
  name: string;
  model: string;
}

/** The layer of one connection of one job: the same id however often the job is registered. */
export function llmLayerId(jobId: string, connectionId: string): string {
  return `llm:${JSON.stringify([jobId, connectionId])}`;
}

/**
 * The layer names a job's connections write to: the name chosen when there is one connection,
 * `${layerName} · ${connection name}` for each when there are several (as PreAnnotationParameters says).
 */
export function llmLayerNames(layerName: string, connections: readonly Pick<JobConnectionRef, 'name'>[]): string[] {
  const base = layerName.trim();
  return connections.length === 1 ? [base] : connections.map((connection) => `${base} · ${connection.name}`);
}

/** Why these layer names cannot be used in the data set, in words; empty when they can. */
export async function layerNameProblems(db: MaieuticDb, datasetId: string, names: readonly string[], ownLayerIds: readonly string[] = []): Promise<string[]> {
  const problems: string[] = [];
  const taken = new Set((await db.layers.where('datasetId').equals(datasetId).toArray()).filter((layer) => !ownLayerIds.includes(layer.id)).map((layer) => layer.name));
  for (const name of names) {
    if (name === '') problems.push('The annotation layer needs a name.');
    else if (isReservedRaterName(name)) problems.push(`"${name}" is the name of a built-in rater; give the layer another name.`);
    else if (taken.has(name)) problems.push(`The data set already has a layer named "${name}".`);
  }
  if (new Set(names).size !== names.length) problems.push('Two connections would write to layers of the same name; give the connections different names.');
  return problems;
}

export interface RegisterJobInput {
  jobId: string;
  datasetId: string;
  title: string;
  layerName: string;
  connections: readonly JobConnectionRef[];
  now?: Date;
}

/**
 * Records a started job and creates its (empty) layers, in one transaction. Registering the same
 * job again changes nothing. Refused: a data set that no longer exists, names the data set
 * already uses for other layers.
 */
export async function registerPreAnnotationJob(db: MaieuticDb, input: RegisterJobInput): Promise<LlmJobRow> {
  const at = (input.now ?? new Date()).toISOString();
  const names = llmLayerNames(input.layerName, input.connections);
  const jobLayers: LlmJobLayer[] = input.connections.map((connection) => ({ connectionId: connection.id, connectionName: connection.name, model: connection.model, layerId: llmLayerId(input.jobId, connection.id) }));
  return db.transaction('rw', [db.datasets, db.layers, db.llmJobs], async () => {
    const existing = await db.llmJobs.get(input.jobId);
    if (existing) return existing;
    const dataset = await db.datasets.get(input.datasetId);
    if (!dataset) throw new ValidationError('The data set of the job no longer exists.');
    const problems = await layerNameProblems(db, input.datasetId, names);
    if (problems.length > 0) throw new ValidationError(problems.join(' '));
    const job: LlmJobRow = { id: input.jobId, datasetId: input.datasetId, title: input.title, createdAt: at, layers: jobLayers, ...recordedCodebookHash(dataset) };
    const layers: LayerRow[] = jobLayers.map((layer, index) => ({
      id: layer.layerId,
      datasetId: input.datasetId,
      name: names[index],
      kind: 'llm',
      sourceFile: `${layer.connectionName} (${layer.model})`,
      // no file behind it: the job and connection make it unique, so attaching a file never matches it
      contentHash: layer.layerId,
      importedAt: at,
      turns: 0,
      problems: [],
      ...recordedCodebookHash(dataset),
    }));
    await db.llmJobs.add(checkedRow('llmJobs', job));
    await db.layers.bulkAdd(checkedRows('layers', layers));
    return job;
  });
}

/**
 * What storing one item came to:
 * - `stored`: the labels and calls are written;
 * - `failed`: the item failed in main; nothing is written (the Jobs panel lists it with its reason);
 * - `unknown-job`: no job of that id is recorded here (not acknowledged: main sends it again);
 * - `discarded`: the item cannot be stored (its layer or dialogue was deleted, or the answer does
 *   not fit the stored turns); `reason` says why. Nothing is written.
 */
export type StoreItemResult = { kind: 'stored'; layerId: string; turns: number } | { kind: 'failed' } | { kind: 'unknown-job' } | { kind: 'discarded'; reason: string };

function describeMismatch(payload: PreAnnotationPayload, storedTurns: number): string | null {
  if (payload.turns.length !== storedTurns) return `the answer has ${payload.turns.length} turn(s) and the stored dialogue ${storedTurns}`;
  const seen = new Set<number>();
  for (const labels of payload.turns) {
    if (!Number.isInteger(labels.turn) || labels.turn < 1 || labels.turn > storedTurns) return `the answer names turn ${String(labels.turn)}, outside the dialogue's 1-${storedTurns}`;
    if (seen.has(labels.turn)) return `the answer names turn ${labels.turn} twice`;
    seen.add(labels.turn);
  }
  return null;
}

/** Stores one finished item of a pre-annotation job in ONE transaction (labels, layer count, calls). */
export async function storePreAnnotationItem(db: MaieuticDb, event: JobItemEvent<PreAnnotationPayload>, now: Date = new Date()): Promise<StoreItemResult> {
  return db.transaction('rw', [db.llmJobs, db.layers, db.layerValues, db.llmCalls, db.dialogues, db.turnBlocks], async (): Promise<StoreItemResult> => {
    const job = await db.llmJobs.get(event.jobId);
    if (!job) return { kind: 'unknown-job' };
    if (!event.outcome.ok) return { kind: 'failed' };
    const { payload } = event.outcome;
    const { itemId, connectionId, sample } = event.item;
    if (payload.dialogueId !== itemId || payload.connectionId !== connectionId) return { kind: 'discarded', reason: 'the result names another dialogue or connection than its item' };
    const jobLayer = job.layers.find((layer) => layer.connectionId === connectionId);
    if (!jobLayer) return { kind: 'discarded', reason: `the job has no layer for connection ${connectionId}` };
    const layer = await db.layers.get(jobLayer.layerId);
    if (!layer) return { kind: 'discarded', reason: 'its annotation layer was deleted' };
    const dialogue = await db.dialogues.get(itemId);
    if (!dialogue || dialogue.datasetId !== layer.datasetId) return { kind: 'discarded', reason: 'the dialogue is no longer in the data set' };
    const turns = await listTurns(db, itemId);
    const mismatch = describeMismatch(payload, turns.length);
    if (mismatch) return { kind: 'discarded', reason: mismatch };

    const rows: LayerValueRow[] = payload.turns.map((labels) => {
      const turn = turns[labels.turn - 1];
      return { id: `${layer.id}|${turn.id}`, layerId: layer.id, dialogueId: itemId, turnId: turn.id, values: labels.values };
    });
    const calls: LlmCallsRow = { id: `${layer.id}|${itemId}|${sample}`, jobId: job.id, layerId: layer.id, dialogueId: itemId, sample, calls: payload.calls, storedAt: now.toISOString() };
    await db.layerValues.bulkPut(checkedRows('layerValues', rows));
    await db.llmCalls.put(checkedRow('llmCalls', calls));
    const stored = await db.layerValues.where('layerId').equals(layer.id).count();
    await db.layers.update(layer.id, { turns: stored });
    return { kind: 'stored', layerId: layer.id, turns: rows.length };
  });
}

export async function getLlmJob(db: MaieuticDb, jobId: string): Promise<LlmJobRow | undefined> {
  return db.llmJobs.get(jobId);
}

/** The calls stored for one dialogue in one layer (every sample), for provenance. */
export async function callsOfDialogue(db: MaieuticDb, layerId: string, dialogueId: string): Promise<LlmCallsRow[]> {
  return (await db.llmCalls.where('dialogueId').equals(dialogueId).toArray()).filter((row) => row.layerId === layerId);
}
