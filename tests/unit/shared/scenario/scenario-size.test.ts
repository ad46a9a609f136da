/**
 * Issue 30 point 4: a scenario's size is counted from the file before anything is expanded, and
 * refused above the documented limits with the figure and the limit, at the key it comes from;
 * conversations are expanded one at a time; the plan's calls and tokens follow the documented
 * rule (checked here by hand on a small flow).
 */
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  buildGenerationDefinition, generationPlan, MAX_SCENARIO_CONVERSATIONS, MAX_SCENARIO_TURNS, parseScenarioYaml, scenarioConversations, type Scenario,
} from '../../../../shared/scenario';
import { rubricSetHash, SID_RUBRIC_SET } from '../../../../shared/judge';
import { HEADER, scenarioFrom, templateText } from './support';

/** The SID template with `edit` applied, as YAML text. */
function sidWith(edit: (doc: ReturnType<typeof parseDocument>) => void): string {
  const doc = parseDocument(templateText('sid-teacher-led.yaml'));
  edit(doc);
  return doc.toString();
}

const problemsOf = (text: string) => {
  const parsed = parseScenarioYaml(text, 'big.yaml');
  return parsed.ok ? [] : parsed.problems.map((problem) => problem.text);
};

/** A line of the text and its 1-based number, for the place a problem must name. */
const lineOf = (text: string, start: string) => text.split('\n').findIndex((line) => line.startsWith(start)) + 1;

describe('scenario sizes', () => {
  it('repeats: 1000000000 is refused at its line with the product and the limit, before any expansion', () => {
    const text = sidWith((doc) => doc.set('repeats', 1_000_000_000));
    expect(problemsOf(text)).toEqual([`big.yaml:${lineOf(text, 'repeats:')}:10: repeats: (2 rows × 5 learning_states = 10 task rows) × 1,000,000,000 repeats = 10,000,000,000 conversations; the most a scenario may plan is 20,000`]);
  });

  it('3,000 learning states × repeats 100000 names the whole product', () => {
    const text = sidWith((doc) => {
      const states = doc.getIn(['tasks', 'cross', 'learning_states']) as { items: unknown[] };
      const first = states.items[0];
      states.items = Array.from({ length: 3_000 }, () => first);
      doc.set('repeats', 100_000);
    });
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('repeats: (2 rows × 3,000 learning_states = 6,000 task rows) × 100,000 repeats = 600,000,000 conversations; the most a scenario may plan is 20,000');
  });

  it('cross lists whose product is over the task-row limit are refused at tasks, naming each factor', () => {
    const list = (name: string, size: number) => `    ${name}: [${Array.from({ length: size }, (_, index) => `{ ${name}_v: ${index} }`).join(', ')}]`;
    const text = [...HEADER, 'roles:', '  teacher: { connection: t, system: "go" }', 'tasks:', '  rows: [{ a: 1 }, { a: 2 }]', '  cross:', list('x', 200), list('y', 200), 'flow:', '  directions: ["START -> teacher", "teacher -> END"]'].join('\n');
    expect(problemsOf(text)).toEqual([`big.yaml:${lineOf(text, 'tasks:') + 1}:3: tasks: 2 rows × 200 x × 200 y = 80,000 task rows; the most a scenario may have is 20,000`]);
  });

  it('max_turns: 1e12 is refused with the figure and the limit, not capped at 1,000 while running', () => {
    const text = sidWith((doc) => doc.setIn(['flow', 'max_turns'], 1e12));
    expect(problemsOf(text)).toEqual([`big.yaml:${lineOf(text, '  max_turns:')}:14: flow.max_turns: 1,000,000,000,000 turns; the most a conversation may take is 1,000`]);
    expect(problemsOf(sidWith((doc) => doc.setIn(['flow', 'max_turns'], MAX_SCENARIO_TURNS)))).toEqual([]);
  });

  it('assessment.samples above 100 is refused; the limits hold exactly at their figure', () => {
    const students = templateText('socratic-students.yaml');
    const doc = parseDocument(students);
    doc.setIn(['assessment', 'samples'], 101);
    expect(problemsOf(doc.toString()).join('\n')).toContain('assessment.samples: 101 draws per probe; the most is 100');
    // 10 task rows × 2,000 repeats is the limit itself; one more repeat is over it
    expect(problemsOf(sidWith((at) => at.set('repeats', MAX_SCENARIO_CONVERSATIONS / 10)))).toEqual([]);
    expect(problemsOf(sidWith((at) => at.set('repeats', MAX_SCENARIO_CONVERSATIONS / 10 + 1)))[0]).toContain('= 20,010 conversations; the most a scenario may plan is 20,000');
  });

  it('zero, negative, fractional, NaN and text repeats or max_turns stay refused by the schema', () => {
    for (const value of [0, -1, 1.5, Number.NaN, 'many', Number.POSITIVE_INFINITY]) {
      expect(problemsOf(sidWith((doc) => doc.set('repeats', value))).join('\n'), String(value)).toMatch(/repeats: /);
      expect(problemsOf(sidWith((doc) => doc.setIn(['flow', 'max_turns'], value))).join('\n'), String(value)).toMatch(/flow\.max_turns: /);
    }
  });

  it('a CSV scenario is counted with its rows before they are expanded or crossed', () => {
    const text = [...HEADER, 'roles:', '  teacher: { connection: t, system: "{{q}}" }', 'tasks:', '  csv: tasks.csv', '  columns: [q]', '  cross:', '    level: [{ level: 1 }, { level: 2 }]', 'repeats: 5', 'flow:', '  directions: ["START -> teacher", "teacher -> END"]'].join('\n');
    expect(problemsOf(text)).toEqual([]);
    const rows = Array.from({ length: 2_001 }, (_, index) => ({ q: `question ${index}` }));
    const built = buildGenerationDefinition({ scenarioSource: text, scenarioFile: 'big.yaml', rows, teacherConnectionIds: ['t'], roleConnections: {}, title: 'run' });
    expect(!built.ok && built.problems).toEqual(['repeats: (2,001 rows × 2 level = 4,002 task rows) × 5 repeats = 20,010 conversations; the most a scenario may plan is 20,000']);
    // a CSV not read yet: the cross lists × repeats alone are over the limit for each of its rows
    const alone = text.replace('repeats: 5', 'repeats: 10001');
    expect(problemsOf(alone)[0]).toContain('repeats: (2 level = 2 task rows) × 10,001 repeats = 20,002 conversations for each row of tasks.csv; the most a scenario may plan is 20,000');
  });
});

