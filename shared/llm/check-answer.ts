import { fieldAppliesTo } from '../codebook/lookup';
import type { Codebook } from '../codebook/types';
import { resolveSpeaker } from '../import/speaker';
import type { FieldValues } from '../model/dataset';
import { type CheckedAnswer, sealCheckedAnswer, type TurnLabels } from './checked-answer';
import { type AskedField, askedFields, TURN_KEY } from './asked-fields';
import { describeValue, emptyValue, isNoValue, readAppliedValue } from './answer-values';
import type { DialogueTurn } from './dialogue-turn';
import type { TurnWindow } from './windows';

export type AnswerProblemCode =
  | 'not-an-object'
  | 'no-turns'
  | 'unexpected-key'
  | 'turn-not-an-object'
  | 'bad-turn-number'
  | 'unexpected-turn'
  | 'duplicate-turn'
  | 'missing-turn'
  | 'wrong-turn-count'
  | 'speaker-mismatch'
  | 'missing-field'
  | 'missing-value'
  | 'not-applicable'
  | 'unknown-label'
  | 'wrong-type'
  | 'more-problems';

/** Why an answer is not used, in English words (recorded with the failed item and shown for manual review). */
export interface AnswerProblem {
  code: AnswerProblemCode;
  /** the turn's 1-based number in the dialogue, when the problem is about one turn */
  turn?: number;
  field?: string;
  message: string;
}

/** Only `ok: true` carries labels; a failed check has problems and nothing that could be stored as labels. */
export type AnswerCheck = { ok: true; answer: CheckedAnswer } | { ok: false; problems: AnswerProblem[] };

export const MAX_ANSWER_PROBLEMS = 50;

