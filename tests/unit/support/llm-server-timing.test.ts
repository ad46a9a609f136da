import { APIConnectionError, APIConnectionTimeoutError, InternalServerError } from 'openai';
import { describe, expect, it, vi } from 'vitest';
import { reply, type LoggedRequest } from '../../support/llm-server';
import { ask, clientFor, failureOf, useLlmServer } from './llm-server-harness';

const duration = (entry: LoggedRequest) => (entry.endedAt ?? Number.NaN) - entry.arrivedAt;

describe('llm test server: timing, concurrency and closing', () => {
  const context = useLlmServer();

  it('answers a delayed script after the delay, by the log’s own times', async () => {
    context.server.enqueue(reply.delay(200, reply.answer('late')), reply.answer('at once'));
    const client = clientFor(context.server);

    expect((await ask(client)).choices[0].message.content).toBe('late');
    expect((await ask(client)).choices[0].message.content).toBe('at once');
    const [delayed, immediate] = context.server.log.entries;
    expect(delayed.delayedMs).toBe(200);
    expect(duration(delayed)).toBeGreaterThanOrEqual(190);
    expect(delayed.endedAtEpochMs! - delayed.arrivedAtEpochMs).toBeGreaterThanOrEqual(190);
    expect(immediate.delayedMs).toBe(0);
    expect(duration(immediate)).toBeLessThan(duration(delayed));
  });

  it('delays any kind of reply, e.g. a slow 503', async () => {
    context.server.enqueue(reply.delay(100, reply.status(503)));
    expect(await failureOf(ask(clientFor(context.server)))).toBeInstanceOf(InternalServerError);
    expect(duration(context.server.log.entries[0])).toBeGreaterThanOrEqual(95);
  });

  it('counts 5 parallel requests against delayed answers as 5 in flight at once', async () => {
    for (let i = 0; i < 5; i++) context.server.enqueue(reply.delay(300, reply.answer(`answer ${i}`)));
    const client = clientFor(context.server);
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(client)));

    expect(answers.map((answer) => answer.choices[0].message.content).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `answer ${i}`));
    expect(context.server.log.maxInFlight).toBe(5);
    expect(context.server.log.inFlight).toBe(0);
    // The counter agrees with the times: every request arrived before the first one ended.
    const { entries } = context.server.log;
    const firstEnd = Math.min(...entries.map((entry) => entry.endedAt!));
    expect(entries.every((entry) => entry.arrivedAt < firstEnd)).toBe(true);
  });

  it('counts requests made one after another as at most 1 in flight', async () => {
    for (let i = 0; i < 3; i++) context.server.enqueue(reply.delay(30, reply.answer('x')));
    const client = clientFor(context.server);
    for (let i = 0; i < 3; i++) await ask(client);

    expect(context.server.log.entries).toHaveLength(3);
    expect(context.server.log.maxInFlight).toBe(1);
    context.server.log.resetMaxInFlight();
    expect(context.server.log.maxInFlight).toBe(0);
  });

  it('resolves waitForRequests when the requests arrived, before any is answered', async () => {
    for (let i = 0; i < 3; i++) context.server.enqueue(reply.delay(60_000, reply.answer('never')));
    const client = clientFor(context.server);
    const calls = Array.from({ length: 3 }, (_, i) => ask(client, `prompt ${i}`).catch((error: unknown) => error));

    await context.server.log.waitForRequests(3);
    const { entries, inFlight } = context.server.log;
    expect(entries.map((entry) => entry.outcome)).toEqual(['pending', 'pending', 'pending']);
    expect(inFlight).toBe(3);
    expect(entries.map((entry) => (entry.body as { messages: Array<{ content: string }> }).messages[0].content).sort()).toEqual([
      'prompt 0',
      'prompt 1',
      'prompt 2',
    ]);
    await context.server.close();
    expect(await Promise.all(calls)).toEqual(Array(3).fill(expect.any(APIConnectionError)));
  });

  it('rejects waitForRequests after its timeout, saying what it waited for', async () => {
    await expect(context.server.log.waitForRequests(1, 50)).rejects.toThrow('waited 50 ms for 1 requests (got 0)');
  });

  it('close() with a delayed request pending resolves at once and fails the call', async () => {
    context.server.enqueue(reply.delay(60_000, reply.answer('never')));
    const call = failureOf(ask(clientFor(context.server)));
    await context.server.log.waitForRequests(1);

    const closed = context.server.close().then(() => 'closed');
    const tooLate = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000).unref());
    expect(await Promise.race([closed, tooLate])).toBe('closed');
    expect(await call).toBeInstanceOf(APIConnectionError);
    expect(context.server.log.entries[0].outcome).toBe('serverClosed');
    expect(context.server.log.inFlight).toBe(0);
    // The port is really closed: a new connection is refused.
    expect(await failureOf(ask(clientFor(context.server)))).toBeInstanceOf(APIConnectionError);
  });

  it('records no reply for an answer a slow handler gives after close()', async () => {
    let release = () => {};
    context.server.setDefaultHandler(() => new Promise((resolve) => (release = () => resolve(reply.answer('too late')))));
    const call = failureOf(ask(clientFor(context.server)));
    await context.server.log.waitForRequests(1);
    await context.server.close();
    expect(await call).toBeInstanceOf(APIConnectionError);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(context.server.log.entries[0]).toMatchObject({ outcome: 'serverClosed', reply: undefined });
  });

  it('records a client that gives up first (its timeout) and stops waiting for it', async () => {
    context.server.enqueue(reply.delay(60_000, reply.answer('never')));
    const error = await failureOf(ask(clientFor(context.server, { timeout: 100 })));

    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    await context.server.log.waitForSettled(1);
    const [entry] = context.server.log.entries;
    expect(entry.outcome).toBe('clientClosed');
    expect(duration(entry)).toBeLessThan(10_000);
    expect(entry.reply).toBeUndefined();
  });

  it('lets the client’s own retries honour retry-after-ms, as the log’s times show', async () => {
    context.server.enqueue(reply.rateLimited({ retryAfterMs: 120 }), reply.answer('after the wait'));
    const completion = await ask(clientFor(context.server, { maxRetries: 1 }));

    expect(completion.choices[0].message.content).toBe('after the wait');
    const [limited, retried] = context.server.log.entries;
    expect(limited.reply).toMatchObject({ kind: 'status', status: 429 });
    expect(retried.arrivedAt - limited.endedAt!).toBeGreaterThanOrEqual(110);
    expect(retried.headers['x-stainless-retry-count']).toBe('1');
  });
});

