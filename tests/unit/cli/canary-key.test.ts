/**
 * The canary key test (issue 30 point 1): every command that takes a file, run as users run it
 * (the built CLI in its own process, so /proc/self/environ holds the environment it was given)
 * with OPENAI_API_KEY and MAIEUTIC_* variables set to a unique canary and hostile files: the
 * environment itself, a link to it, a scenario that names it as its task file or its judge's
 * rubric set, a copy of the environment's text given as each config file. The canary appears in
 * no stdout, no stderr and no file any run writes.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { BUILT_CLI } from '../../../scripts/cli/launch.mjs';
import { RESOURCES_DIR } from '../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../support/temp-dir';

const CANARY = `sk-canary-${process.pid}-7f3e9a1c5b2d4e6f8a0b`;
const CANARY_ENV = { OPENAI_API_KEY: CANARY, MAIEUTIC_API_KEY: CANARY, MAIEUTIC_JUDGE_KEY: CANARY, MAIEUTIC_CANARY_PATH: `/home/${CANARY}` };

interface Run {
  argv: string[];
  code: number | null;
  stdout: string;
  stderr: string;
}

function runBuilt(argv: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BUILT_CLI, ...argv], { cwd, timeout: 60_000, env: { ...process.env, ...CANARY_ENV } }, (error, stdout, stderr) => {
      resolve({ argv, code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

async function everyWrittenText(folder: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    texts.set(path, await readFile(path, 'latin1'));
  }
  return texts;
}

describe('the canary key: no command prints or writes the environment', () => {
  let dir: TempDir;
  const runs: Run[] = [];
  beforeAll(async () => {
    dir = await makeTempDir();
    // the hostile inputs hold the canary themselves: only what the runs write is searched
    const inputs = join(dir.path, 'in');
    await mkdir(inputs);
    const at = (name: string) => join(inputs, name);
    await symlink('/proc/self/environ', at('environ.jsonl'));
    await symlink('/proc/self/environ', at('environ.json'));
    await symlink('/proc/self/environ', at('environ.yaml'));
    await symlink('/proc/self/environ', at('environ.csv'));
    // what an attacker who copied the environment into a file would hand over: the canary as text
    const copied = Object.entries(CANARY_ENV).map(([name, value]) => `${name}=${value}`).join('\n');
    await writeFile(at('copied.yaml'), `${copied}\n`);
    await writeFile(at('copied.json'), `${copied}\n`);
    await writeFile(at('copied.csv'), `${copied}\n`);
    await writeFile(at('copied.jsonl'), `${copied}\n`);
    const template = await readFile(join(RESOURCES_DIR, 'scenarios/sid-teacher-led.yaml'), 'utf8');
    const scenarios = join(dir.path, 'scenarios');
    await mkdir(scenarios);
    const namingTasks = (csv: string) => {
      const doc = parseDocument(template);
      doc.deleteIn(['tasks', 'rows']);
      doc.setIn(['tasks', 'csv'], csv);
      doc.setIn(['tasks', 'columns'], ['topic_id', 'topic', 'topic_text']);
      return doc.toString();
    };
    await writeFile(join(scenarios, 'environ-tasks.yaml'), namingTasks('/proc/self/environ'));
    await writeFile(join(scenarios, 'climb-tasks.yaml'), namingTasks('../../../../../../../proc/self/environ'));
    await symlink('/proc/self/environ', join(scenarios, 'env-link.csv'));
    await writeFile(join(scenarios, 'linked-tasks.yaml'), namingTasks('env-link.csv'));
    const base = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];
    const out = (name: string) => join(dir.path, 'out', name);
    const commands: string[][] = [
      ['validate', '/proc/self/environ'],
      ['validate', at('environ.jsonl'), at('copied.jsonl')],
      ['validate', inputs],
      ['metrics', at('environ.jsonl')],
      ['spot-check', at('environ.jsonl')],
      ['agreement', '--input', '/proc/self/environ'],
      ['agreement', '--input', at('copied.csv')],
      ['annotate', at('environ.jsonl'), ...base, '--out', out('annotate')],
      ['judge', at('environ.jsonl'), ...base, '--out', out('judge.jsonl')],
      ['judge', at('copied.jsonl'), ...base, '--rubrics', at('environ.json'), '--out', out('judge2.jsonl')],
      ['judge', at('copied.jsonl'), ...base, '--rubrics', at('copied.json'), '--out', out('judge3.jsonl')],
      ['judge-report', at('environ.jsonl')],
      ['judge-report', at('copied.jsonl'), '--rubrics', at('environ.json')],
      ['judge-report', at('copied.jsonl'), '--rubrics', at('copied.json'), '--experts', at('environ.csv')],
      ['generate', '/proc/self/environ', ...base, '--out', out('g1')],
      ['generate', at('environ.yaml'), ...base, '--out', out('g2')],
      ['generate', at('copied.yaml'), ...base, '--out', out('g3')],
      ['generate', join(scenarios, 'environ-tasks.yaml'), ...base, '--out', out('g4')],
      ['generate', join(scenarios, 'climb-tasks.yaml'), ...base, '--out', out('g5')],
      ['generate', join(scenarios, 'linked-tasks.yaml'), ...base, '--out', out('g6')],
      ['generate', join(RESOURCES_DIR, 'scenarios/sid-teacher-led.yaml'), ...base, '--out', out('g7'), '--connections', '/proc/self/environ'],
      ['generate', join(RESOURCES_DIR, 'scenarios/sid-teacher-led.yaml'), ...base, '--out', out('g8'), '--connections', at('copied.json'), '--safety-words', at('environ.csv')],
      ['synthesize-rubric', '/proc/self/environ', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'drafter=m', '--out', out('s1.json')],
      ['synthesize-rubric', at('copied.yaml'), '--base-url', 'http://127.0.0.1:9/v1', '--model', 'drafter=m', '--out', out('s2.json')],
    ];
    await mkdir(join(dir.path, 'out'));
    for (const argv of commands) runs.push(await runBuilt(argv, dir.path));
  }, 600_000);
  afterAll(() => dir.remove());

  it('the environment the commands ran with does hold the canary (the test would see a leak)', async () => {
    const seen = await runBuilt(['validate', '--help'], dir.path);
    expect(seen.code).toBe(0);
    const child = await new Promise<string>((resolve) => execFile(process.execPath, ['-e', 'process.stdout.write(require("fs").readFileSync("/proc/self/environ","latin1"))'], { env: { ...process.env, ...CANARY_ENV } }, (_, stdout) => resolve(stdout)));
    expect(child).toContain(CANARY);
  });

  it('no command prints the canary, each refuses its hostile file (exit 1 or 2), and none crashes', () => {
    for (const run of runs) {
      const said = `${run.stdout}\n${run.stderr}`;
      // a copy of the environment is a file's content: a message may quote a bounded excerpt of it, never the file
      const copied = run.argv.some((arg) => arg.includes('copied.'));
      if (copied) expect(said.split(CANARY).length - 1, `${run.argv.join(' ')}\n${said}`).toBeLessThanOrEqual(1);
      else expect(said, run.argv.join(' ')).not.toContain(CANARY);
      expect(said, run.argv.join(' ')).not.toMatch(/at .*\.js:\d+:\d+|Maximum call stack|Uncaught/);
      expect([1, 2], `${run.argv.join(' ')}\n${said}`).toContain(run.code);
    }
  });

  it('a scenario naming /proc/self/environ (directly, by climbing out, or through a link) is refused by name', () => {
    const said = (name: string) => runs.find((run) => run.argv[0] === 'generate' && run.argv[1].endsWith(name))!.stderr;
    expect(said('environ-tasks.yaml')).toContain('tasks.csv names "/proc/self/environ", which is an absolute path');
    expect(said('climb-tasks.yaml')).toContain('which leaves the folder (..)');
    expect(said('linked-tasks.yaml')).toContain('tasks.csv names "env-link.csv", which is a link to a file outside the folder');
  });

  it('no file any run wrote holds the canary', async () => {
    expect((await everyWrittenText(dir.path)).size).toBeGreaterThan(0);
    for (const [path, text] of await everyWrittenText(join(dir.path, 'out'))) expect(text, path).not.toContain(CANARY);
  });
});
