/**
 * `generate` killed: the built CLI, as users run it, SIGKILLed in the middle of a dialogue. The
 * next run asks none of the turns answered before the kill again (counted at the server): the
 * finished conversation comes from conversations.jsonl, the begun one's turns from the cache.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_CLI } from '../../../scripts/cli/launch.mjs';
import { reply } from '../../support/llm-server';
import { REPO_ROOT } from '../../support/repo-paths';
import { TEACHER_TURNS, lines, sidScenario, tutoringRoles, useGenerateHarness } from './generate-support';
import { runCaptured } from './run-captured';

describe('generate killed', () => {
  const harness = useGenerateHarness();

  it('resumes after SIGKILL mid-dialogue without asking any answered turn again', async () => {
    const scenario = await sidScenario(harness.state.dir.path, 2);
    const out = join(harness.state.dir.path, 'out');
    const argv = ['generate', scenario, '--out', out, '--base-url', harness.state.server.baseURL, '--model', 'teacher=tutor-model', '--model', 'student=student-model', '--api-key-env', 'GENERATE_TEST_KEY', '--concurrency', '1'];
    harness.state.server.setDefaultHandler((request) => reply.delay(40, tutoringRoles(request)));
    const child = spawn(process.execPath, [BUILT_CLI, ...argv], { cwd: REPO_ROOT, env: process.env, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    // one conversation at a time, turn after turn: request 10 is sent only once answer 9 is
    // cached, so at its arrival the first conversation is finished and the second is 3 turns in
    const answeredBeforeKill = 2 * TEACHER_TURNS + 3;
    await harness.state.server.log.waitForRequests(answeredBeforeKill + 1, 20_000);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const askedBefore = harness.state.server.log.chatRequests().slice(0, answeredBeforeKill).map((request) => request.rawBody);
    expect(lines(await readFile(join(out, 'conversations.jsonl'), 'utf8'))).toHaveLength(1);

    harness.state.server.setDefaultHandler(tutoringRoles);
    const before = harness.state.server.log.chatRequests().length;
    const resumed = await runCaptured(argv);
    expect(resumed.code, resumed.stderr).toBe(0);
    const askedNow = harness.state.server.log.chatRequests().slice(before).map((request) => request.rawBody);
    expect(askedNow.filter((body) => askedBefore.includes(body))).toEqual([]);
    expect(askedNow).toHaveLength(4 * 2 * TEACHER_TURNS - answeredBeforeKill);
    expect(lines(await readFile(join(out, 'tutor-model.jsonl'), 'utf8'))).toHaveLength(4);
  }, 60_000);
});
