/**
 * Generated dialogues in the renderer's database (schema v13, issue 14): the scenario versions a
 * profile has saved, each generation run, and each conversation it produced. A run's dialogues
 * become a data set (through the SID importer) once the run is done; the conversations stay, for
 * the learning curves, the preference pairs and the list of what the safety check dropped.
 */
import type { GenerationJobPayload, GenerationPreference } from '../scenario/generation-job';

/** One saved version of a scenario (`${scenarioId}@${hash}`), never rewritten: an edit is a new row. */
export interface ScenarioVersionRow {
  id: string;
  scenarioId: string;
  /** the scenario's own `version` field, for people */
  version: string;
  /** scenarioHash of the parsed scenario */
  hash: string;
  /** the YAML text as saved (comments and all) */
  source: string;
  /** where it came from: a bundled template's file name, an imported file's name, or the editor */
  origin: string;
  createdAt: string;
}

/** One generation run (a job), by its job id. */
export interface GenerationRunRow {
  id: string;
  title: string;
  scenario: { id: string; version: string; hash: string };
  /** the teacher connections' ids and names, in the job's order */
  teachers: { connectionId: string; name: string; model: string }[];
  /** connection id per other role */
  roleConnections: Record<string, string>;
  conversations: number;
  /** the preference step the job was started with (its student turns and candidates); absent without one, and in runs recorded before it was kept */
  preference?: GenerationPreference;
  createdAt: string;
  /** the data set made from the run's kept dialogues; null until made */
  datasetId: string | null;
}

/** One conversation × teacher connection of a run (`${runId}|${jobItemKey}`), as the engine gave it. */
export interface GeneratedConversationRow {
  id: string;
  runId: string;
  payload: GenerationJobPayload;
}
