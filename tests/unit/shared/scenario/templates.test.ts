import { parseDocument, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { decideNext, expandTaskRows, nextStep, parseScenarioOrThrow, scenarioConversations, scenarioHash, SID_GENERATION_SAMPLING } from '../../../../shared/scenario';
import { template, TEMPLATE_FILES, templateText } from './support';

describe('scenario templates', () => {
  it.each(TEMPLATE_FILES)('%s parses', (file) => {
    expect(() => template(file)).not.toThrow();
  });

  it('SID: the paper settings, five learning states per topic, two repeats, [End]/[结束] closing', () => {
    const sid = template('sid-teacher-led.yaml');
    expect(sid.roles.teacher?.sampling).toEqual(SID_GENERATION_SAMPLING);
    expect(sid.roles.student?.sampling).toEqual(SID_GENERATION_SAMPLING);
    const rows = expandTaskRows(sid);
    expect(rows).toHaveLength(2 * 5);
    expect(new Set(rows.map((row) => row.student_type))).toEqual(new Set(['全优型', '知识掌握不足', '学习渴望低', '表达困难', '思维定式']));
    expect(sid.repeats).toBe(2);
    const conversations = [...scenarioConversations(sid, rows)];
    expect(conversations).toHaveLength(20);
    expect(conversations.slice(0, 3).map(({ taskIndex, repeatId }) => [taskIndex, repeatId])).toEqual([[0, 1], [0, 2], [1, 1]]);
    expect(sid.flow.exit).toEqual({ keywords: ['[End]', '[结束]'], roles: ['teacher'] });
    expect(sid.roles.teacher?.system).toMatch(/只提出一个问题/);
    expect(sid.roles.teacher?.system).toMatch(/\[End\]/);
    const first = nextStep(sid, rows[0], []);
    expect(first).toMatchObject({ kind: 'speak', role: 'student' });
    if (first.kind === 'speak') expect(first.messages[0].content).toContain('全优型');
    expect(decideNext(sid, [{ role: 'student', content: '?' }, { role: 'teacher', content: '很好。[结束]' }])).toMatchObject({ kind: 'end', reason: 'exit-keyword' });
  });

  it('Socratic Students: student-led with a numeric Pass@k probe, pre- and mid-assessment turns and a guide', () => {
    const students = template('socratic-students.yaml');
    expect(decideNext(students, [])).toMatchObject({ role: 'student' });
    expect(students.assessment).toMatchObject({ role: 'student', samples: 5, k: [1, 5], check: { kind: 'numeric' } });
    expect(Object.keys(students.roles.student?.turnAt ?? {})).toEqual(['1', '3']);
    expect(students.roles.guide?.view).toBe('transcript');
    const turns = Array.from({ length: 10 }, (_, index) => ({ role: index % 2 === 0 ? 'student' as const : 'teacher' as const, content: String(index) }));
    expect(decideNext(students, turns)).toMatchObject({ kind: 'end' });
  });

  it('Socratic Students, four strategies: each problem crossed with unguided, CoT, pre- and mid-assessment, whose columns give the student its turn prompts', () => {
    const students = template('socratic-students-strategies.yaml');
    const rows = expandTaskRows(students);
    expect(rows).toHaveLength(2 * 4);
    expect(rows.map((row) => row.strategy)).toEqual(['unguided', 'cot', 'pre-assessment', 'mid-assessment', 'unguided', 'cot', 'pre-assessment', 'mid-assessment']);
    const studentPrompt = (row: (typeof rows)[number], turns: number) => {
      const before = Array.from({ length: turns }, (_, index) => ({ role: index % 2 === 0 ? ('student' as const) : ('teacher' as const), content: `t${index}` }));
      const step = nextStep(students, row, before);
      if (step.kind !== 'speak' || step.role !== 'student') throw new Error('the student should speak');
      // the teacher's last turn and the turn prompt are one user message (joined with a blank line): the prompt is its last paragraph
      return step.messages.at(-1)!.content.split('\n\n').at(-1);
    };
    const [unguided, cot, pre, mid] = rows;
    expect(studentPrompt(unguided, 0)).toBe('Ask your teacher your first question.');
    expect(studentPrompt(cot, 0)).toMatch(/^First think step by step/);
    expect(studentPrompt(pre, 0)).toMatch(/^Before asking anything, write your own attempt/);
    expect(studentPrompt(mid, 0)).toBe('Ask your teacher your first question.');
    // the student's third turn comes after four turns (two of each role)
    expect(studentPrompt(mid, 4)).toMatch(/^Tell the teacher how you would now solve/);
    expect(studentPrompt(pre, 4)).toBe('Ask your teacher your next question.');
    expect(studentPrompt(cot, 2)).toMatch(/^First think step by step/);
    expect(students.assessment).toEqual(template('socratic-students.yaml').assessment);
  });

  it('Elmes+: a single turn of the model under test, judged on a rubric set', () => {
    const elmes = template('elmes-single-turn.yaml');
    expect(elmes.judge).toEqual({ connection: 'judge', rubricSet: 'sid', sampling: { temperature: 0.1, top_p: 0.9, max_tokens: 1024 } });
    expect(elmes.flow.directions).toEqual({ START: { kind: 'role', role: 'teacher' }, teacher: { kind: 'end' } });
  });

  it('hashes content, not formatting', () => {
    const text = templateText('sid-teacher-led.yaml');
    const sid = parseScenarioOrThrow(text, 'a.yaml');
    const reformatted = stringify(parseDocument(text).toJS(), { indent: 4 });
    expect(reformatted).not.toBe(text);
    expect(scenarioHash(parseScenarioOrThrow(reformatted, 'b.yaml'))).toBe(scenarioHash(sid));
    expect(scenarioHash(parseScenarioOrThrow(text.replace('max_turns: 20', 'max_turns: 21'), 'c.yaml'))).not.toBe(scenarioHash(sid));
    expect(scenarioHash(sid)).toMatch(/^[0-9a-f]{16}$/);
  });
});
