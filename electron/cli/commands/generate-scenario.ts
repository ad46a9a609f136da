/**
 * The scenario of a `generate` run as the engine takes it: the YAML text (the job carries the
 * source, and main parses it again), the parsed scenario, and the rows of its `tasks.csv` when it
 * names one, read inside the scenario's folder (readNamedConfigFile) by the import's CSV reader (the definition builder
 * applies the cross lists).
 */
import { basename, dirname, join } from 'node:path';
import { listExcerpt } from '../../../shared/config-files';
import { readDelimitedRows } from '../../../shared/import/delimited/read-rows';
import { parseScenarioYaml, type Scenario, type TaskRow } from '../../../shared/scenario';
import { fileLine, lineText } from '../terminal-text';
import { readInputText, readNamedInputText } from './generate-files';

export interface LoadedScenario {
  source: string;
  /** the name problems are reported under (the path as given) */
  file: string;
  scenario: Scenario;
  /** the CSV's rows, before the cross lists; absent for inline rows */
  csvRows?: TaskRow[];
}

/** The CSV's rows as task rows: its header names the columns; every declared column must be one of them. */
async function readCsvRows(scenarioPath: string, scenario: Scenario): Promise<{ rows: TaskRow[] } | { problems: string[] }> {
  const csv = scenario.tasks.csv as string;
  const read = await readNamedInputText(scenarioPath, 'tasks.csv', csv, 'task-file');
  if ('problem' in read) return { problems: [read.problem] };
  const path = join(dirname(scenarioPath), csv);
  const table = readDelimitedRows(basename(path), read.text);
  const problems = table.problems.map((problem) => fileLine(path, problem.line, problem.message));
  const crossColumns = new Set(scenario.tasks.cross.flatMap((list) => list.entries.flatMap((entry) => Object.keys(entry))));
  const missing = scenario.tasks.columns.filter((column) => !crossColumns.has(column) && !table.header.includes(column));
  if (missing.length > 0) problems.push(fileLine(path, table.headerLine, `the header has no column ${missing.join(', ')}, which tasks.columns of ${scenarioPath} declares (header: ${listExcerpt(table.header) || 'none'})`));
  if (table.rows.length === 0) problems.push(fileLine(path, null, 'the task file has no rows'));
  for (const row of table.rows) if (row.cells.length !== table.header.length) problems.push(fileLine(path, row.line, `${row.cells.length} cells where the header has ${table.header.length}`));
  if (problems.length > 0) return { problems };
  const rows = table.rows.map((row) => Object.fromEntries(table.header.map((column, index) => [column, row.cells[index]])) as TaskRow);
  return { rows };
}

/** The scenario and its rows, or every problem as `file:line:column: path: message`. */
export async function loadScenario(path: string): Promise<LoadedScenario | { problems: string[] }> {
  const read = await readInputText(path, 'scenario');
  if ('problem' in read) return { problems: [read.problem] };
  const parsed = parseScenarioYaml(read.text, path);
  if (!parsed.ok) return { problems: parsed.problems.map((problem) => lineText(problem.text)) };
  const scenario = parsed.scenario;
  if (scenario.tasks.csv === undefined) return { source: read.text, file: path, scenario };
  const csv = await readCsvRows(path, scenario);
  if ('problems' in csv) return csv;
  return { source: read.text, file: path, scenario, csvRows: csv.rows };
}
