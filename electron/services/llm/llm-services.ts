/**
 * The LLM side of main, put together once for the app, the browser dev host and the e2e bridge:
 * the connections (settings file plus the secret store), the response cache, and the job
 * registry with its runners, all under one data folder:
 *   <data>/llm/connections.json, <data>/llm/cache/, <data>/jobs/<job id>.jsonl
 * `ready` is the registry's restore (jobs left unfinished become interrupted); the handlers wait
 * for it. `shutdown` interrupts running jobs and flushes their journals (quit).
 */
import { join } from 'node:path';
import type { JobEvent } from '../../../shared/jobs';
import type { KeyStorage } from '../../../shared/llm';
import { JobRegistry } from '../jobs/job-registry';
import type { SecretStore } from '../secrets/secret-store';
import { ConnectionStore } from './connection-store';
import { generationRunner } from './generation-runner';
import { judgeRunner } from './judge-runner';
import { pairwiseRunner } from './pairwise-runner';
import { preAnnotationRunner } from './pre-annotation-runner';
import { ResponseCache } from './response-cache';
import { synthesisRunner } from './synthesis-runner';
import type { RetrySettings } from './retry-policy';

export interface LlmServices {
  connections: ConnectionStore;
  cache: ResponseCache;
  jobs: JobRegistry;
  keyStorage: KeyStorage;
  /** the registry's restore; problems are journals that could not be read */
  ready: Promise<{ restored: number; problems: string[] }>;
  shutdown(): Promise<void>;
}

export interface LlmServicesOptions {
  dataDir: string;
  secrets: SecretStore;
  appVersion: string;
  emit(event: JobEvent): void;
  timeoutMs?: number;
  retry?: RetrySettings;
}

export function createLlmServices(options: LlmServicesOptions): LlmServices {
  const connections = new ConnectionStore(join(options.dataDir, 'llm', 'connections.json'), options.secrets);
  const cache = new ResponseCache(join(options.dataDir, 'llm', 'cache'));
  const runnerDeps = { connections, cache, appVersion: options.appVersion, timeoutMs: options.timeoutMs, retry: options.retry };
  const jobs = new JobRegistry({
    folder: join(options.dataDir, 'jobs'),
    runners: [preAnnotationRunner(runnerDeps), judgeRunner(runnerDeps), pairwiseRunner(runnerDeps), generationRunner(runnerDeps), synthesisRunner(runnerDeps)],
    emit: options.emit,
  });
  const ready = jobs.restore();
  return {
    connections,
    cache,
    jobs,
    keyStorage: options.secrets.backend,
    ready,
    shutdown: async () => {
      await ready.catch(() => undefined);
      await jobs.shutdown();
    },
  };
}

/** What the connection and job handlers take of the services (electron/main/ipc/llm-handlers.ts, jobs-handlers.ts). */
export function llmHandlerDeps(services: LlmServices) {
  return { connections: services.connections, cache: services.cache, keyStorage: services.keyStorage, jobs: services.jobs, jobsReady: services.ready };
}
