import { describe, expect, it } from 'vitest';
import { normalizeValue, parseCodebook } from '../../../../shared/codebook';
import { type AnswerCheck, askedFields, checkAnswer, type CheckedAnswer, MAX_ANSWER_PROBLEMS } from '../../../../shared/llm';
import { seededRandom } from '../../../../shared/metrics/random';
import type { ParsedDialogue } from '../../../../shared/model/dataset';
import { answerFromPre, CUSTOM_CODEBOOK, intendedCodes, SID_CODEBOOK, sampleDialogues, type Spelling, turnsOf } from './support';

const dialogues = sampleDialogues();
const dialogue = dialogues.find((candidate) => candidate.turns.length >= 8 && candidate.turns[0].speaker === 'student')!;
const whole = { start: 0, end: dialogue.turns.length };

function check(answer: unknown, window = whole, of: ParsedDialogue = dialogue) {
  return checkAnswer({ codebook: SID_CODEBOOK, turns: turnsOf(of), window, answer });
}

function problemsOf(result: AnswerCheck) {
  if (result.ok) throw new Error('expected the answer to fail');
  return result.problems;
}

function answerOf(result: AnswerCheck): CheckedAnswer {
  if (!result.ok) throw new Error(`expected the answer to pass: ${result.problems.map((problem) => problem.message).join('; ')}`);
  return result.answer;
}

function correct(of: ParsedDialogue = dialogue, window = whole) {
  return answerFromPre(SID_CODEBOOK, of, window) as { turns: Record<string, unknown>[] };
}

/** the first student turn and the first teacher turn of the dialogue (1-based) */
const studentTurn = dialogue.turns.findIndex((turn) => turn.speaker === 'student') + 1;
const teacherTurn = dialogue.turns.findIndex((turn) => turn.speaker === 'teacher') + 1;

describe('checkAnswer on real dialogues', () => {
  it('passes a correct answer for every sample dialogue and gives the labels the import read', () => {
    for (const sample of dialogues) {
      const window = { start: 0, end: sample.turns.length };
      const answer = answerOf(check(correct(sample, window), window, sample));
      expect(answer.window).toEqual(window);
      expect(answer.turns.map((turn) => turn.turn)).toEqual(sample.turns.map((_, index) => index + 1));
      answer.turns.forEach((labels, index) => {
        const turn = sample.turns[index];
        for (const asked of askedFields(SID_CODEBOOK)) {
          const applies = asked.field.appliesTo === 'all' || asked.field.appliesTo === turn.speaker;
          const value = labels.values[asked.field.id];
          if (applies) expect(value.codes, `${sample.externalId} turn ${index + 1} ${asked.field.id}`).toEqual(intendedCodes(asked, turn.pre));
          else expect(value).toEqual({ raw: '', codes: [], unknown: [], status: 'empty' });
        }
        expect(Object.keys(labels.values)).not.toContain('speaker');
        expect(Object.keys(labels.values)).not.toContain('utterance');
      });
    }
  });

  it('normalises Chinese and English names and aliases as the import does', () => {
    const random = seededRandom(11);
    const spellings: Spelling[] = ['code', 'zh', 'en', 'alias'];
    for (let run = 0; run < 30; run++) {
      const sample = dialogues[run % dialogues.length];
      const window = { start: 0, end: sample.turns.length };
      const spelled = answerFromPre(SID_CODEBOOK, sample, window, () => spellings[Math.floor(random() * spellings.length)]);
      const byCode = answerOf(check(correct(sample, window), window, sample));
      const bySpelling = answerOf(check(spelled, window, sample));
      expect(bySpelling.turns.map((turn) => Object.values(turn.values).map((value) => value.codes))).toEqual(byCode.turns.map((turn) => Object.values(turn.values).map((value) => value.codes)));
    }
    const answer = correct();
    const teacher = answer.turns[teacherTurn - 1];
    Object.assign(teacher, { teacher_intent: '引导推理', teaching_strategy: ['Hints', '追问'], teacher_guidance_level: 'Ｌ２', cognitive_level: '理解（Understand）' });
    const values = answerOf(check(answer)).turns[teacherTurn - 1].values;
    expect([values.teacher_intent.codes, values.teaching_strategy.codes, values.teacher_guidance_level.codes, values.cognitive_level.codes]).toEqual([['guide_reasoning'], ['provide_hints', 'follow_up_questioning'], ['L2'], ['understand']]);
    expect(values.teaching_strategy).toEqual(normalizeValue(SID_CODEBOOK.fields.find((field) => field.id === 'teaching_strategy')!, 'Hints, 追问'));
  });

  it('reads true and false, and yes/no spellings, for a boolean field', () => {
    const answer = correct();
    answer.turns[0].discipline_transfer = true;
    answer.turns[1].discipline_transfer = '否';
    answer.turns[2].discipline_transfer = 'Yes';
    const turns = answerOf(check(answer)).turns;
    expect(turns.slice(0, 3).map((turn) => turn.values.discipline_transfer)).toEqual([
      { raw: 'true', codes: ['yes'], unknown: [], status: 'ok' },
      { raw: '否', codes: ['no'], unknown: [], status: 'ok' },
      { raw: 'Yes', codes: ['yes'], unknown: [], status: 'ok' },
    ]);
  });

  it('keeps an unknown label of an open vocabulary, flagged as the import flags it', () => {
    const answer = correct();
    answer.turns[0].discipline = ['生物', 'Music'];
    expect(answerOf(check(answer)).turns[0].values.discipline).toEqual({ raw: '生物, Music', codes: ['biology'], unknown: ['Music'], status: 'unknown' });
  });

  it('takes the turns in any order', () => {
    const answer = correct();
    answer.turns.reverse();
    expect(answerOf(check(answer)).turns.map((turn) => turn.turn)).toEqual(dialogue.turns.map((_, index) => index + 1));
  });

  it('accepts "", [] and a missing key where a field does not apply', () => {
    const answer = correct();
    const student = answer.turns[studentTurn - 1];
    student.teacher_intent = '';
    student.teaching_strategy = [];
    delete student.teacher_guidance_level;
    expect(check(answer).ok).toBe(true);
  });
});

