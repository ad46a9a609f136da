/**
 * When a failed call is tried again, and after how long: exponential backoff with full jitter
 * (a random wait up to base × 2^(retry − 1), capped), never shorter than the wait the endpoint
 * asked for, and a bounded number of attempts. What is worth retrying depends on the failure:
 * rate limits, server errors, timeouts, dropped connections and answers that did not validate
 * are; a wrong key, a wrong path or a request the endpoint refuses are not (they would fail
 * the same way every time, and each try may cost money).
 */

export type CallFailureKind =
  /** 429 */
  | 'rate-limited'
  /** 5xx */
  | 'server'
  | 'timeout'
  /** refused, reset, DNS, TLS: no HTTP answer */
  | 'connection'
  /** 401, 403 */
  | 'auth'
  /** 404: a wrong base URL or model */
  | 'not-found'
  /** another 4xx */
  | 'bad-request'
  /** 200 with a body that is not a chat completion */
  | 'malformed'
  /** a body over the answer size limit (not read past it; not asked again: it would cost the same) */
  | 'too-large'
  /** a completion whose content did not validate (wrong JSON, labels, turns) */
  | 'invalid-answer'
  | 'cancelled'
  /** given back before it was sent (the job paused while it waited for its turn or a retry): nothing was asked, nothing paid */
  | 'recalled';

export interface RetrySettings {
  /** tries in all, the first included */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetrySettings = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000 };

const RETRYABLE: ReadonlySet<CallFailureKind> = new Set(['rate-limited', 'server', 'timeout', 'connection', 'malformed', 'invalid-answer']);

export function isRetryable(kind: CallFailureKind): boolean {
  return RETRYABLE.has(kind);
}

/** Failures that will fail every call of the job the same way: the job stops rather than spend its items on them. */
export function stopsTheJob(kind: CallFailureKind): boolean {
  return kind === 'auth' || kind === 'not-found';
}

/**
 * The wait before retry number `retry` (1 for the first retry), in ms: full jitter over the
 * capped exponential, and at least `askedMs` (the endpoint's retry-after) when given.
 */
export function backoffMs(retry: number, settings: RetrySettings, askedMs: number | null = null, random: () => number = Math.random): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const jittered = Math.floor(random() * ceiling);
  return askedMs === null ? jittered : Math.max(askedMs, jittered);
}

/** Whether attempt number `attempt` (1-based, just failed with `kind`) gets another try. */
export function triesAgain(kind: CallFailureKind, attempt: number, settings: RetrySettings): boolean {
  return isRetryable(kind) && attempt < settings.maxAttempts;
}
