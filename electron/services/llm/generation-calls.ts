/**
 * The calls of one generation item (a conversation on one teacher connection): every role's
 * request goes through its endpoint's caller under a generation cache key, and the item's
 * tokens, cost and whether every answer came from the cache are summed here. A failure is
 * turned into what the job does with it: a pause gives the item back (ItemRecalled), a refused
 * key or a wrong model stops the job (JobStop), anything else fails the conversation for good
 * (CallFailed), keeping the turns before it.
 */
import { callCost, type LlmConnection, type SamplingParameters } from '../../../shared/llm';
import type { ChatMessage } from '../../../shared/llm/messages';
import { generationCacheKeyInput, type GenerationCacheKeyParts } from '../../../shared/scenario';
import type { TokenCounts } from '../../../shared/jobs';
import { ItemRecalled, JobStop } from '../jobs/job-runner';
import type { EndpointCaller, Validation } from './endpoint-caller';
import type { ResponseFormat } from './llm-client';
import { stopsTheJob } from './retry-policy';
import { followSignal } from './follow-signal';

export interface RoleEndpoint {
  connection: LlmConnection;
  caller: EndpointCaller;
}

/** A call that failed for good (retries spent, an answer that never validated): the conversation ends failed. */
export class CallFailed extends Error {}

export interface AnsweredCall<T> {
  value: T;
  model: string;
  tokens: TokenCounts;
  cached: boolean;
}

export type GenerationCall = Omit<GenerationCacheKeyParts, 'baseURL' | 'model' | 'conversationId' | 'teacherConnectionId' | 'messages' | 'sampling'> & {
  messages: ChatMessage[];
  sampling: SamplingParameters;
};

const TEXT_ONLY: ResponseFormat[] = [null];

/** A plain-text turn: any answer with some text is one; an empty one is asked again. */
export function nonEmptyText(content: string): Validation<string> {
  const text = content.trim();
  return text === '' ? { ok: false, reasons: ['the answer is empty'] } : { ok: true, value: text };
}

export class ItemCalls {
  readonly tokens: TokenCounts = { input: 0, output: 0 };
  private costSoFar: number | null = 0;
  private everyCallCached = true;
  private count = 0;
  /** the job's recall signal is shared by every item: one listener of this item on it, let go at close */
  private readonly recall: { signal: AbortSignal; dispose(): void };

  constructor(
    private readonly conversationId: string,
    private readonly teacherConnectionId: string,
    private readonly signal: AbortSignal,
    recall: AbortSignal,
  ) {
    this.recall = followSignal(recall);
  }

  close(): void {
    this.recall.dispose();
  }

  get cost(): number | null {
    return this.costSoFar;
  }

  /** true only when the item made calls and every one was answered from the cache */
  get cached(): boolean {
    return this.count > 0 && this.everyCallCached;
  }

  text(endpoint: RoleEndpoint, call: GenerationCall): Promise<AnsweredCall<string>> {
    return this.ask(endpoint, call, TEXT_ONLY, nonEmptyText);
  }

  async ask<T>(endpoint: RoleEndpoint, call: GenerationCall, formats: ResponseFormat[], validate: (content: string) => Validation<T>): Promise<AnsweredCall<T>> {
    const { connection, caller } = endpoint;
    const { messages, sampling, ...discriminators } = call;
    const cacheKey = generationCacheKeyInput({ ...discriminators, baseURL: connection.baseURL, model: connection.model, messages, sampling, conversationId: this.conversationId, teacherConnectionId: this.teacherConnectionId });
    // signals of the call's own: the client and the limit listen to the ones they are given, and
    // a dialogue of many calls would pile its listeners up on the item's
    const signal = followSignal(this.signal);
    const recall = followSignal(this.recall.signal);
    let result;
    try {
      result = await caller.call<T>({ request: { model: connection.model, messages, ...sampling }, formats, cacheKey, validate }, signal.signal, recall.signal);
    } finally {
      signal.dispose();
      recall.dispose();
    }
    const tokens = { ...result.record.tokens };
    this.count++;
    this.tokens.input += tokens.input;
    this.tokens.output += tokens.output;
    const cost = callCost(tokens, connection.price);
    this.costSoFar = this.costSoFar === null || cost === null ? null : this.costSoFar + cost;
    if (!result.record.fromCache) this.everyCallCached = false;
    if (!result.ok) {
      if (result.kind === 'recalled') throw new ItemRecalled();
      if (stopsTheJob(result.kind)) throw new JobStop(`${connection.name}: ${result.reason}`);
      // dropped by the registry (the signal aborted): the item is run again or cancelled
      if (result.kind === 'cancelled') throw new Error('Cancelled.');
      const reasons = result.record.reasons.length > 0 ? result.record.reasons.join('; ') : result.reason;
      const attempts = result.record.attempts > 1 ? ` (after ${result.record.attempts} attempts)` : '';
      throw new CallFailed(`${call.purpose} of ${call.role} at turn ${call.turnNumber} on ${connection.name}: ${reasons}${attempts}`);
    }
    return { value: result.value, model: result.record.model, tokens, cached: result.record.fromCache };
  }
}
