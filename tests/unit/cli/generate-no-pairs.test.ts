/**
 * A preference run that makes no DPO pair says why (issue 29 point 18), in the summary and in
 * DATA_CARD.md: every candidate scored the same Pass@k (no candidate differed), or the dialogues
 * ended before the branching student turn, counted per reason; the (empty) files are still written.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioPlayer } from '../../support/llm-server';
import { RESOURCES_DIR } from '../../support/repo-paths';
import { lines, useGenerateHarness } from './generate-support';
import { runCaptured } from './run-captured';

describe('generate: a preference run without pairs says why', () => {
  const harness = useGenerateHarness();

  async function generate(...extra: string[]) {
    const scenario = join(harness.state.dir.path, 'students.yaml');
    await writeFile(scenario, await readFile(join(RESOURCES_DIR, 'scenarios/socratic-students.yaml'), 'utf8'));
    const out = join(harness.state.dir.path, 'out');
    const run = await runCaptured(['generate', scenario, '--out', out, '--base-url', harness.state.server.baseURL, '--model', 'student=pupil-model', '--model', 'teacher=tutor-model', '--model', 'guide=guide-model', '--api-key-env', 'GENERATE_TEST_KEY', '--candidates', '3', ...extra]);
    return { run, out };
  }

  it('every candidate at the same Pass@k: no pair, and the summary and the card say no candidate differed', async () => {
    // every probe draw is wrong, whatever question came before: all candidates score 0
    harness.state.server.setDefaultHandler(scenarioPlayer({ assessmentCorrect: () => false }));
    const { run, out } = await generate('--preference-at', '2');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/generate: no DPO pair: 2 branches had every candidate at the same Pass@k \(no candidate differed\)/);
    expect(lines(await readFile(join(out, 'preferences.dpo.jsonl'), 'utf8'))).toEqual([]);
    const card = await readFile(join(out, 'DATA_CARD.md'), 'utf8');
    expect(card).toContain('2 branches had every candidate at the same Pass@k');
  }, 60_000);

  it('the branching turn never reached: no branch, and the summary and the card say the dialogues ended before it', async () => {
    harness.state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 2 }));
    const { run, out } = await generate('--preference-at', '9');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/generate: no DPO pair: 2 conversations ended before student turn 9, where a branch was asked for/);
    expect(run.stdout).toMatch(/preferences\.dpo\.jsonl \(0\)/);
    const card = await readFile(join(out, 'DATA_CARD.md'), 'utf8');
    expect(card).toContain('2 conversations ended before student turn 9');
  }, 60_000);
});
