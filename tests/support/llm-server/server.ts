import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { createBatchApi, type BatchScript } from './batch-api';
import { chatCompletionBody, modelListBody } from './bodies';
import { perform, sendStatus, type ReplyContext, type SuccessReply } from './replies';
import { RequestLog, type LoggedRequest } from './request-log';
import { reply, type AnswerScript, type ChatScript, type ModelListScript, type ModelsScript } from './scripts';

export type ResponseFormatType = 'json_schema' | 'json_object';

/** What a default handler is given: the parsed body (checked to have `model` and `messages`). */
export interface ChatRequest {
  /** The request's index in the log. */
  index: number;
  body: ChatCompletionCreateParamsNonStreaming;
  headers: Readonly<Record<string, string>>;
}

/** Answers chat requests once the queue is empty; may be async. */
export type ChatHandler = (request: ChatRequest) => ChatScript | Promise<ChatScript>;

export interface LlmServerOptions {
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** What GET /v1/models lists; ['test-model'] unless given. */
  models?: string[];
  defaultHandler?: ChatHandler;
  /** Response formats answered with 400, as servers that do not support them do. */
  refuseResponseFormats?: ResponseFormatType[];
}

export interface LlmTestServer {
  /** `http://127.0.0.1:<port>/v1`, what the openai client takes as baseURL. */
  baseURL: string;
  port: number;
  log: RequestLog;
  /** Queues replies to POST /v1/chat/completions, first in, first out. */
  enqueue(...scripts: ChatScript[]): void;
  /** Queues replies to GET /v1/models; once they are used up it answers the models list. */
  enqueueModels(...scripts: ModelsScript[]): void;
  /** Chat scripts queued and not used yet. */
  queuedScripts(): number;
  setDefaultHandler(handler: ChatHandler | undefined): void;
  setModels(ids: string[]): void;
  refuseResponseFormats(types: ResponseFormatType[]): void;
  /** Ends every connection and pending delay at once; resolves when the port is closed. */
  close(): Promise<void>;
  /** The chat requests answered inside batches (Batch API), each `{ custom_id, body }`, in the order processed. */
  batchLines(): { custom_id: string; body: ChatRequest['body'] }[];
  /** Makes the next batches created end as scripted (failed, expired, cancelled) instead of completed; see batch-api.ts. */
  enqueueBatch(...scripts: BatchScript[]): void;
  /** The ids of the batches `POST /v1/batches/:id/cancel` was asked for, in order. */
  batchCancels(): string[];
}

