/**
 * One OpenAI-compatible endpoint, through the `openai` package, with what the engine needs
 * around it: no retries of the client's own (the engine retries, so that its journal and
 * concurrency see every attempt), a timeout and an AbortSignal per call, every failure sorted
 * into a CallFailureKind with the endpoint's rate-limit hints, and the API key never in a
 * message (removed from any error text, should an endpoint echo it). The body is read through
 * boundedFetch: the timeout runs to its last byte and nothing past the answer size limit is read.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { formatMB, maxAnswerBytes } from '../../../shared/llm/answer-size';
import { AnswerTooLargeError, boundedFetch } from './bounded-fetch';
import { rateLimitHints, type HeaderSource, type RateLimitHints } from './rate-limit-headers';
import type { CallFailureKind } from './retry-policy';

export interface EndpointConfig {
  baseURL: string;
  /** null for a local server that needs none */
  apiKey: string | null;
  organization?: string | null;
  headers?: Record<string, string>;
  /** per call, in ms, from the request to the answer's last byte */
  timeoutMs: number;
  /** the largest answer body read, in bytes (DEFAULT_MAX_ANSWER_MB unless given) */
  maxAnswerBytes?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type ResponseFormat = { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } } | { type: 'json_object' } | null;

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  seed?: number;
  response_format?: ResponseFormat;
  /** ask for the log probabilities of the answer's tokens (a judge's G-Eval score) */
  logprobs?: boolean;
  /** alternatives per token, with `logprobs` */
  top_logprobs?: number;
}

/** One answer token with its alternatives (`choices[0].logprobs.content[i]`), natural log. */
export interface AnswerTokenLogprob {
  token: string;
  logprob: number;
  top_logprobs: { token: string; logprob: number }[];
}

export interface TokenUsage {
  input: number;
  output: number;
}

export type ChatOutcome =
  | { ok: true; content: string; finishReason: string | null; usage: TokenUsage; model: string; latencyMs: number; hints: RateLimitHints; logprobs?: AnswerTokenLogprob[] | null }
  | { ok: false; kind: CallFailureKind; status: number | null; message: string; latencyMs: number; hints: RateLimitHints };

export type ModelsOutcome = { ok: true; models: string[] } | { ok: false; kind: CallFailureKind; status: number | null; message: string };

/** Without a key the client still needs one to send; local servers ignore it. */
const NO_KEY = 'no-key';

export class LlmClient {
  private readonly client: OpenAI;

  constructor(
    private readonly config: EndpointConfig,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.client = new OpenAI({
      baseURL: config.baseURL,
      apiKey: config.apiKey ?? NO_KEY,
      organization: config.organization ?? null,
      project: null,
      defaultHeaders: config.headers,
      maxRetries: 0,
      timeout: config.timeoutMs,
      fetch: boundedFetch(config.maxAnswerBytes ?? maxAnswerBytes(undefined)),
      // the engine reports; the client's own logging only formatted request details per call
      logLevel: 'off',
    });
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatOutcome> {
    const started = this.now();
    const body = { ...request, response_format: request.response_format ?? undefined, stream: false as const };
    try {
      const { data, response } = await this.client.chat.completions.create(body as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, { signal, maxRetries: 0, timeout: this.config.timeoutMs }).withResponse();
      const latencyMs = this.now() - started;
      const hints = rateLimitHints(response.headers as HeaderSource);
      const choice = Array.isArray(data?.choices) ? data.choices[0] : undefined;
      const content = choice?.message?.content;
      if (typeof content !== 'string') return { ok: false, kind: 'malformed', status: response.status, message: 'The endpoint answered without a message text (no choices[0].message.content).', latencyMs, hints };
      const usage = { input: data.usage?.prompt_tokens ?? 0, output: data.usage?.completion_tokens ?? 0 };
      const result: ChatOutcome = { ok: true, content, finishReason: choice?.finish_reason ?? null, usage, model: typeof data.model === 'string' ? data.model : request.model, latencyMs, hints };
      if (request.logprobs) result.logprobs = answerLogprobs(choice?.logprobs);
      return result;
    } catch (error) {
      return { ...this.failure(error), latencyMs: this.now() - started };
    }
  }

  async listModels(signal?: AbortSignal): Promise<ModelsOutcome> {
    try {
      const models: string[] = [];
      for await (const model of this.client.models.list({ signal, maxRetries: 0, timeout: this.config.timeoutMs })) models.push(model.id);
      return { ok: true, models };
    } catch (error) {
      const { kind, status, message } = this.failure(error);
      return { ok: false, kind, status, message };
    }
  }

  private failure(error: unknown): { ok: false; kind: CallFailureKind; status: number | null; message: string; hints: RateLimitHints } {
    const hints = rateLimitHints(error instanceof APIError ? (error.headers as HeaderSource) : null);
    const kind = failureKind(error);
    const status = error instanceof APIError && typeof error.status === 'number' ? error.status : null;
    return { ok: false, kind, status, message: this.redact(failureMessage(kind, error, this.config.baseURL, (text) => this.redact(text))), hints };
  }

  /** The key out of any text that is shown, logged or stored. */
  private redact(text: string): string {
    const key = this.config.apiKey;
    return key && key.length >= 4 ? text.split(key).join('[key]') : text;
  }
}

/** The answer's token logprobs as sent, or null when the endpoint sent none (or something else). */
export function answerLogprobs(value: unknown): AnswerTokenLogprob[] | null {
  const content = (value as { content?: unknown } | null | undefined)?.content;
  if (!Array.isArray(content)) return null;
  const tokens: AnswerTokenLogprob[] = [];
  for (const entry of content) {
    if (typeof entry?.token !== 'string' || typeof entry?.logprob !== 'number') return null;
    const alternatives = Array.isArray(entry.top_logprobs) ? entry.top_logprobs.filter((alt: unknown): alt is { token: string; logprob: number } => typeof (alt as { token?: unknown })?.token === 'string' && typeof (alt as { logprob?: unknown })?.logprob === 'number') : [];
    tokens.push({ token: entry.token, logprob: entry.logprob, top_logprobs: alternatives.map((alt: { token: string; logprob: number }) => ({ token: alt.token, logprob: alt.logprob })) });
  }
  return tokens;
}

export function failureKind(error: unknown): CallFailureKind {
  if (error instanceof APIUserAbortError) return 'cancelled';
  if (error instanceof APIConnectionError && error.cause instanceof AnswerTooLargeError) return 'too-large';
  if (error instanceof APIConnectionTimeoutError) return 'timeout';
  if (error instanceof APIConnectionError) return 'connection';
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    if (status === 429) return 'rate-limited';
    if (status === 401 || status === 403) return 'auth';
    if (status === 404) return 'not-found';
    if (status >= 500) return 'server';
    if (status === 408) return 'timeout';
    return 'bad-request';
  }
  if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
  // the connection dropped while the body was read: fetch throws TypeError('terminated'), not an APIError
  if (error instanceof TypeError && (error.message === 'terminated' || (error.cause as NodeJS.ErrnoException | undefined)?.code === 'UND_ERR_SOCKET')) return 'connection';
  // the client could not read the body as JSON
  return 'malformed';
}

