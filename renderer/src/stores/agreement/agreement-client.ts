import { WorkerChannel, WorkerUnavailable } from '../../workers/worker-channel';
import { getDb, type MaieuticDb } from '../../db/db';
import type { AgreementWorkerRequest, AgreementWorkerResponse } from './protocol';
import { runAgreement, type AgreementOutcome, type AgreementRequest } from './run-agreement';

export interface AgreementProgress {
  done: number;
  total: number;
}

/** Lets the browser paint the loading state before a main-thread computation blocks it. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Reads the data set and computes the agreement reports in a Web Worker, so that a large data
 * set freezes nothing; where a worker cannot start it does both on the main thread instead.
 * `usesWorker` tells the UI which happened.
 */
export class AgreementClient {
  constructor(private readonly database: () => MaieuticDb = getDb) {}

  private readonly channel = new WorkerChannel<AgreementWorkerRequest, AgreementWorkerResponse>(
    () => new Worker(new URL('./agreement.worker.ts', import.meta.url), { type: 'module', name: 'maieutic-agreement' }),
    'The agreement worker failed to start.',
  );

  get usesWorker(): boolean {
    return this.channel.usesWorker;
  }

  async compute(request: AgreementRequest, onProgress: (progress: AgreementProgress) => void): Promise<AgreementOutcome> {
    const viaWorker = this.channel.request(
      (requestId) => ({ requestId, request }),
      (response) => {
        if (response.kind !== 'progress') return true;
        onProgress({ done: response.done, total: response.total });
        return false;
      },
    );
    if (viaWorker) {
      try {
        const response = await viaWorker;
        if (response.kind === 'done') return response.outcome;
        if (response.kind === 'failed') throw new Error(response.message);
      } catch (error) {
        // A statistics error is the same on either thread: only a broken worker falls back.
        if (!(error instanceof WorkerUnavailable)) throw error;
      }
    }
    await nextFrame();
    return runAgreement(this.database(), request, (done, total) => onProgress({ done, total }));
  }
}

export const agreementClient = new AgreementClient();
