import type { ServerResponse } from 'node:http';
import { errorBody } from './bodies';
import type { LoggedRequest, ReplyRecord, RequestLog, StatusCause } from './request-log';
import type { AnswerScript, ChatScript, HtmlPageScript, ModelListScript, ModelsScript, OversizedScript, SlowBodyScript, StatusScript } from './scripts';
import { errorDefaults } from './scripts';

/** Carries out one script on one HTTP response and records it in the log. */

export interface SuccessReply {
  record: ReplyRecord;
  headers: Record<string, string>;
  body: string;
}

export interface ReplyContext {
  response: ServerResponse;
  log: RequestLog;
  entry: LoggedRequest;
  /** Sent with every reply (x-request-id). */
  commonHeaders: Record<string, string>;
  /** The route's own success kind: an answer for chat completions, the list for models. */
  success: (script: AnswerScript | ModelListScript) => SuccessReply;
  /** A whole success body, of which a mid-body drop sends the first half. */
  bodyToCut: () => string;
}

function connectionGone(response: ServerResponse): boolean {
  return response.destroyed || !response.socket || response.socket.destroyed;
}

function writable(response: ServerResponse): boolean {
  return !connectionGone(response) && !response.headersSent;
}

/**
 * Resolves true after `ms`, or false as soon as the connection closes: close() destroys every
 * socket, so it never waits for a slow answer, and a client that gives up takes its timer
 * with it.
 */
function waitWhileConnected(ms: number, response: ServerResponse): Promise<boolean> {
  // A response already closed never emits 'close' again: its timer would outlive close().
  if (connectionGone(response)) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    const finish = (elapsed: boolean) => {
      clearTimeout(timer);
      response.off('close', cancel);
      resolve(elapsed);
    };
    const cancel = () => finish(false);
    const timer = setTimeout(() => finish(true), ms);
    response.once('close', cancel);
  });
}

/** Records `record` only when it is really sent: nothing is written on a closed connection. */
function send(context: ReplyContext, record: ReplyRecord, status: number, headers: Record<string, string>, body: string): void {
  if (!writable(context.response)) return;
  context.log.recordReply(context.entry, record);
  context.response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...context.commonHeaders,
    ...headers,
  });
  context.response.end(body);
}

/** An error reply, scripted or from the server's own checks (then `cause` says which). */
export function sendStatus(context: ReplyContext, script: StatusScript, cause: StatusCause = 'scripted'): void {
  const defaults = errorDefaults(script.status);
  const body = errorBody(
    script.message ?? defaults.message,
    script.type ?? defaults.type,
    script.code === undefined ? defaults.code : script.code,
    script.param ?? null,
  );
  const headers = script.headers ?? {};
  send(context, { kind: 'status', status: script.status, cause, headers, body }, script.status, headers, JSON.stringify(body));
}

function drop(context: ReplyContext, stage: 'beforeResponse' | 'midBody'): void {
  const { response, log, entry } = context;
  if (!writable(response)) return;
  log.recordReply(entry, { kind: 'drop', stage });
  const destroy = () => {
    log.settle(entry, 'dropped');
    response.socket?.destroy();
  };
  if (stage === 'beforeResponse') {
    destroy();
    return;
  }
  const whole = Buffer.from(context.bodyToCut());
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': String(whole.length),
    ...context.commonHeaders,
  });
  // Destroying only once the part is flushed, so the client really sees headers and a body that stops.
  response.write(whole.subarray(0, Math.floor(whole.length / 2)), destroy);
}

/** Headers now, then the body a tick at a time; the timer goes with the connection. */
function slowBody(context: ReplyContext, script: SlowBodyScript): void {
  const { response } = context;
  if (!writable(response)) return;
  const whole = script.mode === 'drip' ? Buffer.from(context.success({ kind: 'answer', content: script.content }).body) : Buffer.alloc(0);
  const record = { kind: 'slowBody' as const, status: 200 as const, mode: script.mode, everyMs: script.everyMs, bytesSent: 0 };
  context.log.recordReply(context.entry, record);
  response.writeHead(200, { 'content-type': 'application/json', ...context.commonHeaders });
  // the headers go out at once, as a server that starts its answer and then stalls sends them
  response.flushHeaders();
  const timer = setInterval(() => {
    if (connectionGone(response)) return clearInterval(timer);
    if (script.mode === 'endless') {
      record.bytesSent += 1;
      response.write(' ');
      return;
    }
    const part = whole.subarray(record.bytesSent, record.bytesSent + script.bytesPerTick);
    record.bytesSent += part.length;
    if (record.bytesSent >= whole.length) {
      clearInterval(timer);
      response.end(part);
    } else response.write(part);
  }, script.everyMs);
  response.once('close', () => clearInterval(timer));
}

const FILL_MARK = '@@fill@@';
const FILL_CHUNK = Buffer.alloc(64 * 1024, 'x');

/** A completion of `bytes` characters, written as the socket drains (the server never holds it whole). */
function oversized(context: ReplyContext, script: OversizedScript): void {
  const { response } = context;
  if (!writable(response)) return;
  const [head, tail] = context.success({ kind: 'answer', content: FILL_MARK }).body.split(FILL_MARK) as [string, string];
  const total = Buffer.byteLength(head) + script.bytes + Buffer.byteLength(tail);
  const record = { kind: 'oversized' as const, status: 200 as const, bytes: script.bytes, declareLength: script.declareLength, bytesSent: 0 };
  context.log.recordReply(context.entry, record);
  response.writeHead(200, { 'content-type': 'application/json', ...(script.declareLength ? { 'content-length': String(total) } : {}), ...context.commonHeaders });
  response.write(head);
  let filled = 0;
  const pump = () => {
    while (filled < script.bytes) {
      if (connectionGone(response)) return;
      const part = FILL_CHUNK.subarray(0, Math.min(FILL_CHUNK.length, script.bytes - filled));
      filled += part.length;
      record.bytesSent = filled;
      if (!response.write(part)) {
        response.once('drain', pump);
        return;
      }
    }
    response.end(tail);
  };
  pump();
}

function htmlPage(context: ReplyContext, script: HtmlPageScript): void {
  send(context, { kind: 'htmlPage', status: script.status, html: script.html }, script.status, { 'content-type': 'text/html; charset=utf-8' }, script.html);
}

export async function perform(context: ReplyContext, script: ChatScript | ModelsScript): Promise<void> {
  switch (script.kind) {
    case 'delay': {
      context.log.recordDelay(context.entry, script.ms);
      const elapsed = await waitWhileConnected(script.ms, context.response);
      if (elapsed) await perform(context, script.then);
      return;
    }
    case 'status':
      sendStatus(context, script);
      return;
    case 'drop':
      drop(context, script.stage);
      return;
    case 'slowBody':
      slowBody(context, script);
      return;
    case 'oversized':
      oversized(context, script);
      return;
    case 'htmlPage':
      htmlPage(context, script);
      return;
    case 'malformedBody': {
      const record: ReplyRecord = { kind: 'malformedBody', status: 200, body: script.body };
      send(context, record, 200, { 'content-type': script.contentType }, script.body);
      return;
    }
    case 'answer':
    case 'modelList': {
      const success = context.success(script);
      send(context, success.record, 200, success.headers, success.body);
      return;
    }
  }
}