describe('checkAnswer refuses', () => {
  const cases: [string, (answer: { turns: Record<string, unknown>[] }) => unknown, string, string][] = [
    ['a list', (answer) => answer.turns, 'not-an-object', 'the answer must be one JSON object, not a list of ' + dialogue.turns.length],
    ['another key than turns', ({ turns }) => ({ annotations: turns }), 'no-turns', 'the answer must hold a "turns" list (it has the keys "annotations")'],
    ['a key beside turns', (answer) => ({ ...answer, reasoning: 'x' }), 'unexpected-key', 'the answer holds "reasoning" beside "turns"'],
    ['a turn that is not an object', (answer) => ({ turns: [...answer.turns.slice(1), 'turn 1'] }), 'turn-not-an-object', `item ${dialogue.turns.length} of "turns" is "turn 1", not an object`],
    ['a turn number that is not whole', (answer) => ({ turns: answer.turns.map((turn, index) => (index === 0 ? { ...turn, turn: '1' } : turn)) }), 'bad-turn-number', 'item 1 of "turns" has the turn number "1"; a whole number is expected'],
    ['a turn outside the dialogue', (answer) => ({ turns: [...answer.turns, { ...answer.turns[0], turn: dialogue.turns.length + 1 }] }), 'unexpected-turn', `the answer gives turn ${dialogue.turns.length + 1}, which is not among turns 1 to ${dialogue.turns.length}`],
    ['a 0-based turn number', (answer) => ({ turns: answer.turns.map((turn, index) => (index === 0 ? { ...turn, turn: 0 } : turn)) }), 'unexpected-turn', `the answer gives turn 0, which is not among turns 1 to ${dialogue.turns.length}`],
    ['a turn given twice', (answer) => ({ turns: [...answer.turns, answer.turns[2]] }), 'duplicate-turn', 'the answer gives turn 3 more than once'],
    ['a missing turn', (answer) => ({ turns: answer.turns.filter((_, index) => index !== 4) }), 'missing-turn', 'the answer gives no turn 5'],
    ['too few turns', (answer) => ({ turns: answer.turns.slice(0, -1) }), 'wrong-turn-count', `the answer has ${dialogue.turns.length - 1} turn(s); turns 1 to ${dialogue.turns.length} (${dialogue.turns.length}) were asked`],
    ['a label of a field that does not apply', (answer) => { answer.turns[studentTurn - 1].teacher_intent = 'guide_reasoning'; return answer; }, 'not-applicable', `turn ${studentTurn} (student): teacher_intent does not apply to the student's turns, but the answer gives "guide_reasoning" (null expected)`],
    ['a student state on a teacher turn', (answer) => { answer.turns[teacherTurn - 1].student_cognition_state = ['vague_understanding']; return answer; }, 'not-applicable', `turn ${teacherTurn} (teacher): student_cognition_state does not apply to the teacher's turns, but the answer gives a list of 1 (null expected)`],
    ['a label not in the codebook', (answer) => { answer.turns[teacherTurn - 1].teacher_intent = 'lecture'; return answer; }, 'unknown-label', `turn ${teacherTurn} (teacher): teacher_intent: "lecture" is not a label of this field`],
    ['a label of another field', (answer) => { answer.turns[teacherTurn - 1].teaching_strategy = ['guide_reasoning']; return answer; }, 'unknown-label', `turn ${teacherTurn} (teacher): teaching_strategy: "guide_reasoning" is not a label of this field`],
    ['a list for a one-label field', (answer) => { answer.turns[teacherTurn - 1].teacher_intent = ['guide_reasoning']; return answer; }, 'wrong-type', `turn ${teacherTurn} (teacher): teacher_intent takes one label, not a list of 1`],
    ['several labels for a one-label field', (answer) => { answer.turns[teacherTurn - 1].teacher_intent = 'guide_reasoning, check_understanding'; return answer; }, 'wrong-type', `turn ${teacherTurn} (teacher): teacher_intent takes one label but the answer gives several ("guide_reasoning, check_understanding")`],
    ['a text for a label-set field', (answer) => { answer.turns[teacherTurn - 1].teaching_strategy = 'provide_hints'; return answer; }, 'wrong-type', `turn ${teacherTurn} (teacher): teaching_strategy takes a list of labels, not "provide_hints"`],
    ['an object in a label list', (answer) => { answer.turns[0].discipline = ['biology', { code: 'x' }]; return answer; }, 'wrong-type', 'turn 1 (student): discipline takes a list of labels, and one of its items is an object'],
    ['a number for a boolean field', (answer) => { answer.turns[0].discipline_transfer = 1; return answer; }, 'wrong-type', 'turn 1 (student): discipline_transfer takes true or false, not 1'],
    ['another label for a boolean field', (answer) => { answer.turns[0].discipline_transfer = 'maybe'; return answer; }, 'unknown-label', 'turn 1 (student): discipline_transfer: "maybe" is not a label of this field'],
    ['null where a field applies', (answer) => { answer.turns[teacherTurn - 1].teacher_guidance_level = null; return answer; }, 'missing-value', `turn ${teacherTurn} (teacher): teacher_guidance_level applies to this turn but the answer gives null`],
    ['an empty label where a field applies', (answer) => { answer.turns[0].cognitive_level = ' '; return answer; }, 'missing-value', 'turn 1 (student): cognitive_level is empty'],
    ['a missing field that applies', (answer) => { delete answer.turns[0].cognitive_level; return answer; }, 'missing-field', 'turn 1 (student): the answer gives no cognitive_level'],
    ['a key that is not a field', (answer) => { answer.turns[0].rationale = 'because'; return answer; }, 'unexpected-key', 'turn 1 (student): "rationale" is not a field of the codebook'],
    ['an echoed speaker that is not the turn\'s', (answer) => { answer.turns[0].speaker = '教师'; return answer; }, 'speaker-mismatch', 'turn 1: the answer names the speaker "教师", but turn 1 is the student\'s; the answer is out of step with the dialogue'],
  ];

  it.each(cases)('%s', (_, corrupt, code, message) => {
    const problems = problemsOf(check(corrupt(correct())));
    expect(problems.map((problem) => problem.code)).toContain(code);
    expect(problems.find((problem) => problem.code === code)?.message).toBe(message);
  });

  it('reports a problem for each turn and field, and no more than the limit', () => {
    const answer = correct();
    for (const turn of answer.turns) turn.cognitive_level = 'genius';
    const problems = problemsOf(check(answer));
    expect(problems.filter((problem) => problem.code === 'unknown-label').map((problem) => [problem.turn, problem.field])).toEqual(answer.turns.map((_, index) => [index + 1, 'cognitive_level']));
    const many = { turns: Array.from({ length: MAX_ANSWER_PROBLEMS + 30 }, (_, index) => ({ turn: 1000 + index })) };
    const capped = problemsOf(check(many));
    expect(capped).toHaveLength(MAX_ANSWER_PROBLEMS + 1);
    expect(capped.at(-1)).toEqual({ code: 'more-problems', message: `and ${30 + 1 + dialogue.turns.length} more problem(s)` });
  });

  it('accepts an echoed speaker that matches, in any of its spellings', () => {
    const answer = correct();
    answer.turns.forEach((turn, index) => (turn.speaker = dialogue.turns[index].speaker === 'teacher' ? '老师' : 'Student'));
    expect(check(answer).ok).toBe(true);
  });

  it('fails every seeded single corruption of a correct answer', () => {
    const random = seededRandom(2026);
    const asked = askedFields(SID_CODEBOOK);
    const corruptions = [
      (turns: Record<string, unknown>[], at: number) => turns.splice(at, 1),
      (turns: Record<string, unknown>[], at: number) => turns.push({ ...turns[at] }),
      (turns: Record<string, unknown>[], at: number) => (turns[at].turn = (turns[at].turn as number) + 100),
      (turns: Record<string, unknown>[], at: number) => {
        // an open vocabulary keeps labels it does not list
        const closed = asked.filter((field) => !field.field.openVocabulary);
        const field = closed[Math.floor(random() * closed.length)];
        turns[at][field.field.id] = field.shape === 'labels' ? ['no_such_label'] : field.shape === 'boolean' ? 'perhaps' : 'no_such_label';
      },
      (turns: Record<string, unknown>[], at: number) => {
        const notApplying = asked.filter((field) => field.field.appliesTo !== 'all');
        const field = notApplying[Math.floor(random() * notApplying.length)];
        turns[at][field.field.id] = field.shape === 'labels' ? [field.field.labels[0].code] : field.field.labels[0].code;
      },
    ];
    let refused = 0;
    for (let run = 0; run < 300; run++) {
      const sample = dialogues[Math.floor(random() * dialogues.length)];
      const window = { start: 0, end: sample.turns.length };
      const answer = correct(sample, window);
      const at = Math.floor(random() * answer.turns.length);
      const which = Math.floor(random() * corruptions.length);
      corruptions[which](answer.turns, at);
      const result = check(answer, window, sample);
      // writing a teacher-only label on a teacher turn is no corruption: only count the others
      if (which === 4 && result.ok) continue;
      expect(result.ok, `run ${run}, corruption ${which}`).toBe(false);
      refused++;
    }
    expect(refused).toBeGreaterThan(200);
  });
});

