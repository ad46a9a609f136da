/**
 * The calls of one synthesis round: every request goes through its endpoint's caller under a
 * synthesis cache key naming the call's purpose, the round and its item / answer / metric
 * indexes, so a round resumed after a pause, a cancel or a crash replays its finished calls from
 * the cache. Tallying and failures as TalliedCalls has them.
 */
import type { CallPurpose } from '../../../shared/jobs/reasons';
import type { SamplingParameters } from '../../../shared/llm';
import { cacheKeyInput, canonicalJson } from '../../../shared/llm/cache-key';
import type { JsonSchema } from '../../../shared/llm/answer-schema';
import type { ChatMessage } from '../../../shared/llm/messages';
import type { Validation } from './endpoint-caller';
import type { ResponseFormat } from './llm-client';
import { TalliedCalls, type RoleEndpoint } from './tallied-calls';

export const SYNTHESIS_CACHE_KEY_VERSION = 1;

export type SynthesisCallPurpose = 'draft' | 'test-items' | 'answer' | 'judge' | 'revise';

export interface SynthesisCall {
  purpose: SynthesisCallPurpose;
  /** item, answer or metric indexes, as the purpose needs */
  indexes: Record<string, number>;
  messages: ChatMessage[];
  sampling: SamplingParameters;
  responseSchema?: JsonSchema;
}

const PLAIN_TEXT: JsonSchema = { type: 'string' };

const SYNTHESIS_PURPOSES: Record<SynthesisCallPurpose, CallPurpose> = {
  draft: 'synthesis-draft',
  'test-items': 'synthesis-test-items',
  answer: 'synthesis-answer',
  judge: 'synthesis-judge',
  revise: 'synthesis-revise',
};

export class SynthesisCalls extends TalliedCalls {
  constructor(private readonly specHash: string, private readonly round: number, signal: AbortSignal, recall: AbortSignal) {
    super(signal, recall);
  }

  cacheKey(endpoint: RoleEndpoint, call: SynthesisCall): string {
    const { connection } = endpoint;
    const request = cacheKeyInput({ baseURL: connection.baseURL, model: connection.model, messages: call.messages, sampling: call.sampling, sampleIndex: 0, responseSchema: call.responseSchema ?? PLAIN_TEXT });
    const synthesis = canonicalJson({ kind: 'rubric-synthesis', purpose: call.purpose, round: this.round, indexes: call.indexes, specHash: this.specHash, version: SYNTHESIS_CACHE_KEY_VERSION });
    return `{"synthesis":${synthesis},"request":${request}}`;
  }

  async ask<T>(endpoint: RoleEndpoint, call: SynthesisCall, formats: ResponseFormat[], validate: (content: string) => Validation<T>): Promise<T> {
    const answered = await this.send(endpoint, {
      messages: call.messages, sampling: call.sampling, formats, cacheKey: this.cacheKey(endpoint, call), validate,
      failure: (reasons) => `${call.purpose} ${canonicalJson(call.indexes)} of round ${this.round} on ${endpoint.connection.name}: ${reasons}`,
      purpose: SYNTHESIS_PURPOSES[call.purpose],
      reasonParams: { round: this.round },
    });
    return answered.value;
  }
}
