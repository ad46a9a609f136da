import { describe, expect, it } from 'vitest';
import { rubricSetHash, SID_RUBRIC_SET } from '../../../../shared/judge';
import { buildGenerationDefinition, generationParameterProblems, type GenerationDefinitionRequest, type GenerationJobDefinition } from '../../../../shared/scenario';
import { templateText } from './support';

function request(file: string, extra: Partial<GenerationDefinitionRequest> = {}): GenerationDefinitionRequest {
  return { scenarioSource: templateText(file), scenarioFile: file, teacherConnectionIds: ['t1', 't2'], roleConnections: { student: 's', guide: 'g' }, title: 'run', ...extra };
}

function built(file: string, extra: Partial<GenerationDefinitionRequest> = {}): GenerationJobDefinition {
  const result = buildGenerationDefinition(request(file, extra));
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.definition;
}

describe('buildGenerationDefinition', () => {
  it('SID: every row × learning state × repeat, on every teacher connection, with the source and its hash', () => {
    const definition = built('sid-teacher-led.yaml', { budget: { maxTokens: 1000 } });
    expect(definition).toMatchObject({ kind: 'generation', title: 'run', connectionIds: ['t1', 't2'], budget: { maxTokens: 1000 } });
    expect(definition.parameters.rows).toHaveLength(10);
    expect(definition.itemIds).toHaveLength(20);
    expect(definition.itemIds.slice(0, 3)).toEqual(['t0-r1', 't0-r2', 't1-r1']);
    expect(definition.parameters.conversations[3]).toEqual({ id: 't1-r2', taskIndex: 1, repeatId: 2 });
    expect(definition.parameters.scenarioHash).toMatch(/\S/);
    expect(generationParameterProblems(definition)).toEqual([]);
  });

  it('says every problem instead of a definition: YAML problems with their place, a missing binding, a preference without a guide', () => {
    const broken = buildGenerationDefinition(request('sid-teacher-led.yaml', { scenarioSource: 'format: maieutic.scenario/1\nid: x\nsurprise: 1\n' }));
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.problems.join('\n')).toMatch(/sid-teacher-led\.yaml:\d+:\d+: surprise: unknown key/);
    const unbound = buildGenerationDefinition(request('sid-teacher-led.yaml', { roleConnections: {} }));
    expect(!unbound.ok && unbound.problems).toEqual(['the student role has no connection']);
    const noGuide = buildGenerationDefinition(request('sid-teacher-led.yaml', { preference: { atStudentTurns: [1], candidates: 2 } }));
    expect(!noGuide.ok && noGuide.problems).toEqual(['preference pairs need a guide role in the scenario', 'preference pairs need an assessment (the Pass@k probe scores the candidates)']);
    const noTeacher = buildGenerationDefinition(request('sid-teacher-led.yaml', { teacherConnectionIds: [] }));
    expect(!noTeacher.ok && noTeacher.problems).toContain('choose at least one teacher connection');
  });

  it('a CSV scenario takes the rows given and applies its cross lists; a row missing a column is refused', () => {
    const source = templateText('sid-teacher-led.yaml').replace(/  rows:\n(    .*\n)+?(?=  cross:)/, '  csv: topics.csv\n  columns: [topic_id, topic, topic_text]\n');
    const rows = [{ topic_id: 7, topic: 'x', topic_text: 'y' }];
    const result = buildGenerationDefinition(request('sid-teacher-led.yaml', { scenarioSource: source, rows }));
    expect(result.ok && result.definition.parameters.rows).toHaveLength(5);
    const missing = buildGenerationDefinition(request('sid-teacher-led.yaml', { scenarioSource: source, rows: [{ topic_id: 7, topic: 'x' }] }));
    expect(!missing.ok && missing.problems).toEqual(['Row 1 of topics.csv has no topic_text.']);
  });
});

describe('generationParameterProblems', () => {
  const base = built('socratic-students.yaml');

  it('refuses a source changed since it was hashed, items that are not the conversations, a task index out of range', () => {
    expect(generationParameterProblems({ ...base, parameters: { ...base.parameters, scenarioSource: base.parameters.scenarioSource.replace('samples: 5', 'samples: 6') } })[0]).toMatch(/hashes to .*, not to the .* the job names/);
    expect(generationParameterProblems({ ...base, itemIds: ['t0-r1'] })).toEqual(['the conversations are not the job\'s items, one each in item order']);
    const far = { id: 't9-r1', taskIndex: 9, repeatId: 1 };
    expect(generationParameterProblems({ ...base, itemIds: [...base.itemIds, far.id], parameters: { ...base.parameters, conversations: [...base.parameters.conversations, far] } })).toEqual(['the conversation "t9-r1" names no task row of the job, or its id is not t<task>-r<repeat>']);
    expect(generationParameterProblems({ ...base, parameters: { ...base.parameters, rows: [base.parameters.rows[0]] } })).toContain('the task rows are not the scenario\'s own rows (with its cross lists)');
  });

  it('checks the preference and safety steps: candidate count, turns, a judge connection and the rubric set hash', () => {
    const withSteps = (parameters: Partial<GenerationJobDefinition['parameters']>) => generationParameterProblems({ ...base, parameters: { ...base.parameters, ...parameters } });
    expect(withSteps({ preference: { atStudentTurns: [1, 1, 0], candidates: 1 } })).toEqual([
      'preference.candidates must be a whole number from 2 to 10 (got 1)',
      'preference.atStudentTurns holds a turn that is not a whole number from 1',
      'preference.atStudentTurns names a turn twice',
    ]);
    expect(withSteps({ preference: { atStudentTurns: [2], candidates: 3 } })).toEqual([]);
    const judge = { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), minScore: 3 };
    expect(withSteps({ safety: { judge } })).toEqual(['the judge role has no connection']);
    expect(withSteps({ safety: { judge }, roleConnections: { ...base.parameters.roleConnections, judge: 'j' } })).toEqual([]);
    expect(withSteps({ safety: { judge: { ...judge, rubricSetHash: 'old' } }, roleConnections: { ...base.parameters.roleConnections, judge: 'j' } })[0]).toMatch(/safety rubric set sid@.* hashes to .*, not to the "old"/);
    expect(withSteps({ safety: { words: ['ok', ' '] } })).toEqual(['safety.words holds a blank word']);
  });
});