describe('checkAnswer on a window', () => {
  const long = dialogues.reduce((longest, candidate) => (candidate.turns.length > longest.turns.length ? candidate : longest));
  const window = { start: 3, end: 8 };

  it('expects the dialogue’s own turn numbers', () => {
    const answer = answerFromPre(SID_CODEBOOK, long, window);
    expect(answerOf(check(answer, window, long)).turns.map((turn) => turn.turn)).toEqual([4, 5, 6, 7, 8]);
    const renumbered = { turns: answer.turns.map((turn, index) => ({ ...turn, turn: index + 1 })) };
    const problems = problemsOf(check(renumbered, window, long));
    expect(problems.filter((problem) => problem.code === 'unexpected-turn').map((problem) => problem.turn)).toEqual([1, 2, 3]);
    expect(problems.filter((problem) => problem.code === 'missing-turn').map((problem) => problem.turn)).toEqual([6, 7, 8]);
  });

  it('checks speakers against the window’s turns', () => {
    const answer = answerFromPre(SID_CODEBOOK, long, window);
    const shifted = answerFromPre(SID_CODEBOOK, long, { start: 4, end: 9 });
    shifted.turns.forEach((turn, index) => (turn.turn = index + 4));
    expect(check(answer, window, long).ok).toBe(true);
    expect(check(shifted, window, long).ok).toBe(false);
  });

  it('refuses a window outside the dialogue', () => {
    expect(() => check({ turns: [] }, { start: 0, end: long.turns.length + 1 }, long)).toThrow(RangeError);
    expect(() => check({ turns: [] }, { start: 2, end: 2 }, long)).toThrow(RangeError);
  });
});

