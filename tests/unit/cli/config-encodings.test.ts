/**
 * Config files in GB18030 (GBK) or UTF-16 (issue 30 point 8) through the commands that read
 * them: a GBK scenario, spec or rubric set is refused with the import's words (it looks like
 * GB18030) before anything is sent, instead of putting U+FFFD into every prompt; UTF-16 without a
 * byte-order mark is named, and UTF-16 with one is read.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gbkBytes } from '../../fault-suite/gbk';
import { RESOURCES_DIR } from '../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

const utf16le = (text: string, bom: boolean) => Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);
const LOOKS_GBK = 'it looks like GB18030 (GBK), the usual encoding of Chinese text saved on Windows; save it as UTF-8';
const BASE = ['--base-url', 'http://127.0.0.1:9/v1'];

describe('config files in other encodings', () => {
  let dir: TempDir;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(() => dir.remove());

  it('generate refuses a GBK scenario and a UTF-16 one without a byte-order mark, by name, sending nothing', async () => {
    // the template in GBK: ASCII keys and Chinese prompts, as Notepad on a Chinese Windows saves it
    const template = (await readFile(join(RESOURCES_DIR, 'scenarios/sid-teacher-led.yaml'), 'utf8')).replace(/[^\x00-\x7f\u4e00-\u9fa5，。：；！？（）]/g, '');
    const gbk = join(dir.path, 'gbk.yaml');
    await writeFile(gbk, gbkBytes(template.replace(/[\u4e00-\u9fa5]/g, (char) => ('水的净化学生老师'.includes(char) ? char : '水'))));
    const run = await runCaptured(['generate', gbk, ...BASE, '--model', 'm', '--out', join(dir.path, 'out')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^${gbk}:\\d+: cannot read the scenario: line \\d+ is not valid UTF-8 \\(column \\d+\\); ${LOOKS_GBK.replace(/[()]/g, '\\$&')}\\n$`));
    const utf16 = join(dir.path, 'utf16.yaml');
    await writeFile(utf16, utf16le('format: maieutic-scenario/1\n', false));
    const sixteen = await runCaptured(['generate', utf16, ...BASE, '--model', 'm', '--out', join(dir.path, 'out')]);
    expect(sixteen.code).toBe(1);
    expect(sixteen.stderr).toBe(`${utf16}:1: cannot read the scenario: UTF-16 little-endian text without a byte-order mark (every other byte is NUL); save it as UTF-8\n`);
    expect(sixteen.stderr).not.toContain('not a single value');
  });

  it('synthesize-rubric refuses a GBK spec; judge-report refuses a GBK rubric set and reads a UTF-16 one with its mark', async () => {
    const spec = join(dir.path, 'spec.yaml');
    await writeFile(spec, gbkBytes('format: maieutic-synthesis/1\nname:\n  zh: 水的净化\n'));
    const synth = await runCaptured(['synthesize-rubric', spec, ...BASE, '--model', 'drafter=m', '--out', join(dir.path, 'r.json')]);
    expect(synth.code).toBe(1);
    expect(synth.stderr).toContain(`${spec}:3: cannot read the spec: line 3 is not valid UTF-8`);
    expect(synth.stderr).toContain(LOOKS_GBK);
    const sid = await readFile(join(RESOURCES_DIR, 'rubrics/sid.json'), 'utf8');
    const results = join(dir.path, 'results.jsonl');
    await writeFile(results, '');
    const gbkSet = join(dir.path, 'gbk.json');
    await writeFile(gbkSet, gbkBytes(sid.replace(/[^\x00-\x7f]/g, '的')));
    const report = await runCaptured(['judge-report', results, '--rubrics', gbkSet]);
    expect(report.code).toBe(1);
    expect(report.stderr).toContain(`${gbkSet}:`);
    expect(report.stderr).toContain(`cannot read the rubric set: line`);
    expect(report.stderr).toContain(LOOKS_GBK);
    const utf16Set = join(dir.path, 'utf16.json');
    await writeFile(utf16Set, utf16le(sid, true));
    const fromUtf16 = await runCaptured(['judge-report', results, '--rubrics', utf16Set]);
    expect(fromUtf16.stderr).not.toContain('rubric set');
    expect(fromUtf16.stderr).not.toContain('Unexpected token');
  });
});
