import { getDb } from '../../db/db';
import { runJudgeWork } from './judge-work';
import type { JudgeWorkerRequest, JudgeWorkerResponse } from './protocol';

// The project's tsconfig types `self` as a Window; inside a worker only these two members are used.
interface WorkerScope {
  postMessage(message: JudgeWorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<JudgeWorkerRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  const { requestId, work } = event.data;
  // The worker opens the app's database itself (IndexedDB is shared with the window's origin).
  runJudgeWork(getDb(), work, 'worker').then(
    (outcome) => scope.postMessage({ requestId, kind: 'done', outcome }),
    (error: unknown) => scope.postMessage({ requestId, kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
