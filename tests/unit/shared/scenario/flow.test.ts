import { describe, expect, it } from 'vitest';
import { assessmentMessages, checkStoredTurns, decideNext, nextStep, roleMessages, type ScenarioTurn } from '../../../../shared/scenario';
import { HEADER, scenarioFrom, template } from './support';

const TWO_ROLES = [
  ...HEADER,
  'roles:',
  '  teacher: { connection: t, system: "Teach {{topic}}.", turn: "Turn {{turn_number}}, your {{role_turn_number}} of {{max_turns}}." }',
  '  student: { connection: s, system: "Learn {{topic}}.", turn_at: { 1: "Open on {{topic}}." } }',
  'tasks: { rows: [{ topic: "levers", topic_id: 7 }] }',
];
const row = { topic: 'levers', topic_id: 7 };
const turn = (role: ScenarioTurn['role'], content: string): ScenarioTurn => ({ role, content });

const loop = (extra: string[]) => scenarioFrom([...TWO_ROLES, 'flow:', '  directions: ["START -> student", "student -> teacher", "teacher -> student"]', ...extra]);

describe('flow: who speaks next', () => {
  it('follows the directions from START', () => {
    const scenario = loop(['  max_turns: 6']);
    expect(decideNext(scenario, [])).toEqual({ kind: 'speak', role: 'student' });
    expect(decideNext(scenario, [turn('student', 'q')])).toEqual({ kind: 'speak', role: 'teacher' });
    expect(decideNext(scenario, [turn('student', 'q'), turn('teacher', 'a')])).toEqual({ kind: 'speak', role: 'student' });
  });

  it('ends on an exit keyword of a listed role, case-insensitively, and not on another role', () => {
    const scenario = loop(['  max_turns: 20', '  exit: { keywords: ["[End]", "[结束]"], roles: [teacher] }']);
    expect(decideNext(scenario, [turn('student', 'q'), turn('teacher', 'Well done. [END]')])).toEqual({ kind: 'end', reason: 'exit-keyword', keyword: '[End]', role: 'teacher' });
    expect(decideNext(scenario, [turn('student', 'q'), turn('teacher', '总结如下。[结束]')])).toMatchObject({ kind: 'end', keyword: '[结束]' });
    expect(decideNext(scenario, [turn('student', 'Can we [End] now?')])).toEqual({ kind: 'speak', role: 'teacher' });
  });

  it('ends at the turn budget, exit keywords first', () => {
    const scenario = loop(['  max_turns: 3', '  exit: { keywords: ["[End]"] }']);
    const three = [turn('student', 'q'), turn('teacher', 'a'), turn('student', 'b')];
    expect(decideNext(scenario, three.slice(0, 2))).toEqual({ kind: 'speak', role: 'student' });
    expect(decideNext(scenario, three)).toEqual({ kind: 'end', reason: 'budget', maxTurns: 3 });
    expect(decideNext(scenario, [...three.slice(0, 2), turn('student', 'ok [End]')])).toMatchObject({ reason: 'exit-keyword' });
  });

  it('lets routers choose by keyword, turn count, role turns and last speaker, first match wins', () => {
    const scenario = scenarioFrom([
      ...TWO_ROLES,
      'flow:',
      '  directions: ["START -> student", "student -> after_student", "teacher -> after_teacher"]',
      '  max_turns: 30',
      '  routers:',
      '    after_student:',
      '      - { if: { last_contains: ["bye"] }, then: END }',
      '      - { if: { turns_at_least: 5, last_speaker: student }, then: student }',
      '      - else: teacher',
      '    after_teacher:',
      '      - { if: { role_turns_at_least: { role: teacher, count: 2 } }, then: END }',
      '      - else: student',
    ]);
    expect(decideNext(scenario, [turn('student', 'q')])).toEqual({ kind: 'speak', role: 'teacher', router: { name: 'after_student', rule: 2 } });
    expect(decideNext(scenario, [turn('student', 'OK, BYE')])).toEqual({ kind: 'end', reason: 'router', router: 'after_student', rule: 0 });
    const five = [turn('student', '1'), turn('teacher', '2'), turn('student', '3'), turn('teacher', '4'), turn('student', '5')];
    expect(decideNext(scenario, [turn('student', '1'), turn('teacher', '2')])).toMatchObject({ role: 'student', router: { rule: 1 } });
    expect(decideNext(scenario, five.slice(0, 4))).toEqual({ kind: 'end', reason: 'router', router: 'after_teacher', rule: 0 });
    const many = scenarioFrom([
      ...TWO_ROLES,
      'flow:',
      '  directions: ["START -> student", "student -> r", "teacher -> student"]',
      '  max_turns: 30',
      '  routers: { r: [{ if: { turns_at_least: 5 }, then: student }, { else: teacher }] }',
    ]);
    expect(decideNext(many, five.slice(0, 3))).toMatchObject({ role: 'teacher' });
    expect(decideNext(many, five)).toMatchObject({ role: 'student', router: { rule: 0 } });
  });

  it('runs a single-turn scenario: question, model, END', () => {
    const scenario = template('elmes-single-turn.yaml');
    const taskRow = scenario.tasks.rows[0];
    const first = nextStep(scenario, taskRow, []);
    expect(first).toMatchObject({ kind: 'speak', role: 'teacher', turnNumber: 1 });
    if (first.kind !== 'speak') throw new Error('unreachable');
    expect(first.messages).toEqual([
      { role: 'system', content: '你是一位初中物理教师，面向学生讲解知识点，准确、循序渐进、联系生活。' },
      { role: 'user', content: '请讲解为什么冬天摸铁栏杆比摸木头更冷。' },
    ]);
    expect(nextStep(scenario, taskRow, [turn('teacher', '因为……')])).toEqual({ kind: 'end', reason: 'direction' });
  });

  it('checks that stored turns are the ones this flow would produce', () => {
    const scenario = loop(['  max_turns: 2']);
    expect(checkStoredTurns(scenario, [turn('student', 'q'), turn('teacher', 'a')])).toEqual([]);
    expect(checkStoredTurns(scenario, [turn('teacher', 'a')])).toEqual(['turn 1 is by teacher, but the flow gives it to student']);
    expect(checkStoredTurns(scenario, [turn('student', 'q'), turn('teacher', 'a'), turn('student', 'b')])[0]).toMatch(/after the dialogue ended \(budget\)/);
  });
});

