import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCaptured } from './run-captured';
import { readInputs } from '../../../electron/cli/read-inputs';
import { DEFAULT_IMPORT_LIMITS } from '../../../shared/import/file-rules';
import { linkToDevZero, makeFifo, settlesWithin } from '../../support/special-files';
import { makeTempDir, type TempDir } from '../../support/temp-dir';

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  await temp.remove();
});

function run(...argv: string[]) {
  return settlesWithin(runCaptured(argv));
}

const SID_LINE = '{"conversation_id":"c1","conversation":[{"role":"teacher","content":"Hi"}]}\n';

describe('the CLI reads only regular files, without blocking', () => {
  it('validate refuses a FIFO and a link to /dev/zero with a clear message, exit 1', async () => {
    const fifo = makeFifo(temp.path, 'pipe.jsonl');
    const zero = await linkToDevZero(temp.path, 'zero.jsonl');

    const { code, stdout } = await run('validate', fifo, zero);

    expect(code).toBe(1);
    expect(stdout).toContain(`${fifo}:1: Cannot read the file: a named pipe (FIFO), not a regular file.`);
    expect(stdout).toContain(`${zero}:1: Cannot read the file: a device, not a regular file.`);
  });

  it('agreement --input refuses a FIFO and a link to /dev/zero, exit 1', async () => {
    const fifo = makeFifo(temp.path, 'pipe.csv');
    const zero = await linkToDevZero(temp.path, 'zero.csv');

    for (const [path, reason] of [[fifo, 'a named pipe (FIFO)'], [zero, 'a device']]) {
      const { code, stderr } = await run('agreement', '--input', path);
      expect(code).toBe(1);
      expect(stderr).toContain(`${path}:1: Cannot read the file: ${reason}, not a regular file.`);
    }
  });

  it('a folder walk lists links out of the folder, FIFOs and other file types as skipped, and reads links inside', async () => {
    const folder = join(temp.path, 'GPT-4o');
    await mkdir(folder);
    await writeFile(join(folder, 'a.jsonl'), SID_LINE);
    await writeFile(join(temp.path, 'outside.jsonl'), SID_LINE);
    await symlink(join(temp.path, 'outside.jsonl'), join(folder, 'out.jsonl'));
    await symlink(join(folder, 'a.jsonl'), join(folder, 'same.jsonl'));
    await linkToDevZero(folder, 'zero.jsonl');
    makeFifo(folder, 'pipe.jsonl');
    await writeFile(join(folder, 'chart.png'), 'PNG');
    await writeFile(join(folder, '.DS_Store'), 'x');
    await mkdir(join(folder, 'node_modules'));

    const { stdout } = await run('validate', folder, '--json');
    const report = JSON.parse(stdout) as { warnings: { file: string; line: null; message: string }[] };

    expect((await readInputs([folder])).files.map((file) => file.name)).toEqual([`${folder}/a.jsonl`, `${folder}/same.jsonl`]);
    expect(report.warnings.map((warning) => [warning.file, warning.line, warning.message])).toEqual([
      [`${folder}/.DS_Store`, null, 'skipped: hidden file'],
      [`${folder}/chart.png`, null, expect.stringContaining('skipped: unsupported file type (.png)')],
      [`${folder}/node_modules/`, null, 'skipped: package folder (node_modules)'],
      [`${folder}/out.jsonl`, null, 'skipped: link to a file outside the folder given (not followed)'],
      [`${folder}/pipe.jsonl`, null, 'skipped: a named pipe (FIFO), not a regular file'],
      [`${folder}/zero.jsonl`, null, 'skipped: link to a file outside the folder given (not followed)'],
    ]);
    const text = await run('validate', folder);
    expect(text.stdout).toContain(`${folder}/out.jsonl: warning: skipped: link to a file outside the folder given (not followed)`);
  });

  it("applies the app's per-file size limit and says so", async () => {
    const big = join(temp.path, 'big.jsonl');
    await writeFile(big, SID_LINE.repeat(40));

    const { files, problems } = await readInputs([big], { ...DEFAULT_IMPORT_LIMITS, maxFileBytes: 1024 });

    expect(files).toEqual([]);
    expect(problems).toEqual([{ file: big, kind: 'unreadable', message: "Cannot read the file: too large (3 KB; the import limit is 1 KB).", line: 1 }]);
  });
});