class Problems {
  readonly list: AnswerProblem[] = [];
  private dropped = 0;
  add(problem: AnswerProblem): void {
    if (this.list.length < MAX_ANSWER_PROBLEMS) this.list.push(problem);
    else this.dropped++;
  }
  done(): AnswerProblem[] {
    if (this.dropped > 0) return [...this.list, { code: 'more-problems', message: `and ${this.dropped} more problem(s)` }];
    return this.list;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface TurnContext {
  codebook: Codebook;
  asked: AskedField[];
  askedIds: ReadonlySet<string>;
  /** codebook fields that are given, not asked (speaker, utterance, free text): an answer may echo them */
  givenIds: ReadonlySet<string>;
  problems: Problems;
}

function checkEcho(context: TurnContext, entry: Record<string, unknown>, number: number, turn: DialogueTurn): void {
  const echoed = entry.speaker;
  if (!context.givenIds.has('speaker') || echoed === undefined || echoed === null) return;
  const speaker = typeof echoed === 'string' ? resolveSpeaker(context.codebook, echoed) : null;
  if (speaker !== turn.speaker) {
    context.problems.add({ code: 'speaker-mismatch', turn: number, field: 'speaker', message: `turn ${number}: the answer names the speaker ${describeValue(echoed)}, but turn ${number} is the ${turn.speaker}'s; the answer is out of step with the dialogue` });
  }
}

function turnValues(context: TurnContext, entry: Record<string, unknown>, number: number, turn: DialogueTurn): FieldValues {
  const where = `turn ${number} (${turn.speaker})`;
  for (const key of Object.keys(entry)) {
    if (key !== TURN_KEY && !context.askedIds.has(key) && !context.givenIds.has(key)) {
      context.problems.add({ code: 'unexpected-key', turn: number, message: `${where}: ${describeValue(key)} is not a field of the codebook` });
    }
  }
  checkEcho(context, entry, number, turn);
  const values: FieldValues = {};
  for (const asked of context.asked) {
    const { field } = asked;
    const present = Object.hasOwn(entry, field.id);
    const answer = present ? entry[field.id] : undefined;
    if (!fieldAppliesTo(field, turn.speaker)) {
      if (!isNoValue(answer)) context.problems.add({ code: 'not-applicable', turn: number, field: field.id, message: `${where}: ${field.id} does not apply to the ${turn.speaker}'s turns, but the answer gives ${describeValue(answer)} (null expected)` });
      values[field.id] = emptyValue();
      continue;
    }
    if (!present) {
      context.problems.add({ code: 'missing-field', turn: number, field: field.id, message: `${where}: the answer gives no ${field.id}` });
      continue;
    }
    const read = readAppliedValue(asked, answer);
    if (read.ok) values[field.id] = read.value;
    else context.problems.add({ code: read.code, turn: number, field: field.id, message: `${where}: ${read.message}` });
  }
  return values;
}

function givenFieldIds(codebook: Codebook, askedIds: ReadonlySet<string>): Set<string> {
  const given = new Set(codebook.fields.filter((field) => !askedIds.has(field.id)).map((field) => field.id));
  given.add('speaker');
  given.add('utterance');
  return given;
}

/**
 * Checks a parsed answer against the turns of `window` (the dialogue's numbering) and the codebook:
 * the turn numbers (each asked turn once, none other), the turn count, an echoed speaker, every
 * asked field where it applies and none where it does not, labels through the import's
 * normaliser, the type of each value. Any problem fails the whole answer: a half-right answer is
 * not stored, it is retried or listed for manual review.
 */
export function checkAnswer(args: { codebook: Codebook; turns: readonly DialogueTurn[]; window: TurnWindow; answer: unknown }): AnswerCheck {
  const { codebook, turns, window, answer } = args;
  if (window.start < 0 || window.end > turns.length || window.start >= window.end) throw new RangeError(`The window ${window.start}-${window.end} does not lie within the dialogue's ${turns.length} turns.`);
  const problems = new Problems();
  const first = window.start + 1;
  const last = window.end;
  const expected = window.end - window.start;
  if (!isObject(answer)) return { ok: false, problems: [{ code: 'not-an-object', message: `the answer must be one JSON object, not ${describeValue(answer)}` }] };
  const list = answer.turns;
  if (!Array.isArray(list)) return { ok: false, problems: [{ code: 'no-turns', message: `the answer must hold a "turns" list (it has ${Object.keys(answer).length === 0 ? 'no keys' : `the keys ${Object.keys(answer).slice(0, 5).map((key) => describeValue(key)).join(', ')}`})` }] };
  for (const key of Object.keys(answer)) if (key !== 'turns') problems.add({ code: 'unexpected-key', message: `the answer holds ${describeValue(key)} beside "turns"` });
  if (list.length !== expected) problems.add({ code: 'wrong-turn-count', message: `the answer has ${list.length} turn(s); turns ${first} to ${last} (${expected}) were asked` });

  const asked = askedFields(codebook);
  const askedIds = new Set(asked.map((field) => field.field.id));
  const context: TurnContext = { codebook, asked, askedIds, givenIds: givenFieldIds(codebook, askedIds), problems };
  const byNumber = new Map<number, FieldValues>();
  list.forEach((entry, position) => {
    if (!isObject(entry)) {
      problems.add({ code: 'turn-not-an-object', message: `item ${position + 1} of "turns" is ${describeValue(entry)}, not an object` });
      return;
    }
    const number = entry[TURN_KEY];
    if (typeof number !== 'number' || !Number.isInteger(number)) {
      problems.add({ code: 'bad-turn-number', message: `item ${position + 1} of "turns" has the turn number ${describeValue(number)}; a whole number is expected` });
      return;
    }
    if (number < first || number > last) {
      problems.add({ code: 'unexpected-turn', turn: number, message: `the answer gives turn ${number}, which is not among turns ${first} to ${last}` });
      return;
    }
    if (byNumber.has(number)) {
      problems.add({ code: 'duplicate-turn', turn: number, message: `the answer gives turn ${number} more than once` });
      return;
    }
    byNumber.set(number, turnValues(context, entry, number, turns[number - 1]));
  });
  for (let number = first; number <= last; number++) {
    if (!byNumber.has(number)) problems.add({ code: 'missing-turn', turn: number, message: `the answer gives no turn ${number}` });
  }
  const found = problems.done();
  if (found.length > 0) return { ok: false, problems: found };
  const labelled: TurnLabels[] = [];
  for (let number = first; number <= last; number++) labelled.push({ turn: number, values: byNumber.get(number)! });
  return { ok: true, answer: sealCheckedAnswer(window, labelled) };
}
