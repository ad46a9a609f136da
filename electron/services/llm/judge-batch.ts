/**
 * Judge calls through the OpenAI Batch API (issue 13): the requests a run still needs are
 * written as one JSONL file (`custom_id` = the work item's key, the body exactly the request the
 * runner would send, with the first response format of its ladder), uploaded, run as one batch,
 * polled, and its output joined back by `custom_id`. Each answer goes through the same check as a
 * live call; only a valid one is put in the response cache under the runner's own key, so the
 * run that follows takes it from there, and anything the batch did not answer validly is asked
 * live (with the live retries) by the same runner: one path for validation, storage and results.
 *
 * A batch that ends `expired` or `cancelled` still has an output file with the lines it finished
 * (paid for): those are checked and cached like a completed batch's, and only the rest are asked
 * live. Lines in the error file (an HTTP error per line, `batch_expired`, `batch_cancelled`) and a
 * `failed` batch's errors list (nothing ran) are returned as reasons per line and logged.
 *
 * The batch in flight is recorded in a small state file (its id and the keys of its lines,
 * never the API key), so a run stopped while it waits resumes polling that batch instead of
 * paying for another.
 */
import { readFile, rm } from 'node:fs/promises';
import OpenAI, { toFile } from 'openai';
import { jobItemKey, type JobWorkItem } from '../../../shared/jobs';
import type { JudgeJobParameters } from '../../../shared/judge';
import type { LlmConnection } from '../../../shared/llm';
import { writePrivateFileAtomic } from '../private-files';
import { BYTES_PER_MB, maxAnswerBytes } from '../../../shared/llm/answer-size';
import { boundedFetch } from './bounded-fetch';
import { abortableSleep, type CallSpec, type Validation } from './endpoint-caller';
import { judgeCallPlan } from './judge-runner';
import { answerLogprobs, failureKind, failureMessage, type AnswerTokenLogprob } from './llm-client';
import type { ResponseCache } from './response-cache';

export interface BatchState {
  batchId: string;
  baseURL: string;
  model: string;
  /** custom_id → the cache key text of its request */
  keys: Record<string, string>;
  /** when the batch was submitted (ms since the epoch), for the wait limit; absent in state files written before it */
  submittedAt?: number;
}

/** Where a batch stands, as each poll finds it: the counts are the endpoint's. */
export interface BatchPoll {
  batchId: string;
  status: string;
  completed: number;
  failed: number;
  total: number;
}

/** What a batch needs of a runner's call plan: each item's request and cache key, and the answer's check (judgeCallPlan, pairwiseCallPlan). */
export interface BatchPlan {
  call(connection: LlmConnection, item: JobWorkItem): Pick<CallSpec<unknown>, 'request' | 'formats' | 'cacheKey'>;
  validate(content: string, logprobs?: readonly AnswerTokenLogprob[] | null): Validation<unknown>;
}

export interface BatchRunOptions {
  connection: LlmConnection;
  apiKey: string | null;
  /** a judge job's parameters (its plan is judgeCallPlan's), or `plan` for another kind */
  parameters?: JudgeJobParameters;
  plan?: BatchPlan;
  items: readonly JobWorkItem[];
  cache: ResponseCache;
  stateFile: string;
  pollMs: number;
  timeoutMs: number;
  log(line: string): void;
  /** stops the wait between polls (the batch stays recorded for the next run) */
  signal?: AbortSignal;
  /** after every poll (and once the batch is made): what the endpoint says of it */
  onPoll?(poll: BatchPoll): void;
  /**
   * How long to wait for the batch from its submission, in ms: past it the batch is cancelled at
   * the endpoint and, once it says cancelled, its finished lines are kept and the rest asked live.
   * Absent: the batch ends on its own (the endpoint's 24h window expires it at worst).
   */
  waitLimitMs?: number;
}

export interface BatchRunResult {
  batchId: string | null;
  /** how the batch ended (completed, failed, expired, cancelled); null when nothing was sent */
  status: string | null;
  /** lines sent in the batch */
  sent: number;
  /** answers that passed the check and were cached */
  valid: number;
  /** lines answered with an error, an answer that failed the check, or not at all: asked live */
  invalid: number;
  /** why each invalid line is not used, by custom_id (the batch's own errors under "batch") */
  reasons: { customId: string; reason: string }[];
  /** the custom_ids (work item keys) answered validly, now in the cache */
  answered: string[];
}

/** Lines of reasons logged one by one; the rest are counted. */
const MAX_LOGGED_REASONS = 20;

type BatchEntry = { custom_id?: unknown; response?: { status_code?: unknown; body?: unknown } | null; error?: { code?: unknown; message?: unknown } | null };
type ChatBody = { model?: unknown; choices?: { message?: { content?: unknown }; finish_reason?: unknown; logprobs?: unknown }[]; usage?: { prompt_tokens?: number; completion_tokens?: number }; error?: { message?: unknown } };

