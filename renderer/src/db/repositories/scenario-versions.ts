/**
 * The scenario versions a profile has saved (table scenarioVersions, issue 14). A version is the
 * YAML text as written, under `${scenarioId}@${hash}`, and is never rewritten: saving an edit
 * stores a new row, and saving the same content again (even formatted otherwise) returns the row
 * already stored. The text is checked by parseScenarioYaml first, so nothing invalid is stored.
 */
import type { ScenarioVersionRow } from '../../../../shared/model/generation';
import { parseScenarioYaml, scenarioHash, type ScenarioProblem } from '../../../../shared/scenario';
import type { MaieuticDb } from '../db';
import { ValidationError } from './validate';
import { checkedRow } from './row-checks';

export const scenarioVersionId = (scenarioId: string, hash: string) => `${scenarioId}@${hash}`;

/** A scenario text that cannot be saved: every problem, with line and column. */
export class ScenarioInvalidError extends ValidationError {
  override name = 'ScenarioInvalidError';
  readonly problems: ScenarioProblem[];
  constructor(problems: ScenarioProblem[]) {
    super(`The scenario has ${problems.length} problem(s): ${problems.map((problem) => problem.text).join('; ')}`);
    this.problems = problems;
  }
}

const newestFirst = (a: ScenarioVersionRow, b: ScenarioVersionRow) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : 1);

/**
 * Stores the text as a version of the scenario it declares; `origin` says where it came from (a
 * template's file, an imported file's name, `editor`). The same content is stored once.
 */
export async function saveScenarioVersion(db: MaieuticDb, source: string, origin: string, now: () => Date = () => new Date()): Promise<{ row: ScenarioVersionRow; alreadyStored: boolean }> {
  const parsed = parseScenarioYaml(source, origin || 'scenario.yaml');
  if (!parsed.ok) throw new ScenarioInvalidError(parsed.problems);
  const hash = scenarioHash(parsed.scenario);
  const id = scenarioVersionId(parsed.scenario.id, hash);
  return db.transaction('rw', db.scenarioVersions, async () => {
    const existing = await db.scenarioVersions.get(id);
    if (existing) return { row: existing, alreadyStored: true };
    const row: ScenarioVersionRow = { id, scenarioId: parsed.scenario.id, version: parsed.scenario.version, hash, source, origin, createdAt: now().toISOString() };
    await db.scenarioVersions.add(checkedRow('scenarioVersions', row));
    return { row, alreadyStored: false };
  });
}

export async function getScenarioVersion(db: MaieuticDb, id: string): Promise<ScenarioVersionRow | undefined> {
  return db.scenarioVersions.get(id);
}

/** Every saved version of one scenario, newest first. */
export async function listScenarioVersions(db: MaieuticDb, scenarioId: string): Promise<ScenarioVersionRow[]> {
  const rows = await db.scenarioVersions.where('scenarioId').equals(scenarioId).toArray();
  return rows.sort(newestFirst);
}

export interface SavedScenarioSummary {
  scenarioId: string;
  latest: ScenarioVersionRow;
  versionCount: number;
}

/** Each saved scenario with its newest version, by scenario id. */
export async function listSavedScenarios(db: MaieuticDb): Promise<SavedScenarioSummary[]> {
  const rows = (await db.scenarioVersions.toArray()).sort(newestFirst);
  const byScenario = new Map<string, SavedScenarioSummary>();
  for (const row of rows) {
    const known = byScenario.get(row.scenarioId);
    if (known) known.versionCount++;
    else byScenario.set(row.scenarioId, { scenarioId: row.scenarioId, latest: row, versionCount: 1 });
  }
  return [...byScenario.values()].sort((a, b) => (a.scenarioId < b.scenarioId ? -1 : a.scenarioId > b.scenarioId ? 1 : 0));
}
