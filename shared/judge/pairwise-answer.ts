import type { JsonSchema } from '../llm/answer-schema';
import { cacheKeyInput, canonicalJson } from '../llm/cache-key';
import type { SamplingParameters } from '../llm/connection';
import { extractJsonObject, type Toleration } from '../llm/extract-json';
import type { ChatMessage } from '../llm/messages';
import type { ResponseFormatMode } from '../llm/response-format';
import type { JudgeAnswerOptions, JudgeResponseFormat } from './answer-schema';
import type { PositionVerdict } from './pairwise';
import { describe } from './check-answer';

/** `response_format.json_schema.name` of a pairwise verdict. */
export const PAIRWISE_SCHEMA_NAME = 'judge_pairwise_verdict';

export const POSITION_VERDICTS: readonly PositionVerdict[] = ['first', 'second', 'tie'];

/**
 * The one object a pairwise judge answers: `{ "verdict": "first"|"second"|"tie", "rationale": "<text>" }`.
 * Under reasoning-first the rationale is the first key, so a strict structured output argues
 * before it decides.
 */
export function pairwiseAnswerSchema(options: JudgeAnswerOptions): JsonSchema {
  const verdict = { type: 'string', enum: [...POSITION_VERDICTS], description: '"first": Dialogue 1 is better; "second": Dialogue 2 is better; "tie": neither is' };
  const rationale = { type: 'string', description: options.reasoningFirst ? 'the comparison that leads to the verdict, written before it' : 'a short justification of the verdict' };
  const keys = options.reasoningFirst ? ['rationale', 'verdict'] : ['verdict', 'rationale'];
  const fields: Record<string, JsonSchema> = { verdict, rationale };
  return { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, fields[key]])), required: keys, additionalProperties: false };
}

/** The request's `response_format` on the pre-annotation ladder (json_schema → json_object → prompt only). */
export function pairwiseResponseFormat(mode: ResponseFormatMode, schema: JsonSchema): JudgeResponseFormat | undefined {
  if (mode === 'json_schema') return { type: 'json_schema', json_schema: { name: PAIRWISE_SCHEMA_NAME, strict: true, schema } };
  if (mode === 'json_object') return { type: 'json_object' };
  return undefined;
}

export type PairwiseAnswerCheck = { ok: true; verdict: PositionVerdict; rationale: string; tolerated: Toleration[] } | { ok: false; problems: string[]; reason: string };

function failed(problems: string[]): PairwiseAnswerCheck {
  return { ok: false, problems, reason: problems.join('; ') };
}

/**
 * Checks a parsed verdict: exactly `verdict` (one of first, second, tie, lower case as asked:
 * "First" or "A" is a verdict the judge was not asked for, so it is refused and asked again)
 * and `rationale` (a string), nothing else.
 */
export function checkPairwiseAnswer(answer: unknown, tolerated: Toleration[] = []): PairwiseAnswerCheck {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return failed([`the answer must be one JSON object, not ${describe(answer)}`]);
  const record = answer as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(record)) if (key !== 'verdict' && key !== 'rationale') problems.push(`the answer holds ${describe(key)} beside "verdict" and "rationale"`);
  const { verdict, rationale } = record;
  if (!POSITION_VERDICTS.includes(verdict as PositionVerdict)) problems.push(`the verdict is ${describe(verdict)}, not "first", "second" or "tie"`);
  if (typeof rationale !== 'string') problems.push(`the rationale is ${describe(rationale)}, not a text`);
  if (problems.length > 0) return failed(problems);
  return { ok: true, verdict: verdict as PositionVerdict, rationale: rationale as string, tolerated };
}

/** A judge's text verdict, taken out as readJudgeAnswer takes a score answer (a ```json fence, <think>, prose and trailing commas tolerated), then checked. */
export function readPairwiseAnswer(text: string): PairwiseAnswerCheck {
  const extracted = extractJsonObject(text);
  if (!extracted.ok) return failed([extracted.reason]);
  return checkPairwiseAnswer(extracted.value, extracted.tolerated);
}

export interface PairwiseCacheKeyParts {
  baseURL: string;
  model: string;
  messages: readonly ChatMessage[];
  sampling: SamplingParameters;
  responseSchema: JsonSchema;
  /** the pair (topic and student, and repeat when matched by it) */
  pairId: string;
  /** which dialogue was shown first */
  order: 'ab' | 'ba';
  sampleIndex: number;
  rubricSetHash: string;
}

/** Raised when the pairwise key's layout changes. */
export const PAIRWISE_CACHE_KEY_VERSION = 1;

/**
 * The text main hashes to name a cached verdict: the request's key (shared/llm cacheKeyInput:
 * base URL, model, messages, sampling, schema, sample) inside an object naming the pair, the
 * order it was shown in and the rubric set's hash. The messages already differ by order; the
 * pair and order are recorded so that two pairs with identical transcripts stay two answers.
 */
export function pairwiseCacheKeyInput(parts: PairwiseCacheKeyParts): string {
  if (parts.rubricSetHash.trim() === '') throw new Error('A pairwise cache key needs the rubric set hash.');
  if (parts.order !== 'ab' && parts.order !== 'ba') throw new RangeError(`order is "ab" or "ba" (got ${String(parts.order)}).`);
  const request = cacheKeyInput(parts);
  return `{"pairwise":${canonicalJson({ kind: 'judge-pairwise', order: parts.order, pairId: parts.pairId, rubricSetHash: parts.rubricSetHash, version: PAIRWISE_CACHE_KEY_VERSION })},"request":${request}}`;
}
