/**
 * Every command given no usable record says so, naming the input, and exits 1 (issue 30 point
 * 10): an empty file, a file of blank lines, an empty folder. A heading alone, an empty table or
 * exit 0 would read as a result.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCaptured } from './run-captured';

/** never called: every run here must stop before any call */
const ENDPOINT = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];

let dir: string;
const inputs = { 'empty file': '', 'blank lines': '\n\n  \n\r\n' } as const;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'maieutic-cli-empty-'));
  await mkdir(join(dir, 'empty-folder'));
});

async function input(kind: keyof typeof inputs | 'empty folder', extension: string): Promise<string> {
  if (kind === 'empty folder') return join(dir, 'empty-folder');
  const path = join(dir, `${kind.replace(' ', '-')}-${Math.random().toString(36).slice(2)}${extension}`);
  await writeFile(path, inputs[kind]);
  return path;
}

/** Each command, the arguments around its input, and the input's extension. */
const COMMANDS: readonly { name: string; args: (path: string) => string[]; extension: string; folder: boolean }[] = [
  { name: 'validate', args: (path) => ['validate', path], extension: '.jsonl', folder: true },
  { name: 'validate --json', args: (path) => ['validate', path, '--json'], extension: '.jsonl', folder: true },
  { name: 'metrics', args: (path) => ['metrics', path], extension: '.jsonl', folder: true },
  { name: 'metrics --json', args: (path) => ['metrics', path, '--json'], extension: '.jsonl', folder: true },
  { name: 'spot-check', args: (path) => ['spot-check', path], extension: '.jsonl', folder: true },
  { name: 'judge-report', args: (path) => ['judge-report', path], extension: '.jsonl', folder: true },
  { name: 'judge-report --json', args: (path) => ['judge-report', path, '--json'], extension: '.jsonl', folder: true },
  { name: 'annotate', args: (path) => ['annotate', path, ...ENDPOINT, '--out', join(dir, `out-${Math.random().toString(36).slice(2)}`)], extension: '.jsonl', folder: true },
  { name: 'judge', args: (path) => ['judge', path, ...ENDPOINT, '--out', join(dir, `r-${Math.random().toString(36).slice(2)}.jsonl`)], extension: '.jsonl', folder: true },
  { name: 'agreement', args: (path) => ['agreement', '--input', path], extension: '.csv', folder: false },
  { name: 'agreement counts', args: (path) => ['agreement', '--layout', 'counts', '--input', path], extension: '.csv', folder: false },
  { name: 'agreement layers', args: (path) => ['agreement', '--dataset', path, '--dataset', path.replace(/(\.jsonl)$/, '-b$1')], extension: '.jsonl', folder: false },
  { name: 'generate', args: (path) => ['generate', path, '--out', join(dir, `g-${Math.random().toString(36).slice(2)}`), ...ENDPOINT], extension: '.yaml', folder: false },
  { name: 'synthesize-rubric', args: (path) => ['synthesize-rubric', path, '--out', join(dir, `s-${Math.random().toString(36).slice(2)}.json`), ...ENDPOINT], extension: '.yaml', folder: false },
];

describe('a command given no usable record says so and exits 1', () => {
  for (const command of COMMANDS) {
    for (const kind of ['empty file', 'blank lines', ...(command.folder ? ['empty folder' as const] : [])] as const) {
      it(`${command.name}: ${kind}`, async () => {
        const path = await input(kind, command.extension);
        // a second layer as empty as the first
        if (command.name === 'agreement layers') await writeFile(path.replace(/(\.jsonl)$/, '-b$1'), kind === 'empty file' ? '' : '\n\n');
        const run = await runCaptured(command.args(path));
        expect(run.code, `${run.stdout}${run.stderr}`).toBe(1);
        const said = `${run.stderr}${run.stdout}`;
        // the input is named on a line that says what is wrong with it
        const named = said.split('\n').find((line) => line.includes(path.split('/').pop()!));
        expect(named, said).toBeDefined();
        expect(named).toMatch(/empty|no dialogue|No dialogue|no result|holds no|No file|nothing/i);
      }, 30_000);
    }
  }

  it('spot-check on an empty export names the file as empty, not as "not a Maieutic export"', async () => {
    const path = await input('empty file', '.jsonl');
    const run = await runCaptured(['spot-check', path]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path}:1: The file is empty; nothing to import. No dialogue to spot-check.`);
  });

  it('judge-report with results but an experts file of a header alone refuses the experts file', async () => {
    const results = await input('empty file', '.jsonl');
    const line = JSON.stringify({ dialogue: '1-1-1', group: 'G', judge: 'j', sample: 0, status: 'valid', scores: ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'].map((rubric) => ({ rubric, score: 4, rationale: '' })) });
    await writeFile(results, `${line}\n`);
    const experts = join(dir, 'experts-header.csv');
    await writeFile(experts, 'dialogue,rubric,rater,score\n');
    const run = await runCaptured(['judge-report', results, '--experts', experts]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toMatch(/experts-header\.csv(:\d+)?: .*(no score|holds no|empty)/i);
  });
});
