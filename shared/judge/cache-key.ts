import type { JsonSchema } from '../llm/answer-schema';
import { cacheKeyInput, canonicalJson } from '../llm/cache-key';
import type { SamplingParameters } from '../llm/connection';
import type { ChatMessage } from '../llm/messages';

export interface JudgeCacheKeyParts {
  baseURL: string;
  /** the judge model */
  model: string;
  messages: readonly ChatMessage[];
  /** the judge's settings as sent (temperature, top_p, max_tokens, seed) */
  sampling: SamplingParameters;
  responseSchema: JsonSchema;
  /** which of the N draws per dialogue (0 for the first): each is its own cached answer */
  sampleIndex: number;
  /** rubricSetHash of the set the messages were built from */
  rubricSetHash: string;
  /** top_logprobs asked for (absent or 0: none); an answer without logprobs cannot serve a run that wants them */
  topLogprobs?: number;
}

/** Raised when the judge key's layout changes. */
export const JUDGE_CACHE_KEY_VERSION = 1;

/**
 * The text main hashes to name a cached judge answer: the pre-annotation key of the request
 * (base URL, model, messages, sampling, schema, sample index: shared/llm cacheKeyInput) inside
 * an object that adds what a judge answer also depends on: the rubric set's hash (already
 * reflected in the messages, recorded explicitly so that the key names the version it was
 * judged against) and the logprobs asked for. A `kind` keeps judge and pre-annotation keys apart.
 */
export function judgeCacheKeyInput(parts: JudgeCacheKeyParts): string {
  if (parts.rubricSetHash.trim() === '') throw new Error('A judge cache key needs the rubric set hash.');
  const topLogprobs = parts.topLogprobs ?? 0;
  if (!Number.isSafeInteger(topLogprobs) || topLogprobs < 0) throw new RangeError(`top_logprobs is a whole number from 0 (got ${topLogprobs}).`);
  const request = cacheKeyInput(parts);
  return `{"judge":${canonicalJson({ kind: 'judge', rubricSetHash: parts.rubricSetHash, topLogprobs, version: JUDGE_CACHE_KEY_VERSION })},"request":${request}}`;
}
