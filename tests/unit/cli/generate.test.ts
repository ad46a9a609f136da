/**
 * `generate` against the scripted server, through the real engine: the SID template cut to 2
 * topics × 2 learning states writes 4 SID dialogues the app's SID importer reads; a run stopped
 * midway (the key refused, or --limit) resumes without asking any answered turn again (counted at
 * the server); a conversation failed for good retried by the next run from its failed turn;
 * connections placed by a --connections file; tasks from a CSV beside the scenario; a bad scenario is refused with
 * file:line:column problems and exit code 1; the key from the environment is never printed or written.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { parseSourceFile } from '../../../shared/import';
import { reply, scenarioPlayer, startLlmServer, type ChatRequest, type LlmTestServer } from '../../support/llm-server';
import { RESOURCES_DIR } from '../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

const KEY = 'sk-generate-7a6b5c4d3e2f1a0b9c8d';
const TEMPLATE = join(RESOURCES_DIR, 'scenarios/sid-teacher-led.yaml');
/** the teacher closes with [End] at its third turn: six turns per dialogue */
const TEACHER_TURNS = 3;

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * A student and a Socratic teacher told apart by their system prompts; each answer names its turn
 * and what the role's system prompt says of the dialogue's row: the topic (both), the learning
 * state (the student's prompt only).
 */
function tutoringRoles({ body }: ChatRequest) {
  const messages = body.messages as { role: string; content: string }[];
  const system = messages[0].content;
  const own = messages.filter((message) => message.role === 'assistant').length + 1;
  if (system.includes('苏格拉底式')) {
    const topic = /主题与目标：\n([^：\n]+)/.exec(system)?.[1];
    return reply.answer(own >= TEACHER_TURNS ? `总结：你已经理解了${topic}。[End]` : `第${own}个问题：${topic}为什么会这样？`);
  }
  return reply.answer(`学生的第${own}次回答（${/主题：([^。\n]+)/.exec(system)?.[1]}·${/学习状态：([^。\n]+)/.exec(system)?.[1]}）`);
}

/** The SID template with its first `states` learning states and one repeat. */
async function sidScenario(dir: string, states: number, edit?: (doc: ReturnType<typeof parseDocument>) => void): Promise<string> {
  const doc = parseDocument(await readFile(TEMPLATE, 'utf8'));
  const list = doc.getIn(['tasks', 'cross', 'learning_states']) as { items: unknown[] };
  list.items.splice(states);
  doc.set('repeats', 1);
  edit?.(doc);
  const file = join(dir, 'scenario.yaml');
  await writeFile(file, doc.toString());
  return file;
}

describe('generate', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY });
    process.env.GENERATE_TEST_KEY = KEY;
  });
  afterEach(async () => {
    delete process.env.GENERATE_TEST_KEY;
    await server.close();
    await dir.remove();
  });

  const args = (scenario: string, out: string, ...extra: string[]) => ['generate', scenario, '--out', out, '--base-url', server.baseURL, '--model', 'teacher=tutor-model', '--model', 'student=student-model', '--api-key-env', 'GENERATE_TEST_KEY', ...extra];

  async function everyFileText(folder: string): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    for (const path of await readdir(folder, { recursive: true })) texts.set(path, await readFile(join(folder, path), 'utf8').catch(() => ''));
    return texts;
  }

  it('writes the SID template\'s 2 topics × 2 states as 4 SID dialogues the importer reads; a rerun asks nothing again', async () => {
    server.setDefaultHandler(tutoringRoles);
    const scenario = await sidScenario(dir.path, 2);
    const out = join(dir.path, 'out');
    const first = await runCaptured(args(scenario, out, '--concurrency', '2'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/generate: 4\/4 conversations/);
    const sid = await readFile(join(out, 'tutor-model.jsonl'), 'utf8');
    const parsed = parseSourceFile({ name: 'tutor-model.jsonl', text: sid }, { codebook: DEFAULT_CODEBOOK });
    expect(parsed.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(parsed.dialogues).toHaveLength(4);
    expect(parsed.dialogues.map((dialogue) => dialogue.externalId).sort()).toEqual(['1-1-1', '1-2-1', '2-1-1', '2-2-1']);
    for (const dialogue of parsed.dialogues) {
      expect(dialogue.turns).toHaveLength(2 * TEACHER_TURNS);
      expect(dialogue.turns.map((turn) => turn.speaker)).toEqual(['student', 'teacher', 'student', 'teacher', 'student', 'teacher']);
      expect(dialogue.turns.at(-1)?.utterance).toContain('[End]');
    }
    // each dialogue holds its own row's topic and state, in every turn
    const record = lines(sid).find((line) => line.topic_id === 2 && line.student_id === 2) as { dialogue: { content: string }[] };
    for (const turn of record.dialogue) expect(turn.content).toContain('自制净水器');
    expect(record.dialogue.filter((turn) => turn.content.includes('自制净水器·知识掌握不足'))).toHaveLength(TEACHER_TURNS);
    expect(lines(await readFile(join(out, 'conversations.jsonl'), 'utf8'))).toHaveLength(4);
    expect(lines(await readFile(join(out, 'dropped.jsonl'), 'utf8'))).toEqual([]);
    const requests = server.log.chatRequests().length;
    expect(requests).toBe(4 * 2 * TEACHER_TURNS);
    expect(server.log.chatRequests().every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    for (const [path, text] of await everyFileText(out)) expect(text, path).not.toContain(KEY);
    expect(first.stdout + first.stderr).not.toContain(KEY);

    // the cache gone: the file alone says which conversations are done
    await rm(join(out, '.maieutic-cache'), { recursive: true, force: true });
    const second = await runCaptured(args(scenario, out, '--concurrency', '2'));
    expect(second.code, second.stderr).toBe(0);
    expect(server.log.chatRequests()).toHaveLength(requests);
    expect(second.stdout).toMatch(/0 conversations written .* 4 of 4 already there/);
    expect(await readFile(join(out, 'tutor-model.jsonl'), 'utf8')).toBe(sid);
  }, 60_000);

  it('resumes a run stopped midway without asking any answered turn again: finished conversations from the file, begun ones from the cache', async () => {
    const scenario = await sidScenario(dir.path, 2);
    const out = join(dir.path, 'out');
    // the endpoint refuses the key after 15 answers: two conversations finished, the next two stopped midway
    let answered = 0;
    server.setDefaultHandler((request) => (answered++ < 15 ? tutoringRoles(request) : reply.status(401)));
    const stopped = await runCaptured(args(scenario, out, '--concurrency', '2'));
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(/stopped: .*API key/);
    expect(stopped.stdout + stopped.stderr).not.toContain(KEY);
    const finishedBefore = lines(await readFile(join(out, 'conversations.jsonl'), 'utf8')).filter((line) => line.status === 'complete');
    expect(finishedBefore.length).toBeGreaterThan(0);
    expect(finishedBefore.length).toBeLessThan(4);
    const answeredBodies = new Set(server.log.chatRequests().filter((request) => request.reply?.kind === 'answer').map((request) => request.rawBody));
    expect(answeredBodies.size).toBe(15);

    server.setDefaultHandler(tutoringRoles);
    const before = server.log.chatRequests().length;
    const resumed = await runCaptured(args(scenario, out, '--concurrency', '2'));
    expect(resumed.code, resumed.stderr).toBe(0);
    const askedNow = server.log.chatRequests().slice(before);
    expect(askedNow.filter((request) => answeredBodies.has(request.rawBody))).toEqual([]);
    // every turn of the 4 dialogues was asked exactly once over both runs
    expect(askedNow.length + answeredBodies.size).toBe(4 * 2 * TEACHER_TURNS);
    const sid = parseSourceFile({ name: 'tutor-model.jsonl', text: await readFile(join(out, 'tutor-model.jsonl'), 'utf8') }, { codebook: DEFAULT_CODEBOOK });
    expect(sid.dialogues).toHaveLength(4);
  }, 60_000);

  it('--limit finishes that many conversations and stops; the next run does the rest and asks none again', async () => {
    server.setDefaultHandler(tutoringRoles);
    const scenario = await sidScenario(dir.path, 2);
    const out = join(dir.path, 'out');
    const limited = await runCaptured(args(scenario, out, '--limit', '1'));
    expect(limited.code, limited.stderr).toBe(0);
    expect(limited.stdout).toMatch(/1 conversation written .* 3 still to generate/);
    expect(lines(await readFile(join(out, 'conversations.jsonl'), 'utf8'))).toHaveLength(1);
    expect(server.log.chatRequests()).toHaveLength(2 * TEACHER_TURNS);
    const rest = await runCaptured(args(scenario, out));
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stdout).toMatch(/3 conversations written .* 1 of 4 already there/);
    const bodies = server.log.chatRequests().map((request) => request.rawBody);
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(bodies).toHaveLength(4 * 2 * TEACHER_TURNS);
  }, 60_000);

  it('writes a conversation whose call fails for good as failed (listed in dropped.jsonl); the next run retries it from its failed turn', async () => {
    const scenario = await sidScenario(dir.path, 2);
    const out = join(dir.path, 'out');
    // the teacher's second turn of topic 2, state 1 is refused as a bad request (not retried)
    const refused = (request: ChatRequest) => request.body.model === 'tutor-model' && JSON.stringify(request.body.messages).includes('自制净水器·全优型') && request.body.messages.filter((message) => message.role === 'assistant').length === 1;
    server.setDefaultHandler((request) => (refused(request) ? reply.status(400, { message: 'this request is refused' }) : tutoringRoles(request)));
    const first = await runCaptured(args(scenario, out));
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/generate: t2-r1 \(tutor-model\): stopped after 3 turns: .*refused/);
    expect(lines(await readFile(join(out, 'dropped.jsonl'), 'utf8'))).toEqual([expect.objectContaining({ conversationId: 't2-r1', status: 'failed' })]);
    expect(lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8'))).toHaveLength(3);

    server.setDefaultHandler(tutoringRoles);
    const before = server.log.chatRequests().length;
    const second = await runCaptured(args(scenario, out));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/1 conversation written .* 3 of 4 already there/);
    // the three turns before the refused one came from the cache: turns 4 to 6 only
    expect(server.log.chatRequests().length - before).toBe(2 * TEACHER_TURNS - 3);
    expect(lines(await readFile(join(out, 'dropped.jsonl'), 'utf8'))).toEqual([]);
    expect(lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8'))).toHaveLength(4);
  }, 60_000);

  it('places each connection by a --connections file: its own endpoint, model and key variable', async () => {
    const otherKey = 'sk-student-side-0f1e2d3c4b5a69788796';
    const studentServer = await startLlmServer({ apiKey: otherKey, defaultHandler: tutoringRoles });
    process.env.GENERATE_STUDENT_KEY = otherKey;
    try {
      server.setDefaultHandler(tutoringRoles);
      const scenario = await sidScenario(dir.path, 1);
      const connections = join(dir.path, 'connections.json');
      await writeFile(connections, JSON.stringify({ teacher: { model: 'tutor-model', apiKeyEnv: 'GENERATE_TEST_KEY' }, student: { baseURL: studentServer.baseURL, model: 'pupil-model', apiKeyEnv: 'GENERATE_STUDENT_KEY', concurrency: 1 } }));
      const out = join(dir.path, 'out');
      const run = await runCaptured(['generate', scenario, '--out', out, '--base-url', server.baseURL, '--connections', connections]);
      expect(run.code, run.stderr).toBe(0);
      expect(server.log.chatRequests().map((request) => request.body.model)).toEqual(Array(2 * TEACHER_TURNS).fill('tutor-model'));
      expect(studentServer.log.chatRequests().map((request) => request.body.model)).toEqual(Array(2 * TEACHER_TURNS).fill('pupil-model'));
      expect(lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8'))).toHaveLength(2);
      for (const [path, text] of await everyFileText(out)) {
        expect(text, path).not.toContain(KEY);
        expect(text, path).not.toContain(otherKey);
      }
      expect(run.stdout + run.stderr).not.toContain(otherKey);
      await writeFile(connections, JSON.stringify({ student: { modle: 'x' } }));
      const typo = await runCaptured(['generate', scenario, '--out', out, '--base-url', server.baseURL, '--model', 'm', '--connections', connections]);
      expect(typo.code).toBe(2);
      expect(typo.stderr).toContain(`${connections}: student.modle: unknown key (known: baseURL, model, apiKeyEnv, concurrency)`);
    } finally {
      delete process.env.GENERATE_STUDENT_KEY;
      await studentServer.close();
    }
  }, 60_000);

  it('reads the task rows from a CSV beside the scenario', async () => {
    server.setDefaultHandler(tutoringRoles);
    await writeFile(join(dir.path, 'topics.csv'), 'topic_id,topic,topic_text\n7,风力发电,"风力发电：叶片形状（物理）、风向（地理）"\n');
    const scenario = await sidScenario(dir.path, 1, (doc) => {
      doc.deleteIn(['tasks', 'rows']);
      doc.setIn(['tasks', 'csv'], 'topics.csv');
      doc.setIn(['tasks', 'columns'], ['topic_id', 'topic', 'topic_text']);
    });
    const out = join(dir.path, 'out');
    const run = await runCaptured(args(scenario, out));
    expect(run.code, run.stderr).toBe(0);
    const [record] = lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8'));
    expect(record).toMatchObject({ topic_id: '7', student_id: 1 });
    expect(server.log.chatRequests().some((request) => request.rawBody.includes('风力发电：叶片形状'))).toBe(true);
    const sid = parseSourceFile({ name: 'tutor-model.jsonl', text: await readFile(join(out, 'tutor-model.jsonl'), 'utf8') }, { codebook: DEFAULT_CODEBOOK });
    expect(sid.dialogues.map((dialogue) => dialogue.externalId)).toEqual(['7-1-1']);
  }, 60_000);

  it('a Socratic Students run writes the learning curve, the preference pairs (DPO, SFT) and their data card; a listed word drops a dialogue', async () => {
    // the second candidate question helps (every probe draw after it is right; otherwise none in the probes of the student's first two turns), so it is chosen over the others
    server.setDefaultHandler(scenarioPlayer({
      assessmentCorrect: ({ draw, roleTurns, text }) => text.includes('Candidate question 2') || draw < roleTurns - 2,
      utterance: (role, turn, body) => (role === 'student' && turn === 2 && JSON.stringify(body.messages).includes('Weng') ? 'This homework is rubbish.' : undefined),
    }));
    const scenario = join(dir.path, 'students.yaml');
    await writeFile(scenario, await readFile(join(RESOURCES_DIR, 'scenarios/socratic-students.yaml'), 'utf8'));
    await writeFile(join(dir.path, 'words.txt'), '# SID toxicity list\nrubbish\n');
    const out = join(dir.path, 'out');
    const run = await runCaptured(['generate', scenario, '--out', out, '--base-url', server.baseURL, '--model', 'student=pupil-model', '--model', 'teacher=tutor-model', '--model', 'guide=guide-model', '--api-key-env', 'GENERATE_TEST_KEY', '--preference-at', '2', '--candidates', '3', '--safety-words', join(dir.path, 'words.txt')]);
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
    const file = join(dir.path, 'bad.yaml');
    const text = (await readFile(TEMPLATE, 'utf8')).replace('    label: 教师\n', '    label: 教师\n    prompt: 你好\n').replace('  max_turns: 20\n', '  max_turns: -3\n');
    await writeFile(file, text);
    const run = await runCaptured(args(file, join(dir.path, 'out')));
    expect(run.code).toBe(1);
    const promptLine = text.split('\n').findIndex((line) => line === '    prompt: 你好') + 1;
    expect(run.stderr).toContain(`${file}:${promptLine}:5: roles.teacher.prompt: unknown key`);
    expect(run.stderr).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: flow\\.max_turns: `));
    expect(server.log.chatRequests()).toHaveLength(0);
    expect(await readdir(dir.path)).toEqual(['bad.yaml']);
  }, 60_000);

  it('names a connection with no model, and a wrong command line, with exit code 2', async () => {
    const scenario = await sidScenario(dir.path, 1);
    const noStudent = await runCaptured(['generate', scenario, '--out', join(dir.path, 'out'), '--base-url', server.baseURL, '--model', 'teacher=tutor-model']);
    expect(noStudent.code).toBe(2);
    expect(noStudent.stderr).toMatch(/the connection student has no model: give --model student=MODEL/);
    const unknown = await runCaptured(args(scenario, join(dir.path, 'out'), '--model', 'judge=x'));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--model judge=…: the scenario has no connection judge/);
    const noOut = await runCaptured(['generate', scenario, '--base-url', server.baseURL]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--out is required/);
    expect(server.log.chatRequests()).toHaveLength(0);
  }, 60_000);
});
