import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured } from './run-captured';
import { readInputs } from '../../../electron/cli/read-inputs';
import { teacherModelFromName } from '../../../shared/import';

const FIXTURES = fileURLToPath(new URL('../../fixtures/import/', import.meta.url));

function run(...argv: string[]) {
  return runCaptured(argv);
}

interface JsonReport {
  dialogues: number;
  turns: number;
  annotations: number;
  errors: { file: string; line: number | null; message: string }[];
  warnings: { file: string; line: number; message: string }[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
    // a folder's files are named as the user can open them: the folder argument joined with the path inside it
    expect(files).toEqual(new Set([`${FIXTURES}models/GPT-4o/GPT-4o-interdis_topic_1.jsonl`, `${FIXTURES}models/Qwen/Qwen-interdis_topic_1.json`]));
  });

  it('prints errors as file:line: message, warnings as file:line: warning: message, then a summary; exit 1 on errors', async () => {
    const { code, stdout } = await run('validate', `${FIXTURES}sid-malformed.jsonl`);
    expect(code).toBe(1);
    const file = `${FIXTURES}sid-malformed.jsonl`;
    expect(stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^${escapeRegExp(file)}:2: This line is not valid JSON: `)),
      `${file}:4: This record has no "dialogue" list (keys found: topic_id, annotations). Each record needs "dialogue": [{"role": …, "content": …}, …].`,
      `${file}:5: This record is not a JSON object; each record must be one dialogue {"dialogue": [...], "annotations": [...]}.`,
      `${file}:6: warning: Dialogue "1-1-1" already appears on line 1; both are imported, check whether one is a copy.`,
      '1 file checked: 0 dialogues, 0 turns, 0 annotations; 3 errors, 1 warning; 1 file would import nothing because of errors.',
    ]);
  });

  it('prints a folder argument as given, joined with the paths inside it', async () => {
    const { stdout } = await run('validate', 'tests/fixtures/import/models/');
    const files = new Set(stdout.trimEnd().split('\n').slice(0, -1).map((line) => line.slice(0, line.indexOf(':'))));
    expect(files).toEqual(new Set(['tests/fixtures/import/models/GPT-4o/GPT-4o-interdis_topic_1.jsonl', 'tests/fixtures/import/models/Qwen/Qwen-interdis_topic_1.json']));
  });

  it('decodes bytes with the import rules: a UTF-16 file with a BOM reads, a GBK file is an error at its first bad line with --encoding offered', async () => {
    const { code, stdout } = await run('validate', `${FIXTURES}encodings`, '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as JsonReport;
    const gbkProblem =
      'Cannot read the file: line 2 is not valid UTF-8 (column 3); it looks like GB18030 (GBK), the usual encoding of Chinese text saved on Windows. ' +
      'Run again with --encoding gb18030 to read it as GB18030 (GBK) (it then reads "…教师,你觉得呢？ 1,学生,不知道"), or save it as UTF-8.';
    expect(report.errors).toEqual([{ file: `${FIXTURES}encodings/gbk.csv`, line: 2, message: gbkProblem }]);
    expect(report).toMatchObject({ dialogues: 2, turns: 2, annotations: 2, warnings: [] });
    const text = await run('validate', `${FIXTURES}encodings/gbk.csv`);
    expect(text.stdout).toBe(`${FIXTURES}encodings/gbk.csv:2: ${gbkProblem}\n1 file checked: 0 dialogues, 0 turns, 0 annotations; 1 error, 0 warnings; 1 file would import nothing because of errors.\n`);
  });

  it('--encoding gb18030 reads the GBK file the error pointed at; an unknown encoding is a usage error', async () => {
    const { code, stdout } = await run('validate', `${FIXTURES}encodings/gbk.csv`, '--encoding', 'gbk', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ dialogues: 1, turns: 2, errors: [] });
    const wrong = await run('validate', `${FIXTURES}encodings/gbk.csv`, '--encoding=latin9');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^--encoding must be one of utf-8, gb18030, utf-16le, utf-16be \(or gbk\); got "latin9"\./);
  });

  it('reports a path that does not exist as an error', async () => {
    const { code, stdout } = await run('validate', `${FIXTURES}nope.jsonl`, '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as JsonReport;
    expect(report.errors).toEqual([{ file: `${FIXTURES}nope.jsonl`, line: null, message: 'The path does not exist (no such file or folder).' }]);
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
});

describe('readInputs', () => {
  const root = mkdtempSync(join(tmpdir(), 'maieutic-cli-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const record = '{"dialogue": [{"role": "教师", "content": "你好"}], "annotations": []}\n';
  mkdirSync(join(root, 'GPT-4o', 'run'), { recursive: true });
  writeFileSync(join(root, 'GPT-4o', 'run1.jsonl'), record);
  writeFileSync(join(root, 'GPT-4o', 'run', 'b.txt'), 'dialogue_id,speaker,utterance\n1,教师,你好\n');
  writeFileSync(join(root, 'GPT-4o', 'README.md'), '# not data');

  it('names files by the folder argument and derives the teacher model from the folder structure', async () => {
    const { files, problems } = await readInputs([join(root, 'GPT-4o')]);
    expect(problems).toEqual([]);
    expect(files.map((file) => [file.name, file.teacherModelFrom])).toEqual([
      [join(root, 'GPT-4o', 'run', 'b.txt'), 'GPT-4o/run/b.txt'],
      [join(root, 'GPT-4o', 'run1.jsonl'), 'GPT-4o/run1.jsonl'],
    ]);
    expect(teacherModelFromName(files[1].teacherModelFrom)).toBe('GPT-4o');
  });

  it('keeps a file argument as given', async () => {
    const path = join(root, 'GPT-4o', 'run1.jsonl');
    const { files } = await readInputs([path]);
    expect(files).toEqual([{ name: path, text: record, teacherModelFrom: path }]);
  });
});
