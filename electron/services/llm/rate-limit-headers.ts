/**
 * What an endpoint's response headers say about its rate limits, for the engine's concurrency
 * and backoff: `retry-after-ms` (OpenAI), `retry-after` (seconds or an HTTP date, RFC 9110),
 * and the `x-ratelimit-*` family OpenAI, DeepSeek, DashScope and vLLM's proxies send
 * (`remaining-requests`, `remaining-tokens`, `limit-*`, `reset-*` as durations like "6m0s",
 * "1s", "20ms"). Anything unreadable is left out rather than guessed.
 */

/** Header lookup, case-insensitive: the fetch Headers of the openai client, or a plain record. */
export type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined> | null | undefined;

export interface RateLimitHints {
  /** how long the endpoint asks to wait before the next request, in ms */
  retryAfterMs: number | null;
  remainingRequests: number | null;
  remainingTokens: number | null;
  limitRequests: number | null;
  limitTokens: number | null;
  /** when the request and token allowances are whole again, in ms from now */
  resetRequestsMs: number | null;
  resetTokensMs: number | null;
}

/** The longest wait a header may ask for that the engine honours as given (a day): beyond it, the value is taken as broken. */
const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;

export function headerValue(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const wanted = name.toLowerCase();
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== wanted) continue;
    const value = record[key];
    return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
  }
  return null;
}

function wholeNumber(text: string | null): number | null {
  if (text === null || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "6m0s", "1.5s", "20ms", "2h" (Go's duration format, as OpenAI sends it), or a bare number of seconds; null otherwise. */
export function durationMs(text: string | null): number | null {
  if (text === null) return null;
  const trimmed = text.trim();
  const seconds = wholeNumber(trimmed);
  if (seconds !== null) return seconds * 1000;
  if (trimmed === '' || trimmed.length > 40) return null;
  let total = 0;
  let rest = trimmed;
  while (rest !== '') {
    const part = /^(\d+(?:\.\d+)?)(ms|s|m|h)/.exec(rest);
    if (part === null) return null;
    total += Number(part[1]) * DURATION_UNITS[part[2]];
    rest = rest.slice(part[0].length);
  }
  return total;
}

/** The wait `retry-after-ms` or `retry-after` asks for, in ms (a date in the past is no wait); null when neither is readable. */
export function retryAfterMs(headers: HeaderSource, now: number = Date.now()): number | null {
  const inMs = wholeNumber(headerValue(headers, 'retry-after-ms'));
  if (inMs !== null) return inMs <= LONGEST_WAIT_MS ? inMs : null;
  const retryAfter = headerValue(headers, 'retry-after');
  if (retryAfter === null) return null;
  const inSeconds = wholeNumber(retryAfter);
  if (inSeconds !== null) return inSeconds * 1000 <= LONGEST_WAIT_MS ? inSeconds * 1000 : null;
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return null;
  const wait = Math.max(0, date - now);
  return wait <= LONGEST_WAIT_MS ? wait : null;
}

export function rateLimitHints(headers: HeaderSource, now: number = Date.now()): RateLimitHints {
  return {
    retryAfterMs: retryAfterMs(headers, now),
    remainingRequests: wholeNumber(headerValue(headers, 'x-ratelimit-remaining-requests')),
    remainingTokens: wholeNumber(headerValue(headers, 'x-ratelimit-remaining-tokens')),
    limitRequests: wholeNumber(headerValue(headers, 'x-ratelimit-limit-requests')),
    limitTokens: wholeNumber(headerValue(headers, 'x-ratelimit-limit-tokens')),
    resetRequestsMs: durationMs(headerValue(headers, 'x-ratelimit-reset-requests')),
    resetTokensMs: durationMs(headerValue(headers, 'x-ratelimit-reset-tokens')),
  };
}

/**
 * Whether the allowance is nearly spent: fewer requests left than are in flight, or under a
 * twentieth of the request or token limit. The engine then lowers its concurrency before the
 * endpoint answers 429.
 */
export function isAllowanceLow(hints: RateLimitHints, inFlight: number): boolean {
  const { remainingRequests, remainingTokens, limitRequests, limitTokens } = hints;
  if (remainingRequests !== null && remainingRequests < inFlight) return true;
  if (remainingRequests !== null && limitRequests !== null && limitRequests > 0 && remainingRequests < limitRequests / 20) return true;
  if (remainingTokens !== null && limitTokens !== null && limitTokens > 0 && remainingTokens < limitTokens / 20) return true;
  return false;
}
