import type { JobResponse } from '../../workers/worker-channel';
import type { JudgeComparisonOutcome, JudgeComparisonRequest } from './run-comparison';
import type { JudgeReportOutcome, JudgeReportRequest } from './run-judge';

/** What the judge worker computes: one run's report, or several runs compared. */
export type JudgeWork = { kind: 'report'; request: JudgeReportRequest } | { kind: 'compare'; request: JudgeComparisonRequest };

/** Messages to the judge worker. Every request carries an id its answers repeat. */
export interface JudgeWorkerRequest {
  requestId: number;
  work: JudgeWork;
}

export type JudgeWorkOutcome = JudgeReportOutcome | JudgeComparisonOutcome;

export type JudgeWorkerResponse = JobResponse<JudgeWorkOutcome>;