const CHAT_PATH = '/v1/chat/completions';
const MODELS_PATH = '/v1/models';
// The openai client retries 5xx by default; the server's own failures must not be retried into noise.
const NO_RETRY = { 'x-should-retry': 'false' };

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isChatBody(body: unknown): body is ChatCompletionCreateParamsNonStreaming {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { model, messages } = body as Record<string, unknown>;
  return typeof model === 'string' && Array.isArray(messages);
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export async function startLlmServer(options: LlmServerOptions = {}): Promise<LlmTestServer> {
  const log = new RequestLog();
  const chatQueue: ChatScript[] = [];
  const modelsQueue: ModelsScript[] = [];
  let defaultHandler = options.defaultHandler;
  let models = options.models ?? ['test-model'];
  let refusedFormats = new Set<string>(options.refuseResponseFormats ?? []);
  let closing = false;

  function authorised(context: ReplyContext): boolean {
    if (options.apiKey === undefined) return true;
    const given = context.entry.headers.authorization;
    if (given === `Bearer ${options.apiKey}`) return true;
    // Never the key itself in the message: tests print error messages.
    const message = given === undefined ? "You didn't provide an API key." : 'Incorrect API key provided.';
    sendStatus(context, reply.status(401, { message, code: 'invalid_api_key' }), 'apiKey');
    return false;
  }

  async function answerChat(context: ReplyContext): Promise<void> {
    const { entry } = context;
    const body = entry.body;
    if (!isChatBody(body)) {
      const message = 'llm test server: the body must be a JSON object with a string `model` and an array `messages`.';
      sendStatus(context, reply.status(400, { message }), 'invalidBody');
      return;
    }
    if ((body as { stream?: unknown }).stream === true) {
      const message = 'llm test server: streaming is not supported; send the request without stream: true.';
      sendStatus(context, reply.status(400, { message, param: 'stream' }), 'stream');
      return;
    }
    const format = body.response_format?.type;
    if (format !== undefined && refusedFormats.has(format)) {
      const message = `Invalid parameter: 'response_format' of type '${format}' is not supported with this model.`;
      sendStatus(context, reply.status(400, { message, param: 'response_format' }), 'responseFormat');
      return;
    }
    const script =
      chatQueue.shift() ?? (await defaultHandler?.({ index: entry.index, body, headers: entry.headers }));
    if (script === undefined) {
      const message = `llm test server: no scripted reply for request ${entry.index} (queue empty, no default handler).`;
      sendStatus(context, reply.status(500, { message, headers: NO_RETRY }), 'unscripted');
      return;
    }
    await perform(context, script);
  }

  function chatSuccess(entry: LoggedRequest) {
    return (script: AnswerScript | ModelListScript): SuccessReply => {
      if (script.kind !== 'answer') throw new Error('a modelList script answers GET /v1/models only');
      const body = chatCompletionBody(entry.body as ChatCompletionCreateParamsNonStreaming, script, entry.index);
      const headers = script.headers ?? {};
      return { record: { kind: 'answer', status: 200, headers, body }, headers, body: JSON.stringify(body) };
    };
  }

  function modelsSuccess(script: AnswerScript | ModelListScript): SuccessReply {
    if (script.kind !== 'modelList') throw new Error('an answer script answers POST /v1/chat/completions only');
    const body = modelListBody(script.ids ?? models);
    return { record: { kind: 'modelList', status: 200, body }, headers: {}, body: JSON.stringify(body) };
  }

  const batchApi = createBatchApi({
    authorised,
    nextScript: async (body) => chatQueue.shift() ?? (await defaultHandler?.({ index: -1, body, headers: {} })),
  });

  async function route(context: ReplyContext): Promise<void> {
    if (await batchApi.handle(context)) return;
    const { method, path } = context.entry;
    const known = (method === 'POST' && path === CHAT_PATH) || (method === 'GET' && path === MODELS_PATH);
    if (!known) {
      const message = `Invalid URL (${method} ${path})`;
      sendStatus(context, reply.status(404, { message, code: 'unknown_url' }), 'unknownPath');
      return;
    }
    if (!authorised(context)) return;
    if (path === CHAT_PATH) await answerChat(context);
    else await perform(context, modelsQueue.shift() ?? reply.modelList());
  }

  async function handle(request: IncomingMessage, response: ServerResponse, arrival: { at: number; epochMs: number }, rawBody: string) {
    const entry = log.begin({
      method: request.method ?? 'GET',
      path: new URL(request.url ?? '/', 'http://127.0.0.1').pathname,
      headers: flatHeaders(request),
      rawBody,
      body: parseJson(rawBody),
      arrivedAt: arrival.at,
      arrivedAtEpochMs: arrival.epochMs,
    });
    response.once('finish', () => log.settle(entry, 'answered'));
    response.once('close', () => log.settle(entry, closing ? 'serverClosed' : 'clientClosed'));
    const context: ReplyContext = {
      response,
      log,
      entry,
      commonHeaders: { 'x-request-id': `req_test_${entry.index}` },
      success: entry.path === CHAT_PATH ? chatSuccess(entry) : modelsSuccess,
      bodyToCut: () =>
        entry.path === CHAT_PATH
          ? chatSuccess(entry)(reply.answer('An answer cut in the middle.')).body
          : modelsSuccess(reply.modelList()).body,
    };
    try {
      await route(context);
    } catch (error) {
      const message = `llm test server: the script failed: ${error instanceof Error ? error.message : String(error)}`;
      sendStatus(context, reply.status(500, { message, headers: NO_RETRY }), 'handlerError');
    }
  }

  const server = createServer((request, response) => {
    const arrival = { at: performance.now(), epochMs: Date.now() };
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void handle(request, response, arrival, Buffer.concat(chunks).toString('utf8')));
    // A client that goes away mid-body is not a failure of the server; it is simply never logged.
    request.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    log,
    enqueue: (...scripts) => void chatQueue.push(...scripts),
    enqueueModels: (...scripts) => void modelsQueue.push(...scripts),
    queuedScripts: () => chatQueue.length,
    batchLines: () => batchApi.lines(),
    enqueueBatch: (...scripts) => batchApi.enqueue(...scripts),
    batchCancels: () => batchApi.cancelled(),
    setDefaultHandler: (handler) => {
      defaultHandler = handler;
    },
    setModels: (ids) => {
      models = [...ids];
    },
    refuseResponseFormats: (types) => {
      refusedFormats = new Set(types);
    },
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        closing = true;
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closed;
    },
  };
}
