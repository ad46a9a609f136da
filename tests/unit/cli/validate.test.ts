import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/main';

const FIXTURES = fileURLToPath(new URL('../../fixtures/import/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

interface JsonReport {
  dialogues: number;
  turns: number;
  annotations: number;
  errors: { file: string; line: number; message: string }[];
  warnings: { file: string; line: number; message: string }[];
}

describe('cli validate', () => {
  it('--json prints exactly one JSON object with counts and problems, exit 0 on warnings only', async () => {
    const { code, stdout, stderr } = await run('validate', `${FIXTURES}models`, '--json');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.trimEnd().split('\n')).toHaveLength(1);
    const report = JSON.parse(stdout) as JsonReport;
    expect(Object.keys(report)).toEqual(['dialogues', 'turns', 'annotations', 'errors', 'warnings']);
    expect(report).toMatchObject({ dialogues: 2, turns: 14, annotations: 17, errors: [] });
    expect(report.warnings.length).toBeGreaterThan(0);
    for (const warning of report.warnings) expect(Object.keys(warning)).toEqual(['file', 'line', 'message']);
    const files = new Set(report.warnings.map((warning) => warning.file));
    expect(files).toEqual(new Set(['models/GPT-4o/GPT-4o-interdis_topic_1.jsonl', 'models/Qwen/Qwen-interdis_topic_1.json']));
  });

  it('prints file:line: severity: message and a summary, exit 1 on errors', async () => {
    const { code, stdout } = await run('validate', `${FIXTURES}sid-malformed.jsonl`);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/sid-malformed\.jsonl:2: error: This line is not valid JSON/);
    expect(lines.filter((line) => / error: /.test(line))).toHaveLength(3);
    expect(lines.at(-1)).toBe('1 file checked: 0 dialogues, 0 turns, 0 annotations; 3 errors, 1 warning; 1 file would import nothing because of errors.');
  });

  it('reports a path that does not exist as an error', async () => {
    const { code, stdout } = await run('validate', `${FIXTURES}nope.jsonl`, '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as JsonReport;
    expect(report.errors).toEqual([{ file: `${FIXTURES}nope.jsonl`, line: 1, message: 'No such file or folder.' }]);
  });

  it('checks CSV files with the guessed mapping', async () => {
    const { code, stdout } = await run('validate', `${FIXTURES}multiline.csv`, `${FIXTURES}missing-column.tsv`, '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as JsonReport;
    expect(report.errors.map((error) => [error.file.split('/').pop(), error.line])).toEqual([
      ['multiline.csv', 8],
      ['missing-column.tsv', 1],
    ]);
  });

  it('exits 2 with usage on stderr for an unknown command, no command or no paths', async () => {
    for (const argv of [['frobnicate'], [], ['validate'], ['validate', 'x.jsonl', '--strict']]) {
      const { code, stdout, stderr } = await run(...argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/Usage:/);
    }
  });

  it('runs as a real process with npx tsx: JSON on stdout, exit code 1 on errors', async () => {
    const exec = promisify(execFile);
    const args = ['tsx', 'electron/cli/main.ts', 'validate', `${FIXTURES}models/GPT-4o`, `${FIXTURES}sid-malformed.jsonl`, '--json'];
    const failed = (await exec('npx', args, { cwd: ROOT }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    ));
    expect(failed.code).toBe(1);
    const report = JSON.parse(failed.stdout) as JsonReport;
    expect(report).toMatchObject({ dialogues: 1, turns: 12, annotations: 14 });
    expect(report.errors.map((error) => error.line)).toEqual([2, 4, 5]);
  }, 30_000);
});
