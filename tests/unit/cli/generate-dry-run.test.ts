/**
 * `generate --dry-run` (issue 30 point 4): the plan before the run — conversations, the turn
 * budget, per connection the calls at most, tokens and the cost where it has a price — with no
 * call made and nothing written; a scenario over a size limit refused before any call, naming the
 * figure and the limit.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY, sidScenario, tutoringRoles, useGenerateHarness } from './generate-support';
import { runCaptured } from './run-captured';

interface PlanJson {
  taskRows: number;
  repeats: number;
  conversations: number;
  teachers: number;
  runs: number;
  alreadyThere: number | null;
  turnBudget: number;
  calls: number;
  calledNothing: boolean;
  connections: { name: string; model: string; roles: string[]; calls: number; inputTokens: number; outputTokens: { low: number; high: number }; cost: { low: number; high: number } | null }[];
}

describe('generate --dry-run', () => {
  const harness = useGenerateHarness();
  const { args } = harness;

  it('prints the plan and the cost of a priced connection, asks nothing and writes nothing', async () => {
    const scenario = await sidScenario(harness.state.dir.path, 2);
    const connections = join(harness.state.dir.path, 'connections.json');
    await writeFile(connections, JSON.stringify({ teacher: { price: { inputPerMillion: 2, outputPerMillion: 10 } } }));
    const out = join(harness.state.dir.path, 'out');
    const text = await runCaptured([...args(scenario, out, '--connections', connections), '--dry-run']);
    expect(text.code, text.stderr).toBe(0);
    // 2 topics × 2 learning states, one repeat; the template's turn budget is 20
    expect(text.stdout).toContain('4 task rows × 1 repeat = 4 conversations per teacher; 1 teacher: 4 conversations to generate (0 already finished in --out)');
    expect(text.stdout).toContain('a turn budget of 20 turns per conversation; at most 80 calls in all');
    expect(text.stdout).toMatch(/teacher \(tutor-model; teacher\): at most 40 calls, .* cost \d/);
    expect(text.stdout).toMatch(/student \(student-model; student\): at most 40 calls, .* cost unknown \(no price/);
    expect(text.stdout).toContain('no call was made');

    const json = await runCaptured([...args(scenario, out, '--connections', connections), '--dry-run', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout) as PlanJson;
    expect(plan).toMatchObject({ taskRows: 4, repeats: 1, conversations: 4, teachers: 1, runs: 4, alreadyThere: 0, turnBudget: 20, calls: 80, calledNothing: true });
    const teacher = plan.connections.find((connection) => connection.name === 'teacher')!;
    // neither role follows itself: 10 of the 20 turns each, answers of at most max_tokens 1000
    expect(teacher).toMatchObject({ model: 'tutor-model', roles: ['teacher'], calls: 40, outputTokens: { low: 40 * 20, high: 40 * 1000 } });
    // the price per million tokens, by hand
    expect(teacher.cost?.low).toBeCloseTo((teacher.inputTokens * 2 + 800 * 10) / 1e6, 9);
    expect(teacher.cost?.high).toBeCloseTo((teacher.inputTokens * 2 + 40_000 * 10) / 1e6, 9);
    expect(plan.connections.find((connection) => connection.name === 'student')?.cost).toBeNull();

    expect(harness.state.server.log.chatRequests()).toHaveLength(0);
    expect(existsSync(out)).toBe(false);
    expect(text.stdout + text.stderr + json.stdout + json.stderr).not.toContain(KEY);
  });

  it('needs no --out nor an endpoint, and with an --out says how many conversations a run there has finished', async () => {
    harness.state.server.setDefaultHandler(tutoringRoles);
    const scenario = await sidScenario(harness.state.dir.path, 2);
    const alone = await runCaptured(['generate', scenario, '--dry-run', '--json', '--model', 'm', '--base-url', harness.state.server.baseURL]);
    expect(alone.code, alone.stderr).toBe(0);
    expect(JSON.parse(alone.stdout)).toMatchObject({ conversations: 4, alreadyThere: null });
    // nor an endpoint or a model: the plan names the connections, their models not set
    const bare = await runCaptured(['generate', scenario, '--dry-run', '--json']);
    expect(bare.code, bare.stderr).toBe(0);
    expect((JSON.parse(bare.stdout) as PlanJson).connections.map(({ name, model, calls }) => [name, model, calls])).toEqual([['teacher', null, 40], ['student', null, 40]]);
    const bareText = await runCaptured(['generate', scenario, '--dry-run']);
    expect(bareText.stdout).toContain('teacher (model not set; teacher): at most 40 calls');
    const out = join(harness.state.dir.path, 'out');
    expect((await runCaptured(args(scenario, out))).code).toBe(0);
    const asked = harness.state.server.log.chatRequests().length;
    const again = await runCaptured([...args(scenario, out), '--dry-run', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ runs: 4, alreadyThere: 4 });
    expect(harness.state.server.log.chatRequests()).toHaveLength(asked);
  }, 60_000);

  it('refuses repeats: 1000000000 and max_turns: 1e12 before any call, with the figure and the limit at their line', async () => {
    const huge = await sidScenario(harness.state.dir.path, 2, (doc) => doc.set('repeats', 1_000_000_000));
    const out = join(harness.state.dir.path, 'out');
    for (const extra of [[], ['--dry-run']]) {
      const run = await runCaptured([...args(huge, out), ...extra]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`^${huge.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+:\\d+: repeats: \\(2 rows × 2 learning_states = 4 task rows\\) × 1,000,000,000 repeats = 4,000,000,000 conversations; the most a scenario may plan is 20,000\\n$`));
    }
    const turns = await sidScenario(harness.state.dir.path, 2, (doc) => doc.setIn(['flow', 'max_turns'], 1e12));
    const run = await runCaptured(args(turns, out));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/:\d+:\d+: flow\.max_turns: 1,000,000,000,000 turns; the most a conversation may take is 1,000\n$/);
    expect(harness.state.server.log.chatRequests()).toHaveLength(0);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses --json without --dry-run, and a price that is not two numbers', async () => {
    const scenario = await sidScenario(harness.state.dir.path, 2);
    const out = join(harness.state.dir.path, 'out');
    expect((await runCaptured([...args(scenario, out), '--json'])).code).toBe(2);
    const connections = join(harness.state.dir.path, 'connections.json');
    await writeFile(connections, JSON.stringify({ teacher: { price: { inputPerMillion: 'cheap', outputPerMillion: 1 } } }));
    const bad = await runCaptured([...args(scenario, out, '--connections', connections), '--dry-run']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('teacher.price: { "inputPerMillion": number, "outputPerMillion": number }');
  });
});