describe('llm test server: under fake timers', () => {
  const faked = useLlmServer();

  it('sends a delayed answer when the test advances the clock, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      faked.server.enqueue(reply.delay(10_000, reply.answer('after ten seconds')));
      const call = ask(clientFor(faked.server, { timeout: 60_000 }));
      await faked.server.log.waitForRequests(1);
      await vi.advanceTimersByTimeAsync(9_000);
      expect(faked.server.log.entries[0].outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1_000);
      expect((await call).choices[0].message.content).toBe('after ten seconds');
      expect(duration(faked.server.log.entries[0])).toBeLessThan(5_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves no timer behind when close() ends a delayed request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      faked.server.enqueue(reply.delay(60_000, reply.answer('never')));
      const call = failureOf(ask(clientFor(faked.server)));
      await faked.server.log.waitForRequests(1);
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      await faked.server.close();
      expect(await call).toBeInstanceOf(APIConnectionError);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts no timer for a delay a slow handler scripts after close()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let release = () => {};
      faked.server.setDefaultHandler(
        () => new Promise((resolve) => (release = () => resolve(reply.delay(60_000, reply.answer('never'))))),
      );
      const call = failureOf(ask(clientFor(faked.server)));
      await faked.server.log.waitForRequests(1);
      await faked.server.close();
      expect(await call).toBeInstanceOf(APIConnectionError);
      release();
      await new Promise((resolve) => setImmediate(resolve));
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
