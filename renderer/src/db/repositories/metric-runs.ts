/** Metrics runs: each computation of the objective metrics, kept with its settings so it can be traced and compared. */
import type { MaieuticDb, MetricRunRow } from '../db';
import { newId } from '../ids';

export type NewMetricRun = Omit<MetricRunRow, 'id'>;

export async function saveMetricRun(db: MaieuticDb, run: NewMetricRun): Promise<MetricRunRow> {
  const row: MetricRunRow = { ...run, id: newId() };
  await db.transaction('rw', [db.datasets, db.metricRuns], async () => {
    if (!(await db.datasets.get(run.datasetId))) throw new Error('The data set no longer exists.');
    await db.metricRuns.add(row);
  });
  return row;
}

/** The data set's runs, newest first. */
export async function listMetricRuns(db: MaieuticDb, datasetId: string): Promise<MetricRunRow[]> {
  const runs = await db.metricRuns.where('datasetId').equals(datasetId).toArray();
  return runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

export async function deleteMetricRun(db: MaieuticDb, runId: string): Promise<void> {
  await db.metricRuns.delete(runId);
}
