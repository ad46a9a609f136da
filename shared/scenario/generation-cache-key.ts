import type { JsonSchema } from '../llm/answer-schema';
import { cacheKeyInput, canonicalJson } from '../llm/cache-key';
import type { SamplingParameters } from '../llm/connection';
import type { ChatMessage } from '../llm/messages';

/** What a generation call is for: a dialogue turn, a Pass@k draw, a guide's candidate, the teacher's answer to it, its probe, or the safety judge. */
export type GenerationCallPurpose = 'turn' | 'assessment' | 'candidate' | 'candidate-answer' | 'candidate-assessment' | 'safety-judge';

export interface GenerationCacheKeyParts {
  baseURL: string;
  model: string;
  messages: readonly ChatMessage[];
  sampling: SamplingParameters;
  purpose: GenerationCallPurpose;
  /** the role that speaks (or is probed, or judges) */
  role: string;
  conversationId: string;
  /** the item's teacher connection: the same conversation under two teachers is two conversations */
  teacherConnectionId: string;
  /** the dialogue turn the call is for (1-based; the probe after the last turn: turns + 1) */
  turnNumber: number;
  /** which draw of several alike (a Pass@k sample, a guide's candidate); 0 otherwise */
  sampleIndex: number;
  /** the candidate a candidate-answer or candidate-assessment call belongs to; absent otherwise */
  candidate?: number;
  /** the answer's schema for structured calls (the safety judge); plain text otherwise */
  responseSchema?: JsonSchema;
}

export const GENERATION_CACHE_KEY_VERSION = 1;

const PLAIN_TEXT: JsonSchema = { type: 'string' };

/**
 * The text main hashes to name a cached generation answer: the request's key (base URL, model,
 * messages, sampling: shared/llm cacheKeyInput) inside what tells apart requests that are alike
 * on purpose. Two repeats of a task row send the same first messages, and must be independent
 * draws: the conversation id, the teacher connection, the role, the turn and the draw index
 * are part of the key, so each gets its own paid answer and a resumed run replays its own.
 */
export function generationCacheKeyInput(parts: GenerationCacheKeyParts): string {
  for (const [name, value] of [['turnNumber', parts.turnNumber], ['sampleIndex', parts.sampleIndex]] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`A generation cache key's ${name} is a whole number from 0 (got ${value}).`);
  }
  const request = cacheKeyInput({ ...parts, responseSchema: parts.responseSchema ?? PLAIN_TEXT });
  const generation = canonicalJson({
    kind: 'generation',
    purpose: parts.purpose,
    role: parts.role,
    conversationId: parts.conversationId,
    teacherConnectionId: parts.teacherConnectionId,
    turnNumber: parts.turnNumber,
    candidate: parts.candidate,
    version: GENERATION_CACHE_KEY_VERSION,
  });
  return `{"generation":${generation},"request":${request}}`;
}