describe('scenarioConversations', () => {
  const oneRow = (repeats: number): Scenario => ({ ...scenarioFrom([...HEADER, 'roles:', '  teacher: { connection: t, system: "go" }', 'tasks:', '  rows: [{ a: 1 }]', 'flow:', '  directions: ["START -> teacher", "teacher -> END"]']), repeats });

  it('is an iterator that makes each conversation when it is taken: a billion repeats cost three', () => {
    const scenario = oneRow(1_000_000_000);
    const conversations = scenarioConversations(scenario, scenario.tasks.rows);
    expect(Array.isArray(conversations)).toBe(false);
    const taken = [conversations.next(), conversations.next(), conversations.next()].map((step) => (step.done ? null : [step.value.taskIndex, step.value.repeatId]));
    expect(taken).toEqual([[0, 1], [0, 2], [0, 3]]);
  });

  it('yields rows × repeats conversations, the repeats of a row together, in row order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), (rowCount, repeats) => {
        const rows = Array.from({ length: rowCount }, (_, index) => ({ a: index }));
        const seen = [...scenarioConversations(oneRow(repeats), rows)];
        expect(seen).toHaveLength(rowCount * repeats);
        seen.forEach((conversation, index) => {
          expect(conversation.taskIndex).toBe(Math.floor(index / repeats));
          expect(conversation.repeatId).toBe((index % repeats) + 1);
          expect(conversation.row).toBe(rows[conversation.taskIndex]);
        });
      }),
    );
  });
});

