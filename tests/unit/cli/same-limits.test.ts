/**
 * The CLI applies the app's import limits (shared/import/file-rules.ts) and says what it skips:
 * a folder with nothing to read is an error, not "0 files checked" and exit 0.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readInputs } from '../../../electron/cli/read-inputs';
import { readFolder } from '../../../electron/main/services/import-files';
import { DEFAULT_IMPORT_LIMITS } from '../../../shared/import/file-rules';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  await temp.remove();
});

const LINE = '{"dialogue":[{"role":"教师","content":"你好"}],"annotations":[]}\n';

describe('the CLI and the app apply the same limits', () => {
  it('an empty folder, or one holding only files it skips, is an error (exit 1) that says so', async () => {
    const empty = join(temp.path, 'empty');
    await mkdir(empty);
    const only = join(temp.path, 'only-images');
    await mkdir(only);
    await writeFile(join(only, 'scan.png'), 'x');

    const first = await runCaptured(['validate', empty]);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain(`${empty}/: No file to read in this folder: it is empty. Files end in .jsonl .json .csv .tsv .txt.`);
    const second = await runCaptured(['validate', only, '--json']);
    expect(second.code).toBe(1);
    expect(JSON.parse(second.stdout)).toMatchObject({
      errors: [{ file: `${only}/`, line: null, message: expect.stringContaining('1 entry was skipped') }],
      warnings: [{ file: `${only}/scan.png`, line: null, message: expect.stringContaining('skipped: unsupported file type (.png)') }],
    });
  });

  it('skips the files past the total size limit and the file count limit as the app does, listing each', async () => {
    const folder = join(temp.path, 'GPT-4o');
    await mkdir(folder);
    for (const name of ['a', 'b', 'c', 'd']) await writeFile(join(folder, `${name}.jsonl`), LINE);
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxTotalBytes: Buffer.byteLength(LINE) * 2 + 10, maxEntries: 3 };

    const cli = await readInputs([folder], { limits });
    const app = await readFolder(folder, limits);

    expect(cli.files.map((file) => file.name)).toEqual([`${folder}/a.jsonl`, `${folder}/b.jsonl`]);
    expect(app.files.map((file) => file.name)).toEqual(['GPT-4o/a.jsonl', 'GPT-4o/b.jsonl']);
    const byName = (a: string[], b: string[]) => a[0].localeCompare(b[0]);
    const cliSkipped = cli.skipped.map((file) => [file.file.slice(folder.length + 1), file.reason]).sort(byName);
    expect(cliSkipped).toEqual(app.skipped.map((file) => [file.name.slice('GPT-4o/'.length), file.reason]).sort(byName));
    expect(cliSkipped).toEqual([
      ['c.jsonl', 'the import would exceed 1 KB in total; import it separately'],
      ['d.jsonl', 'stopped after 3 files; choose a smaller folder'],
    ]);
  });

  it('walks a folder with the same walk: the same files in the same (natural) order, the same entries passed over', async () => {
    const folder = join(temp.path, 'GPT-4o');
    for (const name of ['topic_10.jsonl', 'topic_2.jsonl', 'extra/topic_1.jsonl', 'Topic_3.jsonl', 'notes.md', '.hidden.jsonl', 'node_modules/x.json']) {
      await mkdir(join(folder, name, '..'), { recursive: true });
      await writeFile(join(folder, name), LINE);
    }
    await symlink('/etc/hostname', join(folder, 'outside.jsonl'));

    const cli = await readInputs([folder]);
    const app = await readFolder(folder);

    const appOrder = app.files.map((file) => file.name.slice('GPT-4o/'.length));
    expect(appOrder).toEqual(['extra/topic_1.jsonl', 'topic_2.jsonl', 'Topic_3.jsonl', 'topic_10.jsonl']);
    expect(cli.files.map((file) => file.name.slice(folder.length + 1))).toEqual(appOrder);
    const appSkipped = app.skipped.map((file) => file.name.slice('GPT-4o/'.length));
    expect(appSkipped).toEqual(['.hidden.jsonl', 'node_modules/', 'notes.md', 'outside.jsonl']);
    expect(cli.skipped.map((file) => file.file.slice(folder.length + 1))).toEqual(appSkipped);
  });

  it('lists a link out of the folder and a .xlsx file as skipped, with the reason', async () => {
    const folder = join(temp.path, 'm');
    await mkdir(folder);
    await writeFile(join(folder, 'ok.jsonl'), LINE);
    await writeFile(join(folder, 'scores.xlsx'), 'PK');
    await symlink('/etc/hostname', join(folder, 'outside.jsonl'));

    const { code, stdout } = await runCaptured(['validate', folder]);

    expect(code).toBe(0);
    expect(stdout).toContain(`${folder}/outside.jsonl: warning: skipped: link to a file outside the folder given (not followed)`);
    expect(stdout).toContain(`${folder}/scores.xlsx: warning: skipped: Excel workbook; save it as "CSV UTF-8" first`);
  });
});
