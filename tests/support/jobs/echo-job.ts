/**
 * A job kind for engine tests: each work item asks the endpoint for "ok:<item id>" through the
 * real EndpointCaller, LlmClient and response cache, and validates exactly that answer. The
 * engine under test is the real one; only what a job asks is this simple.
 */
import { jobReason } from '../../../shared/jobs/reasons';
import { join } from 'node:path';
import type { JobDefinition } from '../../../shared/jobs';
import { AdaptiveLimit } from '../../../electron/services/llm/adaptive-limit';
import { EndpointCaller } from '../../../electron/services/llm/endpoint-caller';
import { LlmClient } from '../../../electron/services/llm/llm-client';
import { ResponseCache } from '../../../electron/services/llm/response-cache';
import { JobStop, type JobKindRunner } from '../../../electron/services/jobs/job-runner';
import { stopsTheJob } from '../../../electron/services/llm/retry-policy';

export interface EchoJobOptions {
  baseURL: string;
  dataFolder: string;
  apiKey?: string;
  concurrency?: number;
}

/** The item's prompt, and the one answer that validates for it. */
export const echoPrompt = (itemId: string) => `Say ok:${itemId}`;
export const echoAnswer = (itemId: string) => `ok:${itemId}`;

export function echoJobRunner(options: EchoJobOptions): JobKindRunner<string> {
  return {
    kind: 'judge',
    priced: () => false,
    async open(_definition: JobDefinition) {
      const concurrency = options.concurrency ?? 4;
      const caller = new EndpointCaller({
        baseURL: options.baseURL,
        client: new LlmClient({ baseURL: options.baseURL, apiKey: options.apiKey ?? 'sk-test-key', timeoutMs: 10_000 }),
        limit: new AdaptiveLimit({ start: concurrency, min: 1, max: concurrency }),
        cache: new ResponseCache(join(options.dataFolder, 'cache')),
        retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50 },
        appVersion: 'test',
      });
      return {
        parallel: concurrency,
        async run(item, signal) {
          const result = await caller.call<string>(
            {
              request: { model: 'test-model', messages: [{ role: 'user', content: echoPrompt(item.itemId) }], temperature: 0 },
              formats: [null],
              cacheKey: JSON.stringify([options.baseURL, 'test-model', item.itemId]),
              validate: (content) => (content === echoAnswer(item.itemId) ? { ok: true, value: content } : { ok: false, reasons: [`expected ${echoAnswer(item.itemId)}, got ${JSON.stringify(content.slice(0, 40))}`] }),
            },
            signal,
          );
          if (!result.ok && stopsTheJob(result.kind)) throw new JobStop(result.reason, jobReason('key-refused', { connection: 'echo' }));
          const tokens = result.record.tokens;
          return result.ok ? { ok: true, payload: result.value, cached: result.record.fromCache, tokens, cost: null } : { ok: false, reason: result.reason, tokens, cost: null };
        },
      };
    },
  };
}
