/**
 * What `generate` reads and what it writes beyond the SID files: connections placed by a
 * --connections file, tasks from a CSV beside the scenario, a Socratic Students run's learning
 * curve and preference data, a bad scenario refused with file:line:column problems (exit 1), a
 * connection with no model and a wrong command line (exit 2).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { parseSourceFile } from '../../../shared/import';
import { scenarioPlayer, startLlmServer } from '../../support/llm-server';
import { RESOURCES_DIR } from '../../support/repo-paths';
import { linkToDevZero, makeFifo, settlesWithin } from '../../support/special-files';
import { KEY, TEACHER_TURNS, TEMPLATE, everyFileText, lines, sidScenario, tutoringRoles, useGenerateHarness } from './generate-support';
import { runCaptured } from './run-captured';

describe('generate: inputs and run outputs', () => {
  const harness = useGenerateHarness();
  const { args } = harness;


  it('places each connection by a --connections file: its own endpoint, model and key variable', async () => {
    const otherKey = 'sk-student-side-0f1e2d3c4b5a69788796';
    const studentServer = await startLlmServer({ apiKey: otherKey, defaultHandler: tutoringRoles });
    process.env.GENERATE_STUDENT_KEY = otherKey;
    try {
      harness.state.server.setDefaultHandler(tutoringRoles);
      const scenario = await sidScenario(harness.state.dir.path, 1);
      const connections = join(harness.state.dir.path, 'connections.json');
      await writeFile(connections, JSON.stringify({ teacher: { model: 'tutor-model', apiKeyEnv: 'GENERATE_TEST_KEY' }, student: { baseURL: studentServer.baseURL, model: 'pupil-model', apiKeyEnv: 'GENERATE_STUDENT_KEY', concurrency: 1 } }));
      const out = join(harness.state.dir.path, 'out');
      const run = await runCaptured(['generate', scenario, '--out', out, '--base-url', harness.state.server.baseURL, '--connections', connections]);
      expect(run.code, run.stderr).toBe(0);
      expect(harness.state.server.log.chatRequests().map((request) => (request.body as { model: string }).model)).toEqual(Array(2 * TEACHER_TURNS).fill('tutor-model'));
      expect(studentServer.log.chatRequests().map((request) => (request.body as { model: string }).model)).toEqual(Array(2 * TEACHER_TURNS).fill('pupil-model'));
      expect(lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8'))).toHaveLength(2);
      for (const [path, text] of await everyFileText(out)) {
        expect(text, path).not.toContain(KEY);
        expect(text, path).not.toContain(otherKey);
      }
      expect(run.stdout + run.stderr).not.toContain(otherKey);
      await writeFile(connections, JSON.stringify({ student: { modle: 'x' } }));
      const typo = await runCaptured(['generate', scenario, '--out', out, '--base-url', harness.state.server.baseURL, '--model', 'm', '--connections', connections]);
      expect(typo.code).toBe(2);
      expect(typo.stderr).toContain(`${connections}: student.modle: unknown key (known: baseURL, model, apiKeyEnv, concurrency, maxAnswerMB, price)`);
    } finally {
      delete process.env.GENERATE_STUDENT_KEY;
      await studentServer.close();
    }
  }, 60_000);

  it('--safety-min-score has the scenario\'s judge role score each dialogue: one scored below it is dropped with the rubric and score', async () => {
    // the students of topic 2 refuse to learn, and the judge scores such a dialogue 2 on IRA
    harness.state.server.setDefaultHandler(scenarioPlayer({
      utterance: (role, _turn, body) => (role === 'student' && JSON.stringify(body.messages).includes('自制净水器') ? '我不想学这个。' : undefined),
      judgeScore: (rubric, transcript) => (rubric === 'IRA' && transcript.includes('我不想学') ? 2 : 5),
    }));
    const scenario = await sidScenario(harness.state.dir.path, 1, (doc) => doc.setIn(['roles', 'judge'], doc.createNode({ connection: 'judge', rubric_set: 'sid' })));
    const out = join(harness.state.dir.path, 'out');
    const without = await runCaptured(args(scenario, join(harness.state.dir.path, 'unjudged')));
    expect(without.code, without.stderr).toBe(0);
    expect(harness.state.server.log.chatRequests().filter((request) => (request.body as { model: string }).model === 'judge-model')).toHaveLength(0);
    const run = await runCaptured(args(scenario, out, '--model', 'judge=judge-model', '--safety-min-score', '3'));
    expect(run.code, run.stderr).toBe(0);
    expect(harness.state.server.log.chatRequests().filter((request) => (request.body as { model: string }).model === 'judge-model')).toHaveLength(2);
    expect(lines(await readFile(join(out, 'dropped.jsonl'), 'utf8'))).toEqual([expect.objectContaining({ conversationId: 't1-r1', status: 'complete', reasons: [expect.stringMatching(/IRA.*2/)] })]);
    expect(lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8')).map((record) => record.topic_id)).toEqual([1]);
  }, 60_000);

  it('reads the task rows from a CSV beside the scenario', async () => {
    harness.state.server.setDefaultHandler(tutoringRoles);
    await writeFile(join(harness.state.dir.path, 'topics.csv'), 'topic_id,topic,topic_text\n7,风力发电,"风力发电：叶片形状（物理）、风向（地理）"\n');
    const scenario = await sidScenario(harness.state.dir.path, 1, (doc) => {
      doc.deleteIn(['tasks', 'rows']);
      doc.setIn(['tasks', 'csv'], 'topics.csv');
      doc.setIn(['tasks', 'columns'], ['topic_id', 'topic', 'topic_text']);
    });
    const out = join(harness.state.dir.path, 'out');
    const run = await runCaptured(args(scenario, out));
    expect(run.code, run.stderr).toBe(0);
    const [record] = lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8'));
    expect(record).toMatchObject({ topic_id: '7', student_id: 1 });
    expect(harness.state.server.log.chatRequests().some((request) => request.rawBody.includes('风力发电：叶片形状'))).toBe(true);
    const sid = parseSourceFile({ name: 'tutor-model.jsonl', text: await readFile(join(out, 'tutor-model.jsonl'), 'utf8') }, { codebook: DEFAULT_CODEBOOK });
    expect(sid.dialogues.map((dialogue) => dialogue.externalId)).toEqual(['7-1-1']);
  }, 60_000);

  it('a Socratic Students run writes the learning curve, the preference pairs (DPO, SFT) and their data card; a listed word drops a dialogue', async () => {
    // the second candidate question helps (every probe draw after it is right; otherwise none in the probes of the student's first two turns), so it is chosen over the others
    harness.state.server.setDefaultHandler(scenarioPlayer({
      assessmentCorrect: ({ draw, roleTurns, text }) => text.includes('Candidate question 2') || draw < roleTurns - 2,
      utterance: (role, turn, body) => (role === 'student' && turn === 2 && JSON.stringify(body.messages).includes('Weng') ? 'This homework is rubbish.' : undefined),
    }));
    const scenario = join(harness.state.dir.path, 'students.yaml');
    await writeFile(scenario, await readFile(join(RESOURCES_DIR, 'scenarios/socratic-students.yaml'), 'utf8'));
    await writeFile(join(harness.state.dir.path, 'words.txt'), '# SID toxicity list\nrubbish\n');
    const out = join(harness.state.dir.path, 'out');
    const run = await runCaptured(['generate', scenario, '--out', out, '--base-url', harness.state.server.baseURL, '--model', 'student=pupil-model', '--model', 'teacher=tutor-model', '--model', 'guide=guide-model', '--api-key-env', 'GENERATE_TEST_KEY', '--preference-at', '2', '--candidates', '3', '--safety-words', join(harness.state.dir.path, 'words.txt')]);
    expect(run.code, run.stderr).toBe(0);
    const dropped = lines(await readFile(join(out, 'dropped.jsonl'), 'utf8'));
    expect(dropped).toEqual([expect.objectContaining({ conversationId: 't1-r1', status: 'complete', reasons: [expect.stringContaining('rubbish')] })]);
    expect(lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8')).map((record) => record.topic_id)).toEqual([1]);
    const curve = (await readFile(join(out, 'learning-curve.csv'), 'utf8')).trim().split('\r\n');
    expect(curve[0]).toMatch(/^student_model,strategy,k,/);
    expect(curve.slice(1).every((row) => row.startsWith('pupil-model,socratic-students,'))).toBe(true);
    expect(new Set(curve.slice(1).map((row) => row.split(',')[2]))).toEqual(new Set(['1', '5']));
    const dpo = lines(await readFile(join(out, 'preferences.dpo.jsonl'), 'utf8')) as { chosen: { content: string }[]; rejected: { content: string }[] }[];
    // one kept conversation, one branch of 3 candidates: the helpful one over each of the other two
    expect(dpo).toHaveLength(2);
    for (const pair of dpo) {
      expect(pair.chosen[0].content).toContain('Candidate question 2');
      expect(pair.rejected[0].content).not.toContain('Candidate question 2');
    }
    expect(lines(await readFile(join(out, 'preferences.sft.jsonl'), 'utf8'))).toHaveLength(1);
    const card = await readFile(join(out, 'DATA_CARD.md'), 'utf8');
    expect(card).toContain('socratic-students');
    for (const [path, text] of await everyFileText(out)) expect(text, path).not.toContain(KEY);
  }, 60_000);

  it('refuses a bad scenario with file:line:column problems and exit code 1, asking nothing', async () => {
    const file = join(harness.state.dir.path, 'bad.yaml');
    const text = (await readFile(TEMPLATE, 'utf8')).replace('    label: 教师\n', '    label: 教师\n    prompt: 你好\n').replace('  max_turns: 20\n', '  max_turns: -3\n');
    await writeFile(file, text);
    const run = await runCaptured(args(file, join(harness.state.dir.path, 'out')));
    expect(run.code).toBe(1);
    const promptLine = text.split('\n').findIndex((line) => line === '    prompt: 你好') + 1;
    expect(run.stderr).toContain(`${file}:${promptLine}:5: roles.teacher.prompt: unknown key`);
    expect(run.stderr).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: flow\\.max_turns: `));
    expect(harness.state.server.log.chatRequests()).toHaveLength(0);
    expect(await readdir(harness.state.dir.path)).toEqual(['bad.yaml']);
  }, 60_000);

  it('refuses a scenario, tasks.csv, connections file or word list that is not a regular file, without blocking on it', async () => {
    const fifo = makeFifo(harness.state.dir.path, 'fifo.yaml');
    const fromFifo = await settlesWithin(runCaptured(args(fifo, join(harness.state.dir.path, 'out'))));
    expect(fromFifo.code).toBe(1);
    expect(fromFifo.stderr).toContain(`${fifo}: cannot read the scenario: a named pipe (FIFO), not a regular file`);
    const scenarioDir = join(harness.state.dir.path, 'csv');
    await mkdir(scenarioDir);
    await linkToDevZero(scenarioDir, 'topics.csv');
    const scenario = await sidScenario(scenarioDir, 1, (doc) => {
      doc.deleteIn(['tasks', 'rows']);
      doc.setIn(['tasks', 'csv'], 'topics.csv');
      doc.setIn(['tasks', 'columns'], ['topic_id', 'topic', 'topic_text']);
    });
    const fromZero = await settlesWithin(runCaptured(args(scenario, join(harness.state.dir.path, 'out'))));
    expect(fromZero.code).toBe(1);
    // a link out of the scenario's folder is not followed at all (issue 30 point 1)
    expect(fromZero.stderr).toContain(`${scenario}: tasks.csv names "topics.csv", which is a link to a file outside the folder of the file that names it (not followed)`);
    await rm(join(scenarioDir, 'topics.csv'));
    makeFifo(scenarioDir, 'topics.csv');
    const fromTasksFifo = await settlesWithin(runCaptured(args(scenario, join(harness.state.dir.path, 'out'))));
    expect(fromTasksFifo.code).toBe(1);
    expect(fromTasksFifo.stderr).toContain(`${join(scenarioDir, 'topics.csv')}: cannot read the task file: a named pipe (FIFO), not a regular file`);
    const plain = await sidScenario(harness.state.dir.path, 1);
    const words = makeFifo(harness.state.dir.path, 'words.txt');
    const fromWords = await settlesWithin(runCaptured(args(plain, join(harness.state.dir.path, 'out'), '--safety-words', words)));
    expect(fromWords.stderr).toContain(`${words}: cannot read the word list: a named pipe (FIFO), not a regular file`);
    const connections = makeFifo(harness.state.dir.path, 'connections.json');
    const fromConnections = await settlesWithin(runCaptured(args(plain, join(harness.state.dir.path, 'out'), '--connections', connections)));
    expect(fromConnections.stderr).toContain(`${connections}: cannot read the connections file: a named pipe (FIFO), not a regular file`);
    expect(harness.state.server.log.chatRequests()).toHaveLength(0);
  }, 60_000);

  it('names a connection with no model, and a wrong command line, with exit code 2', async () => {
    const scenario = await sidScenario(harness.state.dir.path, 1);
    const noStudent = await runCaptured(['generate', scenario, '--out', join(harness.state.dir.path, 'out'), '--base-url', harness.state.server.baseURL, '--model', 'teacher=tutor-model']);
    expect(noStudent.code).toBe(2);
    expect(noStudent.stderr).toMatch(/the connection student has no model: give --model student=MODEL/);
    const unknown = await runCaptured(args(scenario, join(harness.state.dir.path, 'out'), '--model', 'judge=x'));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--model judge=…: the scenario has no connection judge/);
    const noOut = await runCaptured(['generate', scenario, '--base-url', harness.state.server.baseURL]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--out is required/);
    expect(harness.state.server.log.chatRequests()).toHaveLength(0);
  }, 60_000);
});
