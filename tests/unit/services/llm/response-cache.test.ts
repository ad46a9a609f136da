import { readdir, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheKeyHash, ResponseCache, type CachedAnswer } from '../../../../electron/services/llm/response-cache';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

const answer = (content: string): CachedAnswer => ({ content, model: 'm', usage: { input: 10, output: 3 }, finishReason: 'stop', answeredAt: '2026-12-02T00:00:00.000Z', latencyMs: 12 });

describe('the response cache', () => {
  let dir: TempDir;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(() => dir.remove());

  it('gives back what was put under the same key text, and nothing under any other', async () => {
    const cache = new ResponseCache(join(dir.path, 'cache'));
    expect(await cache.get('key a')).toBeNull();
    await cache.put('key a', answer('{"turns":[]}'));
    expect(await cache.get('key a')).toEqual(answer('{"turns":[]}'));
    expect(await cache.get('key b')).toBeNull();
    expect(await cache.get('key a ')).toBeNull();
    await cache.put('key a', answer('second'));
    expect((await cache.get('key a'))?.content).toBe('second');
    expect(await cache.stats()).toEqual({ entries: 1, bytes: expect.any(Number) });
  });

  it('takes a damaged or foreign entry for a miss, and leaves no temporary file behind', async () => {
    const folder = join(dir.path, 'cache');
    const cache = new ResponseCache(folder);
    const hash = cacheKeyHash('k');
    await mkdir(join(folder, hash.slice(0, 2)), { recursive: true });
    for (const broken of ['{"version":1,"key":"', '[]', JSON.stringify({ version: 1, key: cacheKeyHash('other'), answer: answer('x') }), JSON.stringify({ version: 2, key: hash, answer: answer('x') })]) {
      await writeFile(join(folder, hash.slice(0, 2), `${hash}.json`), broken);
      expect(await cache.get('k'), broken).toBeNull();
    }
    await cache.put('k', answer('ok'));
    expect((await cache.get('k'))?.content).toBe('ok');
    expect((await readdir(join(folder, hash.slice(0, 2)))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('is emptied by clear', async () => {
    const cache = new ResponseCache(join(dir.path, 'cache'));
    await cache.put('a', answer('1'));
    await cache.put('b', answer('2'));
    expect((await cache.stats()).entries).toBe(2);
    await cache.clear();
    expect(await cache.get('a')).toBeNull();
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });
});
