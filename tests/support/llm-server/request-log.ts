import { performance } from 'node:perf_hooks';
import type { ErrorBody } from './bodies';

/**
 * Every request the scripted server received, in the order their bodies were complete, with
 * what it answered and when; and how many were being answered at once. Tests assert on this
 * instead of sleeping or measuring their own wall clock.
 */

/** Why the server sent an error status: the test scripted it, or the server's own checks. */
export type StatusCause =
  | 'scripted'
  | 'unknownPath'
  | 'apiKey'
  | 'invalidBody'
  | 'stream'
  | 'responseFormat'
  | 'unscripted'
  | 'handlerError';

/** slowBody and oversized records count the bytes sent as they go (`bytesSent`). */
export type ReplyRecord =
  | { kind: 'answer'; status: 200; headers: Record<string, string>; body: unknown }
  | { kind: 'modelList'; status: 200; body: unknown }
  | { kind: 'status'; status: number; cause: StatusCause; headers: Record<string, string>; body: ErrorBody }
  | { kind: 'drop'; stage: 'beforeResponse' | 'midBody' }
  | { kind: 'malformedBody'; status: 200; body: string }
  | { kind: 'slowBody'; status: 200; mode: 'drip' | 'endless'; everyMs: number; bytesSent: number }
  | { kind: 'oversized'; status: 200; bytes: number; declareLength: boolean; bytesSent: number }
  | { kind: 'htmlPage'; status: number; html: string }
  | { kind: 'batchApi'; status: number; body: unknown };

/**
 * answered: the whole response was handed to the socket. dropped: a drop script destroyed the
 * connection. clientClosed: the client went away first (its timeout or abort). serverClosed:
 * close() ended it.
 */
export type RequestOutcome = 'pending' | 'answered' | 'dropped' | 'clientClosed' | 'serverClosed';

export interface LoggedRequest {
  /** 0-based, over all paths. */
  readonly index: number;
  readonly method: string;
  /** Without the query string. */
  readonly path: string;
  /** Lower-case names, as Node gives them; includes `authorization`. */
  readonly headers: Readonly<Record<string, string>>;
  readonly rawBody: string;
  /** The body parsed as JSON; undefined when it is empty or not JSON. */
  readonly body: unknown;
  /** performance.now() when the request's headers arrived. */
  readonly arrivedAt: number;
  /** Date.now() at the same moment. */
  readonly arrivedAtEpochMs: number;
  /** performance.now() when the outcome was known; undefined while pending. */
  readonly endedAt: number | undefined;
  readonly endedAtEpochMs: number | undefined;
  /** Sum of the delay scripts waited through. */
  readonly delayedMs: number;
  readonly reply: ReplyRecord | undefined;
  readonly outcome: RequestOutcome;
}

type MutableEntry = { -readonly [Key in keyof LoggedRequest]: LoggedRequest[Key] };

export interface Arrival {
  method: string;
  path: string;
  headers: Record<string, string>;
  rawBody: string;
  body: unknown;
  arrivedAt: number;
  arrivedAtEpochMs: number;
}

interface Waiter {
  ready: () => boolean;
  resolve: () => void;
}

export class RequestLog {
  private readonly all: MutableEntry[] = [];
  private waiters: Waiter[] = [];
  private current = 0;
  private maximum = 0;

  get entries(): readonly LoggedRequest[] {
    return this.all;
  }

  /** Requests to /v1/chat/completions only. */
  chatRequests(): LoggedRequest[] {
    return this.all.filter((entry) => entry.path === '/v1/chat/completions');
  }

  /** Requests received whose outcome is not known yet. */
  get inFlight(): number {
    return this.current;
  }

  /** The largest inFlight seen since the start (or the last resetMaxInFlight). */
  get maxInFlight(): number {
    return this.maximum;
  }

  resetMaxInFlight(): void {
    this.maximum = this.current;
  }

  /** Resolves once `count` requests have arrived (whatever their outcome). */
  waitForRequests(count: number, timeoutMs = 5000): Promise<void> {
    return this.waitUntil(() => this.all.length >= count, `${count} requests (got ${this.all.length})`, timeoutMs);
  }

  /** Resolves once `count` requests have an outcome. */
  waitForSettled(count: number, timeoutMs = 5000): Promise<void> {
    const settled = () => this.all.filter((entry) => entry.outcome !== 'pending').length;
    return this.waitUntil(() => settled() >= count, `${count} settled requests`, timeoutMs);
  }

  /**
   * Resolves when `ready()` holds, checked after every change to the log. Rejects after
   * `timeoutMs` naming `what`, so a test that waits for a request never sent fails clearly.
   */
  waitUntil(ready: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== entry);
        reject(new Error(`llm test server: waited ${timeoutMs} ms for ${what}; ${this.all.length} requests arrived`));
      }, timeoutMs);
      const entry: Waiter = {
        ready,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.push(entry);
    });
  }

  /** @internal the server's side */
  begin(arrival: Arrival): LoggedRequest {
    const entry: MutableEntry = {
      index: this.all.length,
      ...arrival,
      endedAt: undefined,
      endedAtEpochMs: undefined,
      delayedMs: 0,
      reply: undefined,
      outcome: 'pending',
    };
    this.all.push(entry);
    this.current += 1;
    this.maximum = Math.max(this.maximum, this.current);
    this.notify();
    return entry;
  }

  /** @internal */
  recordDelay(request: LoggedRequest, ms: number): void {
    this.mutable(request).delayedMs += ms;
  }

  /** @internal */
  recordReply(request: LoggedRequest, record: ReplyRecord): void {
    this.mutable(request).reply = record;
  }

  /** @internal The first outcome wins, so a drop is not later reported as the client closing. */
  settle(request: LoggedRequest, outcome: Exclude<RequestOutcome, 'pending'>): void {
    const entry = this.mutable(request);
    if (entry.outcome !== 'pending') return;
    entry.outcome = outcome;
    entry.endedAt = performance.now();
    entry.endedAtEpochMs = Date.now();
    this.current -= 1;
    this.notify();
  }

  private mutable(request: LoggedRequest): MutableEntry {
    const entry = this.all[request.index];
    if (entry !== request) throw new Error('llm test server: request is not from this log');
    return entry;
  }

  private notify(): void {
    const ready = this.waiters.filter((waiter) => waiter.ready());
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }
}
