import { computeMetrics, type MetricDialogue, type MetricsReport, type MetricsSettings } from '../../../../shared/metrics';
import { WorkerChannel, WorkerUnavailable } from '../../workers/worker-channel';
import type { MetricsWorkerRequest, MetricsWorkerResponse } from './protocol';

/**
 * Scores dialogues and bootstraps the intervals in a Web Worker (20,000 dialogues × 2,000
 * resamples is seconds of work); where no worker can start, on the main thread.
 */
export class MetricsClient {
  private readonly channel = new WorkerChannel<MetricsWorkerRequest, MetricsWorkerResponse>(
    () => new Worker(new URL('./metrics.worker.ts', import.meta.url), { type: 'module', name: 'maieutic-metrics' }),
    'The metrics worker failed to start.',
  );

  get usesWorker(): boolean {
    return this.channel.usesWorker;
  }

  async compute(dialogues: MetricDialogue[], settings: MetricsSettings, onProgress: (done: number, total: number) => void = () => undefined): Promise<MetricsReport> {
    const viaWorker = this.channel.request(
      (requestId) => ({ requestId, dialogues, settings }),
      (response) => {
        if (response.kind !== 'progress') return true;
        onProgress(response.done, response.total);
        return false;
      },
    );
    if (viaWorker) {
      try {
        const response = await viaWorker;
        if (response.kind === 'done') return response.report;
        if (response.kind === 'failed') throw new Error(response.message);
      } catch (error) {
        if (!(error instanceof WorkerUnavailable)) throw error;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    return computeMetrics(dialogues, settings, onProgress);
  }
}

export const metricsClient = new MetricsClient();
