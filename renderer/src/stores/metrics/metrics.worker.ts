import { computeMetrics } from '../../../../shared/metrics';
import type { MetricsWorkerRequest, MetricsWorkerResponse } from './protocol';

// The project's tsconfig types `self` as a Window; inside a worker only these two members are used.
interface WorkerScope {
  postMessage(message: MetricsWorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<MetricsWorkerRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  const { requestId, dialogues, settings } = event.data;
  try {
    const report = computeMetrics(dialogues, settings, (done, total) => scope.postMessage({ requestId, kind: 'progress', done, total }));
    scope.postMessage({ requestId, kind: 'done', report });
  } catch (error) {
    scope.postMessage({ requestId, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
