/**
 * The CLI as users run it: the bundle out/cli/main.js (built once by
 * built-cli.global-setup.ts), started with plain node, directly and through the launcher that
 * `npm run -s cli --` runs. Same output and exit codes as runCli in-process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/main';
import { PARALLEL_SCAN_MIN_BYTES } from '../../../electron/cli/commands/ratings-scan-parts';
import { BUILT_CLI } from '../../../scripts/cli/launch.mjs';
import { generateRatingsCsv } from '../../bench/peers/ratings-csv';
import { reply, startLlmServer } from '../../support/llm-server';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = 'tests/fixtures/import/';
const LAUNCHER = 'scripts/cli/launch.mjs';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function spawnNode(script: string, argv: readonly string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...argv], { cwd: ROOT, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

async function inProcess(argv: readonly string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

const COMMAND_LINES: readonly (readonly string[])[] = [
  ['--help'],
  [],
  ['frobnicate'],
  ['validate', `${FIXTURES}models/GPT-4o`, `${FIXTURES}sid-malformed.jsonl`, '--json'],
  ['validate', 'no-such-file.jsonl'],
  ['agreement', '--help'],
  ['agreement', '--coefficient', 'nonsense', '--input', 'x.csv'],
  ['generate', '--help'],
  // its tasks.csv is not there: named with the path it was looked for at, exit code 1
  ['generate', 'tests/fixtures/scenarios/tasks-from-csv.yaml', '--out', join(tmpdir(), 'maieutic-built-generate-never-made'), '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'],
];

describe('the built CLI', () => {
  it('is a bundle run by plain node, not TypeScript', () => {
    expect(BUILT_CLI.replace(/\\/g, '/')).toMatch(/\/out\/cli\/main\.js$/);
  });

  it.each(COMMAND_LINES.map((argv) => [argv.join(' ') || '(no command)', argv] as const))('gives the same output and exit code as runCli: %s', async (_, argv) => {
    const [built, expected] = await Promise.all([spawnNode(BUILT_CLI, argv), inProcess(argv)]);
    expect(built).toEqual(expected);
  });

  it('validate --json: JSON on stdout and exit code 1 on errors, through the launcher of npm run cli', async () => {
    const launched = await spawnNode(LAUNCHER, ['validate', `${FIXTURES}models/GPT-4o`, `${FIXTURES}sid-malformed.jsonl`, '--json']);
    expect(launched.code).toBe(1);
    const report = JSON.parse(launched.stdout) as { dialogues: number; turns: number; annotations: number; errors: { line: number | null }[] };
    expect(report).toMatchObject({ dialogues: 1, turns: 12, annotations: 14 });
    expect(report.errors.map((error) => error.line)).toEqual([2, 4, 5]);
  });

  it('the launcher passes exit code 2 and the usage through', async () => {
    const launched = await spawnNode(LAUNCHER, []);
    expect(launched.code).toBe(2);
    expect(launched.stdout).toBe('');
    expect(launched.stderr).toMatch(/^Usage: npm run -s cli -- <command>/);
  });

  it('agreement --input on a file large enough to be scanned in two threads: the same output as one scan in-process', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'maieutic-parts-')), 'ratings.csv');
    writeFileSync(file, generateRatingsCsv({ items: 12_000, raters: ['r1', 'r2', 'r3'], seed: 5, missing: 0.05 }));
    // the built CLI scans this file in two parts (a worker thread); runCli in-process has no worker file and scans it in one
    expect(statSync(file).size).toBeGreaterThan(PARALLEL_SCAN_MIN_BYTES);
    for (const argv of [['agreement', '--input', file, '--json'], ['agreement', '--input', file, '--coefficient', 'cohen', '--raters', 'r1,r3']]) {
      const [built, expected] = await Promise.all([spawnNode(BUILT_CLI, argv), inProcess(argv)]);
      expect(expected.code).toBe(0);
      expect(built).toEqual(expected);
    }
  }, 60_000);

  it('generate: a scenario run end to end by the bundle (YAML parser, generation runner, cache), SID JSONL written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'maieutic-built-generate-'));
    const scenario = join(dir, 'one-turn.yaml');
    writeFileSync(scenario, 'format: maieutic.scenario/1\nid: one-turn\nversion: "1"\nname: { en: One turn, zh: 一轮 }\nroles:\n  teacher: { connection: teacher, system: "Explain {{topic}}." }\ntasks:\n  rows: [{ topic_id: 1, topic: 光合作用 }, { topic_id: 2, topic: 浮力 }]\nflow:\n  directions: ["START -> teacher", "teacher -> END"]\n');
    const server = await startLlmServer({ defaultHandler: () => reply.answer('你觉得叶子为什么是绿色的？') });
    try {
      const launched = await spawnNode(LAUNCHER, ['generate', scenario, '--out', join(dir, 'out'), '--base-url', server.baseURL, '--model', 'built-model']);
      expect(launched.code, launched.stderr).toBe(0);
      expect(launched.stdout).toMatch(/2 conversations written/);
      expect(readFileSync(join(dir, 'out', 'built-model.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
      expect(server.log.chatRequests()).toHaveLength(2);
    } finally {
      await server.close();
    }
  }, 60_000);
});
