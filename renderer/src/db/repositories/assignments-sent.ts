/**
 * The owner's side of assignment packages (issue 11): building a package from chosen dialogues,
 * recording it as sent, and importing the work that comes back as a 'human' annotation layer.
 */
import type { Codebook } from '../../../../shared/codebook';
import { contentHash } from '../../../../shared/import/hash';
import type { Annotator } from '../../../../shared/model/annotator';
import type { AssignmentRow } from '../../../../shared/model/assignment';
import { buildAssignmentPackage, checkWork, parseWorkPackage, type AssignmentPackage, type CheckedWork } from '../../../../shared/packages';
import type { LayerRow, LayerValueRow } from '../../../../shared/model/layer';
import type { MaieuticDb } from '../db';
import { importedEntries, importedTurnEntries, layerValueOf, type LayerAuditValue, type TurnAuditValue } from '../../../../shared/audit/entries';
import { isReservedRaterName } from '../../../../shared/agreement/rater-names';
import { newId } from '../ids';
import { sourceIdsOf, turnsBySource } from './by-source';
import { listDialoguesOf } from './dialogues';
import { ValidationError } from './validate';
import { checkedRow, checkedRows } from './row-checks';

export interface AssignmentChoice {
  datasetId: string;
  codebook: Codebook;
  annotatorName: string;
  /** in this order; null: every dialogue of the data set, in source order */
  dialogueIds: readonly string[] | null;
  blind: boolean;
  now?: Date;
}

/** The package for the chosen dialogues (nothing is stored: record it once it is saved). */
export async function buildAssignment(db: MaieuticDb, choice: AssignmentChoice): Promise<AssignmentPackage> {
  return db.transaction('r', [db.datasets, db.sources, db.dialogues, db.turnBlocks], async () => {
    const dataset = await db.datasets.get(choice.datasetId);
    if (!dataset) throw new ValidationError('The data set no longer exists.');
    const [dialogues, turnsOf] = await Promise.all([listDialoguesOf(db, dataset.id), sourceIdsOf(db, dataset.id).then((ids) => turnsBySource(db, ids))]);
    const byId = new Map(dialogues.map((dialogue) => [dialogue.id, dialogue]));
    const chosen = choice.dialogueIds === null ? dialogues : choice.dialogueIds.map((id) => byId.get(id)).filter((dialogue) => dialogue !== undefined);
    return buildAssignmentPackage({
      id: newId(),
      createdAt: (choice.now ?? new Date()).toISOString(),
      annotatorName: choice.annotatorName,
      dataset: { id: dataset.id, name: dataset.name },
      codebook: choice.codebook,
      blind: choice.blind,
      dialogues: chosen.map((dialogue) => ({
        ...dialogue,
        turns: (turnsOf.get(dialogue.id) ?? []).map(({ index, speaker, speakerRaw, utterance, endMarker, pre }) => ({ index, speaker, speakerRaw, utterance, endMarker, pre })),
      })),
    });
  });
}

/** Records a package saved from this profile, so the work coming back for it can be recognised. */
export async function recordSentAssignment(db: MaieuticDb, pkg: AssignmentPackage): Promise<AssignmentRow> {
  const row: AssignmentRow = {
    id: pkg.id,
    datasetId: pkg.dataset.id,
    direction: 'sent',
    annotatorName: pkg.annotator.name,
    sourceDatasetId: pkg.dataset.id,
    sourceDatasetName: pkg.dataset.name,
    dialogueIds: pkg.dialogues.map((dialogue) => dialogue.id),
    blind: pkg.blind,
    codebookId: pkg.codebook.id,
    codebookVersion: pkg.codebook.version,
    codebookHash: pkg.codebookHash,
    createdAt: pkg.createdAt,
  };
  await db.assignments.add(checkedRow('assignments', row));
  return row;
}

