/**
 * Checks on the hand-written dialogues, so that a typo never turns into an accidental quirk
 * and every deliberate quirk really is what the README says it is.
 */
import type { AuthoredDialogue, AuthoredField, AuthoredTurn } from './authoring';
import type { Vocabulary } from './codebook-vocabulary';
import { TEACHER_MODELS, TOPICS } from './topics';

export const END_MARKERS = ['[结束]', '[End]'] as const;

const TEACHER_ONLY: AuthoredField[] = ['teacher_intent', 'teaching_strategy', 'teacher_guidance_level'];
const STUDENT_ONLY: AuthoredField[] = ['student_cognition_state'];
const CHECKED_FIELDS: AuthoredField[] = [
  'teacher_intent',
  'teaching_strategy',
  'discipline',
  'student_cognition_state',
  'teacher_guidance_level',
  'cognitive_level',
];

export function dialogueLabel(dialogue: AuthoredDialogue): string {
  return `${dialogue.model} topic ${dialogue.topicId} student ${dialogue.studentId} repeat ${dialogue.repeatId}`;
}

const withoutWhitespace = (text: string) => text.replace(/\s+/g, '');

function checkAnnotatedAs(turn: AuthoredTurn, where: string): string[] {
  const { annotatedAs, annotatedAsKind } = turn.tweaks;
  if (annotatedAs === undefined) return annotatedAsKind ? [`${where}: annotatedAsKind without annotatedAs`] : [];
  if (annotatedAs === turn.content) return [`${where}: annotatedAs equals the turn text`];
  const sameAfterNfkc = annotatedAs.normalize('NFKC') === turn.content.normalize('NFKC');
  const sameWithoutWhitespace = withoutWhitespace(annotatedAs) === withoutWhitespace(turn.content);
  switch (annotatedAsKind) {
    case 'punctuation':
      return sameAfterNfkc ? [] : [`${where}: punctuation variant differs by more than full-/half-width forms`];
    case 'whitespace':
      return sameWithoutWhitespace && !sameAfterNfkc ? [] : [`${where}: whitespace variant differs by more than whitespace`];
    case 'marker-dropped':
      return END_MARKERS.some((marker) => turn.content === annotatedAs + marker)
        ? []
        : [`${where}: marker-dropped variant is not the turn text minus its end marker`];
    case 'paraphrase':
      return turn.content.includes(annotatedAs) || sameAfterNfkc || sameWithoutWhitespace
        ? [`${where}: paraphrase would still align to the turn`]
        : [];
    default:
      return [`${where}: annotatedAs needs an annotatedAsKind`];
  }
}

function checkTurn(turn: AuthoredTurn, where: string, vocabulary: Vocabulary): string[] {
  const problems: string[] = [];
  const notApplicable = turn.role === '学生' ? TEACHER_ONLY : STUDENT_ONLY;
  for (const field of notApplicable) {
    if (turn.fields[field] !== '') problems.push(`${where}: ${field} must be empty for a ${turn.role} turn`);
  }
  const required: AuthoredField[] =
    turn.role === '学生'
      ? ['student_cognition_state', 'cognitive_level', 'discipline']
      : ['teacher_intent', 'teacher_guidance_level', 'cognitive_level', 'discipline'];
  for (const field of required) {
    if (turn.fields[field] === '') problems.push(`${where}: ${field} is empty`);
  }
  const deliberate = new Set(turn.tweaks.outOfVocabulary ?? []);
  for (const field of CHECKED_FIELDS) {
    const unknown = vocabulary.unknownParts(field, turn.fields[field]);
    if (deliberate.has(field) && unknown.length === 0) problems.push(`${where}: ${field} is marked out of vocabulary but is known`);
    if (!deliberate.has(field) && unknown.length > 0) problems.push(`${where}: ${field} has unknown value(s) ${unknown.join(' | ')}`);
  }
  const { splitInto } = turn.tweaks;
  if (splitInto) {
    if (splitInto.length < 2) problems.push(`${where}: a split needs at least two fragments`);
    if (splitInto.map((fragment) => fragment.text).join('') !== turn.content) {
      problems.push(`${where}: split fragments do not concatenate to the turn text`);
    }
    if (turn.tweaks.annotatedAs !== undefined) problems.push(`${where}: a split turn cannot also have annotatedAs`);
  }
  problems.push(...checkAnnotatedAs(turn, where));
  return problems;
}

export function checkDialogue(dialogue: AuthoredDialogue, vocabulary: Vocabulary): string[] {
  const label = dialogueLabel(dialogue);
  const problems: string[] = [];
  const { turns } = dialogue;
  if (turns.length < 6 || turns.length > 14) problems.push(`${label}: ${turns.length} turns, expected 6–14`);
  turns.forEach((turn, index) => {
    const expectedRole = index % 2 === 0 ? '学生' : '教师';
    const where = `${label}, turn ${index + 1}`;
    if (turn.role !== expectedRole) problems.push(`${where}: expected a ${expectedRole} turn`);
    problems.push(...checkTurn(turn, where, vocabulary));
  });
  const contents = turns.map((turn) => turn.content);
  if (new Set(contents).size !== contents.length) problems.push(`${label}: two turns have the same text`);
  const teacherTurns = turns.filter((turn) => turn.role === '教师');
  const lastTeacher = teacherTurns[teacherTurns.length - 1];
  const endsWithTeacher = turns[turns.length - 1]?.role === '教师';
  const hasMarker = (turn: AuthoredTurn) => END_MARKERS.some((marker) => turn.content.endsWith(marker));
  if (endsWithTeacher && lastTeacher && !hasMarker(lastTeacher)) problems.push(`${label}: the closing teacher turn has no end marker`);
  teacherTurns.slice(0, -1).forEach((turn) => {
    if (END_MARKERS.some((marker) => turn.content.includes(marker))) problems.push(`${label}: an end marker before the last teacher turn`);
  });
  return problems;
}

/** Every model must have run exactly the topic roster, as in a benchmark. */
export function checkRoster(dialogues: AuthoredDialogue[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const dialogue of dialogues) {
    const key = dialogueLabel(dialogue);
    seen.set(key, (seen.get(key) ?? 0) + 1);
    const topic = TOPICS.find((candidate) => candidate.id === dialogue.topicId);
    if (!topic) problems.push(`${key}: unknown topic`);
    else if (!topic.roster.some((entry) => entry.studentId === dialogue.studentId && entry.repeatId === dialogue.repeatId)) {
      problems.push(`${key}: not in the roster of topic ${topic.id}`);
    }
  }
  for (const model of TEACHER_MODELS) {
    for (const topic of TOPICS) {
      for (const entry of topic.roster) {
        const key = dialogueLabel({ model, topicId: topic.id, studentId: entry.studentId, repeatId: entry.repeatId, turns: [] });
        const count = seen.get(key) ?? 0;
        if (count !== 1) problems.push(`${key}: written ${count} times, expected once`);
      }
    }
  }
  return problems;
}