describe('flow: the messages of each role', () => {
  const scenario = loop(['  max_turns: 9']);
  const turns = [turn('student', 'What is a lever?'), turn('teacher', 'What do you push on?'), turn('student', 'A bar {{topic}}')];

  it('maps the dialogue to user/assistant from the speaking role, with the turn prompts it was given', () => {
    expect(roleMessages(scenario, row, turns, 'student')).toEqual([
      { role: 'system', content: 'Learn levers.' },
      { role: 'user', content: 'Open on levers.' },
      { role: 'assistant', content: 'What is a lever?' },
      { role: 'user', content: 'What do you push on?' },
      { role: 'assistant', content: 'A bar {{topic}}' },
    ]);
    const step = nextStep(scenario, row, turns);
    expect(step).toMatchObject({ kind: 'speak', role: 'teacher', turnNumber: 4, roleTurnNumber: 2 });
    if (step.kind !== 'speak') throw new Error('unreachable');
    // the utterance's "{{topic}}" is data and stays; each turn prompt is filled with the values of its own turn
    expect(step.messages).toEqual([
      { role: 'system', content: 'Teach levers.' },
      { role: 'user', content: 'What is a lever?\n\nTurn 2, your 1 of 9.' },
      { role: 'assistant', content: 'What do you push on?' },
      { role: 'user', content: 'A bar {{topic}}\n\nTurn 4, your 2 of 9.' },
    ]);
  });

  it('resumes by construction: the messages after six stored turns extend those after four', () => {
    const six = [...turns, turn('teacher', 'Where is the pivot?'), turn('student', 'In the middle'), turn('teacher', 'Why?')];
    const atFour = roleMessages(scenario, row, six.slice(0, 4), 'student');
    const atSix = roleMessages(scenario, row, six.slice(0, 6), 'student');
    expect(atSix.slice(0, atFour.length)).toEqual(atFour);
    expect(nextStep(scenario, row, six.slice(0, 6))).toEqual(nextStep(scenario, structuredClone(row), structuredClone(six.slice(0, 6))));
  });

  it('gives a transcript-view role its turn prompt with the dialogue in {{transcript}}', () => {
    const students = template('socratic-students.yaml');
    const task = students.tasks.rows[0];
    const messages = roleMessages(students, task, [turn('student', 'Why half?'), turn('teacher', 'May is half of April.')], 'guide');
    expect(messages).toHaveLength(2);
    expect(messages[1].content).toContain('Dialogue so far:\nStudent: Why half?\nTeacher: May is half of April.\n');
    expect(messages[1].content).toContain(`Problem: ${String(task.question)}`);
  });

  it('prefixes utterances with the speaker label when more than two roles speak', () => {
    const three = scenarioFrom([
      ...HEADER,
      'roles:',
      '  teacher: { connection: t, system: T }',
      '  student: { connection: s, system: S }',
      '  guide: { connection: g, system: G, label: Guide }',
      'tasks: { rows: [{ topic: x }] }',
      'flow: { directions: ["START -> student", "student -> guide", "guide -> teacher", "teacher -> END"] }',
    ]);
    expect(roleMessages(three, { topic: 'x' }, [turn('student', 'q'), turn('guide', 'hint')], 'teacher')).toEqual([
      { role: 'system', content: 'T' },
      { role: 'user', content: '学生: q\n\nGuide: hint' },
    ]);
  });

  it('probes the assessed role with the assessment prompt instead of its turn prompt', () => {
    const students = template('socratic-students.yaml');
    const messages = assessmentMessages(students, students.tasks.rows[0], [turn('student', 'Attempt: 72?'), turn('teacher', 'Check May.')]);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Check May.\n\nSolve the problem now with what you know. End with your final answer as: #### <number>' });
    expect(messages[1].content).toMatch(/^Before asking anything, write your own attempt/);
  });
});
