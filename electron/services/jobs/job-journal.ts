/**
 * A job's journal: one append-only JSON Lines file per job in the app's data folder, holding the
 * job's definition, every finished item (its stored call and result, or why it failed for good),
 * the renderer's acknowledgements and the job's status changes. A result is appended and synced to
 * disk before it is sent to the renderer, so a quit, a crash or a killed process loses at most
 * the calls in flight: at the next start the journal says which items are done (never asked for
 * again) and which results the renderer has not acknowledged (sent again; the renderer's
 * repository ignores what it already stored).
 *
 * Appends are grouped: records that arrive while a sync is running are written and synced
 * together by the next one, so a job at concurrency 16 does not wait on 16 syncs in a row.
 * Reading tolerates one torn last line (the process died mid-append); any other bad line is an
 * error naming the file and line.
 */
import { readFile, type FileHandle } from 'node:fs/promises';
import { openPrivateAppend } from '../private-files';
import { asWriteFailure, writingTo } from '../write-failure';
import { readJobReason, type JobReason } from '../../../shared/jobs/reasons';

export type JournalRecord<Definition = unknown, Result = unknown> =
  | { type: 'job'; version: 1; definition: Definition; at: string }
  | { type: 'result'; key: string; result: Result; at: string }
  | { type: 'ack'; keys: string[]; at: string }
  | { type: 'status'; status: string; error?: string; errorWhy?: JobReason; at: string };

export interface JournalState<Definition = unknown, Result = unknown> {
  definition: Definition;
  /** every finished item's result (a success or a failure for good, as the job kind records it), in the order finished; a later result for the same key replaces it */
  results: Map<string, Result>;
  acknowledged: Set<string>;
  /** the last status written, null if none */
  status: { status: string; error?: string; errorWhy?: JobReason; at: string } | null;
  /** true when the last line was torn (cut off by a crash) and left out */
  tornTail: boolean;
  /** the bytes of the whole lines: where appending resumes (a torn tail is cut off first) */
  wholeBytes: number;
}

export class JournalError extends Error {}

interface Pending {
  line: string;
  done: () => void;
  fail: (error: Error) => void;
}

export class JournalWriter<Definition = unknown, Result = unknown> {
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
    /** the bytes of the whole records on disk: a failed append is cut back to it */
    private size: number,
  ) {}

  /**
   * Opens (creating when missing) the journal at `path` for appending; `wholeBytes` (from
   * readJournal) cuts off a torn last line first, so the next record starts a line of its own.
   */
  static async open<D, R>(path: string, wholeBytes?: number): Promise<JournalWriter<D, R>> {
    // a journal holds the prompts and the answers: 0600, and one an older version wrote open to others is closed
    const handle = await writingTo(path, () => openPrivateAppend(path));
    let size: number;
    try {
      const info = await handle.stat();
      size = info.size;
      if (wholeBytes !== undefined && info.size > wholeBytes) {
        await handle.truncate(wholeBytes);
        await handle.datasync();
        size = wholeBytes;
      }
    } catch (error) {
      await handle.close();
      throw asWriteFailure(path, error);
    }
    return new JournalWriter<D, R>(handle, path, size);
  }

  /** Appends one record; resolves once it is on disk (synced). */
  append(record: JournalRecord<Definition, Result>): Promise<void> {
    if (this.closed) return Promise.reject(new JournalError(`The journal ${this.path} is closed.`));
    const line = `${JSON.stringify(record)}\n`;
    return new Promise<void>((done, fail) => {
      this.pending.push({ line, done, fail });
      if (this.flushing === null) this.flushing = this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      const text = batch.map((entry) => entry.line).join('');
      try {
        await this.handle.appendFile(text, 'utf8');
        await this.handle.datasync();
        this.size += Buffer.byteLength(text, 'utf8');
        for (const entry of batch) entry.done();
      } catch (error) {
        // part of the batch may be on disk: cut back to the last whole record, so a later append
        // (once there is room) never follows a torn line the next start would call damage
        await this.handle.truncate(this.size).catch(() => undefined);
        // a full or read-only disk names the journal; the records before it are on disk, synced
        const failure = asWriteFailure(this.path, error) as Error;
        for (const entry of batch) entry.fail(failure);
      }
    }
    this.flushing = null;
  }

  /** Waits for every append so far, then closes the file. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing !== null) await this.flushing;
    await this.handle.close();
  }
}

const now = () => new Date().toISOString();

export function jobRecord<D>(definition: D): JournalRecord<D, never> {
  return { type: 'job', version: 1, definition, at: now() };
}

export function resultRecord<R>(key: string, result: R): JournalRecord<never, R> {
  return { type: 'result', key, result, at: now() };
}

export function ackRecord(keys: string[]): JournalRecord<never, never> {
  return { type: 'ack', keys, at: now() };
}

export function statusRecord(status: string, error?: string, why?: JobReason): JournalRecord<never, never> {
  if (error === undefined) return { type: 'status', status, at: now() };
  return why === undefined ? { type: 'status', status, error, at: now() } : { type: 'status', status, error, errorWhy: why, at: now() };
}

/** Replays the journal at `path`. */
export async function readJournal<D, R>(path: string): Promise<JournalState<D, R>> {
  const text = await readFile(path, 'utf8');
  return replayJournal<D, R>(text, path);
}

export function replayJournal<D, R>(text: string, path: string): JournalState<D, R> {
  const lines = text.split('\n');
  // a whole journal ends with a line feed, so the last piece is empty; anything else is a torn append
  const last = lines.pop() ?? '';
  const tornTail = last !== '';
  const wholeBytes = new TextEncoder().encode(text.slice(0, text.length - last.length)).byteLength;
  let definition: D | undefined;
  const state: Omit<JournalState<D, R>, 'definition'> = { results: new Map(), acknowledged: new Set(), status: null, tornTail, wholeBytes };
  lines.forEach((line, index) => {
    let record: JournalRecord<D, R>;
    try {
      record = JSON.parse(line) as JournalRecord<D, R>;
    } catch {
      throw new JournalError(`${path}:${index + 1}: this journal line is not JSON; the journal is damaged.`);
    }
    switch (record?.type) {
      case 'job':
        if (definition !== undefined) throw new JournalError(`${path}:${index + 1}: a second job definition.`);
        definition = record.definition;
        break;
      case 'result':
        state.results.set(record.key, record.result);
        break;
      case 'ack':
        for (const key of record.keys) state.acknowledged.add(key);
        break;
      case 'status':
        state.status = record.error === undefined ? { status: record.status, at: record.at } : { status: record.status, error: record.error, at: record.at };
        if (record.error !== undefined && record.errorWhy !== undefined) {
          const why = readJobReason(record.errorWhy);
          if (why) state.status.errorWhy = why;
        }
        break;
      default:
        throw new JournalError(`${path}:${index + 1}: an unknown journal record.`);
    }
    if (index === 0 && record.type !== 'job') throw new JournalError(`${path}:1: a journal starts with its job's definition.`);
  });
  if (definition === undefined) throw new JournalError(`${path}: the journal has no job definition.`);
  return { definition, ...state };
}
