import type { MetricsOutcome, MetricsRequest } from './run-metrics';

/** Messages to the metrics worker. Every request carries an id its answers repeat. */
export interface MetricsWorkerRequest {
  requestId: number;
  request: MetricsRequest;
}

export type MetricsWorkerResponse =
  | { requestId: number; kind: 'progress'; done: number; total: number }
  | { requestId: number; kind: 'done'; outcome: MetricsOutcome }
  | { requestId: number; kind: 'failed'; message: string };
