/**
 * Untrusted text reaches the terminal only as visible escapes: an ESC sequence in a label or a
 * file name must not clear the screen, a newline in a name must not break `file:line`, and
 * `--json` stays valid JSON that decodes to the original text.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCaptured } from './run-captured';
import { fileLine, lineText, outputText } from '../../../electron/cli/terminal-text';
import { makeTempDir, type TempDir } from '../../support/temp-dir';

const SID_FIXTURE = fileURLToPath(new URL('../../fixtures/import/models/GPT-4o/GPT-4o-interdis_topic_1.jsonl', import.meta.url));
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const HOSTILE_LABEL = '\u001b[2J\u001b]0;pwned\u0007 \u009b31m \u202Eevil\nnext';
const HOSTILE_NAME = 'evil\u001b[31m\nname\u202E.jsonl';

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  await temp.remove();
});

function run(...argv: string[]) {
  return runCaptured(argv);
}

/** A SID file whose name and one label carry terminal controls. */
async function hostileFile(): Promise<string> {
  const record = JSON.parse((await readFile(SID_FIXTURE, 'utf8')).split('\n')[0]) as { annotations: Record<string, string>[] };
  record.annotations[1].teacher_intent = HOSTILE_LABEL;
  const folder = join(temp.path, 'GPT-4o');
  await mkdir(folder);
  const path = join(folder, HOSTILE_NAME);
  await writeFile(path, `${JSON.stringify(record)}\n`);
  return path;
}

describe('terminal text', () => {
  it('shows controls, line breaks and bidi controls as escapes', () => {
    expect(lineText('a\u001b[2Jb\nc\rd\te\u0000f\u007fg\u009bh\u202Ei')).toBe('a\\x1b[2Jb\\nc\\rd\\te\\x00f\\x7fg\\x9bh\\u202ei');
    expect(lineText('GPT-4o/教师 C:\\data')).toBe('GPT-4o/教师 C:\\data');
    expect(fileLine('a\nb.jsonl', 3, 'bad "\u001b[2J"')).toBe('a\\nb.jsonl:3: bad "\\x1b[2J"');
  });

  it('the output guard keeps JSON valid and equal, and leaves line breaks alone', () => {
    const json = JSON.stringify({ label: HOSTILE_LABEL });
    expect(outputText(json)).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(outputText(json))).toEqual({ label: HOSTILE_LABEL });
    expect(outputText('one\ntwo\tthree\n')).toBe('one\ntwo\tthree\n');
  });
});

describe('the CLI never prints raw controls from files', () => {
  it('validate text: no raw control anywhere, and every line about the file starts with its escaped name', async () => {
    const path = await hostileFile();

    const { stdout, stderr } = await run('validate', join(temp.path, 'GPT-4o'));

    expect(stdout + stderr).not.toMatch(RAW_CONTROL);
    const escapedName = lineText(path);
    expect(escapedName).toContain('evil\\x1b[31m\\nname\\u202e.jsonl');
    const lines = stdout.trimEnd().split('\n');
    const summary = lines.pop();
    expect(summary).toMatch(/^1 file checked/);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.startsWith(`${escapedName}:`)).toBe(true);
    // the import folds the label's line break into a space before it quotes the label
    expect(stdout).toContain('"\\x1b[2J\\x1b]0;pwned\\x07 \\x9b31m \\u202eevil next"');
  });

  it('validate --json: valid JSON with the original names and text, no raw control', async () => {
    const path = await hostileFile();

    const { stdout } = await run('validate', join(temp.path, 'GPT-4o'), '--json');

    expect(stdout).not.toMatch(RAW_CONTROL);
    const report = JSON.parse(stdout) as { warnings: { file: string; message: string }[] };
    expect(report.warnings.length).toBeGreaterThan(0);
    expect(report.warnings.every((warning) => warning.file === path)).toBe(true);
    expect(report.warnings.some((warning) => warning.message.includes(HOSTILE_LABEL.split('\n')[0]))).toBe(true);
  });

  it('agreement --input: labels and rater names with controls are escaped in errors and tables', async () => {
    const csv = join(temp.path, 'r\u001b[2J.csv');
    await writeFile(csv, `item,rater,label\n1,a\u001b[31m,x\n1,b,y\n2,a\u001b[31m,x\n2,b,x\n`);

    const cohen = await run('agreement', '--input', csv, '--raters', 'a,zz');
    expect(cohen.stdout + cohen.stderr).not.toMatch(RAW_CONTROL);
    expect(cohen.stderr).toContain('a\\x1b[31m');

    const table = await run('agreement', '--input', csv);
    expect(table.stdout + table.stderr).not.toMatch(RAW_CONTROL);
  });

  it('metrics: a group (teacher model folder) named with controls is escaped in Table II', async () => {
    const folder = join(temp.path, 'GPT\u001b[2J\n4o');
    await mkdir(folder);
    await writeFile(join(folder, 'a.jsonl'), (await readFile(SID_FIXTURE, 'utf8')).split('\n')[0] + '\n');

    const { stdout, stderr } = await run('metrics', folder);

    expect(stdout + stderr).not.toMatch(RAW_CONTROL);
    expect(stdout).toContain('GPT\\x1b[2J\\n4o');
  });
});
