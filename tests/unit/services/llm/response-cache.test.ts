import { readFile, writeFile } from 'node:fs/promises';
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
    cache.close();
  });

  it('takes a damaged line or a torn last line for a miss, keeps the other answers, and appends after the cut', async () => {
    const folder = join(dir.path, 'cache');
    const first = new ResponseCache(folder);
    await first.put('a', answer('A'));
    await first.put('b', answer('B'));
    await first.put('c', answer('C'));
    first.close();
    const path = join(folder, 'answers.jsonl');
    const lines = (await readFile(path, 'utf8')).split('\n');
    // b's line damaged in the middle (same length), and a torn line after the last one
    lines[1] = lines[1].slice(0, 80) + '#'.repeat(lines[1].length - 80);
    await writeFile(path, `${lines.join('\n')}{"key":"${cacheKeyHash('d')}","answer":{"cont`);
    const second = new ResponseCache(folder);
    expect((await second.get('a'))?.content).toBe('A');
    expect(await second.get('b')).toBeNull();
    expect((await second.get('c'))?.content).toBe('C');
    expect(await second.get('d')).toBeNull();
    await second.put('d', answer('D'));
    second.close();
    const third = new ResponseCache(folder);
    expect((await third.get('d'))?.content).toBe('D');
    expect((await third.get('c'))?.content).toBe('C');
    expect((await third.stats()).entries).toBe(4);
    third.close();
  });

  it('an answer put again under the same key is read from its last line, in this process and the next', async () => {
    const folder = join(dir.path, 'cache');
    const cache = new ResponseCache(folder);
    await cache.put('k', answer('first'));
    await cache.put('k', answer('second'));
    expect((await cache.get('k'))?.content).toBe('second');
    cache.close();
    expect((await new ResponseCache(folder).get('k'))?.content).toBe('second');
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
