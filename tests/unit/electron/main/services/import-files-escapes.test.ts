import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDroppedPaths, readFolder, readPickedFiles } from '../../../../../electron/main/services/import-files';
import { linkToDevZero, makeFifo, settlesWithin } from '../../../../support/special-files';
import { makeTempDir, type TempDir } from '../../../../support/temp-dir';

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  await temp.remove();
});

async function put(relativePath: string, content: string): Promise<string> {
  const path = join(temp.path, relativePath);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, content);
  return path;
}

describe('folder import reads only regular files inside the chosen folder', () => {
  it('skips a link to a file outside the folder instead of reading and quoting it', async () => {
    const secret = await put('outside/secret.txt', 'root:x:0:0');
    await put('m/own.jsonl', '{}');
    await symlink(secret, join(temp.path, 'm', 'passwd.txt'));

    const result = await readFolder(join(temp.path, 'm'));

    expect(result.files.map((file) => file.name)).toEqual(['m/own.jsonl']);
    expect(JSON.stringify(result)).not.toContain('root:x');
    expect(result.skipped).toEqual([{ name: 'm/passwd.txt', code: 'link-outside-folder', reason: 'link to a file outside the chosen folder (not followed)' }]);
  });

  it('skips a link that climbs out through a linked sub-folder path', async () => {
    await put('outside/a.jsonl', '{"outside":true}');
    await put('m/own.jsonl', '{}');
    await symlink(join(temp.path, 'm', '..', 'outside', 'a.jsonl'), join(temp.path, 'm', 'up.jsonl'));

    const result = await readFolder(join(temp.path, 'm'));

    expect(result.skipped).toEqual([{ name: 'm/up.jsonl', code: 'link-outside-folder', reason: expect.stringContaining('outside the chosen folder') }]);
  });

  it('checks links against the real folder when the chosen folder is itself reached through a link', async () => {
    await put('real/data.jsonl', '{}');
    await symlink(join(temp.path, 'real', 'data.jsonl'), join(temp.path, 'real', 'alias.jsonl'));
    await symlink(join(temp.path, 'real'), join(temp.path, 'picked'));

    const result = await readFolder(join(temp.path, 'picked'));

    expect(result.files.map((file) => file.name)).toEqual(['picked/alias.jsonl', 'picked/data.jsonl']);
    expect(result.skipped).toEqual([]);
  });

  it('skips a FIFO and a link to /dev/zero without blocking, saying why', async () => {
    await mkdir(join(temp.path, 'm'));
    await put('m/own.jsonl', '{}');
    makeFifo(join(temp.path, 'm'), 'pipe.jsonl');
    await linkToDevZero(join(temp.path, 'm'), 'zero.jsonl');

    const result = await settlesWithin(readFolder(join(temp.path, 'm')));

    expect(result.files.map((file) => file.name)).toEqual(['m/own.jsonl']);
    expect(result.skipped).toEqual([
      { name: 'm/pipe.jsonl', code: 'fifo', reason: 'a named pipe (FIFO), not a regular file' },
      { name: 'm/zero.jsonl', code: 'link-outside-folder', reason: 'link to a file outside the chosen folder (not followed)' },
    ]);
  });
});

describe('picked files are read only when regular', () => {
  it('refuses a picked FIFO and a picked link to /dev/zero without blocking', async () => {
    const fifo = makeFifo(temp.path, 'pipe.jsonl');
    const zero = await linkToDevZero(temp.path, 'zero.jsonl');
    const ok = await put('ok.jsonl', '{}');

    const result = await settlesWithin(readPickedFiles([fifo, zero, ok]));

    expect(result.files).toEqual([{ name: 'ok.jsonl', text: '{}' }]);
    expect(result.skipped).toEqual([
      { name: 'pipe.jsonl', code: 'fifo', reason: 'a named pipe (FIFO), not a regular file' },
      { name: 'zero.jsonl', code: 'device', reason: 'a device, not a regular file' },
    ]);
  });
});

describe('dropped paths are read as the pickers read them', () => {
  it('reads a dropped file as a picked one and a dropped folder as a chosen folder: FIFOs, devices and links out of the folder are skipped without blocking', async () => {
    const secret = await put('outside/secret.jsonl', '{"secret":1}');
    await put('GPT-4o/topic_1.jsonl', '{"n":1}');
    await symlink(secret, join(temp.path, 'GPT-4o', 'escape.jsonl'));
    makeFifo(join(temp.path, 'GPT-4o'), 'pipe.jsonl');
    const loosePipe = makeFifo(temp.path, 'loose.jsonl');
    const zero = await linkToDevZero(temp.path, 'zero.jsonl');
    const hidden = await put('.notes.jsonl', '{"n":2}');

    const result = await settlesWithin(readDroppedPaths([loosePipe, zero, hidden, join(temp.path, 'GPT-4o')]));

    expect(result.files).toEqual([
      { name: '.notes.jsonl', text: '{"n":2}' },
      { name: 'GPT-4o/topic_1.jsonl', text: '{"n":1}' },
    ]);
    expect(result.skipped).toEqual([
      { name: 'loose.jsonl', code: 'fifo', reason: 'a named pipe (FIFO), not a regular file' },
      { name: 'zero.jsonl', code: 'device', reason: 'a device, not a regular file' },
      { name: 'GPT-4o/escape.jsonl', code: 'link-outside-folder', reason: 'link to a file outside the chosen folder (not followed)' },
      { name: 'GPT-4o/pipe.jsonl', code: 'fifo', reason: 'a named pipe (FIFO), not a regular file' },
    ]);
  });
});

describe('sockets', () => {
  it('names a socket in the folder or among picked files as such', async () => {
    const { createServer } = await import('node:net');
    await mkdir(join(temp.path, 'm'));
    const socketPath = join(temp.path, 'm', 'listener.jsonl');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const folder = await settlesWithin(readFolder(join(temp.path, 'm')));
      const picked = await settlesWithin(readPickedFiles([socketPath]));
      expect(folder.skipped).toEqual([{ name: 'm/listener.jsonl', code: 'socket', reason: 'a socket, not a regular file' }]);
      expect(picked.skipped).toEqual([{ name: 'listener.jsonl', code: 'socket', reason: 'a socket, not a regular file' }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
