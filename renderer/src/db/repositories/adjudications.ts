/**
 * Adjudication records (schema v9 `adjudications`, one per decided turn and field) and the
 * adjudicated layer they make: a LayerRow of kind 'adjudicated' whose layerValues hold the decided
 * values, rewritten in the same transaction as every change of the records, so the agreement view
 * and metrics read the adjudicated layer like any attached one and it never lags the records.
 */
import { adjudicatedTurnValues } from '../../../../shared/adjudication/decisions';
import { BUILT_IN_RATER_NAMES } from '../../../../shared/agreement/rater-names';
import type { SidAdjudication } from '../../../../shared/export/sid-jsonl';
import type { AdjudicationRow, AdjudicationStatus } from '../../../../shared/model/adjudication';
import type { LayerRow, LayerValueRow } from '../../../../shared/model/layer';
import type { MaieuticDb } from '../db';
import { newId } from '../ids';
import { auditEntry, type LayerAuditValue } from '../../../../shared/audit/entries';
import { ValidationError } from './validate';
import { recordedCodebookHash } from './codebook-versions';
import { checkedRow, checkedRows } from './row-checks';

/** The adjudicated layer's name, in both languages at once: it is one row, read by either UI language. */
export const ADJUDICATED_LAYER_NAME = 'Adjudicated / 裁决';

const STATUSES: ReadonlySet<string> = new Set<AdjudicationStatus>(['unanimous', 'adjudicated', 'unresolved']);

/** Which layers the adjudication compares, kept per data set (settings table) so a reload keeps the queue. */
export const adjudicationSetupKey = (datasetId: string) => `adjudication:${datasetId}`;

export async function listAdjudications(db: MaieuticDb, datasetId: string): Promise<AdjudicationRow[]> {
  return db.adjudications.where('datasetId').equals(datasetId).toArray();
}

export async function countAdjudications(db: MaieuticDb, datasetId: string): Promise<number> {
  return db.adjudications.where('datasetId').equals(datasetId).count();
}

/**
 * The records and the names the SID export writes in their place (shared/export/sid-jsonl.ts):
 * built-in raters by their English names, layers by theirs, adjudicators by theirs.
 */
export async function loadAdjudicationForExport(db: MaieuticDb, datasetId: string): Promise<SidAdjudication> {
  return db.transaction('r', [db.adjudications, db.layers, db.annotators], async () => {
    const [rows, layers, annotators] = await Promise.all([listAdjudications(db, datasetId), db.layers.where('datasetId').equals(datasetId).toArray(), db.annotators.toArray()]);
    const raterNames: Record<string, string> = { llm: BUILT_IN_RATER_NAMES.pre.en, expert: BUILT_IN_RATER_NAMES.expert.en };
    for (const layer of layers) raterNames[`layer:${layer.id}`] = layer.name;
    return { rows, raterNames, annotatorNames: Object.fromEntries(annotators.map((annotator) => [annotator.id, annotator.name])) };
  });
}

export async function findAdjudicatedLayer(db: MaieuticDb, datasetId: string): Promise<LayerRow | undefined> {
  return db.layers
    .where('datasetId')
    .equals(datasetId)
    .filter((layer) => layer.kind === 'adjudicated')
    .first();
}

export async function loadAdjudicationSetup(db: MaieuticDb, datasetId: string): Promise<string[] | null> {
  const row = await db.settings.get(adjudicationSetupKey(datasetId));
  return Array.isArray(row?.value) && row.value.every((entry) => typeof entry === 'string') ? (row.value as string[]) : null;
}

export async function saveAdjudicationSetup(db: MaieuticDb, datasetId: string, raters: readonly string[]): Promise<void> {
  await db.settings.put(checkedRow('settings', { key: adjudicationSetupKey(datasetId), value: [...raters] }));
}

function validateRow(row: AdjudicationRow, datasetId: string): void {
  const where = `Adjudication ${String(row.id)}`;
  if (row.datasetId !== datasetId) throw new ValidationError(`${where}: belongs to another data set.`);
  if (typeof row.turnId !== 'string' || typeof row.fieldId !== 'string' || row.id !== `${row.turnId}|${row.fieldId}`) throw new ValidationError(`${where}: the id must be "<turn id>|<field id>".`);
  if (!row.turnId.startsWith(`${row.dialogueId}#`)) throw new ValidationError(`${where}: turn ${row.turnId} is not in dialogue ${row.dialogueId}.`);
  if (!STATUSES.has(row.status)) throw new ValidationError(`${where}: unknown status "${String(row.status)}".`);
  for (const key of ['codes', 'compared', 'agreedWith'] as const) {
    if (!Array.isArray(row[key]) || row[key].some((entry) => typeof entry !== 'string')) throw new ValidationError(`${where}: ${key} must be a list of text.`);
  }
  if (row.status === 'unresolved' && row.codes.length > 0) throw new ValidationError(`${where}: an unresolved item has no value.`);
  if (typeof row.note !== 'string' || typeof row.needsGuidelineUpdate !== 'boolean') throw new ValidationError(`${where}: note must be text and needsGuidelineUpdate true or false.`);
}

export interface AdjudicationChange {
  /** records written (replacing any with the same id) */
  put?: readonly AdjudicationRow[];
  /** record ids removed (an undo of a first decision) */
  remove?: readonly string[];
  /** who decided (the adjudicator): logged as the entries' reviewer; absent: read from each record's decidedBy */
  by?: { name: string; annotatorId: string };
  /** 'undone' when this change takes back an earlier decision (adjudication's undo) */
  reason?: 'adjudicated' | 'undone';
}

