import type { PathLike } from 'node:fs';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AtomicWriteIo, writeFileAtomic } from '../../../../electron/services/atomic-write';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  await temp.remove();
});

const realIo: AtomicWriteIo = { open: fs.open, rename: fs.rename, stat: fs.stat, unlink: fs.unlink };

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected`), { code });
}

describe('writeFileAtomic', () => {
  it('writes a new file as UTF-8 and returns its size in bytes', async () => {
    const path = join(temp.path, 'out.jsonl');
    const bytes = await writeFileAtomic(path, '教师\n');
    expect(await readFile(path, 'utf8')).toBe('教师\n');
    expect(bytes).toBe(7);
    expect(await readdir(temp.path)).toEqual(['out.jsonl']);
  });

  it('with a mode (a file of the data folder), the new file has it, whatever the one it replaces had', async () => {
    const path = join(temp.path, 'connections.json');
    await writeFile(path, 'old');
    await chmod(path, 0o644);
    await writeFileAtomic(path, 'new', undefined, { mode: 0o600 });
    expect(await readFile(path, 'utf8')).toBe('new');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await writeFileAtomic(join(temp.path, 'fresh.json'), '{}', undefined, { mode: 0o600 });
    expect((await stat(join(temp.path, 'fresh.json'))).mode & 0o777).toBe(0o600);
  });

  it('replaces an existing file and keeps its permissions', async () => {
    const path = join(temp.path, 'out.csv');
    await writeFile(path, 'old');
    await chmod(path, 0o640);
    await writeFileAtomic(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
    expect((await stat(path)).mode & 0o777).toBe(0o640);
  });

  it('leaves the existing file intact and removes the temp file when the rename fails', async () => {
    const path = join(temp.path, 'out.csv');
    await writeFile(path, 'precious');
    const io = { ...realIo, rename: async () => Promise.reject(errno('EXDEV')) };

    await expect(writeFileAtomic(path, 'replacement', io)).rejects.toThrow(`Could not save ${path}: EXDEV: injected`);

    expect(await readFile(path, 'utf8')).toBe('precious');
    expect(await readdir(temp.path)).toEqual(['out.csv']);
  });

  it('leaves the existing file intact when flushing to disk fails', async () => {
    const path = join(temp.path, 'out.csv');
    await writeFile(path, 'precious');
    const io: AtomicWriteIo = {
      ...realIo,
      open: (async (...args: Parameters<typeof fs.open>) => {
        const handle = await fs.open(...args);
        return Object.assign(handle, { sync: () => Promise.reject(errno('EIO')) });
      }) as typeof fs.open,
    };

    await expect(writeFileAtomic(path, 'replacement', io)).rejects.toThrow('EIO');

    expect(await readFile(path, 'utf8')).toBe('precious');
    expect(await readdir(temp.path)).toEqual(['out.csv']);
  });

  it('fails cleanly when the target is a folder, leaving the folder as it was', async () => {
    const path = join(temp.path, 'taken');
    await mkdir(path);
    await writeFile(join(path, 'inside.txt'), 'keep');

    await expect(writeFileAtomic(path, 'x')).rejects.toThrow(`Could not save ${path}`);

    expect(await readdir(temp.path)).toEqual(['taken']);
    expect(await readFile(join(path, 'inside.txt'), 'utf8')).toBe('keep');
  });

  it('fails with the path in the message when the folder does not exist', async () => {
    const path = join(temp.path, 'missing', 'out.md');
    await expect(writeFileAtomic(path, 'x')).rejects.toThrow(`Could not save ${path}: ENOENT`);
  });

  it('retries a rename that fails because another program briefly holds the file', async () => {
    const path = join(temp.path, 'out.json');
    let failures = 0;
    const io = {
      ...realIo,
      rename: async (from: PathLike, to: PathLike) => {
        if (failures < 2) {
          failures += 1;
          throw errno('EBUSY');
        }
        return fs.rename(from, to);
      },
    };
    await writeFileAtomic(path, '{}', io);
    expect(failures).toBe(2);
    expect(await readFile(path, 'utf8')).toBe('{}');
  });
});
