import { getDb } from '../../db/db';
import type { MetricsWorkerRequest, MetricsWorkerResponse } from './protocol';
import { runMetrics } from './run-metrics';

// The project's tsconfig types `self` as a Window; inside a worker only these two members are used.
interface WorkerScope {
  postMessage(message: MetricsWorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<MetricsWorkerRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  const { requestId, request } = event.data;
  // The worker opens the app's database itself (IndexedDB is shared with the window's origin).
  runMetrics(getDb(), request, (done, total) => scope.postMessage({ requestId, kind: 'progress', done, total })).then(
    (outcome) => scope.postMessage({ requestId, kind: 'done', outcome }),
    (error: unknown) => scope.postMessage({ requestId, kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
