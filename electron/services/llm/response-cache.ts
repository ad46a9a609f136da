/**
 * Valid answers on disk, keyed by a hash of everything that decides the answer (base URL, model,
 * messages, sampling, response schema, sample index: the caller's canonical key text), so a
 * repeated run, a resumed job or a second job over the same dialogues pays nothing for what was
 * already answered. Only answers that validated are put here. One small JSON file per answer
 * under <folder>/<first two hex digits>/<sha256>.json, written to a temporary name and renamed, so
 * a reader sees a whole entry or none; an entry that does not read back whole (a crash between
 * write and rename leaves only a temporary file; a damaged disk, anything) is a miss. Not
 * fsynced: the job journal is the durable record, the cache only saves money.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CachedAnswer {
  /** the raw message text the endpoint answered */
  content: string;
  model: string;
  usage: { input: number; output: number };
  finishReason: string | null;
  /** when it was first answered (ISO 8601) */
  answeredAt: string;
  latencyMs: number;
}

interface CacheFile {
  version: 1;
  /** the hash of the key text, to tell a whole entry from anything else under its name */
  key: string;
  answer: CachedAnswer;
}

const HASH_NAME = /^[0-9a-f]{64}\.json$/;

export function cacheKeyHash(keyText: string): string {
  return createHash('sha256').update(keyText, 'utf8').digest('hex');
}

export class ResponseCache {
  constructor(private readonly folder: string) {}

  private pathOf(hash: string): string {
    return join(this.folder, hash.slice(0, 2), `${hash}.json`);
  }

  async get(keyText: string): Promise<CachedAnswer | null> {
    const hash = cacheKeyHash(keyText);
    let text: string;
    try {
      text = await readFile(this.pathOf(hash), 'utf8');
    } catch {
      return null;
    }
    try {
      const file = JSON.parse(text) as CacheFile;
      if (file?.version !== 1 || file.key !== hash || typeof file.answer?.content !== 'string') return null;
      return file.answer;
    } catch {
      return null;
    }
  }

  async put(keyText: string, answer: CachedAnswer): Promise<void> {
    const hash = cacheKeyHash(keyText);
    const path = this.pathOf(hash);
    await mkdir(join(this.folder, hash.slice(0, 2)), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const file: CacheFile = { version: 1, key: hash, answer };
    try {
      await writeFile(temporary, JSON.stringify(file), { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }

  /** How many answers are kept and their size on disk. */
  async stats(): Promise<{ entries: number; bytes: number }> {
    let entries = 0;
    let bytes = 0;
    for (const shard of await readdir(this.folder).catch(() => [] as string[])) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      const names = await readdir(join(this.folder, shard)).catch(() => [] as string[]);
      for (const name of names) {
        if (!HASH_NAME.test(name)) continue;
        entries++;
        bytes += (await stat(join(this.folder, shard, name)).catch(() => null))?.size ?? 0;
      }
    }
    return { entries, bytes };
  }

  /** Forgets every answer (the next run pays again). */
  async clear(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
  }
}
