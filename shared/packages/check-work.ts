/**
 * Checks a parsed work package against the owner's data set and the assignment it answers, and
 * turns it into the rows of an annotation layer. Every refusal is a PackageError naming the file,
 * the JSON path and why, so the owner knows whom to ask for what.
 */
import { codebookVersionHash, type Codebook } from '../codebook';
import { fieldAppliesTo, labelByCode, takesOneLabel } from '../codebook/lookup';
import type { FieldValue, FieldValues, SpeakerCode } from '../model/dataset';
import type { WorkTurnRecord } from '../model/assignment';
import { PackageError, type PackageErrorCode } from './json-reader';
import type { WorkField, WorkPackage } from './work-package';

export interface WorkTarget {
  /** the file name, for messages */
  file: string;
  dataset: { id: string; name: string };
  codebook: Codebook;
  /** the assignment sent from this data set with the work package's assignmentId; undefined when there is none */
  assignment: { id: string; dialogueIds: readonly string[]; codebookHash: string; annotatorName: string } | undefined;
  /** the stored turns of one of the data set's dialogues, by dialogue id */
  turnsOf(dialogueId: string): readonly { id: string; index: number; speaker: SpeakerCode }[] | undefined;
}

export interface WorkLayerTurn {
  dialogueId: string;
  turnId: string;
  values: FieldValues;
  work: WorkTurnRecord;
}

export interface CheckedWork {
  turns: WorkLayerTurn[];
  counts: { dialogues: number; turns: number; fields: number; unsure: number; verifiedTurns: number };
}

