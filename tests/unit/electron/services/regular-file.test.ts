/**
 * readRegularFile reads the whole file whatever the size stat gave: the bytes of the size stat
 * reported in as few reads as possible, then anything beyond it (a /proc file reports size 0).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRegularFile } from '../../../../electron/services/regular-file';

const folder = mkdtempSync(join(tmpdir(), 'maieutic-regular-read-'));

describe('readRegularFile', () => {
  it('gives exactly the bytes of empty, small and multi-megabyte files', async () => {
    for (const size of [0, 1, 4095, 5 * 1024 * 1024 + 3]) {
      const path = join(folder, `f${size}.bin`);
      const bytes = Buffer.alloc(size);
      for (let at = 0; at < size; at++) bytes[at] = (at * 31 + 7) & 0xff;
      writeFileSync(path, bytes);
      const read = await readRegularFile(path);
      expect(read.ok).toBe(true);
      if (read.ok) expect(Buffer.compare(read.bytes, bytes)).toBe(0);
    }
  });

  it.runIf(existsSync('/proc/self/status'))('reads a file whose reported size is 0 to its end (/proc)', async () => {
    const read = await readRegularFile('/proc/self/mounts');
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.bytes.length).toBeGreaterThan(0);
      expect(read.bytes.toString('utf8').split('\n')[0]).toBe((await readFile('/proc/self/mounts', 'utf8')).split('\n')[0]);
    }
  });
});
