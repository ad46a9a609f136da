/**
 * The Pass@k probe and preference branches of generation jobs (the Socratic Students template),
 * the safety step (word list, safety judge) and the job budget, through the handlers and the
 * registry against the scripted server. The script answers a probe correctly for draw < the
 * student's turns so far, so the values per turn are computed by hand below.
 */
import { describe, expect, it } from 'vitest';
import { rubricSetHash, SID_RUBRIC_IDS, SID_RUBRIC_SET } from '../../../../shared/judge';
import { scenarioPlayer } from '../../../support/llm-server';
import { bodyOf, MODELS, roleOf, templateDefinition, useGenerationServices } from './generation-harness';

const STUDENTS = 'socratic-students.yaml';
const SID = 'sid-teacher-led.yaml';

describe('generation: probe, preference, safety and budget', () => {
  const harness = useGenerationServices();
  const { state } = harness;

  /** Pass@k in product form is exact only to rounding: compared at 12 decimals */
  const rounded = (values: Record<string, number>) => Object.fromEntries(Object.entries(values).map(([k, value]) => [k, Math.round(value * 1e12) / 1e12]));

  const completed = (id: string) => {
    const result = harness.results().get(id)?.result;
    if (result?.status !== 'complete') throw new Error(`${id} did not complete: ${JSON.stringify(harness.results().get(id)?.outcome)}`);
    return result;
  };

  it('probes Pass@k before every student turn and after the last, each draw its own request, rising as scripted', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: Infinity }));
    await state.handlers['jobs.start']({ definition: await templateDefinition(STUDENTS, ['t0-r1']) });
    await harness.finished();
    const result = completed('t0-r1');
    expect(result.turns.map((turn) => turn.role)).toEqual(['student', 'teacher', 'student', 'teacher', 'student', 'teacher', 'student', 'teacher', 'student', 'teacher']);
    expect(result.end).toEqual({ kind: 'end', reason: 'budget', maxTurns: 10 });
    // before student turn r the student has r − 1 turns, so c = r − 1 of n = 5; after the last, c = 5
    // Pass@1 = c / 5; Pass@5 = 1 − C(5 − c, 5) / C(5, 5) = 1 when c > 0
    expect(result.assessments.map(({ beforeTurn, roleTurnNumber, n, c, passAtK }) => ({ beforeTurn, roleTurnNumber, n, c, passAtK: rounded(passAtK) }))).toEqual([
      { beforeTurn: 1, roleTurnNumber: 1, n: 5, c: 0, passAtK: { 1: 0, 5: 0 } },
      { beforeTurn: 3, roleTurnNumber: 2, n: 5, c: 1, passAtK: { 1: 0.2, 5: 1 } },
      { beforeTurn: 5, roleTurnNumber: 3, n: 5, c: 2, passAtK: { 1: 0.4, 5: 1 } },
      { beforeTurn: 7, roleTurnNumber: 4, n: 5, c: 3, passAtK: { 1: 0.6, 5: 1 } },
      { beforeTurn: 9, roleTurnNumber: 5, n: 5, c: 4, passAtK: { 1: 0.8, 5: 1 } },
      { beforeTurn: 11, roleTurnNumber: 6, n: 5, c: 5, passAtK: { 1: 1, 5: 1 } },
    ]);
    expect(result.assessments[1].draws.map((draw) => [draw.read, draw.correct]).sort()).toEqual([['0', false], ['0', false], ['0', false], ['0', false], ['72', true]]);
    const probes = state.server.log.chatRequests().filter((entry) => roleOf(entry) === 'assessment');
    expect(probes).toHaveLength(30);
    // five alike requests per probe, each sent (not one answer shared), with the assessment's sampling
    expect(new Set(probes.map((entry) => entry.rawBody)).size).toBe(6);
    expect(probes[0].body).toMatchObject({ model: MODELS.student, temperature: 0.7, max_tokens: 400 });
    expect(result.turns.every((turn) => !turn.content.includes('####'))).toBe(true);
  }, 30_000);

  it('a seed the assessment fixes is moved on per draw, so the draws of a probe are not one answer', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: Infinity }));
    const plain = await templateDefinition(STUDENTS, ['t0-r1']);
    const scenarioSource = plain.parameters.scenarioSource.replace('sampling: { temperature: 0.7, max_tokens: 400 }', 'sampling: { temperature: 0.7, max_tokens: 400, seed: 100 }');
    await state.handlers['jobs.start']({ definition: await templateDefinition(STUDENTS, ['t0-r1'], { scenarioSource }) });
    await harness.finished();
    const firstProbe = state.server.log.chatRequests().filter((entry) => roleOf(entry) === 'assessment').slice(0, 5);
    expect(firstProbe.map((entry) => (bodyOf(entry) as { seed?: number }).seed).sort()).toEqual([101, 102, 103, 104, 105]);
    // the dialogue's own turns keep the roles' sampling (no seed)
    expect(state.server.log.chatRequests().filter((entry) => roleOf(entry) === 'student').every((entry) => (bodyOf(entry) as { seed?: number }).seed === undefined)).toBe(true);
  }, 30_000);

  it('preference: the guide proposes candidates, the teacher answers each, the probe picks the best; the dialogue goes on with the student\'s own turn', async () => {
    await harness.saveConnections();
    // only the second candidate helps: its probe gets 3 right draws of 5, the others none
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: Infinity, assessmentCorrect: ({ draw, text }) => text.includes('Candidate question 2') && draw < 3 }));
    await state.handlers['jobs.start']({ definition: await templateDefinition(STUDENTS, ['t0-r1'], { preference: { atStudentTurns: [2], candidates: 3 } }) });
    await harness.finished();
    const result = completed('t0-r1');
    expect(result.preferences).toHaveLength(1);
    const [branch] = result.preferences;
    expect(branch).toMatchObject({ beforeTurn: 3, roleTurnNumber: 2, chosen: 1 });
    expect(branch.candidates.map(({ question, n, c, passAtK }) => ({ question: question.split(':')[0], n, c, passAtK: rounded(passAtK) }))).toEqual([
      { question: 'Candidate question 1', n: 5, c: 0, passAtK: { 1: 0, 5: 0 } },
      { question: 'Candidate question 2', n: 5, c: 3, passAtK: { 1: 0.6, 5: 1 } },
      { question: 'Candidate question 3', n: 5, c: 0, passAtK: { 1: 0, 5: 0 } },
    ]);
    expect(branch.candidates.every((candidate) => candidate.answer.startsWith('Teacher question 2'))).toBe(true);
    expect(branch.prompt[0].role).toBe('system');
    // the student's messages for its second turn: the teacher's answer, then its turn prompt (one user message)
    expect(branch.prompt.at(-1)).toEqual({ role: 'user', content: 'Teacher question 1: what do you notice when you halve it?\n\nAsk your teacher your next question.' });
    // the real dialogue: the student's own second turn, no candidate in it
    expect(result.turns[2]).toMatchObject({ role: 'student', turnNumber: 3 });
    expect(result.turns[2].content).toMatch(/^Student answer 2/);
    expect(result.turns.some((turn) => turn.content.includes('Candidate question'))).toBe(false);
    const requests = state.server.log.chatRequests();
    expect(requests.filter((entry) => roleOf(entry) === 'guide').map((entry) => (entry.body as { model: string }).model)).toEqual([MODELS.guide, MODELS.guide, MODELS.guide]);
    // each candidate's answer was asked of the teacher with the candidate as the student's last turn
    const candidateAnswers = requests.filter((entry) => roleOf(entry) === 'teacher' && String(bodyOf(entry).messages.at(-1)?.content).startsWith('Candidate question'));
    expect(candidateAnswers.map((entry) => String(bodyOf(entry).messages.at(-1)?.content).split(':')[0])).toEqual(['Candidate question 1', 'Candidate question 2', 'Candidate question 3']);
  }, 30_000);

  it('preference: candidates that all score the same give no pair', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: Infinity }));
    await state.handlers['jobs.start']({ definition: await templateDefinition(STUDENTS, ['t0-r1'], { preference: { atStudentTurns: [1, 2], candidates: 2 } }) });
    await harness.finished();
    const result = completed('t0-r1');
    // every candidate adds one student turn: c = 1 at the first branch, 2 at the second, for each
    expect(result.preferences.map((branch) => [branch.roleTurnNumber, branch.candidates.map((candidate) => candidate.c), branch.chosen])).toEqual([[1, [1, 1], null], [2, [2, 2], null]]);
  }, 30_000);

  it('safety words: a listed word in any utterance drops the dialogue, with the word and each turn', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 3 }));
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1'], { safety: { words: ['HALF', 'never said'] } }) });
    await harness.finished();
    const result = completed('t0-r1');
    expect(result.safety.kept).toBe(false);
    expect(result.safety.words).toEqual([{ word: 'HALF', turnNumber: 1 }, { word: 'HALF', turnNumber: 3 }, { word: 'HALF', turnNumber: 5 }]);
    expect(result.safety.reasons).toEqual(['the listed word "HALF" is in turn 1', 'the listed word "HALF" is in turn 3', 'the listed word "HALF" is in turn 5']);
    expect(result.safety.scores).toBeUndefined();
  }, 30_000);

  it('safety judge: the judge connection scores the finished dialogue; a rubric below the minimum drops it', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 2, judgeScore: (rubric) => (rubric === 'IRA' ? 2 : 4) }));
    const safety = { judge: { rubricSet: SID_RUBRIC_SET, rubricSetHash: rubricSetHash(SID_RUBRIC_SET), minScore: 3 } };
    await state.handlers['jobs.start']({ definition: await templateDefinition(SID, ['t0-r1'], { safety, roleConnections: { student: 'student', judge: 'judge' } }) });
    await harness.finished();
    const result = completed('t0-r1');
    expect(result.safety).toMatchObject({ kept: false, words: [], reasons: ['the safety judge scored IRA 2, below the minimum 3'] });
    expect(result.safety.scores?.map((entry) => [entry.rubric, entry.score])).toEqual(SID_RUBRIC_IDS.map((id) => [id, id === 'IRA' ? 2 : 4]));
    expect(result.roles.judge).toMatchObject({ connectionId: 'judge', model: MODELS.judge, sampling: { temperature: 0.1, top_p: 0.9, max_tokens: 1024 } });
    const judged = state.server.log.chatRequests().filter((entry) => roleOf(entry) === 'judge');
    expect(judged).toHaveLength(1);
    expect(judged[0].body).toMatchObject({ model: MODELS.judge, temperature: 0.1, response_format: { type: 'json_schema' } });
    // the judge saw the whole dialogue
    expect(String(bodyOf(judged[0]).messages.at(-1)?.content)).toContain(JSON.stringify(result.turns[3].content));
    expect(result.tokens.input).toBeGreaterThan(result.turns.reduce((sum, turn) => sum + turn.tokens.input, 0));
  }, 30_000);

  it('the job budget pauses a generation job between conversations, with the reason', async () => {
    await harness.saveConnections();
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 2 }));
    const definition = { ...(await templateDefinition(SID, ['t0-r1', 't0-r2', 't1-r1'])), budget: { maxTokens: 50 } };
    const job = await state.handlers['jobs.start']({ definition });
    await harness.until('the budget pauses the job', () => state.events.some((event) => event.type === 'progress' && event.status === 'paused'));
    expect(harness.items()).toHaveLength(1);
    const [snapshot] = await state.handlers['jobs.list']({});
    expect(snapshot).toMatchObject({ id: job.id, status: 'paused', progress: { done: 1, total: 3 } });
    expect(snapshot.error).toMatch(/token budget \(50\) is reached/);
    expect(state.server.log.chatRequests()).toHaveLength(4);
  }, 30_000);
});
