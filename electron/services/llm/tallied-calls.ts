/**
 * What the generation and synthesis items share about their calls: each request goes through its
 * endpoint's caller on signals of its own (the client and the limit listen to the ones they are
 * given, and an item of many calls would pile its listeners up on the item's), and the item's
 * tokens, cost and whether every answer came from the cache are summed. A failure is turned into
 * what the job does with it: a pause gives the item back (ItemRecalled), a refused key or a wrong
 * model stops the job (JobStop), anything else fails the item for good (CallFailed).
 */
import { callCost, type LlmConnection, type SamplingParameters } from '../../../shared/llm';
import type { ChatMessage } from '../../../shared/llm/messages';
import type { TokenCounts } from '../../../shared/jobs';
import type { CallPurpose, JobReason, JobReasonParams } from '../../../shared/jobs/reasons';
import { ItemRecalled } from '../jobs/job-runner';
import { callFailureReason, endpointStop } from './call-reasons';
import type { EndpointCaller, Validation } from './endpoint-caller';
import type { ResponseFormat } from './llm-client';
import { stopsTheJob } from './retry-policy';
import { followSignal } from './follow-signal';

export interface RoleEndpoint {
  connection: LlmConnection;
  caller: EndpointCaller;
}

/** A call that failed for good (retries spent, an answer that never validated): the item ends failed, with this message (English) and code. */
export class CallFailed extends Error {
  constructor(message: string, readonly why: JobReason) {
    super(message);
  }
}

export interface AnsweredCall<T> {
  value: T;
  model: string;
  tokens: TokenCounts;
  cached: boolean;
}

export interface TalliedRequest<T> {
  messages: ChatMessage[];
  sampling: SamplingParameters;
  formats: ResponseFormat[];
  cacheKey: string;
  validate(content: string): Validation<T>;
  /** the CallFailed message, from the reasons the caller gave and its attempts */
  failure(reasons: string, attempts: number): string;
  /** what the call was for, which a failure's words name */
  purpose: CallPurpose;
  /** more the failure's words name (the synthesis round) */
  reasonParams?: JobReasonParams;
}

export class TalliedCalls {
  readonly tokens: TokenCounts = { input: 0, output: 0 };
  private costSoFar: number | null = 0;
  private everyCallCached = true;
  private count = 0;
  /** the job's recall signal is shared by every item: one listener of this item on it, let go at close */
  private readonly recall: { signal: AbortSignal; dispose(): void };

  constructor(private readonly signal: AbortSignal, recall: AbortSignal) {
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

  protected async send<T>(endpoint: RoleEndpoint, request: TalliedRequest<T>): Promise<AnsweredCall<T>> {
    const { connection, caller } = endpoint;
    const signal = followSignal(this.signal);
    const recall = followSignal(this.recall.signal);
    let result;
    try {
      result = await caller.call<T>({ request: { model: connection.model, messages: request.messages, ...request.sampling }, formats: request.formats, cacheKey: request.cacheKey, validate: request.validate }, signal.signal, recall.signal);
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
      if (stopsTheJob(result.kind)) throw endpointStop(connection, result);
      // dropped by the registry (the signal aborted): the item is run again or cancelled
      if (result.kind === 'cancelled') throw new Error('Cancelled.');
      const reasons = result.record.reasons.length > 0 ? result.record.reasons.join('; ') : result.reason;
      throw new CallFailed(request.failure(reasons, result.record.attempts), callFailureReason(result.kind, connection.name, result.record.attempts, request.purpose, request.reasonParams));
    }
    return { value: result.value, model: result.record.model, tokens, cached: result.record.fromCache };
  }
}
