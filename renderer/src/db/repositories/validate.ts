import type { Dataset, Dialogue, FieldValue, SourceRecord, Turn } from '../../../../shared/model/dataset';

/** A row refused before it reached IndexedDB; the message names the record and the problem. */
export class ValidationError extends Error {
  override name = 'ValidationError';
}

const SPEAKERS = new Set(['teacher', 'student', 'other']);
const VALUE_STATUSES = new Set(['ok', 'empty', 'unknown', 'conflict']);
const ALIGNMENTS = new Set(['exact', 'normalized', 'containment', 'mapped', 'none']);
const FORMATS = new Set(['sid-jsonl', 'sid-json', 'delimited', 'mathdial', 'bridge']);

function fail(where: string, problem: string): never {
  throw new ValidationError(`${where}: ${problem}`);
}

function requireText(where: string, field: string, value: unknown, { allowEmpty = false } = {}): void {
  if (typeof value !== 'string') fail(where, `${field} must be text`);
  if (!allowEmpty && value.trim() === '') fail(where, `${field} is empty`);
}

function requireCount(where: string, field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    fail(where, `${field} must be a whole number ≥ 0 (got ${String(value)})`);
  }
}

function requireStringArray(where: string, field: string, value: unknown): void {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) fail(where, `${field} must be a list of text`);
}

export const DATASET_NAME_MAX = 200;

export function validateDatasetName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new ValidationError('The data set needs a name.');
  if (trimmed.length > DATASET_NAME_MAX) throw new ValidationError(`The data set name is longer than ${DATASET_NAME_MAX} characters.`);
  return trimmed;
}

export function validateDataset(dataset: Dataset): void {
  const where = `data set ${dataset.id}`;
  requireText(where, 'id', dataset.id);
  validateDatasetName(dataset.name);
  requireText(where, 'codebookId', dataset.codebookId);
  if (Number.isNaN(Date.parse(dataset.createdAt))) fail(where, 'createdAt is not a date');
}

export function validateSource(source: SourceRecord): void {
  const where = `${source.file}`;
  requireText(where, 'source id', source.id);
  requireText(where, 'datasetId', source.datasetId);
  requireText(where, 'file name', source.file);
  requireText(where, 'contentHash', source.contentHash);
  requireText(where, 'teacher model', source.teacherModel, { allowEmpty: true });
  if (!FORMATS.has(source.format)) fail(where, `unknown format ${String(source.format)}`);
  requireCount(where, 'dialogues', source.dialogues);
  requireCount(where, 'turns', source.turns);
  requireCount(where, 'warnings', source.warnings);
}

function validateFieldValue(where: string, fieldId: string, value: FieldValue): void {
  if (typeof value !== 'object' || value === null) fail(where, `value of ${fieldId} is missing`);
  requireText(where, `${fieldId}.raw`, value.raw, { allowEmpty: true });
  requireStringArray(where, `${fieldId}.codes`, value.codes);
  requireStringArray(where, `${fieldId}.unknown`, value.unknown);
  if (!VALUE_STATUSES.has(value.status)) fail(where, `${fieldId} has an unknown status ${String(value.status)}`);
}

export function validateDialogue(dialogue: Dialogue): void {
  const where = `${dialogue.file}:${dialogue.line}`;
  requireText(where, 'dialogue id', dialogue.id);
  requireText(where, 'datasetId', dialogue.datasetId);
  requireText(where, 'sourceId', dialogue.sourceId);
  requireText(where, 'external id', dialogue.externalId);
  requireText(where, 'teacher model', dialogue.teacherModel, { allowEmpty: true });
  requireText(where, 'topic text', dialogue.topicText, { allowEmpty: true });
  requireText(where, 'student type', dialogue.studentType, { allowEmpty: true });
  requireText(where, 'scenario', dialogue.scenario, { allowEmpty: true });
  requireCount(where, 'line', dialogue.line);
  requireCount(where, 'turnCount', dialogue.turnCount);
  requireCount(where, 'flaggedCount', dialogue.flaggedCount);
  if (dialogue.turnCount === 0) fail(where, 'the dialogue has no turns');
  if (typeof dialogue.extra !== 'object' || dialogue.extra === null || Array.isArray(dialogue.extra)) fail(where, 'extra must be an object');
  if (!Array.isArray(dialogue.unaligned)) fail(where, 'unaligned must be a list');
}

export function validateTurn(turn: Turn, where: string): void {
  const at = `${where}, turn ${turn.index + 1}`;
  requireText(at, 'turn id', turn.id);
  requireText(at, 'dialogueId', turn.dialogueId);
  requireCount(at, 'index', turn.index);
  if (!SPEAKERS.has(turn.speaker)) fail(at, `unknown speaker ${String(turn.speaker)}`);
  requireText(at, 'speakerRaw', turn.speakerRaw, { allowEmpty: true });
  requireText(at, 'utterance', turn.utterance, { allowEmpty: true });
  if (typeof turn.endMarker !== 'boolean') fail(at, 'endMarker must be true or false');
  if (!ALIGNMENTS.has(turn.alignment)) fail(at, `unknown alignment ${String(turn.alignment)}`);
  requireCount(at, 'fragments', turn.fragments);
  if (typeof turn.pre !== 'object' || turn.pre === null) fail(at, 'pre-annotation must be an object');
  for (const [fieldId, value] of Object.entries(turn.pre)) validateFieldValue(at, fieldId, value);
}
