/**
 * One metrics computation, from the data set in IndexedDB to the report. It runs in the metrics
 * worker, which opens the database itself, so reading the turns and bootstrapping the intervals
 * leave the UI thread free; where no worker can start, the client runs it on the main thread.
 */
import { computeMetrics, type MetricsReport, type MetricsSettings } from '../../../../shared/metrics';
import type { MaieuticDb } from '../../db/db';
import type { MetricLayer, MetricScope } from '../../../../shared/model/metric-run';
import { loadMetricDialogues } from './load-metric-dialogues';

export interface MetricsRequest {
  datasetId: string;
  layer: MetricLayer;
  scope: MetricScope;
  settings: MetricsSettings;
}

export type MetricsOutcome =
  /** the layer holds no dialogue to score */
  | { kind: 'empty' }
  | { kind: 'scored'; report: MetricsReport; /** the stored id of each scored dialogue, aligned with report.dialogues */ dialogueIds: string[] };

/** `onProgress` counts reading as the first step, then computeMetrics's steps. */
export async function runMetrics(db: MaieuticDb, request: MetricsRequest, onProgress: (done: number, total: number) => void): Promise<MetricsOutcome> {
  const loaded = await loadMetricDialogues(db, request.datasetId, request.layer, request.scope);
  if (loaded.dialogues.length === 0) return { kind: 'empty' };
  const report = computeMetrics(loaded.dialogues, request.settings, (done, total) => onProgress(done + 1, total + 1));
  return { kind: 'scored', report, dialogueIds: loaded.dialogueIds };
}
