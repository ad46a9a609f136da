import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
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

  // The Batch API (files and batches): an uploaded JSONL of chat requests, answered by the chat
  // queue and default handler line by line when the batch is polled the second time.
  const files = new Map<string, string>();
  const batches = new Map<string, { id: string; input_file_id: string; status: string; polls: number; output_file_id: string | null; request_counts: { total: number; completed: number; failed: number } }>();
  const processedLines: { custom_id: string; body: ChatRequest['body'] }[] = [];

  function sendJson(context: ReplyContext, status: number, value: unknown, contentType = 'application/json'): void {
    const body = typeof value === 'string' ? value : JSON.stringify(value);
    if (context.response.headersSent || context.response.destroyed) return;
    context.log.recordReply(context.entry, { kind: 'batchApi', status, body: value });
    context.response.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)), ...context.commonHeaders });
    context.response.end(body);
  }

  function uploadedFile(context: ReplyContext): string | null {
    const type = context.entry.headers['content-type'] ?? '';
    const boundary = /boundary=("?)([^";]+)\1/.exec(type)?.[2];
    if (!boundary) return null;
    for (const part of context.entry.rawBody.split(`--${boundary}`)) {
      if (!/name="file"/.test(part)) continue;
      const start = part.indexOf('\r\n\r\n');
      return start < 0 ? null : part.slice(start + 4).replace(/\r\n$/, '');
    }
    return null;
  }

  async function processBatch(batch: { input_file_id: string; output_file_id: string | null; request_counts: { total: number; completed: number; failed: number } }): Promise<void> {
    const input = files.get(batch.input_file_id) ?? '';
    const out: string[] = [];
    for (const line of input.split('\n').filter((entry) => entry.trim() !== '')) {
      const request = JSON.parse(line) as { custom_id: string; body: ChatRequest['body'] };
      processedLines.push({ custom_id: request.custom_id, body: request.body });
      batch.request_counts.total++;
      let script: ChatScript | undefined = chatQueue.shift() ?? (await defaultHandler?.({ index: -1, body: request.body, headers: {} }));
      while (script?.kind === 'delay') script = script.then;
      if (script?.kind === 'answer') {
        batch.request_counts.completed++;
        out.push(JSON.stringify({ id: `batch_req_${out.length}`, custom_id: request.custom_id, response: { status_code: 200, request_id: `req_batch_${out.length}`, body: chatCompletionBody(request.body as ChatCompletionCreateParamsNonStreaming, script, out.length) }, error: null }));
      } else {
        batch.request_counts.failed++;
        const status = script?.kind === 'status' ? script.status : 500;
        out.push(JSON.stringify({ id: `batch_req_${out.length}`, custom_id: request.custom_id, response: { status_code: status, request_id: `req_batch_${out.length}`, body: { error: { message: 'scripted failure', type: 'server_error', param: null, code: null } } }, error: null }));
      }
    }
    const id = `file-out-${files.size + 1}`;
    files.set(id, out.length > 0 ? `${out.join('\n')}\n` : '');
    batch.output_file_id = id;
  }

  async function batchApi(context: ReplyContext): Promise<boolean> {
    const { method, path } = context.entry;
    const batchPath = /^\/v1\/batches\/([^/]+)$/.exec(path);
    const contentPath = /^\/v1\/files\/([^/]+)\/content$/.exec(path);
    if (!((method === 'POST' && (path === '/v1/files' || path === '/v1/batches')) || (method === 'GET' && (batchPath || contentPath)))) return false;
    if (!authorised(context)) return true;
    if (path === '/v1/files') {
      const text = uploadedFile(context);
      if (text === null) { sendJson(context, 400, { error: { message: 'llm test server: no file part in the upload', type: 'invalid_request_error', param: 'file', code: null } }); return true; }
      const id = `file-in-${files.size + 1}`;
      files.set(id, text);
      sendJson(context, 200, { id, object: 'file', bytes: Buffer.byteLength(text), created_at: 1_700_000_000, filename: 'batch.jsonl', purpose: 'batch', status: 'processed' });
    } else if (path === '/v1/batches') {
      const body = (context.entry.body ?? {}) as { input_file_id?: string; endpoint?: string };
      if (!body.input_file_id || !files.has(body.input_file_id) || body.endpoint !== '/v1/chat/completions') { sendJson(context, 400, { error: { message: 'llm test server: a batch needs a known input_file_id and endpoint /v1/chat/completions', type: 'invalid_request_error', param: null, code: null } }); return true; }
      const batch = { id: `batch_test_${batches.size + 1}`, input_file_id: body.input_file_id, status: 'validating', polls: 0, output_file_id: null, request_counts: { total: 0, completed: 0, failed: 0 } };
      batches.set(batch.id, batch);
      sendJson(context, 200, batchBody(batch));
    } else if (batchPath) {
      const batch = batches.get(batchPath[1]);
      if (!batch) { sendJson(context, 404, { error: { message: `No batch ${batchPath[1]}`, type: 'invalid_request_error', param: null, code: null } }); return true; }
      batch.polls++;
      if (batch.polls === 1) batch.status = 'in_progress';
      else if (batch.status !== 'completed') {
        await processBatch(batch);
        batch.status = 'completed';
      }
      sendJson(context, 200, batchBody(batch));
    } else if (contentPath) {
      const text = files.get(contentPath[1]);
      if (text === undefined) sendJson(context, 404, { error: { message: `No file ${contentPath[1]}`, type: 'invalid_request_error', param: null, code: null } });
      else sendJson(context, 200, text, 'application/octet-stream');
    }
    return true;
  }

  function batchBody(batch: { id: string; input_file_id: string; status: string; output_file_id: string | null; request_counts: { total: number; completed: number; failed: number } }) {
    return { id: batch.id, object: 'batch', endpoint: '/v1/chat/completions', errors: null, input_file_id: batch.input_file_id, completion_window: '24h', status: batch.status, output_file_id: batch.output_file_id, error_file_id: null, created_at: 1_700_000_000, request_counts: batch.request_counts, metadata: null };
  }

  async function route(context: ReplyContext): Promise<void> {
    if (await batchApi(context)) return;
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
    batchLines: () => [...processedLines],
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
