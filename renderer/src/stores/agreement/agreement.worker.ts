import { computeAgreementJob } from './compute-job';
import type { AgreementWorkerRequest, AgreementWorkerResponse } from './protocol';

// The project's tsconfig types `self` as a Window; inside a worker only these two members are used.
interface WorkerScope {
  postMessage(message: AgreementWorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<AgreementWorkerRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  const { requestId, job } = event.data;
  try {
    const results = computeAgreementJob(job, (done, total) => scope.postMessage({ requestId, kind: 'progress', done, total }));
    scope.postMessage({ requestId, kind: 'done', results });
  } catch (error) {
    scope.postMessage({ requestId, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
