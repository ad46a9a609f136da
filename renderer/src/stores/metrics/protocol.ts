import type { MetricDialogue, MetricsReport, MetricsSettings } from '../../../../shared/metrics';

/** Messages to the metrics worker. Every request carries an id its answer repeats. */
export interface MetricsWorkerRequest {
  requestId: number;
  dialogues: MetricDialogue[];
  settings: MetricsSettings;
}

export type MetricsWorkerResponse =
  | { requestId: number; kind: 'progress'; done: number; total: number }
  | { requestId: number; kind: 'done'; report: MetricsReport }
  | { requestId: number; kind: 'failed'; message: string };
