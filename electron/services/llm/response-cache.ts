/**
 * Valid answers on disk, keyed by a hash of everything that decides the answer (base URL, model,
 * messages, sampling, response schema, sample index: the caller's canonical key text), so a
 * repeated run, a resumed job or a second job over the same dialogues pays nothing for what was
 * already answered. Only answers that validated are put here.
 *
 * One append-only JSON Lines file, `<folder>/answers.jsonl`, each line `{"key":"<sha256>",
 * "answer":{…}}`, with an index (key → where its line is) read from the file on first use: a
 * file per answer cost about 2 ms of file creation per call on this machine's file system, more
 * than the rest of the engine's work per call (the llm bench). A line that does not read back
 * whole (a torn last line after a crash, a damaged disk) is a miss. The same key appended again
 * (two identical requests at once) is read from its last line. Not fsynced: the job journal is
 * the durable record, the cache only saves money.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fchmodSync, fstatSync, openSync, readSync, readFileSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isOpenToOthers, makePrivateDirSync, PRIVATE_FILE_MODE } from '../private-files';
import { asWriteFailure, writingToSync } from '../write-failure';
import type { AnswerTokenLogprob } from './llm-client';

export interface CachedAnswer {
  /** the raw message text the endpoint answered */
  content: string;
  model: string;
  usage: { input: number; output: number };
  finishReason: string | null;
  /** when it was first answered (ISO 8601) */
  answeredAt: string;
  latencyMs: number;
  /** the answer's token logprobs, when the request asked for them (a judge's expected score) */
  logprobs?: AnswerTokenLogprob[];
}

const FILE_NAME = 'answers.jsonl';
const KEY_PREFIX = '{"key":"';
const HASH_LENGTH = 64;
const LINE_FEED = 10;

export function cacheKeyHash(keyText: string): string {
  return createHash('sha256').update(keyText, 'utf8').digest('hex');
}

interface Place {
  offset: number;
  length: number;
}

export class ResponseCache {
  private index: Map<string, Place> | null = null;
  private fd: number | null = null;
  private size = 0;

  constructor(private readonly folder: string) {}

  private get path(): string {
    return join(this.folder, FILE_NAME);
  }

  /** The index of the file as it is, and the file open for appending and reading. */
  private open(): Map<string, Place> {
    if (this.index && this.fd !== null) return this.index;
    // a full or read-only disk names the cache's file: the job stops with it, nothing finished lost
    return writingToSync(this.path, () => this.openIndex());
  }

  private openIndex(): Map<string, Place> {
    const index = new Map<string, Place>();
    // the answers are the models' words about the user's dialogues: this user's alone
    makePrivateDirSync(this.folder);
    const bytes = existsSync(this.path) ? readFileSync(this.path) : Buffer.alloc(0);
    let start = 0;
    while (start < bytes.length) {
      let end = bytes.indexOf(LINE_FEED, start);
      // a torn last line: left out, and cut off by the next append's line feed before it
      if (end < 0) end = bytes.length;
      if (end - start > KEY_PREFIX.length + HASH_LENGTH && bytes.toString('latin1', start, start + KEY_PREFIX.length) === KEY_PREFIX) {
        const key = bytes.toString('latin1', start + KEY_PREFIX.length, start + KEY_PREFIX.length + HASH_LENGTH);
        if (/^[0-9a-f]{64}$/.test(key) && end < bytes.length) index.set(key, { offset: start, length: end - start });
      }
      start = end + 1;
    }
    this.fd = openSync(this.path, 'a+', PRIVATE_FILE_MODE);
    const info = fstatSync(this.fd);
    if (isOpenToOthers(info.mode)) fchmodSync(this.fd, PRIVATE_FILE_MODE);
    this.size = info.size;
    // a torn last line gets its line feed, so the next entry starts a line of its own
    if (this.size > 0 && bytes[bytes.length - 1] !== LINE_FEED) this.size += writeSync(this.fd, '\n');
    this.index = index;
    return index;
  }

  async get(keyText: string): Promise<CachedAnswer | null> {
    const hash = cacheKeyHash(keyText);
    const place = this.open().get(hash);
    if (!place || this.fd === null) return null;
    const line = Buffer.alloc(place.length);
    if (readSync(this.fd, line, 0, place.length, place.offset) !== place.length) return null;
    try {
      const entry = JSON.parse(line.toString('utf8')) as { key?: unknown; answer?: CachedAnswer };
      return entry.key === hash && typeof entry.answer?.content === 'string' ? entry.answer : null;
    } catch {
      return null;
    }
  }

  async put(keyText: string, answer: CachedAnswer): Promise<void> {
    const hash = cacheKeyHash(keyText);
    const index = this.open();
    const line = Buffer.from(`${KEY_PREFIX}${hash}","answer":${JSON.stringify(answer)}}\n`, 'utf8');
    const offset = this.size;
    let written = 0;
    try {
      while (written < line.length) written += writeSync(this.fd as number, line, written, line.length - written);
    } catch (error) {
      // part of the line may be on disk: the next append must start a line of its own
      this.size += written;
      if (written > 0) this.close();
      throw asWriteFailure(this.path, error);
    }
    this.size += line.length;
    index.set(hash, { offset, length: line.length - 1 });
  }

  /** How many answers are kept and the size of the file. */
  async stats(): Promise<{ entries: number; bytes: number }> {
    const index = this.open();
    return { entries: index.size, bytes: this.size };
  }

  /** Forgets every answer (the next run pays again). */
  async clear(): Promise<void> {
    this.close();
    await rm(this.folder, { recursive: true, force: true });
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.index = null;
  }
}
