import OpenAI, { APIError, InternalServerError } from 'openai';
import { describe, expect, it } from 'vitest';
import { countTokens, messageText, reply } from '../../support/llm-server';
import { ask, clientFor, failureOf, useLlmServer } from './llm-server-harness';

const context = useLlmServer();

describe('llm test server: answers', () => {
  it('answers a chat completion through the real client, with counted usage', async () => {
    context.server.enqueue(reply.answer('{"turns": []}'));
    const prompt = 'Label every turn of this dialogue.';
    const completion = await ask(clientFor(context.server), prompt, { model: 'qwen3-32b' });

    expect(completion.choices[0].message).toMatchObject({ role: 'assistant', content: '{"turns": []}' });
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect(completion.model).toBe('qwen3-32b');
    const expectedPrompt = countTokens(prompt);
    const expectedCompletion = countTokens('{"turns": []}');
    expect(expectedPrompt).toBe(9);
    expect(completion.usage).toEqual({
      prompt_tokens: expectedPrompt,
      completion_tokens: expectedCompletion,
      total_tokens: expectedPrompt + expectedCompletion,
    });
    expect(completion.id).toBe('chatcmpl-test-0');
    expect(completion._request_id).toBe('req_test_0');
  });

  it('answers with the usage, finish reason, model and headers a script gives', async () => {
    context.server.enqueue(
      reply.answer('cut', {
        usage: { prompt_tokens: 1200, completion_tokens: 5000 },
        finishReason: 'length',
        model: 'deepseek-chat-0324',
        headers: { 'x-ratelimit-remaining-requests': '3' },
      }),
    );
    const { data, response } = await ask(clientFor(context.server)).withResponse();

    expect(data.usage).toEqual({ prompt_tokens: 1200, completion_tokens: 5000, total_tokens: 6200 });
    expect(data.choices[0].finish_reason).toBe('length');
    expect(data.model).toBe('deepseek-chat-0324');
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('3');
  });

  it('counts the text parts of every message as prompt tokens', async () => {
    context.server.enqueue(reply.answer(''));
    const completion = await clientFor(context.server).chat.completions.create({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'You label turns.' },
        { role: 'user', content: [{ type: 'text', text: '老师：你好' }, { type: 'text', text: 'abcd' }] },
      ],
    });
    expect(completion.usage).toEqual({
      prompt_tokens: countTokens('You label turns.') + countTokens('老师：你好\nabcd'),
      completion_tokens: 0,
      total_tokens: countTokens('You label turns.') + countTokens('老师：你好\nabcd'),
    });
    expect(countTokens('老师：你好\nabcd')).toBe(3);
  });

  it('uses queued scripts first in, first out, and logs each reply in order', async () => {
    context.server.enqueue(reply.answer('first'), reply.answer('second'), reply.answer('third'));
    const client = clientFor(context.server);
    const contents: Array<string | null> = [];
    for (const prompt of ['a', 'b', 'c']) contents.push((await ask(client, prompt)).choices[0].message.content);

    expect(contents).toEqual(['first', 'second', 'third']);
    expect(context.server.queuedScripts()).toBe(0);
    const logged = context.server.log.chatRequests();
    expect(logged.map((entry) => (entry.body as OpenAI.ChatCompletionCreateParams).messages[0].content)).toEqual(['a', 'b', 'c']);
    const answered = logged.map((entry) => entry.reply?.kind === 'answer' && (entry.reply.body as OpenAI.ChatCompletion));
    expect(answered.map((body) => body && body.choices[0].message.content)).toEqual(['first', 'second', 'third']);
    expect(logged.map((entry) => entry.outcome)).toEqual(['answered', 'answered', 'answered']);
  });

  it('answers from the default handler, built from the prompt, once the queue is empty', async () => {
    context.server.setDefaultHandler(({ body }) => {
      const prompt = messageText(body.messages[body.messages.length - 1]);
      const count = Number(/(\d+) turns/.exec(prompt)?.[1]);
      return reply.json({ turns: Array.from({ length: count }, (_, i) => ({ turn: i + 1 })) });
    });
    context.server.enqueue(reply.answer('from the queue'));
    const client = clientFor(context.server);

    expect((await ask(client, 'Label 2 turns')).choices[0].message.content).toBe('from the queue');
    expect(JSON.parse((await ask(client, 'Label 3 turns')).choices[0].message.content ?? '')).toEqual({
      turns: [{ turn: 1 }, { turn: 2 }, { turn: 3 }],
    });
    expect(JSON.parse((await ask(client, 'Label 1 turns')).choices[0].message.content ?? '')).toEqual({ turns: [{ turn: 1 }] });
  });

  it('waits for an async default handler', async () => {
    context.server.setDefaultHandler(async ({ index }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return reply.answer(`request ${index}`);
    });
    expect((await ask(clientFor(context.server))).choices[0].message.content).toBe('request 0');
  });

  it('answers an unscripted request with a 500 the client does not retry, naming the cause', async () => {
    const error = await failureOf(ask(clientFor(context.server, { maxRetries: 2 })));

    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as APIError).message).toContain('no scripted reply for request 0');
    expect(context.server.log.entries).toHaveLength(1);
    expect(context.server.log.entries[0].reply).toMatchObject({ kind: 'status', status: 500, cause: 'unscripted' });
  });

  it('answers a 500 naming the failure when the default handler throws', async () => {
    context.server.setDefaultHandler(() => {
      throw new Error('handler bug');
    });
    const error = await failureOf(ask(clientFor(context.server)));
    expect((error as APIError).message).toContain('handler bug');
    expect(context.server.log.entries[0].reply).toMatchObject({ status: 500, cause: 'handlerError' });
  });

  it('lists the programmed models, and answers queued models scripts first', async () => {
    const client = clientFor(context.server);
    expect((await client.models.list()).data.map((model) => model.id)).toEqual(['test-model']);

    context.server.setModels(['qwen3-32b', 'deepseek-chat']);
    const page = await client.models.list();
    expect(page.data.map((model) => model.id)).toEqual(['qwen3-32b', 'deepseek-chat']);
    expect(page.data[0]).toMatchObject({ object: 'model', owned_by: 'maieutic-test' });

    context.server.enqueueModels(reply.status(503), reply.modelList(['only-this']));
    expect(await failureOf(client.models.list())).toBeInstanceOf(InternalServerError);
    expect((await client.models.list()).data.map((model) => model.id)).toEqual(['only-this']);
    expect((await client.models.list()).data.map((model) => model.id)).toEqual(['qwen3-32b', 'deepseek-chat']);
    expect(context.server.log.entries.map((entry) => `${entry.method} ${entry.path}`)).toEqual(Array(5).fill('GET /v1/models'));
  });

  it('logs method, path, headers and the parsed body of each request', async () => {
    context.server.enqueue(reply.answer('ok'));
    await ask(clientFor(context.server), 'hello', { temperature: 0.8, top_p: 0.95 });
    const [entry] = context.server.log.entries;

    expect(entry).toMatchObject({ index: 0, method: 'POST', path: '/v1/chat/completions', outcome: 'answered' });
    expect(entry.headers.authorization).toBe('Bearer sk-test-key');
    expect(entry.headers['content-type']).toBe('application/json');
    expect(entry.body).toEqual({
      model: 'test-model',
      messages: [{ role: 'user', content: 'hello' }],
      temperature: 0.8,
      top_p: 0.95,
    });
    expect(JSON.parse(entry.rawBody)).toEqual(entry.body);
    expect(entry.arrivedAtEpochMs).toBeGreaterThan(0);
    expect(entry.endedAt).toBeGreaterThanOrEqual(entry.arrivedAt);
  });
});
