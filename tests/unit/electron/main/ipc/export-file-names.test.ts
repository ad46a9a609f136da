/**
 * Proposed export names: main refuses what Windows would misread or a reader would misread, and
 * the renderer never proposes such a name from a data-set name.
 */
import { describe, expect, it } from 'vitest';
import { parseSaveExportArgs } from '../../../../../electron/main/ipc/validate';
import { fileNameStem } from '../../../../../renderer/src/stores/export/file-names';

const valid = { defaultName: '审校结果.jsonl', content: '', kind: 'jsonl' };

describe('main refuses hostile proposed file names', () => {
  it.each([
    ['CON', 'reserves for a device'],
    ['con.csv', 'reserves for a device'],
    ['NUL.tar.gz', 'reserves for a device'],
    ['LPT1 .md', 'reserves for a device'],
    ['COM9.jsonl', 'reserves for a device'],
    ['a:b.csv', 'a character Windows does not allow'],
    ['what?.csv', 'a character Windows does not allow'],
    ['a<b>.md', 'a character Windows does not allow'],
    ['say "hi".md', 'a character Windows does not allow'],
    ['report\u202Evsc.exe', 'a text-direction control character'],
    ['a\u2067b.csv', 'a text-direction control character'],
    ['a\u200Fb.csv', 'a text-direction control character'],
    ['a\u009bb.csv', 'a control character'],
    ['a\u001b[2Jb.csv', 'a control character'],
    ['export.csv.', 'ends with a dot or a space'],
    ['export.csv ', 'ends with a dot or a space'],
  ])('refuses %j', (defaultName, problem) => {
    expect(() => parseSaveExportArgs({ ...valid, defaultName })).toThrow(problem);
  });

  it.each(['CONSOLE.csv', 'icon.md', 'COM10.csv', '试点-数据-agreement-20261201.md', 'a.b-table.csv'])('accepts %j', (defaultName) => {
    expect(parseSaveExportArgs({ ...valid, defaultName }).defaultName).toBe(defaultName);
  });
});

describe('the renderer proposes only names main accepts', () => {
  it.each([
    ['CON', 'CON_'],
    ['nul.v2', 'nul_.v2'],
    ['a:b', 'a-b'],
    ['report\u202Evsc.exe', 'report-vsc.exe'],
    ['x\u2066y\u2069z', 'x-y-z'],
    ['a\u009bb', 'a-b'],
    ['试点 数据/第一批: GPT-4o?', '试点-数据-第一批-GPT-4o'],
  ])('%j becomes %j', (name, stem) => {
    expect(fileNameStem(name)).toBe(stem);
  });

  it.each(['CON', 'aux.', 'a:b', 'r\u202Eabc', `${'长'.repeat(79)}.x`, ' . ', 'x'.repeat(200)])('a proposed name from %j passes the check in main', (name) => {
    const defaultName = `${fileNameStem(name)}-agreement-20261201.md`;
    expect(parseSaveExportArgs({ ...valid, defaultName }).defaultName).toBe(defaultName);
  });

  it('a bare stem that is a device name is never proposed as a whole file name either', () => {
    expect(parseSaveExportArgs({ ...valid, defaultName: `${fileNameStem('PRN')}.csv` }).defaultName).toBe('PRN_.csv');
  });
});
