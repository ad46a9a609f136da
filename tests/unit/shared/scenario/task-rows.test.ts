import { describe, expect, it } from 'vitest';
import { expandTaskRows } from '../../../../shared/scenario';
import { HEADER, scenarioFrom } from './support';

const withTasks = (tasks: string[]) => scenarioFrom([
  ...HEADER,
  'roles: { teacher: { connection: t, system: "{{topic}} for {{persona}} at {{level}}" } }',
  ...tasks,
  'flow: { directions: ["START -> teacher", "teacher -> END"] }',
]);

describe('expandTaskRows', () => {
  it('crosses every row with every entry of each list, the first list varying slowest', () => {
    const scenario = withTasks(['tasks:', '  rows: [{ topic: a }, { topic: b }]', '  cross:', '    personas: [{ persona: p }, { persona: q }]', '    levels: [{ level: 1 }, { level: 2 }]']);
    expect(expandTaskRows(scenario).map((row) => `${row.topic}${row.persona}${row.level}`)).toEqual(['ap1', 'ap2', 'aq1', 'aq2', 'bp1', 'bp2', 'bq1', 'bq2']);
  });

  it('takes CSV rows from the caller and checks their declared columns', () => {
    const scenario = withTasks(['tasks:', '  csv: topics.csv', '  columns: [topic]', '  cross: { personas: [{ persona: p, level: 3 }] }']);
    expect(() => expandTaskRows(scenario)).toThrow(/takes its tasks from topics\.csv/);
    expect(expandTaskRows(scenario, [{ topic: 'x' }])).toEqual([{ topic: 'x', persona: 'p', level: 3 }]);
    expect(() => expandTaskRows(scenario, [{ subject: 'x' }])).toThrow('Row 1 of topics.csv has no topic.');
  });
});
