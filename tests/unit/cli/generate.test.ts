/**
 * `generate` against the scripted server, through the real engine: the SID template cut to 2
 * topics × 2 learning states writes 4 SID dialogues the app's SID importer reads; a run stopped
 * midway (the key refused, or --limit) resumes without asking any answered turn again (counted at
 * the server); a conversation failed for good is retried by the next run from its failed turn;
 * the key from the environment is never printed or written.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { parseSourceFile } from '../../../shared/import';
import { reply, type ChatRequest } from '../../support/llm-server';
import { KEY, TEACHER_TURNS, everyFileText, lines, sidScenario, tutoringRoles, useGenerateHarness } from './generate-support';
import { runCaptured } from './run-captured';

describe('generate', () => {
  const harness = useGenerateHarness();
  const { args } = harness;


  it('writes the SID template\'s 2 topics × 2 states as 4 SID dialogues the importer reads; a rerun asks nothing again', async () => {
    harness.state.server.setDefaultHandler(tutoringRoles);
    const scenario = await sidScenario(harness.state.dir.path, 2);
    const out = join(harness.state.dir.path, 'out');
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
    const requests = harness.state.server.log.chatRequests().length;
    expect(requests).toBe(4 * 2 * TEACHER_TURNS);
    expect(harness.state.server.log.chatRequests().every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    for (const [path, text] of await everyFileText(out)) expect(text, path).not.toContain(KEY);
    expect(first.stdout + first.stderr).not.toContain(KEY);

    // the cache gone: the file alone says which conversations are done
    await rm(join(out, '.maieutic-cache'), { recursive: true, force: true });
    const second = await runCaptured(args(scenario, out, '--concurrency', '2'));
    expect(second.code, second.stderr).toBe(0);
    expect(harness.state.server.log.chatRequests()).toHaveLength(requests);
    expect(second.stdout).toMatch(/0 conversations written .* 4 of 4 already there/);
    expect(await readFile(join(out, 'tutor-model.jsonl'), 'utf8')).toBe(sid);
  }, 60_000);

  it('resumes a run stopped midway without asking any answered turn again: finished conversations from the file, begun ones from the cache', async () => {
    const scenario = await sidScenario(harness.state.dir.path, 2);
    const out = join(harness.state.dir.path, 'out');
    // the endpoint refuses the key after 15 answers: two conversations finished, the next two stopped midway
    let answered = 0;
    harness.state.server.setDefaultHandler((request) => (answered++ < 15 ? tutoringRoles(request) : reply.status(401)));
    const stopped = await runCaptured(args(scenario, out, '--concurrency', '2'));
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(/stopped: .*API key/);
    expect(stopped.stdout + stopped.stderr).not.toContain(KEY);
    const finishedBefore = lines(await readFile(join(out, 'conversations.jsonl'), 'utf8')).filter((line) => line.status === 'complete');
    expect(finishedBefore.length).toBeGreaterThan(0);
    expect(finishedBefore.length).toBeLessThan(4);
    const answeredBodies = new Set(harness.state.server.log.chatRequests().filter((request) => request.reply?.kind === 'answer').map((request) => request.rawBody));
    expect(answeredBodies.size).toBe(15);

    harness.state.server.setDefaultHandler(tutoringRoles);
    const before = harness.state.server.log.chatRequests().length;
    const resumed = await runCaptured(args(scenario, out, '--concurrency', '2'));
    expect(resumed.code, resumed.stderr).toBe(0);
    const askedNow = harness.state.server.log.chatRequests().slice(before);
    expect(askedNow.filter((request) => answeredBodies.has(request.rawBody))).toEqual([]);
    // every turn of the 4 dialogues was asked exactly once over both runs
    expect(askedNow.length + answeredBodies.size).toBe(4 * 2 * TEACHER_TURNS);
    const sid = parseSourceFile({ name: 'tutor-model.jsonl', text: await readFile(join(out, 'tutor-model.jsonl'), 'utf8') }, { codebook: DEFAULT_CODEBOOK });
    expect(sid.dialogues).toHaveLength(4);
  }, 60_000);

  it('--limit finishes that many conversations and stops; the next run does the rest and asks none again', async () => {
    harness.state.server.setDefaultHandler(tutoringRoles);
    const scenario = await sidScenario(harness.state.dir.path, 2);
    const out = join(harness.state.dir.path, 'out');
    const limited = await runCaptured(args(scenario, out, '--limit', '1'));
    expect(limited.code, limited.stderr).toBe(0);
    expect(limited.stdout).toMatch(/1 conversation written .* 3 still to generate/);
    expect(lines(await readFile(join(out, 'conversations.jsonl'), 'utf8'))).toHaveLength(1);
    expect(harness.state.server.log.chatRequests()).toHaveLength(2 * TEACHER_TURNS);
    const rest = await runCaptured(args(scenario, out));
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stdout).toMatch(/3 conversations written .* 1 of 4 already there/);
    const bodies = harness.state.server.log.chatRequests().map((request) => request.rawBody);
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(bodies).toHaveLength(4 * 2 * TEACHER_TURNS);
  }, 60_000);

  it('writes a conversation whose call fails for good as failed (listed in dropped.jsonl); the next run retries it from its failed turn', async () => {
    const scenario = await sidScenario(harness.state.dir.path, 2);
    const out = join(harness.state.dir.path, 'out');
    // the teacher's second turn of topic 2, state 1 is refused as a bad request (not retried)
    const refused = (request: ChatRequest) => request.body.model === 'tutor-model' && JSON.stringify(request.body.messages).includes('自制净水器·全优型') && request.body.messages.filter((message) => message.role === 'assistant').length === 1;
    harness.state.server.setDefaultHandler((request) => (refused(request) ? reply.status(400, { message: 'this request is refused' }) : tutoringRoles(request)));
    const first = await runCaptured(args(scenario, out));
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/generate: t2-r1 \(tutor-model\): stopped after 3 turns: .*refused/);
    expect(lines(await readFile(join(out, 'dropped.jsonl'), 'utf8'))).toEqual([expect.objectContaining({ conversationId: 't2-r1', status: 'failed' })]);
    expect(lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8'))).toHaveLength(3);

    harness.state.server.setDefaultHandler(tutoringRoles);
    const before = harness.state.server.log.chatRequests().length;
    const second = await runCaptured(args(scenario, out));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/1 conversation written .* 3 of 4 already there/);
    // the three turns before the refused one came from the cache: turns 4 to 6 only
    expect(harness.state.server.log.chatRequests().length - before).toBe(2 * TEACHER_TURNS - 3);
    expect(lines(await readFile(join(out, 'dropped.jsonl'), 'utf8'))).toEqual([]);
    expect(lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8'))).toHaveLength(4);
  }, 60_000);

});
