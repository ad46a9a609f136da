/**
 * `synthesize-rubric` killed: the built CLI, as users run it, SIGKILLed in the middle of round 1.
 * The next run asks none of the calls answered before the kill again (counted at the server):
 * round 0 comes from the journal, round 1's finished calls from the cache.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_CLI } from '../../../scripts/cli/launch.mjs';
import { synthesisPlayer } from '../../support/llm-server';
import { REPO_ROOT } from '../../support/repo-paths';
import { runCaptured } from './run-captured';
import { KEY, ROUND_0_CALLS, TEST_ITEMS, everyFileText, useSynthesizeHarness } from './synthesize-support';

describe('synthesize-rubric killed', () => {
  const harness = useSynthesizeHarness();

  it('resumes after SIGKILL mid-round without asking any answered call again', async () => {
    const spec = await harness.writeSpec();
    const argv = harness.args(spec);
    const player = synthesisPlayer({ lenient: ['A-1'] });
    harness.state.server.setDefaultHandler(synthesisPlayer({ lenient: ['A-1'], delayMs: 40 }));
    const child = spawn(process.execPath, [BUILT_CLI, ...argv], { cwd: REPO_ROOT, env: process.env, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    // one call at a time: when the request after round 1's revision and first judge call arrives,
    // round 0 is in the journal and those two answers are cached
    const answeredBeforeKill = ROUND_0_CALLS + 2;
    await harness.state.server.log.waitForRequests(answeredBeforeKill + 1, 20_000);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const askedBefore = harness.state.server.log.chatRequests().slice(0, answeredBeforeKill).map((request) => request.rawBody);
    const journal = join(harness.paths().folder, 'rounds.jsonl');
    expect((await readFile(journal, 'utf8')).trim().split('\n')).toHaveLength(1);

    harness.state.server.setDefaultHandler(player);
    const before = harness.state.server.log.chatRequests().length;
    const resumed = await runCaptured(argv);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('round 0 (from the journal)');
    const askedNow = harness.state.server.log.chatRequests().slice(before).map((request) => request.rawBody);
    expect(askedNow.filter((body) => askedBefore.includes(body))).toEqual([]);
    expect(askedNow).toHaveLength(ROUND_0_CALLS + 1 + TEST_ITEMS - answeredBeforeKill);
    for (const [file, text] of await everyFileText(harness.state.dir.path)) expect(text, file).not.toContain(KEY);
  }, 60_000);
});
