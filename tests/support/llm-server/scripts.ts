import type { ChatCompletion } from 'openai/resources/chat/completions';

/**
 * What the scripted server answers to one request. A test queues scripts (first in, first
 * out) or returns them from a default handler; `reply` below builds each kind.
 */

export type FinishReason = ChatCompletion.Choice['finish_reason'];

export interface UsageTokens {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** HTTP 200 with a chat completion whose one choice holds `content`. */
export interface AnswerScript {
  kind: 'answer';
  content: string;
  /** Replaces the counted figures (see countTokens); total_tokens defaults to the sum of the two others. */
  usage?: Partial<UsageTokens>;
  /** 'stop' unless given; 'length' is what a server sends when max_tokens cut the answer. */
  finishReason?: FinishReason;
  /** The model the answer claims; the request's model unless given. */
  model?: string;
  /** Extra response headers, e.g. x-ratelimit-remaining-* on a success. */
  headers?: Record<string, string>;
  /**
   * `choices[0].logprobs.content`, sent only when the request asks for `logprobs: true` (as an
   * OpenAI endpoint does); the tokens' texts should join to `content`. See judge-scripts.ts.
   */
  logprobs?: ScriptTokenLogprob[];
}

export interface ScriptTokenLogprob {
  token: string;
  logprob: number;
  top_logprobs: { token: string; logprob: number }[];
}

/** Any HTTP status with an OpenAI-style error body `{ error: { message, type, param, code } }`. */
export interface StatusScript {
  kind: 'status';
  status: number;
  message?: string;
  type?: string;
  code?: string | null;
  param?: string | null;
  headers?: Record<string, string>;
}

/**
 * Destroys the connection. `beforeResponse`: nothing is sent (the client sees a connection
 * error). `midBody`: a 200 status, headers announcing the whole body's length and part of the
 * body are sent first (the client sees the body end early while reading it).
 */
export interface DropScript {
  kind: 'drop';
  stage: 'beforeResponse' | 'midBody';
}

/** HTTP 200 whose body is not JSON although its content type says it is (unless changed). */
export interface MalformedBodyScript {
  kind: 'malformedBody';
  body: string;
  contentType: string;
}

/** Waits `ms` on a real (or the test's fake) timer, then performs `then`; close() cancels the wait. */
export interface DelayScript<Then> {
  kind: 'delay';
  ms: number;
  then: Then;
}

/** The models list (the server's programmed one unless `ids` is given). */
export interface ModelListScript {
  kind: 'modelList';
  ids?: string[];
}

/**
 * HTTP 200 whose body comes slowly, with no content-length. `drip`: the whole answer
 * (`content`), `bytesPerTick` bytes every `everyMs`, so it ends after (length / bytesPerTick) ticks.
 * `endless`: a space every `everyMs`, for ever (until the client or close() ends it).
 */
export interface SlowBodyScript {
  kind: 'slowBody';
  mode: 'drip' | 'endless';
  everyMs: number;
  bytesPerTick: number;
  content: string;
}

/**
 * HTTP 200 with a valid chat completion whose content is `bytes` characters long, written as
 * the socket takes it (never held in memory whole). `declareLength`: with a content-length
 * announcing it (the default), or chunked with none, so only counting the bytes can stop it.
 */
export interface OversizedScript {
  kind: 'oversized';
  bytes: number;
  declareLength: boolean;
}

/** An error status whose body is an HTML page (a proxy's or a gateway's), labelled text/html. */
export interface HtmlPageScript {
  kind: 'htmlPage';
  status: number;
  html: string;
}

type ScriptForAnyRoute = StatusScript | DropScript | MalformedBodyScript | SlowBodyScript | OversizedScript | HtmlPageScript;

export type ChatScript = AnswerScript | ScriptForAnyRoute | DelayScript<ChatScript>;
export type ModelsScript = ModelListScript | ScriptForAnyRoute | DelayScript<ModelsScript>;

interface ErrorDefaults {
  message: string;
  type: string;
  code: string | null;
}

// Bodies as OpenAI sends them, so code that reads `error.type` or `error.code` meets real values.
const ERROR_DEFAULTS: Record<number, ErrorDefaults> = {
  400: { message: 'Invalid request.', type: 'invalid_request_error', code: null },
  401: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { message: 'You are not allowed to use this model.', type: 'invalid_request_error', code: null },
  404: {
    message: 'The model does not exist or you do not have access to it.',
    type: 'invalid_request_error',
    code: 'model_not_found',
  },
  429: { message: 'Rate limit reached for requests.', type: 'requests', code: 'rate_limit_exceeded' },
  500: { message: 'The server had an error while processing your request.', type: 'server_error', code: null },
  502: { message: 'Bad gateway.', type: 'server_error', code: null },
  503: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', code: null },
};

export function errorDefaults(status: number): ErrorDefaults {
  return (
    ERROR_DEFAULTS[status] ?? {
      message: `Scripted error ${status}.`,
      type: status >= 500 ? 'server_error' : 'invalid_request_error',
      code: null,
    }
  );
}

export interface RateLimitOptions {
  /** `retry-after`, in seconds (the standard header). */
  retryAfterSeconds?: number;
  /** `retry-after-ms`, which the openai client prefers over `retry-after`. */
  retryAfterMs?: number;
  remainingRequests?: number;
  remainingTokens?: number;
  limitRequests?: number;
  limitTokens?: number;
  /** `x-ratelimit-reset-requests`, in OpenAI's duration form, e.g. '1s' or '6m0s'. */
  resetRequests?: string;
  resetTokens?: string;
  /** 'requests' (the default) or 'tokens': which limit the error body says was reached. */
  limit?: 'requests' | 'tokens';
  headers?: Record<string, string>;
}

function rateLimitHeaders(options: RateLimitOptions): Record<string, string> {
  const named: Array<[string, number | string | undefined]> = [
    ['retry-after', options.retryAfterSeconds],
    ['retry-after-ms', options.retryAfterMs],
    ['x-ratelimit-limit-requests', options.limitRequests],
    ['x-ratelimit-limit-tokens', options.limitTokens],
    ['x-ratelimit-remaining-requests', options.remainingRequests],
    ['x-ratelimit-remaining-tokens', options.remainingTokens],
    ['x-ratelimit-reset-requests', options.resetRequests],
    ['x-ratelimit-reset-tokens', options.resetTokens],
  ];
  const headers: Record<string, string> = {};
  for (const [name, value] of named) if (value !== undefined) headers[name] = String(value);
  return { ...headers, ...options.headers };
}

export const reply = {
  answer(content: string, options: Omit<AnswerScript, 'kind' | 'content'> = {}): AnswerScript {
    return { kind: 'answer', content, ...options };
  },
  /** An answer whose content is `value` as JSON text. */
  json(value: unknown, options: Omit<AnswerScript, 'kind' | 'content'> = {}): AnswerScript {
    return { kind: 'answer', content: JSON.stringify(value), ...options };
  },
  status(status: number, options: Omit<StatusScript, 'kind' | 'status'> = {}): StatusScript {
    return { kind: 'status', status, ...options };
  },
  rateLimited(options: RateLimitOptions = {}): StatusScript {
    const tokens = options.limit === 'tokens';
    return {
      kind: 'status',
      status: 429,
      message: tokens ? 'Rate limit reached for tokens.' : 'Rate limit reached for requests.',
      type: tokens ? 'tokens' : 'requests',
      code: 'rate_limit_exceeded',
      headers: rateLimitHeaders(options),
    };
  },
  delay<Then extends ChatScript | ModelsScript>(ms: number, then: Then): DelayScript<Then> {
    return { kind: 'delay', ms, then };
  },
  drop(stage: DropScript['stage'] = 'beforeResponse'): DropScript {
    return { kind: 'drop', stage };
  },
  /** By default a completion cut short, labelled application/json. */
  malformedBody(body = '{"id": "chatcmpl-broken", "choices": [{"message": ', contentType = 'application/json'): MalformedBodyScript {
    return { kind: 'malformedBody', body, contentType };
  },
  /** The answer `content`, `bytesPerTick` bytes (1 unless given) every `everyMs`. */
  drip(everyMs: number, content = 'A slow answer.', bytesPerTick = 1): SlowBodyScript {
    return { kind: 'slowBody', mode: 'drip', everyMs, bytesPerTick, content };
  },
  /** Headers, then a space every `everyMs`, never ending. */
  endless(everyMs = 100): SlowBodyScript {
    return { kind: 'slowBody', mode: 'endless', everyMs, bytesPerTick: 1, content: '' };
  },
  oversized(bytes: number, options: { declareLength?: boolean } = {}): OversizedScript {
    return { kind: 'oversized', bytes, declareLength: options.declareLength ?? true };
  },
  htmlPage(status = 502, html = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>'): HtmlPageScript {
    return { kind: 'htmlPage', status, html };
  },
  modelList(ids?: string[]): ModelListScript {
    return ids === undefined ? { kind: 'modelList' } : { kind: 'modelList', ids };
  },
};
