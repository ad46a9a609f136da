/** Metrics runs: each computation of the objective metrics, kept with its settings so it can be traced and compared. */
import type { MaieuticDb } from '../db';
import type { MetricRunRow, ScoredDialogue } from '../../../../shared/model/metric-run';
import { newId } from '../ids';
import { recordedCodebookHash } from './codebook-versions';
import { checkedRow, checkedRows } from './row-checks';

export type NewMetricRun = Omit<MetricRunRow, 'id' | 'sequence' | 'name'>;

/** A run's own name is one line of ordinary length; blank means no name. */
export const RUN_NAME_MAX_LENGTH = 80;

const byAge = (a: MetricRunRow, b: MetricRunRow) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * Gives every run without a number (saved before runs had one) the next number in the order they
 * were made, and returns those runs; numbered runs keep theirs.
 */
function numberUnnumbered(runs: MetricRunRow[]): MetricRunRow[] {
  let next = Math.max(0, ...runs.map((run) => run.sequence ?? 0)) + 1;
  const filled: MetricRunRow[] = [];
  for (const run of [...runs].sort(byAge)) {
    if (run.sequence !== undefined) continue;
    run.sequence = next++;
    filled.push(run);
  }
  return filled;
}

/**
 * Stores the run and its per-dialogue scores in one transaction (both or neither). The run gets
 * the number after the highest of the data set's runs, so numbers follow the order runs are made.
 */
export async function saveMetricRun(db: MaieuticDb, run: NewMetricRun, dialogues: ScoredDialogue[]): Promise<MetricRunRow> {
  return db.transaction('rw', [db.datasets, db.metricRuns, db.metricRunScores], async () => {
    const dataset = await db.datasets.get(run.datasetId);
    if (!dataset) throw new Error('The data set no longer exists.');
    const existing = await db.metricRuns.where('datasetId').equals(run.datasetId).toArray();
    const filled = numberUnnumbered(existing);
    if (filled.length > 0) await db.metricRuns.bulkPut(checkedRows('metricRuns', filled));
    const row: MetricRunRow = { ...run, ...recordedCodebookHash(dataset), id: newId(), sequence: Math.max(0, ...existing.map((other) => other.sequence ?? 0)) + 1 };
    await db.metricRuns.add(checkedRow('metricRuns', row));
    await db.metricRunScores.add(checkedRow('metricRunScores', { runId: row.id, datasetId: run.datasetId, dialogues }));
    return row;
  });
}

/** The data set's runs (summaries), newest first, each with its number (given once to runs saved before numbers). */
export async function listMetricRuns(db: MaieuticDb, datasetId: string): Promise<MetricRunRow[]> {
  const runs = await db.transaction('rw', db.metricRuns, async () => {
    const rows = await db.metricRuns.where('datasetId').equals(datasetId).toArray();
    const filled = numberUnnumbered(rows);
    if (filled.length > 0) await db.metricRuns.bulkPut(checkedRows('metricRuns', filled));
    return rows;
  });
  return runs.sort((a, b) => byAge(b, a));
}

/** Names the run (trimmed, at most RUN_NAME_MAX_LENGTH characters), or takes its name away when blank; returns the run as stored. */
export async function renameMetricRun(db: MaieuticDb, runId: string, name: string): Promise<MetricRunRow> {
  const trimmed = name.replace(/\s+/g, ' ').trim().slice(0, RUN_NAME_MAX_LENGTH);
  return db.transaction('rw', db.metricRuns, async () => {
    const run = await db.metricRuns.get(runId);
    if (!run) throw new Error('This run no longer exists.');
    const renamed: MetricRunRow = { ...run, name: trimmed };
    if (trimmed === '') delete renamed.name;
    await db.metricRuns.put(checkedRow('metricRuns', renamed));
    return renamed;
  });
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
