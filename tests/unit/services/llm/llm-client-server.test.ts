/**
 * LlmClient and EndpointCaller with the real openai client against the scripted server: each
 * kind of failure sorted as the engine needs it, in words a user can act on, with the key in no
 * message or record; the caller's retries, waits and format ladder as the server saw them.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from '../../../../electron/services/llm/adaptive-limit';
import { EndpointCaller, type CallSpec } from '../../../../electron/services/llm/endpoint-caller';
import { LlmClient } from '../../../../electron/services/llm/llm-client';
import { reply } from '../../../support/llm-server';
import { useLlmServer } from '../../support/llm-server-harness';

const KEY = 'sk-secret-7c1e4b9a2d6f48e0b3a5c9d1e2f4a6b8';
const request = { model: 'test-model', messages: [{ role: 'user' as const, content: 'Label the turns.' }] };

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the endpoint client against the scripted server', () => {
  const harness = useLlmServer();
  const client = (timeoutMs = 5000, apiKey: string | null = KEY) => new LlmClient({ baseURL: harness.server.baseURL, apiKey, timeoutMs });

  it('returns the answer, its usage, the served model and the rate-limit hints; sends the key as a bearer token', async () => {
    harness.server.enqueue(reply.answer('{"turns":[]}', { usage: { prompt_tokens: 40, completion_tokens: 5, total_tokens: 45 }, model: 'served-7b', headers: { 'x-ratelimit-remaining-requests': '99', 'x-ratelimit-limit-requests': '100' } }));
    const outcome = await client().chat(request);
    expect(outcome).toMatchObject({ ok: true, content: '{"turns":[]}', usage: { input: 40, output: 5 }, model: 'served-7b', finishReason: 'stop', hints: { remainingRequests: 99, limitRequests: 100 } });
    expect(harness.server.log.chatRequests()[0].headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('sorts every failure into its kind, with the status and the asked wait', async () => {
    const server = harness.server;
    server.enqueue(
      reply.rateLimited({ retryAfterMs: 1500 }),
      reply.status(500),
      reply.status(401, { message: `Incorrect API key provided: ${KEY}` }),
      reply.status(404),
      reply.status(400),
      reply.drop(),
      reply.drop('midBody'),
      reply.malformedBody('{"choices": ['),
      reply.malformedBody('<html>busy</html>', 'text/html'),
    );
    const kinds = [];
    for (let i = 0; i < 9; i++) kinds.push(await client().chat(request));
    expect(kinds.map((outcome) => (outcome.ok ? 'ok' : outcome.kind))).toEqual(['rate-limited', 'server', 'auth', 'not-found', 'bad-request', 'connection', 'connection', 'malformed', 'malformed']);
    expect(kinds[0]).toMatchObject({ status: 429, hints: { retryAfterMs: 1500 } });
    for (const outcome of kinds) expect(JSON.stringify(outcome)).not.toContain(KEY);
    const auth = kinds[2];
    expect(!auth.ok && auth.message).toMatch(/refused the API key.*\[key\]/);
    const notFound = kinds[3];
    expect(!notFound.ok && notFound.message).toMatch(/\/v1/);
  });

  it('gives up on a slow answer after its timeout, and on a cancelled call at once', async () => {
    harness.server.enqueue(reply.delay(2000, reply.answer('late')), reply.delay(2000, reply.answer('late')));
    expect(await client(200).chat(request)).toMatchObject({ ok: false, kind: 'timeout' });
    const controller = new AbortController();
    const pending = client().chat(request, controller.signal);
    await harness.server.log.waitForRequests(2);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, kind: 'cancelled' });
  });

  it('lists the models, and says in words when nothing listens at the address', async () => {
    harness.server.setModels(['qwen3-32b', 'deepseek-v3']);
    expect(await client().listModels()).toEqual({ ok: true, models: ['qwen3-32b', 'deepseek-v3'] });
    const port = await closedPort();
    const refused = await new LlmClient({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: null, timeoutMs: 2000 }).listModels();
    expect(refused).toMatchObject({ ok: false, kind: 'connection' });
    expect(!refused.ok && refused.message).toMatch(/refused.*running on that port/);
    const unknownHost = await new LlmClient({ baseURL: 'http://no-such-host.invalid/v1', apiKey: null, timeoutMs: 2000 }).listModels();
    expect(!unknownHost.ok && unknownHost.message).toMatch(/could not be found \(DNS\)/);
  });
});

describe('the endpoint caller against the scripted server', () => {
  const harness = useLlmServer({ refuseResponseFormats: ['json_schema'] });

  const spec: CallSpec<number> = {
    request: { ...request, temperature: 0.8 },
    formats: [{ type: 'json_schema', json_schema: { name: 'a', schema: { type: 'object' } } }, { type: 'json_object' }, null],
    cacheKey: 'k',
    validate: (content) => {
      const n = Number(content);
      return Number.isInteger(n) ? { ok: true, value: n } : { ok: false, reasons: [`"${content}" is not a whole number`] };
    },
  };

  it('falls back from a refused json_schema, waits out a 429, rejects an invalid answer, and stores the key nowhere', async () => {
    const server = harness.server;
    server.enqueue(reply.rateLimited({ retryAfterMs: 300 }), reply.answer('seven'), reply.answer('7'));
    const waits: number[] = [];
    const caller = new EndpointCaller({
      baseURL: server.baseURL,
      client: new LlmClient({ baseURL: server.baseURL, apiKey: KEY, timeoutMs: 5000 }),
      limit: new AdaptiveLimit({ start: 2, min: 1, max: 4 }),
      cache: null,
      appVersion: 'test',
      random: () => 0,
      sleep: async (ms) => void waits.push(ms),
    });
    const result = await caller.call(spec);
    expect(result).toMatchObject({ ok: true, value: 7, record: { attempts: 3, parseStatus: 'valid', parameters: { responseFormat: 'json_object', temperature: 0.8 } } });
    // the refused json_schema, then json_object for the 429, 'seven' and '7'
    expect(server.log.chatRequests().map((entry) => (entry.body as { response_format?: { type: string } }).response_format?.type)).toEqual(['json_schema', 'json_object', 'json_object', 'json_object']);
    expect(waits).toEqual([300, 0]);
    expect(JSON.stringify(result)).not.toContain(KEY);
  });
});
