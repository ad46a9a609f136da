/** Metrics runs: each computation of the objective metrics, kept with its settings so it can be traced and compared. */
import type { MaieuticDb, MetricRunRow, ScoredDialogue } from '../db';
import { newId } from '../ids';

export type NewMetricRun = Omit<MetricRunRow, 'id'>;

/** Stores the run and its per-dialogue scores in one transaction (both or neither). */
export async function saveMetricRun(db: MaieuticDb, run: NewMetricRun, dialogues: ScoredDialogue[]): Promise<MetricRunRow> {
  const row: MetricRunRow = { ...run, id: newId() };
  await db.transaction('rw', [db.datasets, db.metricRuns, db.metricRunScores], async () => {
    if (!(await db.datasets.get(run.datasetId))) throw new Error('The data set no longer exists.');
    await db.metricRuns.add(row);
    await db.metricRunScores.add({ runId: row.id, datasetId: run.datasetId, dialogues });
  });
  return row;
}

/** The data set's runs (summaries), newest first. */
export async function listMetricRuns(db: MaieuticDb, datasetId: string): Promise<MetricRunRow[]> {
  const runs = await db.metricRuns.where('datasetId').equals(datasetId).toArray();
  return runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** The per-dialogue scores of one run; empty when the run is gone. */
export async function metricRunScores(db: MaieuticDb, runId: string): Promise<ScoredDialogue[]> {
  return (await db.metricRunScores.get(runId))?.dialogues ?? [];
}

export async function deleteMetricRun(db: MaieuticDb, runId: string): Promise<void> {
  await db.transaction('rw', [db.metricRuns, db.metricRunScores], async () => {
    await db.metricRunScores.delete(runId);
    await db.metricRuns.delete(runId);
  });
}
