/**
 * The Batch API of the scripted server (files and batches): an uploaded JSONL of chat requests,
 * answered by the chat queue and default handler line by line when the batch is polled the
 * second time, as OpenAI's does: answered lines in the output file, failed ones (a status script,
 * or lines the batch never reached) in the error file. A batch script queued with enqueueBatch
 * makes the next batch end otherwise: `failed` with an errors list (nothing run), or `expired` /
 * `cancelled` after answering only its first `answered` lines (the rest in the error file with
 * `batch_expired` / `batch_cancelled`), or `completed` with its failed lines in the output file.
 */
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { chatCompletionBody } from './bodies';
import { perform, type ReplyContext } from './replies';
import type { ChatScript } from './scripts';

export type BatchScript = (
  | { end: 'failed'; errors: { code: string; message: string; line?: number }[] }
  | { end: 'expired' | 'cancelled'; answered: number }
  /** completed; `errorsIn: 'output'` writes failed lines in the output file beside the answers (as some OpenAI-compatible servers write them) */
  | { end: 'completed'; errorsIn?: 'output' }
) & {
  /** how many polls answer `in_progress` before the batch ends (1 unless given): a batch a test can stop the client in the middle of */
  inProgressPolls?: number;
  /** `endless`: its files' content is sent as headers and then a space every 50 ms, never ending */
  content?: 'endless';
};

export interface BatchLine {
  custom_id: string;
  body: ChatCompletionCreateParamsNonStreaming;
}

interface Batch {
  id: string;
  input_file_id: string;
  status: string;
  polls: number;
  output_file_id: string | null;
  error_file_id: string | null;
  errors: { object: 'list'; data: { code: string; message: string; param: null; line: number | null }[] } | null;
  request_counts: { total: number; completed: number; failed: number };
  script: BatchScript | null;
  /** POST /v1/batches/:id/cancel came: the next poll ends it `cancelled` with no line answered */
  cancelRequested: boolean;
}

export interface BatchApi {
  /** true when the request was a Batch API one (answered here) */
  handle(context: ReplyContext): Promise<boolean>;
  enqueue(...scripts: BatchScript[]): void;
  /** the chat requests answered inside batches, in the order processed */
  lines(): BatchLine[];
  /** the ids of the batches a cancel was asked for, in order */
  cancelled(): string[];
}

const ERROR_BODY = (message: string) => ({ error: { message, type: 'invalid_request_error', param: null, code: null } });

