import { getDb, type MaieuticDb } from '../../db/db';
import { runJob, WorkerChannel } from '../../workers/worker-channel';
import type { MetricsWorkerRequest, MetricsWorkerResponse } from './protocol';
import { runMetrics, type MetricsOutcome, type MetricsRequest } from './run-metrics';

/**
 * Reads the layer and scores the dialogues, bootstrap intervals included, in a Web Worker
 * (20,000 dialogues × 2,000 resamples is seconds of work); where no worker can start, on the
 * main thread.
 */
export class MetricsClient {
  constructor(private readonly database: () => MaieuticDb = getDb) {}

  private readonly channel = new WorkerChannel<MetricsWorkerRequest, MetricsWorkerResponse>(
    () => new Worker(new URL('./metrics.worker.ts', import.meta.url), { type: 'module', name: 'maieutic-metrics' }),
    'The metrics worker failed to start.',
  );

  get usesWorker(): boolean {
    return this.channel.usesWorker;
  }

  compute(request: MetricsRequest, onProgress: (done: number, total: number) => void = () => undefined): Promise<MetricsOutcome> {
    return runJob(this.channel, (requestId) => ({ requestId, request }), onProgress, () => runMetrics(this.database(), request, onProgress));
  }
}

export const metricsClient = new MetricsClient();
