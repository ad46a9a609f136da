import type { JobKind, TokenCounts } from '../jobs/types';

/** Sampling as the OpenAI chat API names it, so it goes into a request (and a cache key) as it is. */
export interface SamplingParameters {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  seed?: number;
}

export interface ConcurrencyLimits {
  /** calls in flight at the start of a job */
  start: number;
  /** the engine never cuts below this on rate limits */
  min: number;
  /** nor grows above this after sustained success */
  max: number;
}

/** In the currency the endpoint bills in, per million tokens. */
export interface TokenPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/**
 * One configured endpoint, as the renderer, IndexedDB and job records may see it. The API key is
 * never part of it: main keeps the key in its secret store under the connection's id, and this
 * says only whether one is set.
 */
export interface LlmConnection {
  id: string;
  name: string;
  /** where the OpenAI-compatible API lives, up to and including its version (`https://api.deepseek.com/v1`) */
  baseURL: string;
  model: string;
  /** sent as OpenAI-Organization (the OpenAI client's `organization` option) */
  organization?: string;
  /** sent with every call; names that carry credentials are refused (see checkConnection) */
  extraHeaders: Record<string, string>;
  /** absent: cost is shown as unknown */
  price?: TokenPrice;
  /** per job kind; what is not set falls back to the paper's defaults (samplingFor) */
  sampling: Partial<Record<JobKind, SamplingParameters>>;
  concurrency: ConcurrencyLimits;
  /** the model family (`deepseek`, `qwen`, `gpt`…): a judge scoring its own family's dialogues is checked for self-preference */
  family?: string;
  /** the largest answer body read from this endpoint, in MB (answer-size.ts: DEFAULT_MAX_ANSWER_MB unless set) */
  maxAnswerMB?: number;
  keySet: boolean;
}

/** What a call cost at `price`, or null when no price is known. */
export function callCost(tokens: TokenCounts, price: TokenPrice | undefined): number | null {
  if (!price) return null;
  return (tokens.input * price.inputPerMillion + tokens.output * price.outputPerMillion) / 1_000_000;
}

/** A connection as it is saved: everything but whether a key is set, which main's secret store knows. */
export type ConnectionSettings = Omit<LlmConnection, 'keySet'>;

/** What saving a connection does with its key: keep the one set, set a new one, or remove it. The key travels renderer → main only here, once. */
export type KeyChange = { keep: true } | { set: string } | { remove: true };

/** Where main keeps keys, for the settings to say: Linux without a keyring is 'basic_text' (encrypted with a fixed, public key). */
export type KeyStorage = 'os-keyring' | 'basic_text' | 'unavailable' | 'environment' | 'memory';
