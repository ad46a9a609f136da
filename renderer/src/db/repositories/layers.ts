/**
 * Annotation layers attached to a data set: a second annotator's file matched to the stored turns
 * (shared/layers/match-to-dataset.ts) and kept next to the LLM pre-annotation and the expert layer.
 */
import type { LayerAttachment, StoredDialogueForLayer } from '../../../../shared/layers/match-to-dataset';
import type { ParsedFile } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../db';
import { importedEntries } from '../../../../shared/audit/entries';
import type { LayerKind, LayerRow, LayerValueRow } from '../../../../shared/model/layer';
import { isReservedRaterName } from '../../../../shared/agreement/rater-names';
import { newId } from '../ids';
import { sourceIdsOf, turnsBySource } from './by-source';
import { ValidationError } from './validate';
import { recordedCodebookHash } from './codebook-versions';
import { checkedRow, checkedRows } from './row-checks';

const KINDS: ReadonlySet<string> = new Set<LayerKind>(['llm', 'human']);

export interface AttachLayerInput {
  datasetId: string;
  name: string;
  kind: LayerKind;
  parsed: ParsedFile;
  /** matchLayerToDataset(storedDialoguesForLayer(db, datasetId), parsed) */
  matched: LayerAttachment;
  now?: Date;
}

/** The stored dialogues of a data set with their turns in order: the matcher's input. */
export async function storedDialoguesForLayer(db: MaieuticDb, datasetId: string): Promise<StoredDialogueForLayer[]> {
  return db.transaction('r', [db.sources, db.dialogues, db.turnBlocks], async () => {
    // every dialogue of the data set: its sources' key ranges, not a lookup per dialogue
    const [dialogues, turnsOf] = await Promise.all([db.dialogues.where('datasetId').equals(datasetId).toArray(), sourceIdsOf(db, datasetId).then((sourceIds) => turnsBySource(db, sourceIds))]);
    return dialogues.map((dialogue) => ({
      id: dialogue.id,
      externalId: dialogue.externalId,
      teacherModel: dialogue.teacherModel,
      topicId: dialogue.topicId,
      studentId: dialogue.studentId,
      repeatId: dialogue.repeatId,
      turns: (turnsOf.get(dialogue.id) ?? []).map(({ id, index, speaker, utterance }) => ({ id, index, speaker, utterance })),
    }));
  });
}

/** The layers of a data set, oldest first. */
export async function listLayers(db: MaieuticDb, datasetId: string): Promise<LayerRow[]> {
  const layers = await db.layers.where('datasetId').equals(datasetId).toArray();
  return layers.sort((a, b) => a.importedAt.localeCompare(b.importedAt) || a.name.localeCompare(b.name));
}

/** The layer of the data set that was attached from a file with this content hash, if any. */
export async function findLayerByContentHash(db: MaieuticDb, datasetId: string, contentHash: string): Promise<LayerRow | undefined> {
  const layers = await db.layers.where('datasetId').equals(datasetId).toArray();
  return layers.find((layer) => layer.contentHash === contentHash);
}

export async function layerValues(db: MaieuticDb, layerId: string): Promise<LayerValueRow[]> {
  return db.layerValues.where('layerId').equals(layerId).toArray();
}

/**
 * Stores the layer row and every matched turn's values in ONE transaction: either all of it is
 * written or (on a refusal or a storage error half-way) nothing is. Refused: a file with errors,
 * an empty name, a built-in rater's name (isReservedRaterName), a kind other than llm/human, a name or file (by content hash) the data set
 * already has as a layer, a data set that no longer exists, and values for turns outside it.
 */
export async function attachLayer(db: MaieuticDb, input: AttachLayerInput): Promise<LayerRow> {
  const { datasetId, kind, parsed, matched } = input;
  const name = input.name.trim();
  if (name === '') throw new ValidationError('The annotation layer needs a name.');
  if (isReservedRaterName(name)) throw new ValidationError(`"${name}" is the name of a built-in rater (the LLM pre-annotation or the expert layer); give the layer another name.`);
  if (!KINDS.has(kind)) throw new ValidationError(`Layer kind must be "llm" or "human" (got "${String(kind)}").`);
  const erroneous = parsed.issues.find((issue) => issue.severity === 'error');
  if (erroneous) throw new ValidationError(`${parsed.file} has errors and cannot be attached (${erroneous.file}:${erroneous.line}: ${erroneous.message}).`);
  if (matched.values.length === 0) throw new ValidationError(`${parsed.file}: no turn of the file matches a turn of the data set; nothing to attach.`);

  const layer: LayerRow = {
    id: newId(),
    datasetId,
    name,
    kind,
    sourceFile: parsed.file,
    contentHash: parsed.contentHash,
    importedAt: (input.now ?? new Date()).toISOString(),
    turns: matched.values.length,
    problems: matched.problems.map((problem) => ({ ...problem })),
  };
  const rows: LayerValueRow[] = [];
  const seenTurns = new Set<string>();
  for (const value of matched.values) {
    if (seenTurns.has(value.turnId)) throw new ValidationError(`${parsed.file}: turn ${value.turnId} was matched twice; nothing is attached.`);
    seenTurns.add(value.turnId);
    rows.push({ id: `${layer.id}|${value.turnId}`, layerId: layer.id, dialogueId: value.dialogueId, turnId: value.turnId, values: value.values });
  }

  await db.transaction('rw', [db.datasets, db.dialogues, db.layers, db.layerValues, db.editLog], async () => {
    const dataset = await db.datasets.get(datasetId);
    if (!dataset) throw new ValidationError('The data set to attach the layer to no longer exists.');
    const existing = await db.layers.where('datasetId').equals(datasetId).toArray();
    const sameFile = existing.find((other) => other.contentHash === layer.contentHash);
    if (sameFile) throw new ValidationError(`${parsed.file} is already attached to this data set as layer "${sameFile.name}".`);
    if (existing.some((other) => other.name === name)) throw new ValidationError(`The data set already has a layer named "${name}".`);
    const dialogueIds = new Set(await db.dialogues.where('datasetId').equals(datasetId).primaryKeys());
    const stranger = rows.find((row) => !dialogueIds.has(row.dialogueId) || !row.turnId.startsWith(`${row.dialogueId}#`));
    if (stranger) throw new ValidationError(`${parsed.file}: turn ${stranger.turnId} is not in this data set; nothing is attached.`);
    Object.assign(layer, recordedCodebookHash(dataset));
    await db.layers.add(checkedRow('layers', layer));
    await db.layerValues.bulkAdd(checkedRows('layerValues', rows));
    // who: the layer's own author (its name), the file in the note
    await db.editLog.bulkAdd(checkedRows('editLog', importedEntries({ datasetId, reviewer: name, at: layer.importedAt, note: parsed.file }, layer.id, rows)));
  });
  return layer;
}
