/**
 * A judge or pairwise job sent through the Batch API (issue 13), as the job's first phase: per
 * judge connection one batch of the items the cache does not answer (runJudgeBatch), its state in
 * the job's own folder so a quit, crash or pause polls the same batch again at resume instead of
 * paying for another, its valid answers put in the cache; the items then run as usual and are
 * answered from there, and what the batch did not answer validly is asked live with the live
 * retries. While it waits, the job's progress note says where each batch stands. A cancelled or
 * failed job cancels its batches still running at the endpoint (abandonBatches).
 *
 * An item the job's own batch answered was paid for, even though the runner reads it from the
 * cache: paidUsage gives its tokens (the batch line's usage) so progress, cost and budgets count
 * it. The items answered are kept in the job's folder too, for a run resumed after the batch.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jobItemKey, type JobDefinition, type JobWorkItem, type TokenCounts } from '../../../shared/jobs';
import { BATCH_POLL_SECONDS, type JudgeBatchSettings, type JudgeJobParameters } from '../../../shared/judge';
import type { LlmConnection } from '../../../shared/llm';
import { makePrivateDir, writePrivateFileAtomic } from '../private-files';
import { jobReason } from '../../../shared/jobs/reasons';
import { JobPause, JobStop, type JobContext, type PreparePhase } from '../jobs/job-runner';
import { itemUnknown } from '../jobs/job-stops';
import type { LlmRunnerDeps, OpenEndpoint } from './endpoint-pool';
import { cancelRecordedBatch, hasRecordedBatch, runJudgeBatch, type BatchPlan, type BatchPoll } from './judge-batch';

export interface BatchPhaseOptions {
  deps: LlmRunnerDeps;
  definition: JobDefinition;
  settings: JudgeBatchSettings;
  endpoints: Map<string, OpenEndpoint>;
  plan: BatchPlan;
  /** a judge job's parameters (for its logprobs); absent for pairwise */
  judgeParameters?: JudgeJobParameters;
  context: JobContext;
  /** per HTTP request to the endpoint */
  timeoutMs: number;
}

/** One state file per connection of the job, by its place in the definition (a connection id may hold any character). */
function stateFileOf(context: JobContext, definition: JobDefinition, connectionId: string): string {
  return join(context.workDir, `batch-${definition.connectionIds.indexOf(connectionId)}.json`);
}

function describePoll(connection: LlmConnection, poll: BatchPoll): string {
  const failed = poll.failed > 0 ? `, ${poll.failed} failed` : '';
  return `${connection.name}: batch ${poll.batchId} ${poll.status}, ${poll.completed}/${poll.total} done at the endpoint${failed}`;
}

export interface BatchPhase {
  prepare(phase: PreparePhase): Promise<void>;
  /** the tokens the job's batch spent on this item's answer, when the runner read that answer from the cache; else null */
  paidUsage(item: JobWorkItem, fromCache: boolean): Promise<TokenCounts | null>;
}

