/**
 * The endpoints a job kind calls, shared by every LLM runner (pre-annotation, judge, and the
 * generation and rubric-synthesis kinds to come): one EndpointCaller per connection and key
 * across jobs, so two jobs on one endpoint share its adaptive limit, and the connections of a
 * definition opened with their keys (a connection gone stops the job, saying so).
 */
import type { JobDefinition } from '../../../shared/jobs';
import type { LlmConnection } from '../../../shared/llm';
import { maxAnswerBytes } from '../../../shared/llm/answer-size';
import { AdaptiveLimit } from './adaptive-limit';
import { EndpointCaller } from './endpoint-caller';
import { LlmClient } from './llm-client';
import type { ResponseCache } from './response-cache';
import type { RetrySettings } from './retry-policy';
import { connectionMissing } from '../jobs/job-stops';

export interface LlmRunnerDeps {
  connections: { get(id: string): Promise<LlmConnection | null>; key(id: string): Promise<string | null> };
  cache: ResponseCache | null;
  appVersion: string;
  timeoutMs?: number;
  retry?: RetrySettings;
}

export interface OpenEndpoint {
  connection: LlmConnection;
  caller: EndpointCaller;
}

export class EndpointPool {
  private readonly callers = new Map<string, EndpointCaller>();

  constructor(
    private readonly deps: LlmRunnerDeps,
    private readonly defaultTimeoutMs: number,
  ) {}

  callerFor(connection: LlmConnection, key: string | null): EndpointCaller {
    const id = JSON.stringify([connection.id, connection.baseURL, connection.model, connection.concurrency, connection.organization ?? null, connection.extraHeaders, connection.maxAnswerMB ?? null, key]);
    let caller = this.callers.get(id);
    if (!caller) {
      caller = new EndpointCaller({
        baseURL: connection.baseURL,
        client: new LlmClient({ baseURL: connection.baseURL, apiKey: key, organization: connection.organization ?? null, headers: connection.extraHeaders, timeoutMs: this.deps.timeoutMs ?? this.defaultTimeoutMs, maxAnswerBytes: maxAnswerBytes(connection.maxAnswerMB) }),
        limit: new AdaptiveLimit(connection.concurrency),
        cache: this.deps.cache,
        retry: this.deps.retry,
        appVersion: this.deps.appVersion,
      });
      this.callers.set(id, caller);
    }
    return caller;
  }

  /** Every connection of the definition with its caller; throws JobStop for one that no longer exists. */
  async open(definition: JobDefinition): Promise<Map<string, OpenEndpoint>> {
    const endpoints = new Map<string, OpenEndpoint>();
    for (const id of definition.connectionIds) {
      const connection = await this.deps.connections.get(id);
      if (!connection) throw connectionMissing(id);
      endpoints.set(id, { connection, caller: this.callerFor(connection, await this.deps.connections.key(id)) });
    }
    return endpoints;
  }

  async priced(definition: JobDefinition): Promise<boolean> {
    const connections = await Promise.all(definition.connectionIds.map((id) => this.deps.connections.get(id)));
    return connections.every((connection) => connection?.price !== undefined);
  }
}

/** Items in flight at once for these endpoints: the sum of their most calls at once. */
export function parallelOf(endpoints: Map<string, OpenEndpoint>): number {
  return [...endpoints.values()].reduce((sum, { connection }) => sum + connection.concurrency.max, 0);
}
