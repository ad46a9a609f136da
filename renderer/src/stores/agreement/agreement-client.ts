import { runJob, WorkerChannel } from '../../workers/worker-channel';
import { getDb, type MaieuticDb } from '../../db/db';
import type { AgreementWorkerRequest, AgreementWorkerResponse } from './protocol';
import { runAgreement, type AgreementOutcome, type AgreementRequest } from './run-agreement';

export interface AgreementProgress {
  done: number;
  total: number;
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

  compute(request: AgreementRequest, onProgress: (progress: AgreementProgress) => void): Promise<AgreementOutcome> {
    const report = (done: number, total: number) => onProgress({ done, total });
    return runJob(this.channel, (requestId) => ({ requestId, request }), report, () => runAgreement(this.database(), request, report));
  }
}

export const agreementClient = new AgreementClient();
