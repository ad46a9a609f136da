import { describe, expect, it } from 'vitest';
import { parseScenarioYaml } from '../../../../shared/scenario';
import { HEADER } from './support';

const problems = (lines: string[]) => {
  const result = parseScenarioYaml(lines.join('\n'), 'scenario.yaml');
  if (result.ok) throw new Error('expected problems');
  return result.problems.map((problem) => problem.text);
};

const VALID = [
  ...HEADER, // lines 1-4
  'roles:', // 5
  '  teacher:', // 6
  '    connection: t', // 7
  '    system: "Teach {{topic}}"', // 8
  '  student: { connection: s, system: "Learn" }', // 9
  'tasks:', // 10
  '  rows:', // 11
  '    - { topic: levers, reference_answer: "#### 3" }', // 12
  'flow:', // 13
  '  directions: ["START -> student", "student -> teacher", "teacher -> END"]', // 14
];

describe('parseScenarioYaml', () => {
  it('accepts a valid file and fills the defaults', () => {
    const result = parseScenarioYaml(VALID.join('\n'), 'scenario.yaml');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.repeats).toBe(1);
    expect(result.scenario.roles.teacher).toMatchObject({ connections: ['t'], label: '教师', view: 'conversation', turnAt: {}, sampling: {} });
    expect(result.scenario.flow.exit).toEqual({ keywords: [], roles: ['teacher', 'student'] });
    expect(result.scenario.tasks.columns).toEqual(['topic', 'reference_answer']);
  });

  it('names file, line, column and path of an unknown key, with the known keys', () => {
    const lines = [...VALID];
    lines.splice(8, 0, '    prompt: "Teach"');
    expect(problems(lines)).toEqual([
      'scenario.yaml:9:5: roles.teacher.prompt: unknown key (known: connection, label, view, system, turn, turn_at, sampling)',
    ]);
  });

  it('reports every problem at once, in file order', () => {
    const lines = [...VALID];
    lines[6] = '    connection: 3';
    lines.push('repeats: 0', 'colour: blue');
    expect(problems(lines)).toEqual([
      'scenario.yaml:7:17: roles.teacher.connection: must be text or a list of text, not a number',
      'scenario.yaml:15:10: repeats: must be at least 1',
      'scenario.yaml:16:1: colour: unknown key (known: format, id, version, name, description, roles, tasks, repeats, flow, assessment)',
    ]);
  });

  it('refuses an unknown variable, naming it and the known ones', () => {
    const lines = [...VALID];
    lines[7] = '    system: "Teach {{topik}}"';
    expect(problems(lines)).toEqual(['scenario.yaml:8:13: roles.teacher.system: {{topik}} is not a variable here (known: topic, reference_answer)']);
    lines[7] = '    system: "Teach {{turn_number}}"';
    expect(problems(lines)[0]).toMatch(/\{\{turn_number\}\} is not a variable here/);
    lines[7] = '    system: "Teach"';
    lines.splice(8, 0, '    turn: "Turn {{turn_number}} on {{topic}}: {{transcript}}"');
    expect(parseScenarioYaml(lines.join('\n'), 'scenario.yaml').ok).toBe(true);
  });

  it('refuses a variable that some task row lacks', () => {
    const lines = [...VALID];
    lines.splice(12, 0, '    - { reference_answer: "#### 4" }');
    expect(problems(lines)).toEqual(['scenario.yaml:13:7: tasks.rows[1]: the row has no topic, which roles.teacher.system uses']);
  });

  it('reports YAML syntax errors and duplicate keys by position', () => {
    expect(problems([...VALID.slice(0, 7), '    system: "unterminated', ...VALID.slice(8)])[0]).toMatch(/^scenario\.yaml:8:\d+: /);
    const duplicate = problems([...VALID, 'id: again']);
    expect(duplicate).toHaveLength(1);
    expect(duplicate[0]).toBe('scenario.yaml:15:1: the key id is given twice in the same mapping (YAML: Map keys must be unique)');
  });

  it('says what a scenario file is when it is empty, a list or several documents', () => {
    expect(problems([''])).toEqual(['scenario.yaml:1:1: a scenario file is a mapping of keys (format, id, roles, tasks, flow…), not an empty file']);
    expect(problems(['- a', '- b'])).toEqual(['scenario.yaml:1:1: a scenario file is a mapping of keys (format, id, roles, tasks, flow…), not a list']);
    expect(problems([...VALID, '---', 'id: second'])).toEqual(['scenario.yaml:15:1: the file holds more than one YAML document (a line with ---); a scenario is one document']);
  });

  it('refuses alias bombs', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]'];
    expect(problems(bomb)[0]).toMatch(/alias/i);
  });

  it('checks the directions, routers and budget', () => {
    const flow = (directions: string, extra: string[] = []) => problems([...VALID.slice(0, 13), `  directions: [${directions}]`, ...extra]);
    expect(flow('"START -> student", "student -> techer", "teacher -> END"')).toEqual([
      'scenario.yaml:14:15: flow.directions: student speaks but no direction leads on from it (add "student -> …")',
      'scenario.yaml:14:36: flow.directions[1]: techer is not END, a declared role or a router (routers: none)',
    ]);
    expect(flow('"student -> teacher", "teacher -> END"')).toEqual(['scenario.yaml:14:15: flow.directions: nothing leads from START']);
    expect(flow('"START -> student", "student -> teacher", "teacher -> student"')).toEqual([
      'scenario.yaml:14:3: flow: the directions loop, so the flow needs max_turns (a turn budget) to be sure to end',
    ]);
    expect(flow('"START -> student", "student -> teacher", "teacher -> r"', ['  routers:', '    r:', '      - { if: { last_speaker: guide }, then: END }', '      - { else: student }'])).toEqual([
      'scenario.yaml:14:3: flow: the directions loop, so the flow needs max_turns (a turn budget) to be sure to end',
      'scenario.yaml:17:31: flow.routers.r[0].if.last_speaker: guide is not a declared role',
    ]);
    expect(flow('"START -> student", "student -> teacher", "teacher -> r"', ['  max_turns: 4', '  routers:', '    r: [{ else: student }, { if: { turns_at_least: 2 }, then: END }]', '    unused: [{ else: END }]'])).toEqual([
      'scenario.yaml:17:9: flow.routers.r[0]: else must be the last rule',
      'scenario.yaml:17:28: flow.routers.r[1]: the last rule must be else, so the router always decides',
      'scenario.yaml:18:5: flow.routers.unused: no direction uses this router',
    ]);
    expect(flow('"START -> student", "student -> teacher", "teacher -> END", "teacher -> student"')).toEqual([
      'scenario.yaml:14:76: flow.directions[3]: teacher already has a direction: each step leads to one place (use a router to choose)',
    ]);
  });

  it('checks tasks, the assessment and who may list several connections', () => {
    const base = VALID.slice(0, 10);
    const tail = VALID.slice(12);
    expect(problems([...base, '  csv: tasks.csv', ...tail])).toEqual([
      'scenario.yaml:8:13: roles.teacher.system: {{topic}} is not a variable here (known: none)',
      'scenario.yaml:11:3: tasks: a csv source needs columns: the parser does not read the file, and the prompts are checked against them',
    ]);
    const csv = parseScenarioYaml([...base, '  csv: tasks.csv', '  columns: [topic]', ...tail].join('\n'), 'scenario.yaml');
    expect(csv.ok && csv.scenario.tasks).toEqual({ rows: [], csv: 'tasks.csv', columns: ['topic'], cross: [] });
    expect(problems([...VALID, 'assessment: { role: student, prompt: "Answer?", samples: 3, k: [1, 5], check: { kind: regex, pattern: "(" } }'])).toEqual([
      'scenario.yaml:15:68: assessment.k[1]: k = 5 is more than the 3 samples drawn',
      expect.stringMatching(/^scenario\.yaml:15:103: assessment\.check\.pattern: is not a valid regular expression/) as unknown as string,
    ]);
    const several = [...VALID];
    several[8] = '  student: { connection: [s1, s2], system: "Learn" }';
    expect(problems(several)).toEqual(['scenario.yaml:9:26: roles.student.connection: only the teacher (the model under test) may list several connections']);
  });
});
