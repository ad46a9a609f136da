/**
 * The per-call pipeline with a scripted client (the real client against the scripted server is
 * tested in llm-engine-server.test.ts): cache before any paid call, retries within the attempts
 * with the waits the policy gives, the response-format ladder, invalid answers never cached and
 * never returned as values, cancellation.
 */
import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from '../../../../electron/services/llm/adaptive-limit';
import { EndpointCaller, type CallSpec } from '../../../../electron/services/llm/endpoint-caller';
import type { ChatOutcome, ChatRequest } from '../../../../electron/services/llm/llm-client';
import type { CachedAnswer } from '../../../../electron/services/llm/response-cache';
import type { RateLimitHints } from '../../../../electron/services/llm/rate-limit-headers';

const NO_HINTS: RateLimitHints = { retryAfterMs: null, remainingRequests: null, remainingTokens: null, limitRequests: null, limitTokens: null, resetRequestsMs: null, resetTokensMs: null };
const answer = (content: string, hints: Partial<RateLimitHints> = {}): ChatOutcome => ({ ok: true, content, finishReason: 'stop', usage: { input: 100, output: 20 }, model: 'served-model', latencyMs: 5, hints: { ...NO_HINTS, ...hints } });
const failure = (kind: Extract<ChatOutcome, { ok: false }>['kind'], hints: Partial<RateLimitHints> = {}, status: number | null = null): ChatOutcome => ({ ok: false, kind, status, message: `${kind} happened`, latencyMs: 3, hints: { ...NO_HINTS, ...hints } });

class ScriptedClient {
  readonly requests: ChatRequest[] = [];
  constructor(private readonly script: ChatOutcome[]) {}
  async chat(request: ChatRequest): Promise<ChatOutcome> {
    this.requests.push(request);
    const next = this.script.shift();
    if (!next) throw new Error('the script ran out: an unexpected call');
    return next;
  }
}

class MemoryCache {
  readonly entries = new Map<string, CachedAnswer>();
  async get(key: string) {
    return this.entries.get(key) ?? null;
  }
  async put(key: string, value: CachedAnswer) {
    this.entries.set(key, value);
  }
}

