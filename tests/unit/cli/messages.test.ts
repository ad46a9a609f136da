/**
 * What the command line tells a user who runs it from a checkout: usage lines they can type,
 * problems named for what they are, and numbers that say what they are (issue 8, point 20).
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCaptured } from './run-captured';
import { COMMANDS, usage } from '../../../electron/cli/run-cli';

const SAMPLE_FILE = fileURLToPath(new URL('../../../resources/sample/GPT-4o/GPT-4o-interdis_topic_7.jsonl', import.meta.url));

function run(...argv: string[]) {
  return runCaptured(argv);
}

async function tempFile(name: string, text: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'maieutic-cli-messages-'));
  await mkdir(folder, { recursive: true });
  const path = join(folder, name);
  await writeFile(path, text);
  return path;
}

/** Any way of naming a command that does not exist: `maieutic validate …` was printed before. */
const NONEXISTENT_PROGRAM = /\bmaieutic (validate|agreement|metrics)\b/;

describe('usage lines name the command a user can run', () => {
  it('every command usage starts with "npm run -s cli -- <name>" and names no "maieutic" program', async () => {
    expect(usage()).toContain('Usage: npm run -s cli -- <command> [arguments]');
    for (const entry of COMMANDS) {
      const command = await entry.load();
      // the list's name is the loaded command's
      expect(command.name).toBe(entry.name);
      expect(command.usage.startsWith(`Usage: npm run -s cli -- ${command.name} `), command.name).toBe(true);
      expect(command.usage, command.name).not.toMatch(NONEXISTENT_PROGRAM);
      const continuation = command.usage.split('\n').filter((line) => /^\s+npm run/.test(line));
      for (const line of continuation) expect(line.trim().startsWith(`npm run -s cli -- ${command.name} `), line).toBe(true);
    }
    // loading every command's modules takes seconds on a busy two-core machine
  }, 30_000);

  it('the hint to list import warnings is a command line that runs', async () => {
    // one unknown label in the sample: metrics and agreement --dataset point to validate for the list
    const metrics = await run('metrics', SAMPLE_FILE);
    expect(metrics.code).toBe(0);
    expect(metrics.stderr).toContain(`"npm run -s cli -- validate ${SAMPLE_FILE}" lists them`);
    expect(metrics.stderr).not.toMatch(NONEXISTENT_PROGRAM);
    const agreement = await run('agreement', '--dataset', SAMPLE_FILE, '--dataset', join(SAMPLE_FILE, '..', '..', 'GPT-4o'), '--json');
    expect(agreement.stderr).toContain(`"npm run -s cli -- validate ${SAMPLE_FILE}" lists them`);
    expect(agreement.stderr).not.toMatch(NONEXISTENT_PROGRAM);
  });
});

describe('agreement without an input', () => {
  it('names both forms, --input and --dataset, and exits 2', async () => {
    const { code, stderr } = await run('agreement');
    expect(code).toBe(2);
    const [first] = stderr.split('\n');
    expect(first).toContain('--input');
    expect(first).toContain('--dataset');
  });
});

describe('a path that does not exist', () => {
  const missing = join(tmpdir(), 'maieutic-no-such-folder', 'nonexistent');

  it('validate says the path does not exist, with no line number', async () => {
    const { code, stdout } = await run('validate', missing);
    expect(code).toBe(1);
    const [first] = stdout.split('\n');
    expect(first).toBe(`${missing}: The path does not exist (no such file or folder).`);
    expect(stdout).not.toContain(`${missing}:1:`);
  });

  it('validate --json gives line null for it', async () => {
    const { stdout } = await run('validate', missing, '--json');
    expect(JSON.parse(stdout).errors).toEqual([{ file: missing, line: null, message: 'The path does not exist (no such file or folder).' }]);
  });

  it('metrics, agreement --input and agreement --dataset say the same', async () => {
    for (const argv of [
      ['metrics', missing],
      ['agreement', '--input', missing],
      ['agreement', '--dataset', missing, '--dataset', SAMPLE_FILE],
    ]) {
      const { code, stderr } = await run(...argv);
      expect(code, argv.join(' ')).toBe(1);
      expect(stderr, argv.join(' ')).toContain(`${missing}: The path does not exist (no such file or folder).`);
      expect(stderr, argv.join(' ')).not.toContain(`${missing}:1:`);
    }
  });
});

