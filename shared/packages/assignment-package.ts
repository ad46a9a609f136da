/**
 * The assignment package (issue 11): the file a data set's owner sends an annotator, holding the
 * chosen dialogues and the codebook to label them with. One JSON object:
 *
 *   { "maieutic": "assignment", "version": 1, id, createdAt, annotator: { name },
 *     dataset: { id, name }, codebook, codebookHash, blind, dialogues: [...] }
 *
 * Each dialogue carries its header fields and its turns (speaker, utterance). `pre` (the imported
 * LLM pre-annotation) is written only when the package is not blind. Other annotators' values
 * (attached layers, the owner's own review) are never written, blind or not: double annotation
 * is only worth something when the second annotator's labels are independent of the first's.
 */
import { CodebookError, codebookVersionHash, parseCodebook, type Codebook } from '../codebook';
import { dialogueHeader, type DialogueHeader, type FieldValue, type FieldValues, type SpeakerCode, type ValueStatus } from '../model/dataset';
import { PackageError, PackageReader, parsePackageJson, type JsonObject } from './json-reader';

export const ASSIGNMENT_PACKAGE_VERSION = 1;

export interface PackageTurn {
  /** 0-based position in the dialogue, as in the owner's data set */
  index: number;
  speaker: SpeakerCode;
  speakerRaw: string;
  utterance: string;
  endMarker: boolean;
  /** the LLM pre-annotation; absent in a blind package */
  pre?: FieldValues;
}

export interface PackageDialogue extends DialogueHeader {
  /** the dialogue's id in the owner's data set: the work package refers to it */
  id: string;
  turns: PackageTurn[];
}

export interface AssignmentPackage {
  maieutic: 'assignment';
  version: typeof ASSIGNMENT_PACKAGE_VERSION;
  id: string;
  createdAt: string;
  annotator: { name: string };
  dataset: { id: string; name: string };
  codebook: Codebook;
  /** codebookVersionHash(codebook): checked on opening, and written back into the work package */
  codebookHash: string;
  blind: boolean;
  dialogues: PackageDialogue[];
}

/** A dialogue of the owner's data set as the package builder needs it. */
export interface AssignmentSourceDialogue extends Omit<PackageDialogue, 'turns'> {
  turns: (Omit<PackageTurn, 'pre'> & { pre: FieldValues })[];
}

export interface BuildAssignmentInput {
  id: string;
  createdAt: string;
  annotatorName: string;
  dataset: { id: string; name: string };
  codebook: Codebook;
  blind: boolean;
  dialogues: readonly AssignmentSourceDialogue[];
}

export function buildAssignmentPackage(input: BuildAssignmentInput): AssignmentPackage {
  const annotatorName = input.annotatorName.trim();
  if (annotatorName === '') throw new Error('An assignment needs the name of the annotator it is for.');
  if (input.dialogues.length === 0) throw new Error('An assignment needs at least one dialogue.');
  return {
    maieutic: 'assignment',
    version: ASSIGNMENT_PACKAGE_VERSION,
    id: input.id,
    createdAt: input.createdAt,
    annotator: { name: annotatorName },
    dataset: { id: input.dataset.id, name: input.dataset.name },
    codebook: input.codebook,
    codebookHash: codebookVersionHash(input.codebook),
    blind: input.blind,
    dialogues: input.dialogues.map((dialogue) => ({
      id: dialogue.id,
      ...dialogueHeader(dialogue),
      turns: dialogue.turns.map(({ index, speaker, speakerRaw, utterance, endMarker, pre }) =>
        input.blind ? { index, speaker, speakerRaw, utterance, endMarker } : { index, speaker, speakerRaw, utterance, endMarker, pre },
      ),
    })),
  };
}

export function serializePackage(pkg: object): string {
  return `${JSON.stringify(pkg, null, 1)}\n`;
}

const SPEAKERS: readonly SpeakerCode[] = ['teacher', 'student', 'other'];
const STATUSES: readonly ValueStatus[] = ['ok', 'empty', 'unknown', 'conflict'];

