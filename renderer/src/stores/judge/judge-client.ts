import { getDb, type MaieuticDb } from '../../db/db';
import { runJob, WorkerChannel } from '../../workers/worker-channel';
import type { JudgeWorkerRequest, JudgeWorkerResponse } from './protocol';
import { runJudgeReport, type JudgeReportOutcome, type JudgeReportRequest } from './run-judge';

/**
 * Table I and the calibration of a judge run, in a Web Worker (20,000 dialogues × 3 judges × 3
 * samples is a few hundred ms of work, more than a frame); where no worker starts, on the main thread.
 */
export class JudgeClient {
  constructor(private readonly database: () => MaieuticDb = getDb) {}

  private readonly channel = new WorkerChannel<JudgeWorkerRequest, JudgeWorkerResponse>(
    () => new Worker(new URL('./judge.worker.ts', import.meta.url), { type: 'module', name: 'maieutic-judge' }),
    'The judge worker failed to start.',
  );

  compute(request: JudgeReportRequest): Promise<JudgeReportOutcome> {
    return runJob(this.channel, (requestId) => ({ requestId, request }), () => undefined, () => runJudgeReport(this.database(), request, 'main'));
  }
}

export const judgeClient = new JudgeClient();