export function createBatchApi(deps: { authorised(context: ReplyContext): boolean; nextScript(body: ChatCompletionCreateParamsNonStreaming): Promise<ChatScript | undefined> }): BatchApi {
  const files = new Map<string, string>();
  const batches = new Map<string, Batch>();
  const scripts: BatchScript[] = [];
  const processed: BatchLine[] = [];
  const cancels: string[] = [];

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

  function store(lines: string[], kind: 'out' | 'err'): string | null {
    if (lines.length === 0) return null;
    const id = `file-${kind}-${files.size + 1}`;
    files.set(id, `${lines.join('\n')}\n`);
    return id;
  }

  async function processBatch(batch: Batch): Promise<void> {
    const script: BatchScript | null = batch.cancelRequested ? { end: 'cancelled', answered: 0 } : batch.script;
    if (script?.end === 'failed') {
      batch.errors = { object: 'list', data: script.errors.map((error) => ({ code: error.code, message: error.message, param: null, line: error.line ?? null })) };
      batch.status = 'failed';
      return;
    }
    const requests = (files.get(batch.input_file_id) ?? '').split('\n').filter((entry) => entry.trim() !== '').map((line) => JSON.parse(line) as BatchLine);
    const out: string[] = [];
    const errors: string[] = [];
    batch.request_counts.total = requests.length;
    for (const [index, request] of requests.entries()) {
      const id = `batch_req_${index}`;
      if (script && 'answered' in script && index >= script.answered) {
        const code = script.end === 'expired' ? 'batch_expired' : 'batch_cancelled';
        const message = script.end === 'expired' ? 'This request could not be executed before the completion window expired.' : 'This request was cancelled with its batch.';
        errors.push(JSON.stringify({ id, custom_id: request.custom_id, response: null, error: { code, message } }));
        batch.request_counts.failed++;
        continue;
      }
      processed.push(request);
      let answer = await deps.nextScript(request.body);
      while (answer?.kind === 'delay') answer = answer.then;
      if (answer?.kind === 'answer') {
        batch.request_counts.completed++;
        out.push(JSON.stringify({ id, custom_id: request.custom_id, response: { status_code: 200, request_id: `req_${id}`, body: chatCompletionBody(request.body, answer, index) }, error: null }));
      } else {
        batch.request_counts.failed++;
        const status = answer?.kind === 'status' ? answer.status : 500;
        const line = JSON.stringify({ id, custom_id: request.custom_id, response: { status_code: status, request_id: `req_${id}`, body: { error: { message: 'scripted failure', type: 'server_error', param: null, code: null } } }, error: null });
        (script && 'errorsIn' in script ? out : errors).push(line);
      }
    }
    batch.output_file_id = store(out, 'out');
    batch.error_file_id = store(errors, 'err');
    batch.status = script ? script.end : 'completed';
  }

  function batchBody(batch: Batch) {
    return { id: batch.id, object: 'batch', endpoint: '/v1/chat/completions', errors: batch.errors, input_file_id: batch.input_file_id, completion_window: '24h', status: batch.status, output_file_id: batch.output_file_id, error_file_id: batch.error_file_id, created_at: 1_700_000_000, request_counts: batch.request_counts, metadata: null };
  }

  async function handle(context: ReplyContext): Promise<boolean> {
    const { method, path } = context.entry;
    const batchPath = /^\/v1\/batches\/([^/]+)$/.exec(path);
    const contentPath = /^\/v1\/files\/([^/]+)\/content$/.exec(path);
    const cancelPath = /^\/v1\/batches\/([^/]+)\/cancel$/.exec(path);
    if (!((method === 'POST' && (path === '/v1/files' || path === '/v1/batches' || cancelPath)) || (method === 'GET' && (batchPath || contentPath)))) return false;
    if (!deps.authorised(context)) return true;
    if (path === '/v1/files') {
      const text = uploadedFile(context);
      if (text === null) return sendJson(context, 400, ERROR_BODY('llm test server: no file part in the upload')), true;
      const id = `file-in-${files.size + 1}`;
      files.set(id, text);
      sendJson(context, 200, { id, object: 'file', bytes: Buffer.byteLength(text), created_at: 1_700_000_000, filename: 'batch.jsonl', purpose: 'batch', status: 'processed' });
    } else if (path === '/v1/batches') {
      const body = (context.entry.body ?? {}) as { input_file_id?: string; endpoint?: string };
      if (!body.input_file_id || !files.has(body.input_file_id) || body.endpoint !== '/v1/chat/completions') return sendJson(context, 400, ERROR_BODY('llm test server: a batch needs a known input_file_id and endpoint /v1/chat/completions')), true;
      const batch: Batch = { id: `batch_test_${batches.size + 1}`, input_file_id: body.input_file_id, status: 'validating', polls: 0, output_file_id: null, error_file_id: null, errors: null, request_counts: { total: (files.get(body.input_file_id) ?? '').split('\n').filter((line) => line.trim() !== '').length, completed: 0, failed: 0 }, script: scripts.shift() ?? null, cancelRequested: false };
      batches.set(batch.id, batch);
      sendJson(context, 200, batchBody(batch));
    } else if (cancelPath) {
      const batch = batches.get(cancelPath[1]);
      if (!batch) return sendJson(context, 404, ERROR_BODY(`No batch ${cancelPath[1]}`)), true;
      cancels.push(batch.id);
      // as OpenAI: only a batch still running can be cancelled; it says `cancelling` until its next poll
      if (['completed', 'failed', 'expired', 'cancelled'].includes(batch.status)) return sendJson(context, 400, ERROR_BODY(`Cannot cancel a batch with status ${batch.status}.`)), true;
      batch.cancelRequested = true;
      batch.status = 'cancelling';
      sendJson(context, 200, batchBody(batch));
    } else if (batchPath) {
      const batch = batches.get(batchPath[1]);
      if (!batch) return sendJson(context, 404, ERROR_BODY(`No batch ${batchPath[1]}`)), true;
      batch.polls++;
      if (batch.status === 'cancelling') await processBatch(batch);
      else if (batch.polls === 1) batch.status = 'in_progress';
      else if (batch.status === 'in_progress' && batch.polls > (batch.script?.inProgressPolls ?? 1)) await processBatch(batch);
      sendJson(context, 200, batchBody(batch));
    } else if (contentPath) {
      const text = files.get(contentPath[1]);
      const endless = [...batches.values()].some((batch) => batch.script?.content === 'endless' && (batch.output_file_id === contentPath[1] || batch.error_file_id === contentPath[1]));
      if (text === undefined) sendJson(context, 404, ERROR_BODY(`No file ${contentPath[1]}`));
      else if (endless) await perform(context, { kind: 'slowBody', mode: 'endless', everyMs: 50, bytesPerTick: 1, content: '' });
      else sendJson(context, 200, text, 'application/octet-stream');
    }
    return true;
  }

  return { handle, enqueue: (...more) => void scripts.push(...more), lines: () => [...processed], cancelled: () => [...cancels] };
}
