/**
 * The one reader of config files (electron/services/config-file.ts): files named inside another
 * file stay in its folder (no absolute path, no `..`, no link out), special files and oversized
 * ones are refused before they are read, and bytes are decoded by the import's rules (GB18030 and
 * UTF-16 named, never turned into U+FFFD).
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_FILE_RULES } from '../../../../shared/config-files';
import { readConfigFile, readNamedConfigFile } from '../../../../electron/services/config-file';
import { gbkBytes } from '../../../fault-suite/gbk';
import { makeFifo, settlesWithin } from '../../../support/special-files';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

const utf16 = (text: string, endian: 'le' | 'be', bom: boolean): Buffer => {
  const le = Buffer.from(text, 'utf16le');
  const bytes = endian === 'le' ? le : Buffer.from(le.map((_, index) => le[index ^ 1]));
  return bom ? Buffer.concat([Buffer.from(endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), bytes]) : bytes;
};

describe('the config-file reader', () => {
  let dir: TempDir;
  let scenario: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(join(dir.path, 'project'));
    scenario = join(dir.path, 'project', 'scenario.yaml');
    await writeFile(scenario, 'format: maieutic-scenario/1\n');
    await writeFile(join(dir.path, 'project', 'tasks.csv'), 'topic\n水\n');
    await writeFile(join(dir.path, 'outside.csv'), 'topic\nsecret\n');
  });
  afterEach(() => dir.remove());

  it('reads a file named relative to the naming file, and one reached by a link that stays inside', async () => {
    await mkdir(join(dir.path, 'project', 'data'));
    await writeFile(join(dir.path, 'project', 'data', 'rows.csv'), 'topic\n光\n');
    await symlink(join(dir.path, 'project', 'data', 'rows.csv'), join(dir.path, 'project', 'linked.csv'));
    expect(await readNamedConfigFile(scenario, 'tasks.csv', 'tasks.csv', 'task-file')).toMatchObject({ ok: true, text: 'topic\n水\n' });
    expect(await readNamedConfigFile(scenario, 'tasks.csv', 'data/rows.csv', 'task-file')).toMatchObject({ ok: true, text: 'topic\n光\n' });
    expect(await readNamedConfigFile(scenario, 'tasks.csv', 'linked.csv', 'task-file')).toMatchObject({ ok: true, text: 'topic\n光\n' });
  });

  it.each([
    ['/proc/self/environ', 'is an absolute path'],
    ['/etc/passwd', 'is an absolute path'],
    ['../outside.csv', 'leaves the folder (..)'],
    ['data/../../outside.csv', 'leaves the folder (..)'],
    ['..\\outside.csv', 'leaves the folder (..)'],
    ['C:\\Windows\\win.ini', 'is an absolute path'],
    ['~/.bashrc', 'is an absolute path'],
    ['', 'is empty'],
  ])('refuses %j by name, before reading anything', async (named, reason) => {
    const read = await readNamedConfigFile(scenario, 'tasks.csv', named, 'task-file');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.file).toBe(scenario);
    expect(read.message).toContain(`tasks.csv names "${named}"`);
    expect(read.message).toContain(reason);
    expect(read.message).not.toContain('secret');
  });

  it('refuses a link that leads out of the folder (to a file, to /proc/self/environ), naming it', async () => {
    await symlink(join(dir.path, 'outside.csv'), join(dir.path, 'project', 'out.csv'));
    await symlink('/proc/self/environ', join(dir.path, 'project', 'env.csv'));
    for (const named of ['out.csv', 'env.csv']) {
      const read = await readNamedConfigFile(scenario, 'tasks.csv', named, 'task-file');
      expect(read).toMatchObject({ ok: false, file: scenario });
      if (!read.ok) expect(read.message).toBe(`tasks.csv names "${named}", which is a link to a file outside the folder of the file that names it (not followed)`);
    }
  });

  it('says a named file that is not there does not exist, beside which file it was looked for', async () => {
    const read = await readNamedConfigFile(scenario, 'tasks.csv', 'missing.csv', 'task-file');
    expect(read).toMatchObject({ ok: false, message: `tasks.csv names "missing.csv", which does not exist (looked for it beside ${scenario})` });
  });

  it('refuses a FIFO, a folder and /dev/zero without blocking, and an oversized file with its size and the limit', async () => {
    const fifo = makeFifo(dir.path, 'pipe.yaml');
    expect(await settlesWithin(readConfigFile(fifo, 'scenario'))).toMatchObject({ ok: false, message: 'cannot read the scenario: a named pipe (FIFO), not a regular file' });
    expect(await readConfigFile(dir.path, 'scenario')).toMatchObject({ ok: false, message: 'cannot read the scenario: is a folder' });
    expect(await settlesWithin(readConfigFile('/dev/zero', 'rubric-set'))).toMatchObject({ ok: false, message: 'cannot read the rubric set: a device, not a regular file' });
    const big = join(dir.path, 'big.json');
    await writeFile(big, Buffer.alloc(CONFIG_FILE_RULES['rubric-set'].maxBytes + 1, 0x20));
    expect(await readConfigFile(big, 'rubric-set')).toMatchObject({ ok: false, message: 'cannot read the rubric set: too large (1,048,577 bytes; a rubric set may be at most 1,048,576 bytes)' });
    expect(await readConfigFile(join(dir.path, 'none.yaml'), 'scenario')).toMatchObject({ ok: false, message: 'cannot read the scenario: no such file' });
  });

  it('names GB18030 (GBK) as the import does, and reads UTF-16 with a byte-order mark', async () => {
    const gbk = join(dir.path, 'gbk.yaml');
    await writeFile(gbk, gbkBytes('name:\n  zh: 水的净化\n'));
    const read = await readConfigFile(gbk, 'scenario');
    expect(read).toMatchObject({ ok: false, line: 2 });
    if (!read.ok) {
      expect(read.message).toBe('cannot read the scenario: line 2 is not valid UTF-8 (column 8); it looks like GB18030 (GBK), the usual encoding of Chinese text saved on Windows; save it as UTF-8');
      expect(read.likely).toMatchObject({ encoding: 'gb18030', text: 'name:\n  zh: 水的净化\n' });
    }
    expect(await readConfigFile(gbk, 'scenario', 'gb18030')).toMatchObject({ ok: true, text: 'name:\n  zh: 水的净化\n' });
    for (const endian of ['le', 'be'] as const) {
      const withBom = join(dir.path, `bom-${endian}.yaml`);
      await writeFile(withBom, utf16('id: 水\n', endian, true));
      expect(await readConfigFile(withBom, 'scenario')).toMatchObject({ ok: true, text: 'id: 水\n' });
      const without = join(dir.path, `plain-${endian}.yaml`);
      await writeFile(without, utf16('id: water\n', endian, false));
      const refused = await readConfigFile(without, 'scenario');
      expect(refused).toMatchObject({ ok: false, likely: { text: 'id: water\n' } });
      if (!refused.ok) expect(refused.message).toContain(`UTF-16 ${endian === 'le' ? 'little' : 'big'}-endian text without a byte-order mark`);
    }
    const png = join(dir.path, 'image.yaml');
    await writeFile(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    expect(await readConfigFile(png, 'scenario')).toMatchObject({ ok: false, message: expect.stringMatching(/^cannot read the scenario: a PNG image, not a text file/) });
  });
});