describe('generationPlan', () => {
  // a student opens, the teacher answers, four turns at most, every answer at most 100 tokens;
  // system prompts of 80 and 40 ASCII characters (20 and 10 tokens, 4 more for the message)
  const text = [
    ...HEADER,
    'roles:',
    `  student: { connection: s, system: "${'y'.repeat(80)}", sampling: { max_tokens: 100 } }`,
    `  teacher: { connection: t, system: "${'x'.repeat(40)}", sampling: { max_tokens: 100 } }`,
    'tasks:',
    '  rows: [{ a: 1 }]',
    'repeats: 3',
    'flow:',
    '  directions: ["START -> student", "student -> teacher", "teacher -> student"]',
    '  max_turns: 4',
  ].join('\n');

  it('counts calls and tokens per connection as the documented rule does, by hand', () => {
    const built = buildGenerationDefinition({ scenarioSource: text, scenarioFile: 'plan.yaml', teacherConnectionIds: ['t1', 't2'], roleConnections: { student: 's' }, title: 'run' });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const parsed = parseScenarioYaml(text, 'plan.yaml');
    if (!parsed.ok) throw new Error('unparsed');
    const plan = generationPlan(parsed.scenario, built.definition);
    // 1 row × 3 repeats, on 2 teachers; 4 turns each: 3 × 2 × 4 calls at most
    expect(plan).toMatchObject({ taskRows: 1, repeats: 3, conversations: 3, teachers: 2, turnBudget: 4, calls: 24 });
    // neither role follows itself: each speaks every other turn, 2 of the 4. Each turn before a
    // call adds the longest answer and its message (104). The student speaks at turns 0 and 2:
    // 24 + (24 + 2·104) = 256; the teacher at 1 and 3: (14 + 104) + (14 + 3·104) = 444.
    // Answers: 2 calls × 20…100 tokens per conversation.
    expect(plan.connections).toEqual([
      { connectionId: 't1', roles: ['teacher'], estimate: { calls: 6, input: 3 * 444, output: { low: 120, high: 600 } } },
      { connectionId: 't2', roles: ['teacher'], estimate: { calls: 6, input: 3 * 444, output: { low: 120, high: 600 } } },
      // the student speaks in both teachers' conversations
      { connectionId: 's', roles: ['student'], estimate: { calls: 12, input: 6 * 256, output: { low: 240, high: 1200 } } },
    ]);
  });

  it('adds the Pass@k probe to the assessed role and the safety judge once per conversation, by hand', () => {
    const assessed = text
      .replace('  rows: [{ a: 1 }]', "  rows: [{ a: 1, reference_answer: '4' }]")
      .concat(`\nassessment:\n  role: student\n  prompt: "${'p'.repeat(8)}"\n  samples: 2\n  k: [1]\n  check: { kind: numeric }`);
    const parsed = parseScenarioYaml(assessed, 'plan.yaml');
    if (!parsed.ok) throw new Error(parsed.problems.map((problem) => problem.text).join('\n'));
    const built = buildGenerationDefinition({
      scenarioSource: assessed, scenarioFile: 'plan.yaml', teacherConnectionIds: ['t1', 't2'], roleConnections: { student: 's', judge: 'j' }, title: 'run',
      safety: { judge: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), minScore: 1 } },
    });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const plan = generationPlan(parsed.scenario, built.definition);
    // per conversation: 4 turns, 2 draws before each of at most 4 and after the last, the judge once
    expect(plan.calls).toBe(3 * 2 * (4 + 5 * 2 + 1));
    // the student's probe: 3 probes (before its 2 turns, after the last) at turns 0, 2, 4, each of
    // its system (24) and the prompt (2 + 4), then 104 a turn before: 3·30 + 104·(0 + 2 + 4) = 90 + 624 = 714, twice;
    // with its turns (256): 1,684 a conversation, 8 calls, answers 2 × 20…100 and 6 × 20…400
    const student = plan.connections.find((connection) => connection.connectionId === 's');
    expect(student).toEqual({ connectionId: 's', roles: ['student'], estimate: { calls: 6 * 8, input: 6 * (256 + 2 * 714), output: { low: 6 * 160, high: 6 * 2600 } } });
    const judge = plan.connections.find((connection) => connection.connectionId === 'j');
    // one score of every SID rubric per conversation: 6 + 25 to 120 tokens each
    const rubrics = SID_RUBRIC_SET.rubrics.length;
    expect(judge).toMatchObject({ roles: ['judge'], estimate: { calls: 6, output: { low: 6 * (6 + rubrics * 25), high: 6 * (6 + rubrics * 120) } } });
  });
});