describe('checkAnswer with a custom codebook', () => {
  const turns = [
    { speaker: 'teacher' as const, utterance: 'Why is 1/2 bigger than 1/3?' },
    { speaker: 'student' as const, utterance: 'Because halves are bigger pieces.' },
  ];
  const good = { turns: [{ turn: 1, move: 'restate', topics: ['分数'], on_task: null, depth: 'Middle' }, { turn: 2, move: null, topics: ['fractions', 'Music'], on_task: true, depth: 'd3' }] };

  it('reads its fields, aliases and boolean labels', () => {
    const answer = answerOf(checkAnswer({ codebook: CUSTOM_CODEBOOK, turns, window: { start: 0, end: 2 }, answer: good }));
    expect(answer.turns.map((turn) => Object.fromEntries(Object.entries(turn.values).map(([id, value]) => [id, value.codes])))).toEqual([
      { move: ['revoice'], topics: ['fractions'], on_task: [], depth: ['d2'] },
      { move: [], topics: ['fractions'], on_task: ['on'], depth: ['d3'] },
    ]);
  });

  it('refuses the default codebook’s fields', () => {
    const wrong = { turns: good.turns.map((turn) => ({ ...turn, teacher_intent: null })) };
    expect(problemsOf(checkAnswer({ codebook: CUSTOM_CODEBOOK, turns, window: { start: 0, end: 2 }, answer: wrong })).map((problem) => problem.code)).toEqual(['unexpected-key', 'unexpected-key']);
    expect(problemsOf(checkAnswer({ codebook: SID_CODEBOOK, turns, window: { start: 0, end: 2 }, answer: good })).map((problem) => problem.code)).toContain('missing-field');
  });
});