export async function listSentAssignments(db: MaieuticDb, datasetId: string): Promise<AssignmentRow[]> {
  const rows = await db.assignments.where('datasetId').equals(datasetId).toArray();
  return rows.filter((row) => row.direction === 'sent').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Work for an assignment that already has a layer. Detected by the assignment id (one layer per
 * assignment, so a package is never doubled): `sameWork` when it is the very package imported
 * before (same work id), otherwise a newer export of the same assignment, which may replace it.
 */
export class WorkAlreadyImportedError extends ValidationError {
  constructor(
    readonly layerName: string,
    readonly sameWork: boolean,
    file: string,
  ) {
    super(
      sameWork
        ? `${file} was already imported as layer "${layerName}"; nothing was imported again.`
        : `Work on this assignment was already imported as layer "${layerName}"; choose "Replace" to take ${file} instead.`,
    );
  }
}

export interface WorkImportReport {
  layer: LayerRow;
  annotator: Annotator;
  replaced: boolean;
  counts: CheckedWork['counts'];
}

/**
 * Imports a work package as a 'human' layer named after its annotator, with an 'annotator'
 * record, in ONE transaction: the layer, its values and the assignment's link are all written or
 * none is. `replace` takes the place of a layer imported earlier for the same assignment.
 */
export async function importWorkPackage(
  db: MaieuticDb,
  { datasetId, codebook, text, file, replace = false, now = new Date() }: { datasetId: string; codebook: Codebook; text: string; file: string; replace?: boolean; now?: Date },
): Promise<WorkImportReport> {
  const work = parseWorkPackage(text, file);
  const tables = [db.datasets, db.sources, db.dialogues, db.turnBlocks, db.assignments, db.annotators, db.layers, db.layerValues, db.editLog];
  return db.transaction('rw', tables, async () => {
    const dataset = await db.datasets.get(datasetId);
    if (!dataset) throw new ValidationError('The data set no longer exists.');
    const found = await db.assignments.get(work.assignmentId);
    const assignment = found && found.direction === 'sent' && found.datasetId === datasetId ? found : undefined;
    const turnsOf = await turnsBySource(db, await sourceIdsOf(db, datasetId));
    const checked = checkWork(work, { file, dataset, codebook, assignment, turnsOf: (id) => turnsOf.get(id) });
    if (!assignment) throw new ValidationError(`${file}: unknown assignment`);
    if (checked.turns.length === 0) throw new ValidationError(`${file}: the annotator has not labelled or verified any turn yet; nothing to import.`);

    const previous = assignment.importedLayerId ? await db.layers.get(assignment.importedLayerId) : undefined;
    if (previous && !replace) throw new WorkAlreadyImportedError(previous.name, assignment.importedWorkId === work.id, file);
    // a replaced layer's values are what the new ones replace, in the audit trail
    const replacedValues = new Map<string, LayerAuditValue | null>();
    const replacedFlags = new Map<string, TurnAuditValue>();
    if (previous) {
      for (const row of await db.layerValues.where('layerId').equals(previous.id).toArray()) {
        for (const [fieldId, value] of Object.entries(row.values)) replacedValues.set(`${row.turnId}|${fieldId}`, layerValueOf(value));
        if (row.work?.verified) replacedFlags.set(row.turnId, { verified: row.work.verified.verified });
      }
      await db.layerValues.where('layerId').equals(previous.id).delete();
      await db.layers.delete(previous.id);
    }
    const hash = contentHash(text);
    const others = await db.layers.where('datasetId').equals(datasetId).toArray();
    const sameFile = others.find((layer) => layer.contentHash === hash);
    if (sameFile) throw new ValidationError(`${file} is already attached to this data set as layer "${sameFile.name}".`);

    const annotator = await annotatorRecord(db, work.annotator.name, now.toISOString());
    const layer: LayerRow = {
      id: newId(),
      datasetId,
      name: freeLayerName(work.annotator.name, new Set(others.map((other) => other.name))),
      kind: 'human',
      sourceFile: file,
      contentHash: hash,
      importedAt: now.toISOString(),
      turns: checked.turns.length,
      problems: [],
      annotatorId: annotator.id,
      assignmentId: assignment.id,
      // the version the annotator worked with, as the package says (checked against the assignment's)
      codebookHash: work.codebookHash,
    };
    const rows: LayerValueRow[] = checked.turns.map((turn) => ({ id: `${layer.id}|${turn.turnId}`, layerId: layer.id, dialogueId: turn.dialogueId, turnId: turn.turnId, values: turn.values, work: turn.work }));
    await db.layers.add(checkedRow('layers', layer));
    await db.layerValues.bulkAdd(checkedRows('layerValues', rows));
    const actor = { datasetId, reviewer: annotator.name, annotatorId: annotator.id, at: now.toISOString(), note: file };
    await db.editLog.bulkAdd(checkedRows('editLog', [
      ...importedEntries(actor, layer.id, rows, (turnId, fieldId) => replacedValues.get(`${turnId}|${fieldId}`) ?? null),
      ...importedTurnEntries(actor, layer.id, rows, (turnId) => replacedFlags.get(turnId) ?? null),
    ]));
    await db.assignments.update(assignment.id, { importedLayerId: layer.id, importedWorkId: work.id });
    return { layer, annotator, replaced: previous !== undefined, counts: checked.counts };
  });
}

async function annotatorRecord(db: MaieuticDb, name: string, at: string): Promise<Annotator> {
  const existing = await db.annotators
    .where('name')
    .equals(name)
    .filter((annotator) => annotator.role === 'annotator' && annotator.kind === 'human')
    .first();
  if (existing) return existing;
  const annotator: Annotator = { id: newId(), name, role: 'annotator', kind: 'human', createdAt: at };
  await db.annotators.add(checkedRow('annotators', annotator));
  return annotator;
}

/** The annotator's name, or "name (2)", "name (3)"… when another layer of the data set has it. */
function freeLayerName(name: string, taken: ReadonlySet<string>): string {
  const free = (candidate: string) => !taken.has(candidate) && !isReservedRaterName(candidate);
  if (free(name)) return name;
  for (let n = 2; ; n += 1) if (free(`${name} (${n})`)) return `${name} (${n})`;
}
