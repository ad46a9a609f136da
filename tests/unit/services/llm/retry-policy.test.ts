import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../shared/metrics/random';
import { backoffMs, DEFAULT_RETRY, isRetryable, stopsTheJob, triesAgain, type CallFailureKind } from '../../../../electron/services/llm/retry-policy';

describe('the retry policy', () => {
  it('waits a random time up to base × 2^(retry − 1), capped, with every value of the range reachable', () => {
    const settings = { maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 1000 };
    const random = seededRandom(3);
    for (const [retry, ceiling] of [[1, 100], [2, 200], [3, 400], [4, 800], [5, 1000], [9, 1000]] as const) {
      const waits = Array.from({ length: 2000 }, () => backoffMs(retry, settings, null, random));
      expect(Math.min(...waits), `retry ${retry}`).toBeGreaterThanOrEqual(0);
      expect(Math.max(...waits), `retry ${retry}`).toBeLessThan(ceiling);
      // full jitter: the waits spread over the range rather than cluster at its top
      expect(Math.min(...waits)).toBeLessThan(ceiling * 0.05);
      expect(Math.max(...waits)).toBeGreaterThan(ceiling * 0.95);
    }
  });

  it('never waits less than the endpoint asked', () => {
    expect(backoffMs(1, DEFAULT_RETRY, 7000, () => 0.99)).toBe(7000);
    // the jittered wait when it is the longer: half of 500 × 2^5
    expect(backoffMs(6, DEFAULT_RETRY, 10, () => 0.5)).toBe(8000);
  });

  it('retries rate limits, server errors, timeouts, dropped connections and answers that did not validate; never a refused key, a wrong path or a refused request; within the attempts', () => {
    const retried: CallFailureKind[] = ['rate-limited', 'server', 'timeout', 'connection', 'malformed', 'invalid-answer'];
    const notRetried: CallFailureKind[] = ['auth', 'not-found', 'bad-request', 'cancelled'];
    for (const kind of retried) expect(isRetryable(kind), kind).toBe(true);
    for (const kind of notRetried) expect(isRetryable(kind), kind).toBe(false);
    expect(triesAgain('server', 4, DEFAULT_RETRY)).toBe(true);
    expect(triesAgain('server', 5, DEFAULT_RETRY)).toBe(false);
    expect(triesAgain('auth', 1, DEFAULT_RETRY)).toBe(false);
    expect(stopsTheJob('auth') && stopsTheJob('not-found')).toBe(true);
    expect(stopsTheJob('server') || stopsTheJob('invalid-answer')).toBe(false);
  });
});