async function readAnswered(file: string): Promise<Set<string>> {
  try {
    const keys = JSON.parse(await readFile(file, 'utf8')) as unknown;
    return new Set(Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    // none yet, or torn: its items are then counted as cached (nothing lost but the count)
    return new Set();
  }
}

export function judgeBatchPhase(options: BatchPhaseOptions): BatchPhase {
  const { deps, definition, settings, endpoints, context } = options;
  const answeredFile = join(context.workDir, 'answered.json');
  let answered = new Set<string>();
  let saving = Promise.resolve();
  const remember = (keys: readonly string[]) => {
    if (keys.length === 0) return saving;
    for (const key of keys) answered.add(key);
    const text = JSON.stringify([...answered]);
    saving = saving.then(() => writePrivateFileAtomic(answeredFile, text).then(() => undefined));
    return saving;
  };

  const prepare = async ({ items, signal, note }: PreparePhase): Promise<void> => {
    const cache = deps.cache;
    if (!cache) throw new JobStop('A job through the Batch API needs the response cache, which this app has not opened.', jobReason('batch-needs-cache'));
    await makePrivateDir(context.workDir);
    answered = await readAnswered(answeredFile);
    const lines = new Map<string, string>();
    const show = () => note(`Batch API: ${[...lines.values()].join('; ')}`);
    // one connection failing stops the others' polling: the job pauses or fails as a whole
    const siblings = new AbortController();
    const both = AbortSignal.any([signal, siblings.signal]);
    const outcomes = await Promise.allSettled(
      definition.connectionIds.map(async (id) => {
        const endpoint = endpoints.get(id);
        if (!endpoint) throw itemUnknown('connection');
        const { connection } = endpoint;
        const stateFile = stateFileOf(context, definition, id);
        try {
          const result = await runJudgeBatch({
            connection,
            apiKey: await deps.connections.key(id),
            plan: options.plan,
            ...(options.judgeParameters ? { parameters: options.judgeParameters } : {}),
            items: items.filter((item) => item.connectionId === id),
            cache,
            stateFile,
            pollMs: (settings.pollSeconds ?? BATCH_POLL_SECONDS.default) * 1000,
            timeoutMs: options.timeoutMs,
            ...(settings.timeoutHours !== undefined ? { waitLimitMs: settings.timeoutHours * 3_600_000 } : {}),
            signal: both,
            log: () => undefined,
            onPoll: (poll) => {
              lines.set(id, describePoll(connection, poll));
              show();
            },
          });
          await remember(result.answered);
          if (result.batchId !== null) {
            const live = result.invalid > 0 ? `; ${result.invalid} asked live` : '';
            lines.set(id, `${connection.name}: batch ${result.batchId} ${result.status ?? 'ended'}, ${result.valid} of ${result.sent} answered${live}`);
            show();
          }
        } catch (error) {
          if (both.aborted || error instanceof JobStop) throw error;
          const message = `${connection.name}: ${error instanceof Error ? error.message : String(error)}`;
          // a batch already submitted lives on at the endpoint: the job waits for a resume instead of losing it
          const why = { connection: connection.name };
          throw (await hasRecordedBatch(stateFile)) ? new JobPause(`${message} The batch is kept: resume the job to poll it again.`, jobReason('batch-paused', why)) : new JobStop(message, jobReason('batch-failed', why));
        }
      }).map((running) => running.catch((error: unknown) => {
        siblings.abort();
        throw error;
      })),
    );
    if (signal.aborted) throw new Error('The batch phase was stopped (pause, cancel or quit).');
    const reasons = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    const stop = reasons.find((reason) => reason instanceof JobStop);
    const pause = reasons.find((reason) => reason instanceof JobPause);
    const first = stop ?? pause ?? reasons[0];
    if (first !== undefined) throw first;
  };

  const paidUsage = async (item: JobWorkItem, fromCache: boolean): Promise<TokenCounts | null> => {
    const endpoint = endpoints.get(item.connectionId);
    if (!fromCache || !endpoint || !answered.has(jobItemKey(item))) return null;
    const entry = await deps.cache?.get(options.plan.call(endpoint.connection, item).cacheKey);
    return entry ? { input: entry.usage.input, output: entry.usage.output } : null;
  };
  return { prepare, paidUsage };
}

/**
 * A cancelled or failed job cancels the batches it left running at the endpoints (nobody will
 * read their answers); resolves with the problems doing so, or null.
 */
export async function abandonBatches(deps: LlmRunnerDeps, definition: JobDefinition, context: JobContext, timeoutMs: number): Promise<string | null> {
  const problems: string[] = [];
  for (const id of definition.connectionIds) {
    const stateFile = stateFileOf(context, definition, id);
    if (!(await hasRecordedBatch(stateFile))) continue;
    const connection = await deps.connections.get(id);
    if (!connection) {
      problems.push(`The connection ${JSON.stringify(id)} no longer exists: its batch could not be cancelled.`);
      continue;
    }
    const problem = await cancelRecordedBatch({ connection, apiKey: await deps.connections.key(id), stateFile, timeoutMs });
    if (problem !== null) problems.push(problem);
  }
  return problems.length > 0 ? problems.join(' ') : null;
}