function entryError(entry: BatchEntry): string {
  const body = entry.response?.body as ChatBody | undefined;
  const message = typeof entry.error?.message === 'string' ? entry.error.message : typeof body?.error?.message === 'string' ? body.error.message : 'no answer';
  const code = typeof entry.error?.code === 'string' ? ` (${entry.error.code})` : typeof entry.response?.status_code === 'number' && entry.response.status_code !== 200 ? ` (HTTP ${entry.response.status_code})` : '';
  return `${message}${code}`;
}

/** A batch's output file holds one answer per request; however many, it is never read past this. */
const BATCH_FILE_CEILING_BYTES = 512 * BYTES_PER_MB;

/**
 * The Batch API client: its bodies read through boundedFetch as the live calls' are (the timeout
 * runs to the last byte), within the connection's answer limit for each of `requests` answers.
 */
function clientFor(connection: LlmConnection, apiKey: string | null, timeoutMs: number, requests = 1): OpenAI {
  const limit = Math.min(BATCH_FILE_CEILING_BYTES, maxAnswerBytes(connection.maxAnswerMB) * Math.max(1, requests) + BYTES_PER_MB);
  return new OpenAI({ baseURL: connection.baseURL, apiKey: apiKey ?? 'no-key', organization: connection.organization ?? null, project: null, defaultHeaders: connection.extraHeaders, maxRetries: 2, timeout: timeoutMs, fetch: boundedFetch(limit), logLevel: 'off' });
}

function pollOf(batch: OpenAI.Batches.Batch): BatchPoll {
  return { batchId: batch.id, status: batch.status, completed: batch.request_counts?.completed ?? 0, failed: batch.request_counts?.failed ?? 0, total: batch.request_counts?.total ?? 0 };
}

function parseLines(text: string): BatchEntry[] {
  const entries: BatchEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line) as BatchEntry);
    } catch {
      // a torn line names no custom_id: its request is among those asked live
    }
  }
  return entries;
}

const TERMINAL = new Set(['completed', 'failed', 'expired', 'cancelled']);

