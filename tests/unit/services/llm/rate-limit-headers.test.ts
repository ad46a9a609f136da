import { describe, expect, it } from 'vitest';
import { durationMs, headerValue, isAllowanceLow, rateLimitHints, retryAfterMs } from '../../../../electron/services/llm/rate-limit-headers';

describe('rate-limit headers', () => {
  it('reads durations as OpenAI sends them (Go format) and bare seconds', () => {
    expect(durationMs('6m0s')).toBe(360_000);
    expect(durationMs('1s')).toBe(1000);
    expect(durationMs('20ms')).toBe(20);
    expect(durationMs('1.5s')).toBe(1500);
    expect(durationMs('2h3m')).toBe(2 * 3_600_000 + 180_000);
    expect(durationMs('7')).toBe(7000);
    for (const broken of ['', 'soon', '5x', '-1s', 's', '1s2', null]) expect(durationMs(broken), String(broken)).toBeNull();
  });

  it('prefers retry-after-ms, then retry-after in seconds or as an HTTP date; a date past is no wait; a broken or absurd value is none', () => {
    const now = Date.parse('2026-12-02T10:00:00Z');
    expect(retryAfterMs({ 'retry-after-ms': '250', 'retry-after': '9' }, now)).toBe(250);
    expect(retryAfterMs({ 'Retry-After': '3' }, now)).toBe(3000);
    expect(retryAfterMs({ 'retry-after': 'Wed, 02 Dec 2026 10:00:05 GMT' }, now)).toBe(5000);
    expect(retryAfterMs({ 'retry-after': 'Wed, 02 Dec 2026 09:00:00 GMT' }, now)).toBe(0);
    expect(retryAfterMs({ 'retry-after': 'later' }, now)).toBeNull();
    expect(retryAfterMs({ 'retry-after': String(10 ** 9) }, now)).toBeNull();
    expect(retryAfterMs({}, now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('reads fetch Headers (the openai client) and plain records alike, whatever the case of the name', () => {
    const headers = new Headers({ 'X-RateLimit-Remaining-Requests': '12', 'x-ratelimit-limit-requests': '500', 'x-ratelimit-reset-tokens': '6m0s' });
    expect(headerValue(headers, 'x-ratelimit-remaining-requests')).toBe('12');
    expect(rateLimitHints(headers)).toEqual({ retryAfterMs: null, remainingRequests: 12, remainingTokens: null, limitRequests: 500, limitTokens: null, resetRequestsMs: null, resetTokensMs: 360_000 });
    expect(headerValue({ 'X-Custom': ['a', 'b'] }, 'x-custom')).toBe('a');
  });

  it('calls an allowance low below what is in flight or below a twentieth of its limit', () => {
    const hints = (remainingRequests: number | null, limitRequests: number | null, remainingTokens: number | null = null, limitTokens: number | null = null) => ({ retryAfterMs: null, remainingRequests, remainingTokens, limitRequests, limitTokens, resetRequestsMs: null, resetTokensMs: null });
    expect(isAllowanceLow(hints(3, 500), 4)).toBe(true);
    expect(isAllowanceLow(hints(24, 500), 4)).toBe(true);
    expect(isAllowanceLow(hints(25, 500), 4)).toBe(false);
    expect(isAllowanceLow(hints(null, null, 900, 20_000), 1)).toBe(true);
    expect(isAllowanceLow(hints(null, null, 1000, 20_000), 1)).toBe(false);
    expect(isAllowanceLow(hints(null, null), 16)).toBe(false);
  });
});
