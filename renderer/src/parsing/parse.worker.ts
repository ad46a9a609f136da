import { inspectFiles, parseJobs } from './parse-tasks';
import type { WorkerRequest, WorkerResponse } from './protocol';

// The project's tsconfig types `self` as a Window; inside a worker only these two members are used.
interface WorkerScope {
  postMessage(message: WorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  const request = event.data;
  try {
    if (request.kind === 'inspect') {
      scope.postMessage({ requestId: request.requestId, kind: 'inspected', inspections: inspectFiles(request.files, request.codebook) });
    } else {
      const files = parseJobs(request.jobs, request.codebook, (progress) =>
        scope.postMessage({ requestId: request.requestId, kind: 'progress', progress }),
      );
      scope.postMessage({ requestId: request.requestId, kind: 'parsed', files });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ requestId: request.requestId, kind: 'failed', message });
  }
});
