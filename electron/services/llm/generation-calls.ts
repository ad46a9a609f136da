/**
 * The calls of one generation item (a conversation on one teacher connection): every role's
 * request under a generation cache key; tallying and failures as TalliedCalls has them (a call
 * failing for good fails the conversation, keeping the turns before it).
 */
import type { SamplingParameters } from '../../../shared/llm';
import type { ChatMessage } from '../../../shared/llm/messages';
import type { CallPurpose } from '../../../shared/jobs/reasons';
import { generationCacheKeyInput, type GenerationCacheKeyParts, type GenerationCallPurpose } from '../../../shared/scenario';
import type { Validation } from './endpoint-caller';
import type { ResponseFormat } from './llm-client';
import { TalliedCalls, type AnsweredCall, type RoleEndpoint } from './tallied-calls';

export { CallFailed, type AnsweredCall, type RoleEndpoint } from './tallied-calls';

export type GenerationCall = Omit<GenerationCacheKeyParts, 'baseURL' | 'model' | 'conversationId' | 'teacherConnectionId' | 'messages' | 'sampling'> & {
  messages: ChatMessage[];
  sampling: SamplingParameters;
};

const TEXT_ONLY: ResponseFormat[] = [null];

const GENERATION_PURPOSES: Record<GenerationCallPurpose, CallPurpose> = {
  turn: 'generation-turn',
  assessment: 'generation-assessment',
  candidate: 'generation-candidate',
  'candidate-answer': 'generation-candidate-answer',
  'candidate-assessment': 'generation-candidate-assessment',
  'safety-judge': 'generation-safety-judge',
};

/** A plain-text turn: any answer with some text is one; an empty one is asked again. */
export function nonEmptyText(content: string): Validation<string> {
  const text = content.trim();
  return text === '' ? { ok: false, reasons: ['the answer is empty'] } : { ok: true, value: text };
}

export class ItemCalls extends TalliedCalls {
  constructor(
    private readonly conversationId: string,
    private readonly teacherConnectionId: string,
    signal: AbortSignal,
    recall: AbortSignal,
  ) {
    super(signal, recall);
  }

  text(endpoint: RoleEndpoint, call: GenerationCall): Promise<AnsweredCall<string>> {
    return this.ask(endpoint, call, TEXT_ONLY, nonEmptyText);
  }

  ask<T>(endpoint: RoleEndpoint, call: GenerationCall, formats: ResponseFormat[], validate: (content: string) => Validation<T>): Promise<AnsweredCall<T>> {
    const { connection } = endpoint;
    const { messages, sampling, ...discriminators } = call;
    const cacheKey = generationCacheKeyInput({ ...discriminators, baseURL: connection.baseURL, model: connection.model, messages, sampling, conversationId: this.conversationId, teacherConnectionId: this.teacherConnectionId });
    return this.send(endpoint, {
      messages, sampling, formats, cacheKey, validate,
      failure: (reasons, attempts) => `${call.purpose} of ${call.role} at turn ${call.turnNumber} on ${connection.name}: ${reasons}${attempts > 1 ? ` (after ${attempts} attempts)` : ''}`,
      purpose: GENERATION_PURPOSES[call.purpose],
      reasonParams: { role: call.role },
    });
  }
}
