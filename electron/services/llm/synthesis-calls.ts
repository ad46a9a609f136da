/**
 * The calls of one synthesis round: every request goes through its endpoint's caller under a
 * synthesis cache key naming the call's purpose, the round and its item / answer / metric
 * indexes, so a round resumed after a pause, a cancel or a crash replays its finished calls from
 * the cache. Tokens, cost and whether every answer came from the cache are summed here.
 */
import { callCost, type SamplingParameters } from '../../../shared/llm';
import { cacheKeyInput, canonicalJson } from '../../../shared/llm/cache-key';
import type { JsonSchema } from '../../../shared/llm/answer-schema';
import type { ChatMessage } from '../../../shared/llm/messages';
import type { TokenCounts } from '../../../shared/jobs';
import { ItemRecalled, JobStop } from '../jobs/job-runner';
import type { Validation } from './endpoint-caller';
import { CallFailed, type RoleEndpoint } from './generation-calls';
import type { ResponseFormat } from './llm-client';
import { stopsTheJob } from './retry-policy';
import { followSignal } from './follow-signal';

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

export class SynthesisCalls {
  readonly tokens: TokenCounts = { input: 0, output: 0 };
  private costSoFar: number | null = 0;
  private everyCallCached = true;
  private count = 0;
  private readonly recall: { signal: AbortSignal; dispose(): void };

  constructor(private readonly specHash: string, private readonly round: number, private readonly signal: AbortSignal, recall: AbortSignal) {
    this.recall = followSignal(recall);
  }

  close(): void {
    this.recall.dispose();
  }

  get cost(): number | null {
    return this.costSoFar;
  }

  get cached(): boolean {
    return this.count > 0 && this.everyCallCached;
  }

  cacheKey(endpoint: RoleEndpoint, call: SynthesisCall): string {
    const { connection } = endpoint;
    const request = cacheKeyInput({ baseURL: connection.baseURL, model: connection.model, messages: call.messages, sampling: call.sampling, sampleIndex: 0, responseSchema: call.responseSchema ?? PLAIN_TEXT });
    const synthesis = canonicalJson({ kind: 'rubric-synthesis', purpose: call.purpose, round: this.round, indexes: call.indexes, specHash: this.specHash, version: SYNTHESIS_CACHE_KEY_VERSION });
    return `{"synthesis":${synthesis},"request":${request}}`;
  }

  async ask<T>(endpoint: RoleEndpoint, call: SynthesisCall, formats: ResponseFormat[], validate: (content: string) => Validation<T>): Promise<T> {
    const { connection, caller } = endpoint;
    const signal = followSignal(this.signal);
    const recall = followSignal(this.recall.signal);
    let result;
    try {
      result = await caller.call<T>({ request: { model: connection.model, messages: call.messages, ...call.sampling }, formats, cacheKey: this.cacheKey(endpoint, call), validate }, signal.signal, recall.signal);
    } finally {
      signal.dispose();
      recall.dispose();
    }
    const tokens = result.record.tokens;
    this.count++;
    this.tokens.input += tokens.input;
    this.tokens.output += tokens.output;
    const cost = callCost(tokens, connection.price);
    this.costSoFar = this.costSoFar === null || cost === null ? null : this.costSoFar + cost;
    if (!result.record.fromCache) this.everyCallCached = false;
    if (!result.ok) {
      if (result.kind === 'recalled') throw new ItemRecalled();
      if (stopsTheJob(result.kind)) throw new JobStop(`${connection.name}: ${result.reason}`);
      if (result.kind === 'cancelled') throw new Error('Cancelled.');
      const reasons = result.record.reasons.length > 0 ? result.record.reasons.join('; ') : result.reason;
      throw new CallFailed(`${call.purpose} ${canonicalJson(call.indexes)} of round ${this.round} on ${connection.name}: ${reasons}`);
    }
    return result.value;
  }
}