describe('metrics names the layer it scored for what it is', () => {
  it('a raw LLM file (no review provenance) is the file\'s own annotations, not "verified"', async () => {
    const { code, stdout } = await run('metrics', SAMPLE_FILE);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/Layer: verified/);
    expect(stdout).toContain("Layer: the files' own annotations, not expert-verified: no dialogue carries Maieutic review provenance");
  });

  it('a Maieutic export says how much of it an expert checked', async () => {
    const record = {
      topic_id: 1,
      student_id: 1,
      repeat_id: 1,
      dialogue: [
        { role: '学生', content: '为什么？' },
        { role: '教师', content: '你怎么想？' },
      ],
      annotations: [
        { speaker: '学生', utterance: '为什么？', cognitive_level: '记忆' },
        { speaker: '教师', utterance: '你怎么想？', teacher_intent: '引出概念', teaching_strategy: '追问' },
      ],
      maieutic: { version: 1, turns: [{ index: 0, verified: false, fields: {} }, { index: 1, verified: true, fields: { teacher_intent: { decision: 'accepted', pre: '引出概念', reviewer: 'r', at: 't' }, teaching_strategy: { decision: 'accepted', pre: '追问', reviewer: 'r', at: 't' } } }] },
    };
    const exported = await tempFile('export.jsonl', `${JSON.stringify(record)}\n`);
    const { stdout } = await run('metrics', exported);
    expect(stdout).toContain("Layer: the files' annotations. 1 of 1 dialogue is a Maieutic export, with 1 of 2 turns verified and 2 values reviewed by an expert;");
    const llm = await run('metrics', exported, '--layer', 'llm');
    expect(llm.stdout).toContain('Layer: llm — the LLM pre-annotation');
  });
});

describe("the printed Cohen's kappa CI", () => {
  // 5 items, 4 agreements: κ = 0.5455, se 0.3621, Wald interval [−0.1643, 1.2552]; fewer than the 10
  // items a coefficient is given for by default, so read with --min-items 2 (how a bound past 1 prints)
  const RATINGS = 'item,rater,label\n1,A,x\n1,B,x\n2,A,y\n2,B,y\n3,A,x\n3,B,x\n4,A,y\n4,B,x\n5,A,x\n5,B,x\n';

  it('is shown truncated to [−1, 1] as in the app, marked and explained; the JSON keeps the raw bound', async () => {
    const input = await tempFile('ratings.csv', RATINGS);
    const text = await run('agreement', '--input', input, '--coefficient', 'cohen', '--categories', 'x,y', '--min-items', '2');
    expect(text.code).toBe(0);
    const row = text.stdout.split('\n').find((line) => line.startsWith('cohen'));
    expect(row).toContain('[-0.1643, 1.0000]*');
    expect(text.stdout).toContain('95% CI: the Wald interval, shown truncated to [−1, 1] as in the app');
    expect(text.stdout).toContain('--json keeps the raw, untruncated bounds');
    const json = await run('agreement', '--input', input, '--coefficient', 'cohen', '--categories', 'x,y', '--min-items', '2', '--json');
    const [cohen] = JSON.parse(json.stdout).results;
    expect(cohen.ci95[1]).toBeCloseTo(1.2552175115572193, 12);
  });

  it('an interval inside [−1, 1] is printed as computed, without the mark', async () => {
    // 40 items, every fourth one disagreeing: κ 0.5, well inside [−1, 1]
    const label = (index: number, flip: boolean) => ((index % 2 === 0) !== flip ? 'x' : 'y');
    const many = 'item,rater,label\n' + Array.from({ length: 40 }, (_, index) => `${index},A,${label(index, false)}\n${index},B,${label(index, index % 4 === 0)}\n`).join('');
    const input = await tempFile('ratings.csv', many);
    const { stdout } = await run('agreement', '--input', input, '--coefficient', 'cohen', '--categories', 'x,y');
    const row = stdout.split('\n').find((line) => line.startsWith('cohen')) ?? '';
    expect(row).toMatch(/\[0\.\d{4}, 0\.\d{4}\](?!\*)/);
  });
});
