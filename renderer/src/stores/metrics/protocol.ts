import type { JobResponse } from '../../workers/worker-channel';
import type { MetricsOutcome, MetricsRequest } from './run-metrics';

/** Messages to the metrics worker. Every request carries an id its answers repeat. */
export interface MetricsWorkerRequest {
  requestId: number;
  request: MetricsRequest;
}

export type MetricsWorkerResponse = JobResponse<MetricsOutcome>;