export async function runJudgeBatch(options: BatchRunOptions): Promise<BatchRunResult> {
  const { connection, apiKey, cache } = options;
  const client = clientFor(connection, apiKey, options.timeoutMs, options.items.length);
  const redact = (text: string) => (apiKey && apiKey.length >= 4 ? text.split(apiKey).join('[key]') : text);
  if (!options.plan && !options.parameters) throw new Error('A batch run needs the judge parameters or a call plan.');
  const plan: BatchPlan = options.plan ?? judgeCallPlan(options.parameters as JudgeJobParameters);
  const topLogprobs = options.parameters?.topLogprobs ?? 0;
  try {
    let state = await readState(options.stateFile, connection);
    if (state) options.log(`judge: resuming the batch ${state.batchId}`);
    else {
      const lines: string[] = [];
      const keys: Record<string, string> = {};
      for (const item of options.items) {
        const spec = plan.call(connection, item);
        if (await cache.get(spec.cacheKey)) continue;
        const customId = jobItemKey(item);
        keys[customId] = spec.cacheKey;
        const format = spec.formats[0] ?? null;
        lines.push(JSON.stringify({ custom_id: customId, method: 'POST', url: '/v1/chat/completions', body: { ...spec.request, ...(format ? { response_format: format } : {}) } }));
      }
      if (lines.length === 0) return { batchId: null, status: null, sent: 0, valid: 0, invalid: 0, reasons: [], answered: [] };
      const file = await client.files.create({ file: await toFile(Buffer.from(`${lines.join('\n')}\n`, 'utf8'), 'judge-batch.jsonl'), purpose: 'batch' });
      const batch = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
      state = { batchId: batch.id, baseURL: connection.baseURL, model: connection.model, keys, submittedAt: Date.now() };
      await writePrivateFileAtomic(options.stateFile, JSON.stringify(state));
      options.log(`judge: batch ${batch.id} created with ${lines.length} requests`);
    }
    const submittedAt = state.submittedAt ?? Date.now();
    let batch = await client.batches.retrieve(state.batchId, { signal: options.signal });
    options.onPoll?.(pollOf(batch));
    while (!TERMINAL.has(batch.status)) {
      options.log(`judge: batch ${batch.id} ${batch.status} (${batch.request_counts?.completed ?? 0}/${batch.request_counts?.total ?? 0})`);
      if (options.waitLimitMs !== undefined && Date.now() - submittedAt > options.waitLimitMs && batch.status !== 'cancelling') {
        options.log(`judge: batch ${batch.id} is not done after the wait limit; cancelling it (its finished lines are kept)`);
        batch = await client.batches.cancel(batch.id);
        continue;
      }
      await abortableSleep(options.pollMs, options.signal);
      batch = await client.batches.retrieve(state.batchId, { signal: options.signal });
      options.onPoll?.(pollOf(batch));
    }
    const sent = Object.keys(state.keys).length;
    const validIds = new Set<string>();
    const reasons = new Map<string, string>();
    // an expired or cancelled batch has an output file too: the lines it finished were paid for, and are kept
    if (batch.output_file_id) {
      for (const entry of parseLines(await (await client.files.content(batch.output_file_id)).text())) {
        const customId = typeof entry.custom_id === 'string' ? entry.custom_id : undefined;
        const key = customId !== undefined ? state.keys[customId] : undefined;
        if (customId === undefined || key === undefined) continue;
        const body = entry.response?.body as ChatBody | undefined;
        const choice = body?.choices?.[0];
        const content = choice?.message?.content;
        if (entry.response?.status_code !== 200 || typeof content !== 'string') {
          reasons.set(customId, entryError(entry));
          continue;
        }
        const logprobs = topLogprobs > 0 ? answerLogprobs(choice?.logprobs) : null;
        const checked = plan.validate(content, logprobs);
        if (!checked.ok) {
          reasons.set(customId, `the answer failed the check: ${checked.reasons.join('; ')}`);
          continue;
        }
        await cache.put(key, { content, model: typeof body?.model === 'string' ? body.model : connection.model, usage: { input: body?.usage?.prompt_tokens ?? 0, output: body?.usage?.completion_tokens ?? 0 }, finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null, answeredAt: new Date().toISOString(), latencyMs: 0, ...(logprobs ? { logprobs } : {}) });
        validIds.add(customId);
      }
    }
    if (batch.error_file_id) {
      for (const entry of parseLines(await (await client.files.content(batch.error_file_id)).text())) {
        if (typeof entry.custom_id === 'string' && state.keys[entry.custom_id] !== undefined && !validIds.has(entry.custom_id)) reasons.set(entry.custom_id, entryError(entry));
      }
    }
    const batchErrors = (batch.errors?.data ?? []).map((error) => `${error.message ?? 'the batch failed'}${error.code ? ` (${error.code})` : ''}${error.line ? ` at line ${error.line}` : ''}`);
    if (batch.status !== 'completed') options.log(`judge: batch ${batch.id} ended ${batch.status}${batchErrors.length > 0 ? `: ${batchErrors.join('; ')}` : ''}; ${validIds.size} of ${sent} lines answered validly, the others are asked live`);
    const result: BatchRunResult = { batchId: batch.id, status: batch.status, sent, valid: validIds.size, invalid: sent - validIds.size, reasons: [], answered: [...validIds] };
    for (const customId of Object.keys(state.keys)) {
      if (validIds.has(customId)) continue;
      // named in neither file: a failed batch's line (nothing ran), or a torn output line
      const reason = reasons.get(customId) ?? (batchErrors.length > 0 ? `the batch ${batch.status}: ${batchErrors.join('; ')}` : `not answered by the batch (${batch.status})`);
      result.reasons.push({ customId, reason });
    }
    // a line's own reason is logged; a failed batch's reason was logged once above
    const own = result.reasons.filter(({ customId }) => reasons.has(customId));
    own.slice(0, MAX_LOGGED_REASONS).forEach(({ customId, reason }) => options.log(`judge: batch line ${customId}: ${reason}`));
    if (own.length > MAX_LOGGED_REASONS) options.log(`judge: and ${own.length - MAX_LOGGED_REASONS} more batch lines not answered validly`);
    await rm(options.stateFile, { force: true });
    return result;
  } catch (error) {
    throw new Error(redact(`The Batch API run failed: ${failureMessage(failureKind(error), error, connection.baseURL, redact)}`));
  }
}

/**
 * Cancels at the endpoint the batch a state file records (a job cancelled while its batch ran)
 * and forgets it. Resolves with null when there was none or it is cancelled, or with why it could
 * not be (in words, never holding the key); the state file is removed either way.
 */
export async function cancelRecordedBatch(options: { connection: LlmConnection; apiKey: string | null; stateFile: string; timeoutMs: number }): Promise<string | null> {
  const { connection, apiKey } = options;
  const state = await readState(options.stateFile, connection);
  if (!state) return null;
  const redact = (text: string) => (apiKey && apiKey.length >= 4 ? text.split(apiKey).join('[key]') : text);
  try {
    const client = clientFor(connection, apiKey, options.timeoutMs);
    const batch = await client.batches.retrieve(state.batchId);
    if (!TERMINAL.has(batch.status) && batch.status !== 'cancelling') await client.batches.cancel(state.batchId);
    return null;
  } catch (error) {
    return redact(`The batch ${state.batchId} could not be cancelled at ${connection.baseURL}: ${failureMessage(failureKind(error), error, connection.baseURL, redact)}`);
  } finally {
    await rm(options.stateFile, { force: true });
  }
}

/** Whether a state file records a batch (submitted, not yet read back). */
export async function hasRecordedBatch(stateFile: string): Promise<boolean> {
  try {
    await readFile(stateFile);
    return true;
  } catch {
    return false;
  }
}

async function readState(file: string, connection: LlmConnection): Promise<BatchState | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const state = JSON.parse(text) as BatchState;
    if (typeof state.batchId === 'string' && state.baseURL === connection.baseURL && state.model === connection.model && state.keys && typeof state.keys === 'object') return state;
  } catch {
    // a torn state file: the batch is made again (its answers, if any, are lost; nothing is stored wrong)
  }
  await rm(file, { force: true });
  return null;
}
