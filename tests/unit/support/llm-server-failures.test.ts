import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import { describe, expect, it } from 'vitest';
import { reply } from '../../support/llm-server';
import { ask, clientFor, failureOf, useLlmServer } from './llm-server-harness';

const JSON_SCHEMA_FORMAT = {
  type: 'json_schema',
  json_schema: { name: 'turns', schema: { type: 'object', properties: { turns: { type: 'array' } } } },
} as const;

describe('llm test server: failures', () => {
  const context = useLlmServer();

  it.each([
    [400, BadRequestError, 'invalid_request_error'],
    [401, AuthenticationError, 'invalid_request_error'],
    [403, PermissionDeniedError, 'invalid_request_error'],
    [404, NotFoundError, 'invalid_request_error'],
    [500, InternalServerError, 'server_error'],
    [502, InternalServerError, 'server_error'],
    [503, InternalServerError, 'server_error'],
  ])('a scripted %i surfaces as the client error class for it, with body and headers', async (status, errorClass, type) => {
    context.server.enqueue(reply.status(status, { headers: { 'x-scripted': String(status) } }), reply.answer('after'));
    const client = clientFor(context.server);
    const error = await failureOf(ask(client));

    expect(error).toBeInstanceOf(errorClass);
    const apiError = error as APIError;
    expect(apiError.status).toBe(status);
    expect(apiError.type).toBe(type);
    expect(apiError.headers?.get('x-scripted')).toBe(String(status));
    expect(context.server.log.entries[0].reply).toMatchObject({ kind: 'status', status, cause: 'scripted' });
    // The queue moves on: the next request gets the next script.
    expect((await ask(client)).choices[0].message.content).toBe('after');
  });

  it('a scripted status carries the message, type and code it is given', async () => {
    context.server.enqueue(reply.status(400, { message: 'max_tokens is too large', code: 'invalid_value', param: 'max_tokens' }));
    const error = (await failureOf(ask(clientFor(context.server)))) as APIError;
    expect(error.message).toBe('400 max_tokens is too large');
    expect(error.code).toBe('invalid_value');
    expect(error.param).toBe('max_tokens');
  });

  it('a 429 surfaces as RateLimitError with its retry and rate-limit headers readable', async () => {
    context.server.enqueue(
      reply.rateLimited({
        retryAfterSeconds: 2,
        retryAfterMs: 1500,
        remainingRequests: 0,
        remainingTokens: 120,
        resetRequests: '6m0s',
        limit: 'tokens',
      }),
    );
    const error = await failureOf(ask(clientFor(context.server)));

    expect(error).toBeInstanceOf(RateLimitError);
    const { headers, code, type } = error as RateLimitError;
    expect(code).toBe('rate_limit_exceeded');
    expect(type).toBe('tokens');
    expect(headers.get('retry-after')).toBe('2');
    expect(headers.get('retry-after-ms')).toBe('1500');
    expect(headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(headers.get('x-ratelimit-remaining-tokens')).toBe('120');
    expect(headers.get('x-ratelimit-reset-requests')).toBe('6m0s');
  });

  it('a drop before any response surfaces as APIConnectionError', async () => {
    context.server.enqueue(reply.drop(), reply.answer('after'));
    const client = clientFor(context.server);
    const error = await failureOf(ask(client));

    expect(error).toBeInstanceOf(APIConnectionError);
    expect(context.server.log.entries[0]).toMatchObject({ outcome: 'dropped', reply: { kind: 'drop', stage: 'beforeResponse' } });
    expect((await ask(client)).choices[0].message.content).toBe('after');
  });

  it('a drop in the middle of the body fails while the client reads it', async () => {
    context.server.enqueue(reply.drop('midBody'));
    const error = await failureOf(ask(clientFor(context.server)));

    // The status and headers arrived, so this is not a connection error but a body that ends early.
    expect(error).not.toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(TypeError);
    expect(String((error as TypeError).cause)).toMatch(/closed|terminated|socket/i);
    expect(context.server.log.entries[0]).toMatchObject({ outcome: 'dropped', reply: { kind: 'drop', stage: 'midBody' } });
  });

  it('a malformed body under HTTP 200 fails to parse in the client', async () => {
    context.server.enqueue(reply.malformedBody());
    const error = await failureOf(ask(clientFor(context.server)));

    expect(error).toBeInstanceOf(SyntaxError);
    expect(context.server.log.entries[0].reply).toMatchObject({ kind: 'malformedBody', status: 200 });
  });

  it('a malformed body labelled as text reaches the caller as a string, not a completion', async () => {
    context.server.enqueue(reply.malformedBody('<html>Bad gateway</html>', 'text/html'));
    const answer: unknown = await ask(clientFor(context.server));
    expect(answer).toBe('<html>Bad gateway</html>');
  });

  it('refuses json_schema with a 400 without using the queue, so a json_object retry gets the answer', async () => {
    context.server.refuseResponseFormats(['json_schema']);
    context.server.enqueue(reply.json({ turns: [] }));
    const client = clientFor(context.server);
    const error = await failureOf(ask(client, 'Label', { response_format: JSON_SCHEMA_FORMAT }));

    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).param).toBe('response_format');
    expect((error as BadRequestError).message).toContain("'json_schema' is not supported");
    expect(context.server.log.entries[0].reply).toMatchObject({ status: 400, cause: 'responseFormat' });
    expect(context.server.queuedScripts()).toBe(1);

    const fallback = await ask(client, 'Label', { response_format: { type: 'json_object' } });
    expect(fallback.choices[0].message.content).toBe('{"turns":[]}');
  });

  it('refuses json_object too when told, and answers a prompt-only request', async () => {
    context.server.refuseResponseFormats(['json_schema', 'json_object']);
    context.server.enqueue(reply.answer('prompt only'));
    const client = clientFor(context.server);

    expect(await failureOf(ask(client, 'x', { response_format: JSON_SCHEMA_FORMAT }))).toBeInstanceOf(BadRequestError);
    expect(await failureOf(ask(client, 'x', { response_format: { type: 'json_object' } }))).toBeInstanceOf(BadRequestError);
    expect((await ask(client, 'x')).choices[0].message.content).toBe('prompt only');
  });

  it('refuses stream: true with a 400 that says streaming is not supported', async () => {
    context.server.enqueue(reply.answer('never streamed'));
    const call = clientFor(context.server).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    const error = await failureOf(call);

    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as APIError).message).toContain('streaming is not supported');
    expect(context.server.queuedScripts()).toBe(1);
  });

  it('refuses a body that is not JSON, or lacks model or messages, with a 400', async () => {
    context.server.setDefaultHandler(() => reply.answer('not for these'));
    const post = (body: string) => fetch(`${context.server.baseURL}/chat/completions`, { method: 'POST', body });
    const statuses = [];
    for (const body of ['{"model": 1', '{"model": "m"}', '{"messages": []}', '[]']) statuses.push((await post(body)).status);

    expect(statuses).toEqual([400, 400, 400, 400]);
    const { entries } = context.server.log;
    expect(entries.map((entry) => entry.reply?.kind === 'status' && entry.reply.cause)).toEqual(Array(4).fill('invalidBody'));
    expect(entries[0]).toMatchObject({ body: undefined, rawBody: '{"model": 1' });
    expect(entries[1].body).toEqual({ model: 'm' });
  });

  it('answers an unknown path with a 404 and an OpenAI-style error body', async () => {
    const response = await fetch(`${context.server.baseURL}/embeddings`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { message: 'Invalid URL (POST /v1/embeddings)', type: 'invalid_request_error', param: null, code: 'unknown_url' },
    });

    const wrongBase = clientFor(context.server, { baseURL: context.server.baseURL.replace(/\/v1$/, '') });
    expect(await failureOf(wrongBase.models.list())).toBeInstanceOf(NotFoundError);
    expect(context.server.log.entries.map((entry) => entry.path)).toEqual(['/v1/embeddings', '/models']);
  });
});

describe('llm test server: API key check', () => {
  const keyed = useLlmServer({ apiKey: 'sk-right' });

  it('answers 401 without the key or with another key, and answers with the key', async () => {
    keyed.server.enqueue(reply.answer('welcome'));
    const wrong = await failureOf(ask(clientFor(keyed.server, { apiKey: 'sk-wrong' })));
    expect(wrong).toBeInstanceOf(AuthenticationError);
    expect((wrong as APIError).code).toBe('invalid_api_key');
    expect((wrong as APIError).message).not.toContain('sk-');

    const bare = await fetch(`${keyed.server.baseURL}/models`);
    expect(bare.status).toBe(401);

    expect((await ask(clientFor(keyed.server, { apiKey: 'sk-right' }))).choices[0].message.content).toBe('welcome');
    const { entries } = keyed.server.log;
    expect(entries.map((entry) => entry.headers.authorization)).toEqual(['Bearer sk-wrong', undefined, 'Bearer sk-right']);
    expect(entries.map((entry) => entry.reply?.kind === 'status' && entry.reply.cause)).toEqual(['apiKey', 'apiKey', false]);
  });
});
