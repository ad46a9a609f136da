/**
 * The main-process half of the close handshake, in plain Node: hand the renderer a request id,
 * then wait for its `app.readyToClose` answer, but never longer than a bounded time, because a
 * hung or crashed renderer must not make the window impossible to close.
 */
import type { BeforeCloseRequest, ReadyToCloseArgs } from '../../../shared/ipc/contract';

/** Long enough for IndexedDB to store a burst of queued edits, short enough to feel responsive. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;

export type CloseVerdict =
  /** the renderer committed its drafts and stored every queued write */
  | { outcome: 'flushed' }
  /** the renderer answered, but something could not be saved */
  | { outcome: 'failed'; error: string }
  /** no answer in time (a hung renderer, or a page without the handshake, e.g. still loading) */
  | { outcome: 'timed-out'; afterMs: number }
  /** the request could not be delivered (the renderer is gone) */
  | { outcome: 'unreachable'; error: string };

export interface CloseGuardOptions {
  timeoutMs?: number;
  /** request ids; a process-wide counter by default */
  nextRequestId?: () => string;
}

export interface CloseRequestOptions {
  /** overrides the guard's timeout for this one request */
  timeoutMs?: number;
}

export interface CloseGuard {
  /**
   * Delivers a new request through `notify` and resolves with the renderer's answer or a
   * timeout. Never rejects: a `notify` that throws or rejects resolves as `unreachable`.
   */
  request(notify: (request: BeforeCloseRequest) => void | Promise<void>, options?: CloseRequestOptions): Promise<CloseVerdict>;
  /** the renderer's answer; false when no request with that id is waiting */
  answer(reply: ReadyToCloseArgs): boolean;
  /** requests still waiting for an answer */
  pending(): number;
}

let requestCounter = 0;
const defaultRequestId = () => `close-${process.pid}-${++requestCounter}`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createCloseGuard(options: CloseGuardOptions = {}): CloseGuard {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
  const nextRequestId = options.nextRequestId ?? defaultRequestId;
  const waiting = new Map<string, (verdict: CloseVerdict) => void>();

  return {
    request(notify, requestOptions = {}) {
      const requestId = nextRequestId();
      const limit = requestOptions.timeoutMs ?? timeoutMs;
      return new Promise<CloseVerdict>((resolve) => {
        const settle = (verdict: CloseVerdict) => {
          if (!waiting.delete(requestId)) return;
          clearTimeout(timer);
          resolve(verdict);
        };
        waiting.set(requestId, settle);
        const timer = setTimeout(() => settle({ outcome: 'timed-out', afterMs: limit }), limit);
        try {
          const delivered = notify({ requestId });
          if (delivered instanceof Promise) delivered.catch((error: unknown) => settle({ outcome: 'unreachable', error: messageOf(error) }));
        } catch (error) {
          settle({ outcome: 'unreachable', error: messageOf(error) });
        }
      });
    },

    answer(reply) {
      const settle = waiting.get(reply.requestId);
      if (!settle) return false;
      settle(reply.flushed ? { outcome: 'flushed' } : { outcome: 'failed', error: reply.error?.trim() || 'The app did not say why.' });
      return true;
    },

    pending: () => waiting.size,
  };
}
