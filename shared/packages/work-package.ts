/**
 * The work package (issue 11): what an annotator sends back for an assignment. One JSON object:
 *
 *   { "maieutic": "work", "version": 1, id, assignmentId, createdAt, annotator: { name },
 *     dataset: { id, name }, codebookHash, dialogues: [{ id, status, turns: [...] }] }
 *
 * `dataset` and `codebookHash` are copied from the assignment, so the owner's profile can refuse
 * work meant for another data set or done against another version of the codebook. Each turn
 * holds the annotator's values per field (decision, label codes or text, who and when) and the
 * turn's verified flag; turns the annotator did not touch are left out.
 */
import type { DialogueStatus, ReviewDecision } from '../model/review';
import { PackageReader, parsePackageJson } from './json-reader';

export const WORK_PACKAGE_VERSION = 1;

export interface WorkField {
  decision: ReviewDecision;
  /** label codes; empty for a free-text field */
  codes: string[];
  /** the corrected text of a free-text field (utterance); null for label fields */
  text: string | null;
  reviewer: string;
  at: string;
}

export interface WorkVerified {
  verified: boolean;
  reviewer: string;
  at: string;
}

export interface WorkTurn {
  index: number;
  fields: Record<string, WorkField>;
  /** absent when the annotator never marked the turn */
  verified?: WorkVerified;
}

export interface WorkDialogue {
  /** the dialogue's id in the owner's data set, as the assignment named it */
  id: string;
  status: DialogueStatus;
  turns: WorkTurn[];
}

export interface WorkPackage {
  maieutic: 'work';
  version: typeof WORK_PACKAGE_VERSION;
  id: string;
  assignmentId: string;
  createdAt: string;
  annotator: { name: string };
  dataset: { id: string; name: string };
  codebookHash: string;
  dialogues: WorkDialogue[];
}

const DECISIONS: readonly ReviewDecision[] = ['accepted', 'changed', 'unsure', 'labelled'];
const STATUSES: readonly DialogueStatus[] = ['unreviewed', 'in-progress', 'verified'];

/** Reads and checks a work package's shape; throws PackageError naming the file, the JSON path and the problem. */
export function parseWorkPackage(text: string, file: string): WorkPackage {
  const read = new PackageReader(file);
  const root = read.header(parsePackageJson(text, file), 'work', WORK_PACKAGE_VERSION);
  const annotator = read.object(root.annotator, '$.annotator');
  const dataset = read.object(root.dataset, '$.dataset');
  const seen = new Set<string>();
  const dialogues = read.array(root, 'dialogues', '$').map((value, i) => {
    const path = `$.dialogues[${i}]`;
    const obj = read.object(value, path);
    const id = read.string(obj, 'id', path);
    if (seen.has(id)) read.fail(`${path}.id`, `dialogue "${id}" appears twice`);
    seen.add(id);
    const turnIndexes = new Set<number>();
    const turns = read.array(obj, 'turns', path).map((turnValue, t) => {
      const turn = readWorkTurn(read, turnValue, `${path}.turns[${t}]`);
      if (turnIndexes.has(turn.index)) read.fail(`${path}.turns[${t}].index`, `turn ${turn.index} appears twice`);
      turnIndexes.add(turn.index);
      return turn;
    });
    return { id, status: read.oneOf(obj, 'status', path, STATUSES), turns };
  });
  return {
    maieutic: 'work',
    version: WORK_PACKAGE_VERSION,
    id: read.string(root, 'id', '$'),
    assignmentId: read.string(root, 'assignmentId', '$'),
    createdAt: read.time(root, 'createdAt', '$'),
    annotator: { name: read.string(annotator, 'name', '$.annotator').trim() },
    dataset: { id: read.string(dataset, 'id', '$.dataset'), name: read.string(dataset, 'name', '$.dataset', { allowEmpty: true }) },
    codebookHash: read.string(root, 'codebookHash', '$'),
    dialogues,
  };
}

function readWorkTurn(read: PackageReader, value: unknown, path: string): WorkTurn {
  const obj = read.object(value, path);
  const fieldsObj = read.object(obj.fields, `${path}.fields`);
  const fields: Record<string, WorkField> = {};
  for (const [fieldId, raw] of Object.entries(fieldsObj)) {
    const fieldPath = `${path}.fields.${fieldId}`;
    const field = read.object(raw, fieldPath);
    fields[fieldId] = {
      decision: read.oneOf(field, 'decision', fieldPath, DECISIONS),
      codes: read.strings(field, 'codes', fieldPath),
      text: read.nullableString(field, 'text', fieldPath),
      reviewer: read.string(field, 'reviewer', fieldPath),
      at: read.time(field, 'at', fieldPath),
    };
  }
  const turn: WorkTurn = { index: read.index(obj, 'index', path), fields };
  if (obj.verified !== undefined) {
    const verifiedPath = `${path}.verified`;
    const verified = read.object(obj.verified, verifiedPath);
    turn.verified = { verified: read.boolean(verified, 'verified', verifiedPath), reviewer: read.string(verified, 'reviewer', verifiedPath), at: read.time(verified, 'at', verifiedPath) };
  }
  return turn;
}

/** Which kind of Maieutic package a file's text holds, read cheaply from its header (null: none). */
export function packageKindOf(text: string): 'assignment' | 'work' | null {
  const head = text.slice(0, 200);
  const match = /^\uFEFF?\s*\{\s*"maieutic"\s*:\s*"(assignment|work)"/.exec(head);
  return match ? (match[1] as 'assignment' | 'work') : null;
}
