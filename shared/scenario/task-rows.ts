import { contentHash } from '../import/hash';
import { canonicalJson } from '../llm/cache-key';
import type { Scenario, TaskRow } from './types';

/**
 * The task rows a run goes through: the inline rows (or `csvRows`, read by the caller from
 * `tasks.csv`), each combined with one entry of every cross list, in order (the first list varies
 * slowest). Throws when a CSV-read row lacks a declared column.
 */
export function expandTaskRows(scenario: Scenario, csvRows?: readonly TaskRow[]): TaskRow[] {
  const base = scenario.tasks.csv !== undefined ? csvRows : scenario.tasks.rows;
  if (!base) throw new Error(`The scenario ${scenario.id} takes its tasks from ${scenario.tasks.csv}: read it and pass its rows.`);
  if (scenario.tasks.csv !== undefined) {
    const crossColumns = new Set(scenario.tasks.cross.flatMap((list) => list.entries.flatMap((entry) => Object.keys(entry))));
    base.forEach((row, index) => {
      const missing = scenario.tasks.columns.filter((column) => !crossColumns.has(column) && !Object.hasOwn(row, column));
      if (missing.length > 0) throw new Error(`Row ${index + 1} of ${scenario.tasks.csv} has no ${missing.join(', ')}.`);
    });
  }
  let rows: TaskRow[] = [...base];
  for (const list of scenario.tasks.cross) rows = rows.flatMap((row) => list.entries.map((entry) => ({ ...row, ...entry })));
  return rows;
}

/** One conversation of a run: a task row (by its index in expandTaskRows) and a repeat, 1-based as SID's repeat_id. */
export interface ScenarioConversation {
  taskIndex: number;
  repeatId: number;
  row: TaskRow;
}

/**
 * Every conversation a run has, for each teacher connection: rows × repeats, the repeats of a row
 * together. Made one at a time as they are taken, so its memory stays flat whatever the count
 * (the count itself is scenarioSize's, refused above the limit before anything is expanded).
 */
export function* scenarioConversations(scenario: Scenario, rows: readonly TaskRow[]): Generator<ScenarioConversation, void, undefined> {
  for (const [taskIndex, row] of rows.entries()) {
    for (let repeatId = 1; repeatId <= scenario.repeats; repeatId++) yield { taskIndex, repeatId, row };
  }
}

/**
 * A scenario's version hash: the content hash of its canonical JSON (keys sorted at every level,
 * as rubricSetHash does). The same scenario read from differently formatted YAML (comments, key
 * order, quoting) has the same hash; any change of a prompt, row, setting or direction gives another.
 */
export function scenarioHash(scenario: Scenario): string {
  return contentHash(canonicalJson(scenario));
}
