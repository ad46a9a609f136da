import type { JobResponse } from '../../workers/worker-channel';
import type { JudgeReportOutcome, JudgeReportRequest } from './run-judge';

/** Messages to the judge worker. Every request carries an id its answers repeat. */
export interface JudgeWorkerRequest {
  requestId: number;
  request: JudgeReportRequest;
}

export type JudgeWorkerResponse = JobResponse<JudgeReportOutcome>;