/**
 * What went wrong, in words a user can act on (DNS, refused, TLS, key, path…). `redact` takes the
 * key out of the endpoint's text before it is cut to an excerpt, so a cut never leaves part of it.
 */
export function failureMessage(kind: CallFailureKind, error: unknown, baseURL: string, redact: (text: string) => string = (text) => text): string {
  const detail = excerpt(redact(error instanceof Error ? error.message : String(error)));
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = cause ? String((cause as NodeJS.ErrnoException).code ?? (cause.cause as NodeJS.ErrnoException | undefined)?.code ?? '') : '';
  const host = hostOf(baseURL);
  switch (kind) {
    case 'connection':
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The name ${host} could not be found (DNS). Check the base URL and the network.`;
      if (code === 'ECONNREFUSED') return `Nothing answers at ${host}: the connection was refused. Is the server running on that port?`;
      if (/CERT|SSL|TLS|SELF_SIGNED/i.test(code) || /certificate|TLS|SSL/i.test(cause?.message ?? '')) return `The TLS connection to ${host} failed (${code || 'certificate'}). Check the address (https or http) and the server's certificate.`;
      if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `The connection to ${host} was dropped before the whole answer came.`;
      return `Could not connect to ${host}${code ? ` (${code})` : ''}.`;
    case 'timeout':
      return `No answer from ${host} in time (the whole answer, to its last byte, must come within the timeout).`;
    case 'too-large': {
      const tooLarge = cause as AnswerTooLargeError;
      const announced = tooLarge.declaredBytes === null ? '' : ` (it announced ${formatMB(tooLarge.declaredBytes)} MB)`;
      return `The answer from ${host} is larger than the ${formatMB(tooLarge.limitBytes)} MB limit${announced}; it was not read further. If answers this large are expected, raise the connection's largest answer (Settings → Model connections; --max-answer-mb on the command line).`;
    }
    case 'auth':
      return `The endpoint refused the API key (${detail}). Check the key, and that it may use this model.`;
    case 'not-found':
      return `Not found at ${baseURL} (${detail}). Check the base URL (OpenAI-compatible servers usually end in /v1) and the model name.`;
    case 'rate-limited':
      return `Rate limited (429): ${detail}`;
    case 'server':
      return `The endpoint had an error (${detail}).`;
    case 'bad-request':
      return `The endpoint refused the request (${detail}).`;
    case 'cancelled':
      return 'Cancelled.';
    default:
      return `The endpoint's answer could not be read (${detail}).`;
  }
}

/** The most of an endpoint's own text a message quotes (an error page may be megabytes of HTML). */
const EXCERPT_CHARS = 200;

/** An endpoint's text as a message quotes it: one line, bounded, control characters shown as spaces. */
function excerpt(text: string): string {
  const oneLine = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s{2,}/g, ' ').trim();
  const chars = [...oneLine];
  return chars.length <= EXCERPT_CHARS ? oneLine : `${chars.slice(0, EXCERPT_CHARS).join('')}… (${chars.length - EXCERPT_CHARS} more characters)`;
}

function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return baseURL;
  }
}
