/**
 * Every paid call to one endpoint goes through here: the cache first (a valid answer already
 * paid for is never asked again), then a permit of the endpoint's adaptive limit, the call, the
 * answer's validation, and retries with backoff within the attempts. It returns the call's
 * record (what was asked, what came back, how it was read, what it cost) whether or not the
 * answer validated; only a valid answer is cached, and only the caller's validated value ever
 * becomes data.
 *
 * Response formats step down a ladder (json_schema, json_object, none) when an endpoint refuses
 * one with a 400; the step that worked is kept for the endpoint's later calls.
 */
import { refusesResponseFormat } from '../../../shared/llm/response-format';
import type { AdaptiveLimit } from './adaptive-limit';
import type { AnswerTokenLogprob, ChatOutcome, ChatRequest, LlmClient, ResponseFormat, TokenUsage } from './llm-client';
import { isAllowanceLow } from './rate-limit-headers';
import type { ResponseCache } from './response-cache';
import { backoffMs, DEFAULT_RETRY, triesAgain, type CallFailureKind, type RetrySettings } from './retry-policy';

export type Validation<T> = { ok: true; value: T } | { ok: false; reasons: string[] };

export interface CallSpec<T> {
  /** the request without its response format (the ladder gives it) */
  request: Omit<ChatRequest, 'response_format'>;
  /** the formats to try, best first; [null] for plain text */
  formats: ResponseFormat[];
  /** the canonical text of everything that decides the answer (shared/llm builds it) */
  cacheKey: string;
  /** `logprobs`: the answer's token logprobs when the request asked for them and they came (or were cached), else null */
  validate(content: string, logprobs?: readonly AnswerTokenLogprob[] | null): Validation<T>;
  template?: { id: string; hash: string };
}

/** One call as it is stored (journal, results): never the API key. */
export interface CallRecord {
  baseURL: string;
  model: string;
  parameters: { temperature?: number; top_p?: number; max_tokens?: number; seed?: number; responseFormat: string };
  template: { id: string; hash: string } | null;
  /** the last answer's text ('' when no answer came) */
  raw: string;
  parseStatus: 'valid' | 'invalid' | 'no-answer';
  reasons: string[];
  /** tokens of every attempt, the failed ones included (they were paid for) */
  tokens: TokenUsage;
  latencyMs: number;
  attempts: number;
  fromCache: boolean;
  at: string;
  appVersion: string;
}

export type CallResult<T> = { ok: true; value: T; record: CallRecord } | { ok: false; kind: CallFailureKind; reason: string; record: CallRecord };

export interface CallerDeps {
  baseURL: string;
  client: Pick<LlmClient, 'chat'>;
  limit: AdaptiveLimit;
  cache: Pick<ResponseCache, 'get' | 'put'> | null;
  retry?: RetrySettings;
  appVersion: string;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => Date;
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError());
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(): Error {
  const error = new Error('Cancelled.');
  error.name = 'AbortError';
  return error;
}

const formatName = (format: ResponseFormat) => (format === null ? 'none' : format.type);

export class EndpointCaller {
  /** per ladder (by its format names), the first step this endpoint accepted */
  private readonly acceptedStep = new Map<string, number>();
  private readonly retry: RetrySettings;
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly now: () => Date;

