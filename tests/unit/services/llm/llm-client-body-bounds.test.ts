/**
 * An endpoint's body is bounded in time and size (issue 30 point 3): the timeout covers the
 * request to its last byte (a body that drips or never ends is a timeout, not a hang), a body over
 * the answer size limit is refused as a failed call saying so, and reading stops at the limit (the
 * server is left with most of the body unsent). Through the real openai client and the scripted
 * server.
 */
import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from '../../../../electron/services/llm/adaptive-limit';
import { EndpointCaller } from '../../../../electron/services/llm/endpoint-caller';
import { LlmClient } from '../../../../electron/services/llm/llm-client';
import { reply, type ReplyRecord } from '../../../support/llm-server';
import { useLlmServer } from '../../support/llm-server-harness';

const KEY = 'sk-secret-body-bounds-0d1f2e3c4b5a69788796a5b4c3d2e1f0';
const MB = 1024 * 1024;
const request = { model: 'test-model', messages: [{ role: 'user' as const, content: 'Label the turns.' }] };

function bytesSent(record: ReplyRecord | undefined): number {
  if (record?.kind !== 'oversized' && record?.kind !== 'slowBody') throw new Error(`not a streamed reply: ${record?.kind}`);
  return record.bytesSent;
}

describe('an answer body bounded in time and size', () => {
  const harness = useLlmServer();
  const client = (options: { timeoutMs?: number; maxAnswerBytes?: number } = {}) => new LlmClient({ baseURL: harness.server.baseURL, apiKey: KEY, timeoutMs: options.timeoutMs ?? 5000, maxAnswerBytes: options.maxAnswerBytes });

  it('a body that drips past the timeout is a timeout: the client gives up at the deadline, before the body ends', async () => {
    harness.server.enqueue(reply.drip(40, 'A slow answer that would take many seconds to arrive one byte at a time.'));
    const outcome = await client({ timeoutMs: 600 }).chat(request);
    expect(outcome).toMatchObject({ ok: false, kind: 'timeout' });
    const [entry] = harness.server.log.chatRequests();
    await harness.server.log.waitUntil(() => entry!.outcome !== 'pending', 'the request to end');
    expect(entry!.outcome).toBe('clientClosed');
  });

  it('a body that never ends is a timeout too', async () => {
    harness.server.enqueue(reply.endless(20));
    const outcome = await client({ timeoutMs: 500 }).chat(request);
    expect(outcome).toMatchObject({ ok: false, kind: 'timeout' });
    expect(!outcome.ok && outcome.message).toMatch(/in time/);
  });

  it('a body that drips but ends within the timeout is read', async () => {
    harness.server.enqueue(reply.drip(5, '{"turns":[]}', 64));
    const outcome = await client({ timeoutMs: 5000 }).chat(request);
    expect(outcome).toMatchObject({ ok: true, content: '{"turns":[]}' });
  });

  it('a content-length above the limit is refused before the body is read, naming the limit', async () => {
    harness.server.enqueue(reply.oversized(50 * MB));
    const outcome = await client().chat(request);
    expect(outcome).toMatchObject({ ok: false, kind: 'too-large', status: null });
    expect(!outcome.ok && outcome.message).toMatch(/larger than the 8 MB/);
    expect(!outcome.ok && outcome.message).toMatch(/announced 50.0 MB/);
    const [entry] = harness.server.log.chatRequests();
    await harness.server.log.waitUntil(() => entry!.outcome !== 'pending', 'the request to end');
    expect(bytesSent(entry!.reply)).toBeLessThan(25 * MB);
  });

  it('a chunked body with no length is counted and cut at the limit: the rest is never read', async () => {
    harness.server.enqueue(reply.oversized(40 * MB, { declareLength: false }));
    const outcome = await client({ maxAnswerBytes: 2 * MB }).chat(request);
    expect(outcome).toMatchObject({ ok: false, kind: 'too-large' });
    expect(!outcome.ok && outcome.message).toMatch(/larger than the 2 MB/);
    const [entry] = harness.server.log.chatRequests();
    await harness.server.log.waitUntil(() => entry!.outcome !== 'pending', 'the request to end');
    expect(bytesSent(entry!.reply)).toBeLessThan(20 * MB);
  });

  it('a large answer within the limit is read whole', async () => {
    harness.server.enqueue(reply.oversized(3 * MB, { declareLength: false }));
    const outcome = await client().chat(request);
    expect(outcome.ok && outcome.content.length).toBe(3 * MB);
  });

  it('an error page of HTML is a server error quoted as a short excerpt, not the whole page', async () => {
    const page = `<html><body><h1>502 Bad Gateway</h1>${'<p>upstream timed out</p>'.repeat(5000)}</body></html>`;
    harness.server.enqueue(reply.htmlPage(502, page));
    const outcome = await client().chat(request);
    expect(outcome).toMatchObject({ ok: false, kind: 'server', status: 502 });
    expect(!outcome.ok && outcome.message.length).toBeLessThan(400);
    expect(!outcome.ok && outcome.message).toMatch(/502 Bad Gateway/);
  });

  it('a key echoed where the excerpt is cut leaves no part of it: the key goes before the cut', async () => {
    harness.server.enqueue(reply.status(500, { message: `${'x'.repeat(190)}${KEY}${'y'.repeat(100)}` }));
    const outcome = await client().chat(request);
    expect(outcome).toMatchObject({ ok: false, kind: 'server' });
    expect(!outcome.ok && outcome.message).toContain('[key]');
    expect(!outcome.ok && outcome.message).not.toContain(KEY.slice(0, 10));
  });

  it('the caller does not pay again for an answer too large: one attempt, the reason kept', async () => {
    harness.server.enqueue(reply.oversized(9 * MB));
    const caller = new EndpointCaller({ baseURL: harness.server.baseURL, client: client(), limit: new AdaptiveLimit({ start: 1, min: 1, max: 1 }), cache: null, appVersion: 'test', sleep: async () => undefined });
    const result = await caller.call({ request, formats: [null], cacheKey: 'k', validate: (content) => ({ ok: true, value: content }) });
    expect(result).toMatchObject({ ok: false, kind: 'too-large', record: { attempts: 1, parseStatus: 'no-answer', raw: '' } });
    expect(harness.server.log.chatRequests()).toHaveLength(1);
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('a body cut off midway by the server is a dropped connection, retried', async () => {
    harness.server.enqueue(reply.drop('midBody'), reply.answer('fine'));
    const caller = new EndpointCaller({ baseURL: harness.server.baseURL, client: client(), limit: new AdaptiveLimit({ start: 1, min: 1, max: 1 }), cache: null, appVersion: 'test', sleep: async () => undefined });
    const result = await caller.call({ request, formats: [null], cacheKey: 'k', validate: (content) => ({ ok: true, value: content }) });
    expect(result).toMatchObject({ ok: true, value: 'fine', record: { attempts: 2 } });
  });
});
