import { getDb, type MaieuticDb } from '../../db/db';
import { runJob, WorkerChannel } from '../../workers/worker-channel';
import { runJudgeWork } from './judge-work';
import type { JudgeWork, JudgeWorkerRequest, JudgeWorkerResponse, JudgeWorkOutcome } from './protocol';
import type { JudgeComparisonOutcome, JudgeComparisonRequest } from './run-comparison';
import type { JudgeReportOutcome, JudgeReportRequest } from './run-judge';

/**
 * Table I and the calibration of a judge run, and run comparisons, in a Web Worker (20,000
 * dialogues × 3 judges × 3 samples is a few hundred ms of work, more than a frame); where no
 * worker starts, on the main thread.
 */
export class JudgeClient {
  constructor(private readonly database: () => MaieuticDb = getDb) {}

  private readonly channel = new WorkerChannel<JudgeWorkerRequest, JudgeWorkerResponse>(
    () => new Worker(new URL('./judge.worker.ts', import.meta.url), { type: 'module', name: 'maieutic-judge' }),
    'The judge worker failed to start.',
  );

  private run(work: JudgeWork): Promise<JudgeWorkOutcome> {
    return runJob(this.channel, (requestId) => ({ requestId, work }), () => undefined, () => runJudgeWork(this.database(), work, 'main'));
  }

  compute(request: JudgeReportRequest): Promise<JudgeReportOutcome> {
    return this.run({ kind: 'report', request }) as Promise<JudgeReportOutcome>;
  }

  compare(request: JudgeComparisonRequest): Promise<JudgeComparisonOutcome> {
    return this.run({ kind: 'compare', request }) as Promise<JudgeComparisonOutcome>;
  }
}

export const judgeClient = new JudgeClient();