  constructor(private readonly deps: CallerDeps) {
    this.retry = deps.retry ?? DEFAULT_RETRY;
    this.random = deps.random ?? Math.random;
    this.sleep = deps.sleep ?? abortableSleep;
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * One call with its retries. `signal` aborts it wherever it is (cancel, quit: an answer on the
   * way is given up). `recall` only takes back a call that is not on the wire: while it waits for
   * a permit or between attempts it ends as 'recalled'; once sent, it finishes (pause).
   */
  async call<T>(spec: CallSpec<T>, signal?: AbortSignal, recall?: AbortSignal): Promise<CallResult<T>> {
    const record = this.newRecord(spec);
    const waitSignal = recall && signal ? AbortSignal.any([signal, recall]) : (recall ?? signal);
    const stopped = (): CallResult<never> => (signal?.aborted || !recall?.aborted ? this.failed(record, 'cancelled', 'Cancelled.') : this.failed(record, 'recalled', 'Given back before it was sent.'));
    const cached = await this.deps.cache?.get(spec.cacheKey);
    if (cached) {
      const checked = spec.validate(cached.content, cached.logprobs ?? null);
      // an answer cached under other rules (a codebook edited since) is asked again
      if (checked.ok) return { ok: true, value: checked.value, record: { ...record, raw: cached.content, parseStatus: 'valid', fromCache: true, parameters: { ...record.parameters, responseFormat: 'cached' } } };
    }
    const ladder = spec.formats.length > 0 ? spec.formats : [null];
    const ladderKey = ladder.map(formatName).join('>');
    let step = this.acceptedStep.get(ladderKey) ?? 0;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted || recall?.aborted) return stopped();
      record.attempts = attempt;
      const format = ladder[step];
      record.parameters.responseFormat = formatName(format);
      let outcome: ChatOutcome;
      let permit;
      try {
        permit = await this.deps.limit.acquire(waitSignal);
      } catch (error) {
        if ((error as Error).name === 'AbortError') return stopped();
        throw error;
      }
      try {
        outcome = await this.deps.client.chat({ ...spec.request, response_format: format }, signal);
      } catch (error) {
        if ((error as Error).name === 'AbortError') return this.failed(record, 'cancelled', 'Cancelled.');
        throw error;
      } finally {
        permit.release();
      }
      record.latencyMs += outcome.latencyMs;
      let kind: CallFailureKind;
      let reason: string;
      if (outcome.ok) {
        record.tokens = { input: record.tokens.input + outcome.usage.input, output: record.tokens.output + outcome.usage.output };
        record.raw = outcome.content;
        record.model = outcome.model;
        this.acceptedStep.set(ladderKey, step);
        const hints = outcome.hints;
        if (isAllowanceLow(hints, this.deps.limit.inFlight + 1)) this.deps.limit.allowanceLow(hints.remainingRequests === 0 ? hints.resetRequestsMs : hints.remainingTokens === 0 ? hints.resetTokensMs : null);
        else this.deps.limit.succeeded();
        const checked = spec.validate(outcome.content, outcome.logprobs ?? null);
        if (checked.ok) {
          record.parseStatus = 'valid';
          record.reasons = [];
          await this.deps.cache?.put(spec.cacheKey, { content: outcome.content, model: outcome.model, usage: outcome.usage, finishReason: outcome.finishReason, answeredAt: record.at, latencyMs: outcome.latencyMs, ...(outcome.logprobs ? { logprobs: outcome.logprobs } : {}) });
          return { ok: true, value: checked.value, record };
        }
        record.parseStatus = 'invalid';
        record.reasons = checked.reasons;
        kind = 'invalid-answer';
        reason = checked.reasons.join('; ');
      } else {
        kind = outcome.kind;
        reason = outcome.message;
        if (kind === 'cancelled') return this.failed(record, kind, reason);
        if (kind === 'rate-limited') this.deps.limit.rateLimited(outcome.hints.retryAfterMs);
        // a refused response format: the next step of the ladder, at once and not as a retry
        if (kind === 'bad-request' && format !== null && step + 1 < ladder.length && refusesResponseFormat(outcome.status ?? 400, outcome.message)) {
          step++;
          attempt--;
          continue;
        }
      }
      if (!triesAgain(kind, attempt, this.retry)) return this.failed(record, kind, reason);
      try {
        await this.sleep(backoffMs(attempt, this.retry, outcome.ok ? null : outcome.hints.retryAfterMs, this.random), waitSignal);
      } catch {
        return stopped();
      }
    }
  }

  private newRecord(spec: CallSpec<unknown>): CallRecord {
    const { temperature, top_p, max_tokens, seed, model } = spec.request;
    const parameters: CallRecord['parameters'] = { responseFormat: 'none' };
    if (temperature !== undefined) parameters.temperature = temperature;
    if (top_p !== undefined) parameters.top_p = top_p;
    if (max_tokens !== undefined) parameters.max_tokens = max_tokens;
    if (seed !== undefined) parameters.seed = seed;
    return {
      baseURL: this.deps.baseURL,
      model,
      parameters,
      template: spec.template ?? null,
      raw: '',
      parseStatus: 'no-answer',
      reasons: [],
      tokens: { input: 0, output: 0 },
      latencyMs: 0,
      attempts: 0,
      fromCache: false,
      at: this.now().toISOString(),
      appVersion: this.deps.appVersion,
    };
  }

  private failed(record: CallRecord, kind: CallFailureKind, reason: string): CallResult<never> {
    return { ok: false, kind, reason, record };
  }
}
