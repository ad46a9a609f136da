/**
 * The schema-v4 turn layout, kept as the reference that the packed layout (renderer/src/db/turn-packing.ts)
 * is checked and timed against: one IndexedDB row per turn, written by the v4 import and read through
 * the `dialogueId` index, as renderer/src/db/repositories/import.ts and by-source.ts did before v5.
 * Used by tests/unit/renderer/db/turn-packing.test.ts and `npm run bench -- indexedDbInChromium`.
 */
import Dexie, { type EntityTable } from 'dexie';
import { countFlagged } from '../../../shared/import/summarize';
import type { Dataset, Dialogue, ParsedFile, SourceRecord, Turn } from '../../../shared/model/dataset';
import { dialogueIdOf, newId, turnIdOf } from '../../../renderer/src/db/ids';
import { ValidationError, validateDataset, validateDatasetName, validateDialogue, validateSource, validateTurn } from '../../../renderer/src/db/repositories/validate';
import { schemaV1, schemaV2, schemaV3, schemaV4 } from '../../../renderer/src/db/schema';

/** A database as release v4 wrote it. */
export class TurnRowsV4Db extends Dexie {
  datasets!: EntityTable<Dataset, 'id'>;
  sources!: EntityTable<SourceRecord, 'id'>;
  dialogues!: EntityTable<Dialogue, 'id'>;
  turns!: EntityTable<Turn, 'id'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores(schemaV1);
    this.version(2).stores(schemaV2);
    this.version(3).stores(schemaV3);
    this.version(4).stores(schemaV4);
  }
}

type MaieuticDb = TurnRowsV4Db;

/** Where an import goes: a new data set (created in the same transaction) or an existing one. */
type ImportTarget =
  | { kind: 'new'; name: string; codebookId: string }
  | { kind: 'existing'; datasetId: string };

interface ImportResult {
  datasetId: string;
  sourceIds: string[];
  dialogues: number;
  turns: number;
}

interface FileRows {
  source: SourceRecord;
  dialogues: Dialogue[];
  turns: Turn[];
}

export function rowsForFile(file: ParsedFile, datasetId: string, importedAt: string): FileRows {
  const sourceId = newId();
  const source: SourceRecord = {
    id: sourceId,
    datasetId,
    file: file.file,
    format: file.format,
    contentHash: file.contentHash,
    teacherModel: file.teacherModel,
    importedAt,
    dialogues: file.dialogues.length,
    turns: file.dialogues.reduce((sum, dialogue) => sum + dialogue.turns.length, 0),
    warnings: file.issues.filter((issue) => issue.severity === 'warning').length,
  };
  validateSource(source);

  const dialogues: Dialogue[] = [];
  const turns: Turn[] = [];
  const seenIds = new Set<string>();
  for (const parsed of file.dialogues) {
    const id = dialogueIdOf(sourceId, parsed.line);
    if (seenIds.has(id)) {
      throw new ValidationError(`${file.file}:${parsed.line}: two dialogues start on the same line`);
    }
    seenIds.add(id);
    const dialogue: Dialogue = {
      id,
      datasetId,
      sourceId,
      externalId: parsed.externalId,
      teacherModel: parsed.teacherModel,
      topicId: parsed.topicId,
      topicText: parsed.topicText,
      studentId: parsed.studentId,
      studentType: parsed.studentType,
      scenario: parsed.scenario,
      repeatId: parsed.repeatId,
      turnCount: parsed.turns.length,
      flaggedCount: countFlagged(parsed),
      file: file.file,
      line: parsed.line,
      extra: parsed.extra,
      unaligned: parsed.unaligned,
    };
    validateDialogue(dialogue);
    dialogues.push(dialogue);
    const where = `${file.file}:${parsed.line}`;
    parsed.turns.forEach((parsedTurn, position) => {
      if (parsedTurn.index !== position) {
        throw new ValidationError(`${where}: turn ${position + 1} has index ${parsedTurn.index}; turns must be numbered 0, 1, 2, … in order`);
      }
      const turn: Turn = { ...parsedTurn, id: turnIdOf(id, parsedTurn.index), dialogueId: id };
      validateTurn(turn, where);
      turns.push(turn);
    });
  }
  return { source, dialogues, turns };
}

/**
 * Stores the chosen files in ONE transaction: either every file's source row, dialogues and
 * turns are written, or (on any error, including a storage error half-way) nothing is.
 * Rows are built and validated before the transaction opens, and nothing inside it awaits
 * anything but Dexie, so the transaction cannot commit early.
 */
export async function importTurnRowsV4(
  db: MaieuticDb,
  target: ImportTarget,
  files: readonly ParsedFile[],
  { now = new Date() }: { now?: Date } = {},
): Promise<ImportResult> {
  if (files.length === 0) throw new ValidationError('No file was chosen for import.');
  const erroneous = files.find((file) => file.issues.some((issue) => issue.severity === 'error'));
  if (erroneous) throw new ValidationError(`${erroneous.file} has errors and cannot be imported.`);
  const importedAt = now.toISOString();

  let newDataset: Dataset | null = null;
  let datasetId: string;
  if (target.kind === 'new') {
    newDataset = { id: newId(), name: validateDatasetName(target.name), createdAt: importedAt, codebookId: target.codebookId };
    validateDataset(newDataset);
    datasetId = newDataset.id;
  } else {
    datasetId = target.datasetId;
  }

  const perFile = files.map((file) => rowsForFile(file, datasetId, importedAt));

  await db.transaction('rw', [db.datasets, db.sources, db.dialogues, db.turns], async () => {
    if (newDataset) {
      await db.datasets.add(newDataset);
    } else if (!(await db.datasets.get(datasetId))) {
      throw new ValidationError('The data set to import into no longer exists.');
    }
    for (const rows of perFile) {
      await db.sources.add(rows.source);
      await db.dialogues.bulkAdd(rows.dialogues);
      await db.turns.bulkAdd(rows.turns);
    }
  });

  return {
    datasetId,
    sourceIds: perFile.map((rows) => rows.source.id),
    dialogues: perFile.reduce((sum, rows) => sum + rows.dialogues.length, 0),
    turns: perFile.reduce((sum, rows) => sum + rows.turns.length, 0),
  };
}

const KEY_END = '\uffff';

/** v4's reader of every turn of the given sources (by-source.ts then export.ts), by dialogue, each list in order. */
export async function turnsBySourceV4(db: TurnRowsV4Db, sourceIds: readonly string[]): Promise<Map<string, Turn[]>> {
  return db.transaction('r', [db.turns], async () => {
    const parts = await Promise.all(sourceIds.map((sourceId) => db.turns.where('dialogueId').between(`${sourceId}:`, `${sourceId}:${KEY_END}`, true, true).toArray()));
    const byDialogue = new Map<string, Turn[]>();
    for (const turn of parts.flat()) {
      const list = byDialogue.get(turn.dialogueId);
      if (list) list.push(turn);
      else byDialogue.set(turn.dialogueId, [turn]);
    }
    for (const list of byDialogue.values()) list.sort((a, b) => a.index - b.index);
    return byDialogue;
  });
}