/** Reads and checks an assignment package; throws PackageError naming the file, the JSON path and the problem. */
export function parseAssignmentPackage(text: string, file: string): AssignmentPackage {
  const read = new PackageReader(file);
  const root = read.header(parsePackageJson(text, file), 'assignment', ASSIGNMENT_PACKAGE_VERSION);
  const annotator = read.object(root.annotator, '$.annotator');
  const dataset = read.object(root.dataset, '$.dataset');
  let codebook: Codebook;
  try {
    codebook = parseCodebook(root.codebook, file);
  } catch (error) {
    if (error instanceof CodebookError) read.fail('$.codebook', error.problems[0] ?? 'is not a valid codebook');
    throw error;
  }
  const codebookHash = read.string(root, 'codebookHash', '$');
  if (codebookVersionHash(codebook) !== codebookHash) {
    read.fail('$.codebookHash', 'does not match the codebook the package carries: the file was edited or damaged after it was exported; ask for a fresh package', 'codebook-mismatch');
  }
  const fieldIds = new Set(codebook.fields.map((field) => field.id));
  const seen = new Set<string>();
  const dialogues = read.array(root, 'dialogues', '$').map((value, i) => {
    const dialogue = readDialogue(read, value, `$.dialogues[${i}]`, fieldIds);
    if (seen.has(dialogue.id)) read.fail(`$.dialogues[${i}].id`, `dialogue "${dialogue.id}" appears twice`);
    seen.add(dialogue.id);
    return dialogue;
  });
  if (dialogues.length === 0) read.fail('$.dialogues', 'holds no dialogue');
  const blind = read.boolean(root, 'blind', '$');
  if (blind && dialogues.some((dialogue) => dialogue.turns.some((turn) => turn.pre !== undefined))) {
    read.fail('$.blind', 'the package is marked blind but carries pre-annotations');
  }
  return {
    maieutic: 'assignment',
    version: ASSIGNMENT_PACKAGE_VERSION,
    id: read.string(root, 'id', '$'),
    createdAt: read.time(root, 'createdAt', '$'),
    annotator: { name: read.string(annotator, 'name', '$.annotator').trim() },
    dataset: { id: read.string(dataset, 'id', '$.dataset'), name: read.string(dataset, 'name', '$.dataset', { allowEmpty: true }) },
    codebook,
    codebookHash,
    blind,
    dialogues,
  };
}

function readDialogue(read: PackageReader, value: unknown, path: string, fieldIds: ReadonlySet<string>): PackageDialogue {
  const obj = read.object(value, path);
  const turns = read.array(obj, 'turns', path).map((turn, i) => readTurn(read, turn, `${path}.turns[${i}]`, fieldIds));
  if (turns.length === 0) read.fail(`${path}.turns`, 'holds no turn');
  turns.forEach((turn, i) => {
    if (turn.index !== i) read.fail(`${path}.turns[${i}].index`, `must be ${i} (turns are numbered 0, 1, 2, … in order; found ${turn.index})`);
  });
  return {
    id: read.string(obj, 'id', path),
    externalId: read.string(obj, 'externalId', path, { allowEmpty: true }),
    teacherModel: read.string(obj, 'teacherModel', path, { allowEmpty: true }),
    topicId: read.nullableString(obj, 'topicId', path),
    topicText: read.string(obj, 'topicText', path, { allowEmpty: true }),
    studentId: read.nullableString(obj, 'studentId', path),
    studentType: read.string(obj, 'studentType', path, { allowEmpty: true }),
    scenario: read.string(obj, 'scenario', path, { allowEmpty: true }),
    repeatId: read.nullableString(obj, 'repeatId', path),
    turns,
  };
}

function readTurn(read: PackageReader, value: unknown, path: string, fieldIds: ReadonlySet<string>): PackageTurn {
  const obj = read.object(value, path);
  const turn: PackageTurn = {
    index: read.index(obj, 'index', path),
    speaker: read.oneOf(obj, 'speaker', path, SPEAKERS),
    speakerRaw: read.string(obj, 'speakerRaw', path, { allowEmpty: true }),
    utterance: read.string(obj, 'utterance', path, { allowEmpty: true }),
    endMarker: read.boolean(obj, 'endMarker', path),
  };
  if (obj.pre !== undefined) turn.pre = readFieldValues(read, obj.pre, `${path}.pre`, fieldIds);
  return turn;
}

function readFieldValues(read: PackageReader, value: unknown, path: string, fieldIds: ReadonlySet<string>): FieldValues {
  const obj: JsonObject = read.object(value, path);
  const values: FieldValues = {};
  for (const [fieldId, raw] of Object.entries(obj)) {
    if (!fieldIds.has(fieldId)) read.fail(`${path}.${fieldId}`, `"${fieldId}" is not a field of the package's codebook`);
    const fieldPath = `${path}.${fieldId}`;
    const field = read.object(raw, fieldPath);
    const fieldValue: FieldValue = {
      raw: read.string(field, 'raw', fieldPath, { allowEmpty: true }),
      codes: read.strings(field, 'codes', fieldPath),
      unknown: read.strings(field, 'unknown', fieldPath),
      status: read.oneOf(field, 'status', fieldPath, STATUSES),
    };
    values[fieldId] = fieldValue;
  }
  return values;
}

export { PackageError };
