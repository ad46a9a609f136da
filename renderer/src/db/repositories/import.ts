import { countFlagged } from '../../../../shared/import/summarize';
import type { Dataset, Dialogue, ParsedFile, SourceRecord, Turn } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../db';
import { dialogueIdOf, newId, turnIdOf } from '../ids';
import { type DialogueTurns, packTurnBlocks, type TurnBlockRow } from '../turn-blocks';
import { ValidationError, validateDialogue, validateSource, validateTurn } from './validate';
import { newDatasetRow } from './datasets';
import { checkedRow, checkedRows } from './row-checks';

/** Where an import goes: a new data set (created in the same transaction) or an existing one. */
export type ImportTarget =
  /** `codebookHash`: the chosen codebook version's (recorded on the new data set) */
  | { kind: 'new'; name: string; codebookId: string; codebookHash?: string }
  | { kind: 'existing'; datasetId: string };

export interface ImportResult {
  datasetId: string;
  sourceIds: string[];
  dialogues: number;
  turns: number;
}

interface FileRows {
  source: SourceRecord;
  dialogues: Dialogue[];
  /** the file's turns, packed in blocks of dialogues */
  turnBlocks: TurnBlockRow[];
  turnCount: number;
}

function rowsForFile(file: ParsedFile, datasetId: string, importedAt: string): FileRows {
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
  const dialogueTurns: DialogueTurns[] = [];
  let turnCount = 0;
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
    const turns = parsed.turns.map((parsedTurn, position): Turn => {
      if (parsedTurn.index !== position) {
        throw new ValidationError(`${where}: turn ${position + 1} has index ${parsedTurn.index}; turns must be numbered 0, 1, 2, … in order`);
      }
      const turn: Turn = { ...parsedTurn, id: turnIdOf(id, parsedTurn.index), dialogueId: id };
      validateTurn(turn, where);
      return turn;
    });
    dialogueTurns.push([id, turns]);
    turnCount += turns.length;
  }
  // in key order, so a source's blocks and the dialogues within them read back in key order, as the rows of one dialogue each did
  dialogueTurns.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { source, dialogues, turnBlocks: packTurnBlocks(dialogueTurns), turnCount };
}

/**
 * Stores the chosen files in ONE transaction: either every file's source row, dialogues and
 * turns are written, or (on any error, including a storage error half-way) nothing is.
 * Rows are built and validated before the transaction opens, and nothing inside it awaits
 * anything but Dexie, so the transaction cannot commit early.
 */
export async function importParsedFiles(
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
    newDataset = newDatasetRow({ name: target.name, codebookId: target.codebookId, codebookHash: target.codebookHash, createdAt: importedAt });
    datasetId = newDataset.id;
  } else {
    datasetId = target.datasetId;
  }

  const perFile = files.map((file) => rowsForFile(file, datasetId, importedAt));

  await db.transaction('rw', [db.datasets, db.sources, db.dialogues, db.turnBlocks], async () => {
    if (newDataset) {
      await db.datasets.add(checkedRow('datasets', newDataset));
    } else if (!(await db.datasets.get(datasetId))) {
      throw new ValidationError('The data set to import into no longer exists.');
    }
    for (const rows of perFile) {
      await db.sources.add(checkedRow('sources', rows.source));
      await db.dialogues.bulkAdd(checkedRows('dialogues', rows.dialogues));
      await db.turnBlocks.bulkAdd(checkedRows('turnBlocks', rows.turnBlocks));
    }
  });

  return {
    datasetId,
    sourceIds: perFile.map((rows) => rows.source.id),
    dialogues: perFile.reduce((sum, rows) => sum + rows.dialogues.length, 0),
    turns: perFile.reduce((sum, rows) => sum + rows.turnCount, 0),
  };
}
