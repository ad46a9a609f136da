/**
 * Turns an authored dialogue into the SID-native record the pipeline writes, and
 * serialises records the way the pipeline's Python does (`json.dumps(record,
 * ensure_ascii=False)`: ", " and ": " separators, Chinese kept as is).
 */
import type { AnnotationFields, AuthoredDialogue, AuthoredTurn } from './authoring';
import { STUDENT_TYPES, type RosterEntry, type Topic } from './topics';

export interface SidTurn {
  role: string;
  content: string;
}

export interface SidAnnotation extends AnnotationFields {
  speaker: string;
  utterance: string;
}

export interface SidRecord {
  topic_id: number;
  topic_text: string;
  student_id: number;
  student_type: string;
  scenario: string;
  repeat_id: number;
  dialogue: SidTurn[];
  annotations: SidAnnotation[];
}

/** Every separator an annotator was seen to put between the values of a multi-valued cell. */
export const MULTI_VALUE_SEPARATOR = /\s*[,，、;；/]\s*/;

export function splitMultiValue(raw: string): string[] {
  return raw
    .split(MULTI_VALUE_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * 是 when the turn brings in a discipline the previous turn did not have; narrowing to a
 * subset is not a transfer (as in the format reference's example).
 */
export function disciplineTransfer(previousDiscipline: string | undefined, discipline: string): '是' | '否' {
  if (previousDiscipline === undefined) return '否';
  const previous = new Set(splitMultiValue(previousDiscipline));
  return splitMultiValue(discipline).some((name) => !previous.has(name)) ? '是' : '否';
}

function annotationFor(turn: AuthoredTurn, utterance: string, transfer: string, overrides: Partial<AnnotationFields> = {}): SidAnnotation {
  const fields = { ...turn.fields, ...overrides };
  // Key order as the pipeline writes it.
  return {
    speaker: turn.tweaks.annotatedSpeaker ?? turn.role,
    utterance,
    teacher_intent: fields.teacher_intent,
    teaching_strategy: fields.teaching_strategy,
    discipline: fields.discipline,
    discipline_transfer: transfer,
    student_cognition_state: fields.student_cognition_state,
    teacher_guidance_level: fields.teacher_guidance_level,
    cognitive_level: fields.cognitive_level,
  };
}

function annotationsFor(turn: AuthoredTurn, transfer: string): SidAnnotation[] {
  const { splitInto, annotatedAs, inventedAfter } = turn.tweaks;
  const own = splitInto
    ? splitInto.map((fragment) => annotationFor(turn, fragment.text, transfer, fragment.fields))
    : [annotationFor(turn, annotatedAs ?? turn.content, transfer)];
  if (!inventedAfter) return own;
  return [...own, { speaker: inventedAfter.speaker, utterance: inventedAfter.utterance, ...inventedAfter.fields }];
}

export function buildRecord(dialogue: AuthoredDialogue, topic: Topic, session: RosterEntry): SidRecord {
  const annotations: SidAnnotation[] = [];
  dialogue.turns.forEach((turn, index) => {
    const transfer = disciplineTransfer(dialogue.turns[index - 1]?.fields.discipline, turn.fields.discipline);
    annotations.push(...annotationsFor(turn, transfer));
  });
  return {
    topic_id: topic.id,
    topic_text: topic.text,
    student_id: dialogue.studentId,
    student_type: STUDENT_TYPES[dialogue.studentId],
    scenario: session.scenario,
    repeat_id: dialogue.repeatId,
    dialogue: dialogue.turns.map((turn) => ({ role: turn.role, content: turn.content })),
    annotations,
  };
}

/** Python `json.dumps(value, ensure_ascii=False)` layout, for plain JSON data. */
export function toPythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(toPythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${toPythonJson(item)}`)
      .join(', ')}}`;
  }
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return JSON.stringify(value);
  throw new Error(`toPythonJson: not plain JSON data: ${String(value)}`);
}

export function recordToJsonLine(record: SidRecord): string {
  return toPythonJson(record);
}