/** A record's value as the audit shows it; null: no record. */
function auditValueOf(row: AdjudicationRow | null | undefined): LayerAuditValue | null {
  return row ? { codes: [...row.codes], text: row.text, status: row.status } : null;
}

function sameAuditValue(a: AdjudicationRow | null | undefined, b: AdjudicationRow | null | undefined): boolean {
  return JSON.stringify(auditValueOf(a)) === JSON.stringify(auditValueOf(b)) && (a?.note ?? '') === (b?.note ?? '') && (a?.needsGuidelineUpdate ?? false) === (b?.needsGuidelineUpdate ?? false);
}

/** The adjudicated layer of the data set, made on first use. Inside a transaction over layers. */
async function ensureAdjudicatedLayer(db: MaieuticDb, datasetId: string, at: string): Promise<LayerRow> {
  const existing = await findAdjudicatedLayer(db, datasetId);
  if (existing) return existing;
  const names = new Set((await db.layers.where('datasetId').equals(datasetId).toArray()).map((layer) => layer.name));
  let name = ADJUDICATED_LAYER_NAME;
  for (let n = 2; names.has(name); n++) name = `${ADJUDICATED_LAYER_NAME} (${n})`;
  const layer: LayerRow = { id: newId(), datasetId, name, kind: 'adjudicated', sourceFile: '', contentHash: '', importedAt: at, turns: 0, problems: [], ...recordedCodebookHash(await db.datasets.get(datasetId)) };
  await db.layers.add(checkedRow('layers', layer));
  return layer;
}

/**
 * Writes and removes records and rewrites the adjudicated layer's values of every turn they
 * touch, in ONE transaction: the records and the layer never disagree, and a refused row (another
 * data set, a malformed id, a dialogue not in the data set) writes nothing. Returns the layer.
 */
export async function applyAdjudications(db: MaieuticDb, datasetId: string, change: AdjudicationChange, now = new Date()): Promise<LayerRow> {
  const put = change.put ?? [];
  const remove = change.remove ?? [];
  for (const row of put) validateRow(row, datasetId);
  return db.transaction('rw', [db.datasets, db.dialogues, db.adjudications, db.layers, db.layerValues, db.annotators, db.editLog], async () => {
    if (!(await db.datasets.get(datasetId))) throw new ValidationError('The data set of the adjudication no longer exists.');
    const removed = (await db.adjudications.bulkGet([...remove])).filter((row): row is AdjudicationRow => row !== undefined && row.datasetId === datasetId);
    const dialogueIds = [...new Set([...put, ...removed].map((row) => row.dialogueId))];
    const dialogues = await db.dialogues.bulkGet(dialogueIds);
    const stranger = dialogueIds.find((_, index) => dialogues[index]?.datasetId !== datasetId);
    if (stranger !== undefined) throw new ValidationError(`Dialogue ${stranger} is not in this data set; nothing was written.`);

    const layer = await ensureAdjudicatedLayer(db, datasetId, now.toISOString());
    const previous = new Map((await db.adjudications.bulkGet(put.map((row) => row.id))).flatMap((row) => (row && row.datasetId === datasetId ? [[row.id, row] as const] : [])));
    const names = new Map((await db.annotators.toArray()).map((annotator) => [annotator.id, annotator.name]));
    const entryOf = (row: AdjudicationRow, before: AdjudicationRow | null, after: AdjudicationRow | null) => {
      const annotatorId = change.by?.annotatorId ?? row.decidedBy;
      const reviewer = change.by?.name ?? (annotatorId ? (names.get(annotatorId) ?? '') : '');
      const note = after?.note ?? before?.note ?? '';
      return auditEntry(
        { datasetId, reviewer, ...(annotatorId ? { annotatorId } : {}), at: now.toISOString(), note },
        row.dialogueId,
        { kind: 'layer-field', layerId: layer.id, turnId: row.turnId, fieldId: row.fieldId },
        change.reason ?? 'adjudicated',
        auditValueOf(before),
        auditValueOf(after),
      );
    };
    const entries = [
      ...put.filter((row) => !sameAuditValue(previous.get(row.id), row)).map((row) => entryOf(row, previous.get(row.id) ?? null, row)),
      ...removed.map((row) => entryOf(row, row, null)),
    ];
    await db.editLog.bulkAdd(checkedRows('editLog', entries));
    await db.adjudications.bulkDelete(removed.map((row) => row.id));
    await db.adjudications.bulkPut(checkedRows('adjudications', [...put]));

    const touchedTurns = new Set([...put, ...removed].map((row) => row.turnId));
    const rowsByTurn = new Map<string, AdjudicationRow[]>();
    for (const row of await db.adjudications.where('dialogueId').anyOf(dialogueIds).toArray()) {
      if (!touchedTurns.has(row.turnId)) continue;
      rowsByTurn.set(row.turnId, [...(rowsByTurn.get(row.turnId) ?? []), row]);
    }
    const writes: LayerValueRow[] = [];
    const deletes: string[] = [];
    for (const turnId of touchedTurns) {
      const rows = rowsByTurn.get(turnId) ?? [];
      const values = adjudicatedTurnValues(rows);
      const id = `${layer.id}|${turnId}`;
      if (Object.keys(values).length === 0) deletes.push(id);
      else writes.push({ id, layerId: layer.id, dialogueId: turnId.slice(0, turnId.lastIndexOf('#')), turnId, values });
    }
    await db.layerValues.bulkDelete(deletes);
    await db.layerValues.bulkPut(checkedRows('layerValues', writes));
    const turns = await db.layerValues.where('layerId').equals(layer.id).count();
    await db.layers.update(layer.id, { turns });
    return { ...layer, turns };
  });
}