describe('checkAnswer on a yes/no field with a third label', () => {
  it('takes only the labels true and false stand for', () => {
    const codebook = parseCodebook({
      id: 'three',
      version: '1',
      name: { zh: '三', en: 'Three' },
      fields: [{ id: 'agrees', name: { zh: '同意', en: 'Agrees' }, type: 'boolean', labels: [
        { code: 'yes', name: { zh: '是', en: 'Yes' } },
        { code: 'no', name: { zh: '否', en: 'No' } },
        { code: 'unclear', name: { zh: '不清楚', en: 'Unclear' } },
      ] }],
    });
    const turns = [{ speaker: 'student' as const, utterance: 'ok' }];
    const result = checkAnswer({ codebook, turns, window: { start: 0, end: 1 }, answer: { turns: [{ turn: 1, agrees: 'unclear' }] } });
    expect(problemsOf(result).map((problem) => problem.message)).toEqual(['turn 1 (student): agrees takes true or false, not "unclear"']);
    expect(answerOf(checkAnswer({ codebook, turns, window: { start: 0, end: 1 }, answer: { turns: [{ turn: 1, agrees: '否' }] } })).turns[0].values.agrees.codes).toEqual(['no']);
  });
});

describe('the result type', () => {
  it('holds labels only when the check passed', () => {
    const result = check({ turns: [] });
    // @ts-expect-error a failed check has no answer: the labels cannot be read without narrowing on ok
    expect(result.answer).toBeUndefined();
    if (!result.ok) {
      // @ts-expect-error nor after narrowing to a failure
      expect(result.answer).toBeUndefined();
      expect(result.problems.length).toBeGreaterThan(0);
    }
    // @ts-expect-error a CheckedAnswer cannot be written by hand
    const forged: CheckedAnswer = { window: whole, turns: [] };
    expect(forged.turns).toEqual([]);
  });
});
