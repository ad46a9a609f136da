/**
 * The rows of an imported data set — the data set, its sources, dialogues and turns — as the
 * import writes them and a restore must find them (row-checks/index.ts). Names follow the rename
 * rules (trimmed, at most DATASET_NAME_MAX characters).
 */
import type { Dataset, Dialogue, FieldValue, SourceRecord, Turn, UnalignedAnnotation } from '../../../../shared/model/dataset';
import { anything, bool, both, count, fail, isoTime, list, nullable, oneOf, optional, recordOf, refusedBy, RowProblem, shape, text, texts, type Check } from './row-checks/check';
import { ValidationError } from './validation-error';

export { ValidationError };

export const DATASET_NAME_MAX = 200;

export function validateDatasetName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new ValidationError('The data set needs a name.');
  if (trimmed.length > DATASET_NAME_MAX) throw new ValidationError(`The data set name is longer than ${DATASET_NAME_MAX} characters.`);
  return trimmed;
}

/** A stored name is one the rename rules would store as it is. */
const datasetName: Check = refusedBy((value) => {
  if (typeof value !== 'string') throw new ValidationError('The data set name must be text.');
  if (validateDatasetName(value) !== value) throw new ValidationError('The data set name has spaces around it the app would have trimmed.');
});

export const SPEAKERS = ['teacher', 'student', 'other'] as const;
const VALUE_STATUSES = ['ok', 'empty', 'unknown', 'conflict'] as const;
const ALIGNMENTS = ['exact', 'normalized', 'containment', 'mapped', 'none'] as const;
const FORMATS = ['sid-jsonl', 'sid-json', 'delimited', 'mathdial', 'bridge'] as const;

const id = text();

export const fieldValue = shape<FieldValue>({ raw: text({ empty: true }), codes: texts, unknown: texts, status: oneOf(VALUE_STATUSES) });
export const fieldValues = recordOf(fieldValue);

export const datasetRow = shape<Dataset>({
  id,
  name: datasetName,
  createdAt: isoTime,
  codebookId: text(),
  codebookHash: optional(text()),
  rubricSet: optional(shape<{ id: string; hash: string }>({ id, hash: text() })),
  teacherFamilies: optional(recordOf(text({ empty: true, max: 40 }))),
});

export const sourceRow = shape<SourceRecord>({
  id,
  datasetId: id,
  file: text(),
  format: oneOf(FORMATS),
  contentHash: text(),
  teacherModel: text({ empty: true }),
  importedAt: isoTime,
  dialogues: count,
  turns: count,
  warnings: count,
});

const unaligned = shape<UnalignedAnnotation>({ index: count, speakerRaw: text({ empty: true }), utterance: text({ empty: true }), raw: recordOf(anything) });

const dialogueShape = shape<Dialogue>({
  id,
  datasetId: id,
  sourceId: id,
  externalId: text(),
  teacherModel: text({ empty: true }),
  topicId: nullable(text({ empty: true })),
  topicText: text({ empty: true }),
  studentId: nullable(text({ empty: true })),
  studentType: text({ empty: true }),
  scenario: text({ empty: true }),
  repeatId: nullable(text({ empty: true })),
  turnCount: count,
  flaggedCount: count,
  file: text({ empty: true }),
  line: count,
  extra: recordOf(anything),
  unaligned: list(unaligned),
});

/** A dialogue's id is its source's id and its line (ids.ts dialogueIdOf): the turn blocks of a source are its key range. */
export const dialogueRow = both(dialogueShape, (value, path) => {
  const row = value as Dialogue;
  if (row.id !== `${row.sourceId}:${row.line}`) fail(path ? `${path}.id` : 'id', 'wrong-id', 'must be "<source id>:<line>"', { expected: `${row.sourceId}:${row.line}` });
});

export const turnRow = shape<Turn>({
  id,
  dialogueId: id,
  index: count,
  speaker: oneOf(SPEAKERS),
  speakerRaw: text({ empty: true }),
  utterance: text({ empty: true }),
  endMarker: bool,
  pre: fieldValues,
  alignment: oneOf(ALIGNMENTS),
  fragments: count,
});

/** `check` on `row`; a problem is thrown with `where` (the file and line, the record) before its field. */
function assertShape(check: Check, row: unknown, where: string): void {
  try {
    check(row, '');
  } catch (error) {
    if (error instanceof RowProblem) throw new RowProblem(error.field, error.code, error.params, `${where}: ${error.message}`);
    throw error;
  }
}

export function validateDataset(dataset: Dataset): void {
  assertShape(datasetRow, dataset, `data set ${dataset.id}`);
}

export function validateSource(source: SourceRecord): void {
  assertShape(sourceRow, source, String(source.file));
}

export function validateDialogue(dialogue: Dialogue): void {
  const where = `${dialogue.file}:${dialogue.line}`;
  assertShape(dialogueRow, dialogue, where);
  if (dialogue.turnCount === 0) throw new ValidationError(`${where}: the dialogue has no turns`);
}

export function validateTurn(turn: Turn, where: string): void {
  assertShape(turnRow, turn, `${where}, turn ${Number(turn.index) + 1}`);
  if (turn.id !== `${turn.dialogueId}#${turn.index}`) throw new ValidationError(`${where}, turn ${turn.index + 1}: the id must be "<dialogue id>#<index>"`);
}
