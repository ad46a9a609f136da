import { describe, expect, it } from 'vitest';
import { rolesToBind } from '../../../../renderer/src/features/generation/build-generation-definition';
import { buildFromChoices, connectionNamed, EMPTY_CHOICES, missingChoices, turnList, wordList, type GenerationDialogChoices } from '../../../../renderer/src/features/generation/dialog-choices';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import { parseScenarioOrThrow, scenarioHash } from '../../../../shared/scenario';
import { scenarioSource } from './support';

const SID = { scenarioId: 'sid-teacher-led', origin: 'sid-teacher-led.yaml', source: scenarioSource('sid-teacher-led.yaml') };
const SOCRATIC = { scenarioId: 'socratic-students', origin: 'editor', source: scenarioSource('socratic-students.yaml') };
const choices = (patch: Partial<GenerationDialogChoices>): GenerationDialogChoices => ({ ...EMPTY_CHOICES, title: 'Pilot', ...patch });

describe('Start generation: the dialog’s choices as a job definition', () => {
  it('makes one item per task row × repeat, run once per teacher, carrying the YAML, its hash and the expanded rows', () => {
    const built = buildFromChoices(SID, choices({ teacherIds: ['c-gpt', 'c-qwen'], roleConnections: { student: 'c-student' } }));
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const scenario = parseScenarioOrThrow(SID.source, 'sid-teacher-led.yaml');
    // 2 topics × 5 learning states, 2 repeats each
    expect(built.definition.itemIds).toHaveLength(2 * 5 * 2);
    expect(built.definition.itemIds.slice(0, 3)).toEqual(['t0-r1', 't0-r2', 't1-r1']);
    expect(built.conversations).toBe(2 * 5 * 2 * 2);
    expect(built.definition).toMatchObject({ kind: 'generation', title: 'Pilot', connectionIds: ['c-gpt', 'c-qwen'] });
    expect(built.definition.parameters).toMatchObject({ scenarioSource: SID.source, scenarioFile: 'sid-teacher-led.yaml', scenarioHash: scenarioHash(scenario), roleConnections: { student: 'c-student' } });
    expect(built.definition.parameters.rows[9]).toMatchObject({ topic_id: 2, student_id: 5 });
    expect(built.definition.budget).toBeUndefined();
    expect(built.definition.parameters.safety).toBeUndefined();
    // at most max_turns (20) turns per conversation, no probe, no judge
    expect(built.callBound).toBe(built.conversations * 20);
  });

  it('names every missing choice at once', () => {
    const built = buildFromChoices(SOCRATIC, choices({ title: ' ', teacherIds: [], maxCost: '-1' }));
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.problems).toEqual(expect.arrayContaining(['the cost budget must be a positive number', 'the run needs a name', 'choose at least one teacher connection', 'the student role has no connection', 'the guide role has no connection']));
  });

  it('carries the budget, the word list and the safety judge (which then needs a judge connection)', () => {
    const base = choices({ teacherIds: ['c-gpt'], roleConnections: { student: 'c-student' }, maxTokens: '50000', maxCost: '2.5', safetyWords: '笨蛋\nstupid, 笨蛋', safetyJudgeOn: true, safetyRubricSet: SID_RUBRIC_SET, safetyMinScore: '2' });
    const withoutJudge = buildFromChoices(SID, base);
    expect(withoutJudge.ok ? [] : withoutJudge.problems).toEqual(['the judge role has no connection']);
    const built = buildFromChoices(SID, { ...base, roleConnections: { student: 'c-student', judge: 'c-judge' } });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    expect(built.definition.budget).toEqual({ maxTokens: 50000, maxCost: 2.5 });
    expect(built.definition.parameters.safety).toEqual({ words: ['笨蛋', 'stupid'], judge: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), minScore: 2 } });
    expect(built.definition.parameters.roleConnections).toEqual({ student: 'c-student', judge: 'c-judge' });
    expect(built.callBound).toBe(built.conversations * 21);
  });

  it('offers preference pairs only for a scenario with a guide and an assessment', () => {
    const refused = buildFromChoices(SID, choices({ teacherIds: ['c-gpt'], roleConnections: { student: 'c-student' }, preferenceOn: true, preferenceTurns: '1', candidates: '3' }));
    expect(refused.ok ? [] : refused.problems).toEqual(['preference pairs need a guide role in the scenario', 'preference pairs need an assessment (the Pass@k probe scores the candidates)']);
    const built = buildFromChoices(SOCRATIC, choices({ teacherIds: ['c-gpt'], roleConnections: { student: 'c-s', guide: 'c-g' }, preferenceOn: true, preferenceTurns: '3, 1', candidates: '3' }));
    if (!built.ok) throw new Error(built.problems.join('\n'));
    expect(built.definition.parameters.preference).toEqual({ atStudentTurns: [1, 3], candidates: 3 });
    expect(built.definition.parameters.roleConnections).toEqual({ student: 'c-s', guide: 'c-g' });
    // per conversation: 10 turns, (10 + 1) probes × 5 draws, 2 branches × 3 candidates × (1 guide proposal + 1 teacher answer + 5 draws)
    // (the engine asks the guide once per candidate: generation-probe.ts preferenceBranch)
    expect(built.callBound).toBe(built.conversations * (10 + 11 * 5 + 2 * 3 * (2 + 5)));
    const badTurns = buildFromChoices(SOCRATIC, choices({ teacherIds: ['c-gpt'], roleConnections: { student: 'c-s', guide: 'c-g' }, preferenceOn: true, preferenceTurns: '0, x', candidates: '1' }));
    expect(badTurns.ok ? [] : badTurns.problems).toEqual(expect.arrayContaining(['list the student turns (1, 2, …) to branch at', 'preference.candidates must be a whole number from 2 to 10 (got 1)']));
  });

  it('offers the judge a scenario declares without requiring it (only the safety judge needs one)', () => {
    const elmes = { scenarioId: 'elmes-single-turn', origin: 'elmes-single-turn.yaml', source: scenarioSource('elmes-single-turn.yaml') };
    const scenario = parseScenarioOrThrow(elmes.source, elmes.origin);
    expect(rolesToBind(scenario)).toEqual(['judge']);
    const bare = buildFromChoices(elmes, choices({ teacherIds: ['c-gpt'] }));
    expect(bare.ok && bare.definition.parameters.roleConnections).toEqual({});
    const withJudge = buildFromChoices(elmes, choices({ teacherIds: ['c-gpt'], roleConnections: { judge: 'c-judge', guide: 'stray' } }));
    expect(withJudge.ok && withJudge.definition.parameters.roleConnections).toEqual({ judge: 'c-judge' });
  });

  it('reports a scenario that does not parse with its file and line', () => {
    const built = buildFromChoices({ scenarioId: 'x', origin: 'editor', source: 'format: maieutic.scenario/1\nid: x\nbogus: 1\n' }, choices({ teacherIds: ['c'] }));
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.problems.some((problem) => problem.startsWith('x.yaml:'))).toBe(true);
  });

  it('says what the dialog still needs in its own (bilingual) terms', () => {
    const socratic = parseScenarioOrThrow(SOCRATIC.source, 'socratic-students.yaml');
    expect(missingChoices(socratic, choices({ title: '', roleConnections: { student: 'c-s' }, maxTokens: 'x', safetyJudgeOn: true, safetyRubricSet: null, preferenceOn: true, preferenceTurns: '', candidates: '1' }))).toEqual([
      { kind: 'name' }, { kind: 'teacher' }, { kind: 'role', role: 'guide' }, { kind: 'role', role: 'judge' }, { kind: 'rubricSet' }, { kind: 'turns' }, { kind: 'candidates' }, { kind: 'budget' },
    ]);
    expect(missingChoices(socratic, choices({ teacherIds: ['c'], roleConnections: { student: 'c-s', guide: 'c-g' } }))).toEqual([]);
  });

  it('reads word lists, turn lists and connection names as typed', () => {
    expect(wordList(' a \n\nb，c,a')).toEqual(['a', 'b', 'c']);
    expect(turnList('3 1,1')).toEqual([1, 3]);
    expect(turnList('1.5')).toBeNull();
    expect(connectionNamed([{ id: 'x1', name: 'Student' }, { id: 'teacher', name: 'T' }], ['student'])).toBe('x1');
    expect(connectionNamed([{ id: 'x1', name: 'Student' }, { id: 'teacher', name: 'T' }], ['teacher'])).toBe('teacher');
  });
});