/** Valid when the content is JSON with a numeric "n". */
const spec = (key = 'key-1'): CallSpec<number> => ({
  request: { model: 'asked-model', messages: [{ role: 'user', content: 'count' }], temperature: 0.8, top_p: 0.95, max_tokens: 5000 },
  formats: [{ type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' } } }, { type: 'json_object' }, null],
  cacheKey: key,
  template: { id: 'count', hash: 'abc' },
  validate(content) {
    try {
      const parsed = JSON.parse(content) as { n?: unknown };
      return typeof parsed.n === 'number' ? { ok: true, value: parsed.n } : { ok: false, reasons: ['no number n'] };
    } catch {
      return { ok: false, reasons: ['not JSON'] };
    }
  },
});

function caller(script: ChatOutcome[], cache = new MemoryCache()) {
  const client = new ScriptedClient(script);
  const waits: number[] = [];
  const limit = new AdaptiveLimit({ start: 4, min: 1, max: 8 });
  const endpoint = new EndpointCaller({ baseURL: 'http://127.0.0.1:1/v1', client, limit, cache, appVersion: '0.1.0', random: () => 0.5, sleep: async (ms) => void waits.push(ms), now: () => new Date('2026-12-02T08:00:00Z') });
  return { endpoint, client, cache, waits, limit };
}

describe('the endpoint caller', () => {
  it('returns a valid answer with its record, caches it, and a second call with the same key is not paid for', async () => {
    const { endpoint, client, cache } = caller([answer('{"n":7}')]);
    const first = await endpoint.call(spec());
    expect(first).toMatchObject({ ok: true, value: 7, record: { model: 'served-model', baseURL: 'http://127.0.0.1:1/v1', parseStatus: 'valid', attempts: 1, fromCache: false, tokens: { input: 100, output: 20 }, template: { id: 'count', hash: 'abc' }, parameters: { temperature: 0.8, top_p: 0.95, max_tokens: 5000, responseFormat: 'json_schema' }, appVersion: '0.1.0', at: '2026-12-02T08:00:00.000Z' } });
    expect(cache.entries.size).toBe(1);
    const second = await endpoint.call(spec());
    expect(second).toMatchObject({ ok: true, value: 7, record: { fromCache: true, tokens: { input: 0, output: 0 } } });
    expect(client.requests.length).toBe(1);
  });

  it('retries an invalid answer, never caches it, and fails with the reasons after the last attempt; every attempt\'s tokens are counted', async () => {
    const { endpoint, client, cache } = caller(Array.from({ length: 5 }, () => answer('{"m":1}')));
    const result = await endpoint.call(spec());
    expect(result).toMatchObject({ ok: false, kind: 'invalid-answer', reason: 'no number n', record: { parseStatus: 'invalid', attempts: 5, raw: '{"m":1}', tokens: { input: 500, output: 100 } } });
    expect('value' in result).toBe(false);
    expect(cache.entries.size).toBe(0);
    expect(client.requests.length).toBe(5);
  });

  it('waits what a 429 asks (at least), halves the limit, then succeeds; a server error backs off without touching the limit', async () => {
    const { endpoint, waits, limit } = caller([failure('rate-limited', { retryAfterMs: 3000 }, 429), failure('server', {}, 500), answer('{"n":1}')]);
    const result = await endpoint.call(spec());
    expect(result.ok).toBe(true);
    expect(result.record.attempts).toBe(3);
    // half of the jitter ceiling: 500 × 2^0 / 2 after the 429 is below its 3 s, so 3 s; after the 500, 500 × 2^1 / 2
    expect(waits).toEqual([3000, 500]);
    expect(limit.limit).toBe(2);
  });

  it('does not retry a refused key; stops a connection failure after the attempts', async () => {
    const refused = caller([failure('auth', {}, 401)]);
    expect(await refused.endpoint.call(spec())).toMatchObject({ ok: false, kind: 'auth', record: { attempts: 1, parseStatus: 'no-answer' } });
    const unreachable = caller(Array.from({ length: 5 }, () => failure('connection')));
    expect(await unreachable.endpoint.call(spec())).toMatchObject({ ok: false, kind: 'connection', record: { attempts: 5 } });
    expect(unreachable.waits.length).toBe(4);
  });

  it('steps down the format ladder when the endpoint refuses json_schema, and starts later calls there; another 400 is not a refusal of the format', async () => {
    const refused: ChatOutcome = { ...(failure('bad-request', {}, 400) as Extract<ChatOutcome, { ok: false }>), message: "The endpoint refused the request (400 'response_format' of type 'json_schema' is not supported)." };
    const other = caller([failure('bad-request', {}, 400)]);
    expect(await other.endpoint.call(spec('x'))).toMatchObject({ ok: false, kind: 'bad-request', record: { attempts: 1 } });
    const { endpoint, client } = caller([refused, answer('{"n":2}'), answer('{"n":3}')]);
    expect((await endpoint.call(spec('a'))).record).toMatchObject({ attempts: 1, parameters: { responseFormat: 'json_object' } });
    expect((await endpoint.call(spec('b'))).record.parameters.responseFormat).toBe('json_object');
    expect(client.requests.map((request) => request.response_format?.type ?? 'none')).toEqual(['json_schema', 'json_object', 'json_object']);
  });

  it('asks again when the cached answer no longer validates (rules changed since)', async () => {
    const cache = new MemoryCache();
    cache.entries.set('key-1', { content: '{"old":true}', model: 'm', usage: { input: 1, output: 1 }, finishReason: 'stop', answeredAt: '', latencyMs: 1 });
    const { endpoint, client } = caller([answer('{"n":4}')], cache);
    expect(await endpoint.call(spec())).toMatchObject({ ok: true, value: 4, record: { fromCache: false } });
    expect(client.requests.length).toBe(1);
  });

  it('lowers the limit by one when the allowance runs low', async () => {
    const { endpoint, limit } = caller([answer('{"n":1}', { remainingRequests: 1, limitRequests: 100 })]);
    await endpoint.call(spec());
    expect(limit.limit).toBe(3);
  });

  it('a cancelled call makes no request and is reported as cancelled', async () => {
    const { endpoint, client } = caller([answer('{"n":1}')]);
    const controller = new AbortController();
    controller.abort();
    expect(await endpoint.call(spec(), controller.signal)).toMatchObject({ ok: false, kind: 'cancelled' });
    expect(client.requests.length).toBe(0);
  });

  it('a recalled call still waiting for its turn is given back unsent; one already sent finishes', async () => {
    const { endpoint, client, limit } = caller([answer('{"n":1}')]);
    // the limit is taken: the call waits for a permit
    const held = await Promise.all(Array.from({ length: limit.limit }, () => limit.acquire()));
    const recall = new AbortController();
    const waiting = endpoint.call(spec('waits'), undefined, recall.signal);
    recall.abort();
    expect(await waiting).toMatchObject({ ok: false, kind: 'recalled' });
    expect(client.requests.length).toBe(0);
    for (const permit of held) permit.release();

    let sendAnswer: (outcome: ChatOutcome) => void = () => undefined;
    const slow = { requests: [] as ChatRequest[], chat: (request: ChatRequest) => (slow.requests.push(request), new Promise<ChatOutcome>((resolve) => (sendAnswer = resolve))) };
    const onTheWire = new EndpointCaller({ baseURL: 'http://127.0.0.1:1/v1', client: slow, limit: new AdaptiveLimit({ start: 1, min: 1, max: 1 }), cache: null, appVersion: '0.1.0' });
    const late = new AbortController();
    const sent = onTheWire.call(spec('sent'), undefined, late.signal);
    await Promise.resolve();
    await Promise.resolve();
    expect(slow.requests.length).toBe(1);
    late.abort();
    sendAnswer(answer('{"n":7}'));
    expect(await sent).toMatchObject({ ok: true, value: 7 });
  });

  it('a call recalled between attempts is given back, not failed and not asked again', async () => {
    const { endpoint, client } = caller([answer('not json'), answer('{"n":2}')]);
    const recall = new AbortController();
    // the job pauses while the first (invalid) answer is checked: the retry is not sent
    const checking: CallSpec<number> = { ...spec('retry'), validate: (content) => (recall.abort(), spec().validate(content)) };
    expect(await endpoint.call(checking, undefined, recall.signal)).toMatchObject({ ok: false, kind: 'recalled' });
    expect(client.requests.length).toBe(1);
  });
});