export function checkWork(work: WorkPackage, target: WorkTarget): CheckedWork {
  const fail: (where: string, problem: string, code?: PackageErrorCode) => never = (where, problem, code) => {
    throw new PackageError(target.file, where, problem, code);
  };
  if (work.dataset.id !== target.dataset.id) {
    fail('$.dataset.id', `the work is for data set "${work.dataset.name}" (${work.dataset.id}), not "${target.dataset.name}"; open that data set to import it`, 'dataset-mismatch');
  }
  const hash = codebookVersionHash(target.codebook);
  if (work.codebookHash !== hash) {
    fail('$.codebookHash', `the work was done against another version of the codebook (${work.codebookHash}); this data set uses "${target.codebook.id}" ${target.codebook.version} (${hash}); nothing was imported`, 'codebook-mismatch');
  }
  const assignment = target.assignment;
  if (!assignment) fail('$.assignmentId', `no assignment "${work.assignmentId}" was exported from this data set in this profile; only work on an assignment sent from here can be imported`, 'unknown-assignment');
  if (assignment.codebookHash !== work.codebookHash) {
    fail('$.codebookHash', `the assignment was sent with codebook ${assignment.codebookHash}, the work names ${work.codebookHash}`, 'codebook-mismatch');
  }
  const annotator = assignment.annotatorName;
  if (work.annotator.name !== annotator) fail('$.annotator.name', `the work is signed "${work.annotator.name}", but the assignment was sent to "${annotator}"; only that annotator's work can be imported`, 'annotator-mismatch');
  const assigned = new Set(assignment.dialogueIds);
  const fieldsById = new Map(target.codebook.fields.map((field) => [field.id, field]));
  const turns: WorkLayerTurn[] = [];
  const counts = { dialogues: 0, turns: 0, fields: 0, unsure: 0, verifiedTurns: 0 };
  work.dialogues.forEach((dialogue, d) => {
    const path = `$.dialogues[${d}]`;
    if (!assigned.has(dialogue.id)) fail(`${path}.id`, `dialogue "${dialogue.id}" was not part of the assignment`);
    const stored = target.turnsOf(dialogue.id);
    if (!stored) fail(`${path}.id`, `dialogue "${dialogue.id}" is no longer in the data set`);
    const byIndex = new Map(stored.map((turn) => [turn.index, turn]));
    let touched = false;
    dialogue.turns.forEach((turn, t) => {
      const turnPath = `${path}.turns[${t}]`;
      const storedTurn = byIndex.get(turn.index);
      if (!storedTurn) fail(`${turnPath}.index`, `the dialogue has no turn ${turn.index} (it has ${stored.length})`);
      const values: FieldValues = {};
      const record: WorkTurnRecord = { fields: {} };
      const speaker = correctedSpeaker(turn.fields.speaker) ?? storedTurn.speaker;
      const about = (fieldId?: string) => `dialogue "${dialogue.id}", turn ${turn.index + 1}${fieldId === undefined ? '' : `, ${fieldId}`}`;
      for (const [fieldId, field] of Object.entries(turn.fields)) {
        const fieldPath = `${turnPath}.fields.${fieldId}`;
        const def = fieldsById.get(fieldId);
        if (!def) fail(fieldPath, `"${fieldId}" is not a field of the codebook`);
        if (def.type === 'text') {
          if (field.text === null) fail(`${fieldPath}.text`, 'a free-text field needs its text');
        } else {
          if (field.text !== null) fail(`${fieldPath}.text`, 'must be null for a label field');
          if (!def.openVocabulary) {
            const stranger = field.codes.find((code) => !labelByCode(def, code));
            if (stranger !== undefined) fail(`${fieldPath}.codes`, `"${stranger}" is not a label of field "${fieldId}"`);
          }
          // the import's rules for a file's cell (normalizeValue, warnAboutLabels): one label in a one-label field
          if (takesOneLabel(def) && field.codes.length > 1) {
            fail(`${fieldPath}.codes`, `${about(fieldId)}: holds ${field.codes.length} labels (${field.codes.map((code) => `"${code}"`).join(', ')}), but this field takes one`);
          }
        }
        const value = fieldValueOf(field);
        // …and no value on a field that does not apply to the turn's speaker
        if (value.status !== 'empty' && !fieldAppliesTo(def, speaker)) {
          fail(fieldPath, `${about(fieldId)}: applies only to ${def.appliesTo} turns, and turn ${turn.index + 1} is ${speakerWords(speaker)}`);
        }
        if (field.reviewer !== annotator) fail(`${fieldPath}.reviewer`, `${about(fieldId)}: reviewed by "${field.reviewer}", but the assignment was sent to "${annotator}"`, 'annotator-mismatch');
        values[fieldId] = value;
        record.fields[fieldId] = { decision: field.decision, reviewer: field.reviewer, at: field.at };
        counts.fields += 1;
        if (field.decision === 'unsure') counts.unsure += 1;
      }
      if (turn.verified) {
        if (turn.verified.reviewer !== annotator) fail(`${turnPath}.verified.reviewer`, `${about()}: marked by "${turn.verified.reviewer}", but the assignment was sent to "${annotator}"`, 'annotator-mismatch');
        record.verified = { ...turn.verified };
        if (turn.verified.verified) counts.verifiedTurns += 1;
      }
      if (Object.keys(record.fields).length === 0 && !record.verified) return;
      turns.push({ dialogueId: dialogue.id, turnId: storedTurn.id, values, work: record });
      counts.turns += 1;
      touched = true;
    });
    if (touched) counts.dialogues += 1;
  });
  return { turns, counts };
}

/** The annotator's own correction of the turn's speaker, which the fields that apply then follow. */
function correctedSpeaker(field: WorkField | undefined): SpeakerCode | undefined {
  const [code] = field?.codes ?? [];
  return code === 'teacher' || code === 'student' ? code : undefined;
}

function speakerWords(speaker: SpeakerCode): string {
  return speaker === 'other' ? 'a turn of neither teacher nor student' : `a ${speaker} turn`;
}

/** An annotator's value as a layer value: codes for label fields, the text as `raw` for free text. */
export function fieldValueOf(field: WorkField): FieldValue {
  if (field.text !== null) return { raw: field.text, codes: [], unknown: [], status: field.text === '' ? 'empty' : 'ok' };
  return { raw: field.codes.join(', '), codes: [...field.codes], unknown: [], status: field.codes.length === 0 ? 'empty' : 'ok' };
}
