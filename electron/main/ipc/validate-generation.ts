/**
 * The parameters of a `jobs.start` of kind `generation`, checked field by field like the judge's
 * (validate-judge.ts): the scenario's YAML text is parsed again here (every problem with its
 * line and path), the rows, conversations, role bindings, safety and preference by shape; the
 * rubric set of a safety judge through parseRubricSet. generationParameterProblems then checks
 * the hashes, the limits and the bindings against the scenario.
 */
import { parseRubricSet } from '../../../shared/judge';
import {
  BOUND_ROLES, MAX_GENERATION_CONVERSATIONS, MAX_GENERATION_ROWS, MAX_PREFERENCE_CANDIDATES, MAX_SAFETY_WORDS, MAX_SCENARIO_SOURCE, parseScenarioYaml,
  type GenerationConversationRef, type GenerationJobParameters, type GenerationPreference, type GenerationSafety, type TaskRow,
} from '../../../shared/scenario';
import { expectObject } from './validate';
import { fail, finiteNumber, stringList, text } from './validate-llm';

const MAX_COLUMNS = 200;
const MAX_CELL = 100_000;

function rows(channel: string, value: unknown): TaskRow[] {
  if (!Array.isArray(value)) fail(channel, '"rows" must be a list');
  if (value.length > MAX_GENERATION_ROWS) fail(channel, `"rows" holds more than ${MAX_GENERATION_ROWS.toLocaleString('en-US')} rows`);
  return value.map((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) fail(channel, `rows[${index}] must be an object`);
    const cells = Object.entries(entry as Record<string, unknown>);
    if (cells.length > MAX_COLUMNS) fail(channel, `rows[${index}] has more than ${MAX_COLUMNS} columns`);
    const row: Record<string, string | number> = {};
    for (const [column, cell] of cells) {
      if (column.length > 200) fail(channel, `rows[${index}] has a column name longer than 200 characters`);
      if (typeof cell === 'string' && cell.length <= MAX_CELL) row[column] = cell;
      else if (typeof cell === 'number' && Number.isFinite(cell)) row[column] = cell;
      else fail(channel, `rows[${index}].${column.slice(0, 40)} must be text of at most ${MAX_CELL} characters or a finite number`);
    }
    return row;
  });
}

function conversations(channel: string, value: unknown): GenerationConversationRef[] {
  if (!Array.isArray(value)) fail(channel, '"conversations" must be a list');
  if (value.length > MAX_GENERATION_CONVERSATIONS) fail(channel, `"conversations" holds more than ${MAX_GENERATION_CONVERSATIONS.toLocaleString('en-US')} entries`);
  return value.map((entry, index) => {
    const record = expectObject(`${channel} conversations[${index}]`, entry, ['id', 'taskIndex', 'repeatId']);
    return { id: text(channel, record, 'id', 64), taskIndex: finiteNumber(channel, record, 'taskIndex'), repeatId: finiteNumber(channel, record, 'repeatId') };
  });
}

function roleConnections(channel: string, value: unknown): GenerationJobParameters['roleConnections'] {
  const record = expectObject(`${channel} roleConnections`, value, [...BOUND_ROLES]);
  const result: GenerationJobParameters['roleConnections'] = {};
  for (const role of BOUND_ROLES) if (record[role] !== undefined) result[role] = text(channel, record, role, 128);
  return result;
}

function safety(channel: string, value: unknown): GenerationSafety {
  const record = expectObject(`${channel} safety`, value, ['words', 'judge']);
  const result: GenerationSafety = {};
  if (record.words !== undefined) result.words = stringList(channel, record.words, 'safety.words', MAX_SAFETY_WORDS).map((word) => (word.length > 200 ? fail(channel, 'a safety word is longer than 200 characters') : word));
  if (record.judge !== undefined) {
    const judge = expectObject(`${channel} safety.judge`, record.judge, ['rubricSet', 'rubricSetHash', 'minScore']);
    let rubricSet;
    try {
      rubricSet = parseRubricSet(judge.rubricSet, "the safety judge's rubric set");
    } catch (error) {
      fail(channel, (error as Error).message);
    }
    result.judge = { rubricSet, rubricSetHash: text(channel, judge, 'rubricSetHash', 128), minScore: finiteNumber(channel, judge, 'minScore') };
  }
  return result;
}

function preference(channel: string, value: unknown): GenerationPreference {
  const record = expectObject(`${channel} preference`, value, ['atStudentTurns', 'candidates']);
  if (!Array.isArray(record.atStudentTurns) || record.atStudentTurns.some((turn) => typeof turn !== 'number' || !Number.isFinite(turn))) fail(channel, '"preference.atStudentTurns" must be a list of numbers');
  if (record.atStudentTurns.length > 100) fail(channel, '"preference.atStudentTurns" holds more than 100 turns');
  const candidates = finiteNumber(channel, record, 'candidates');
  if (candidates > MAX_PREFERENCE_CANDIDATES) fail(channel, `"preference.candidates" must be at most ${MAX_PREFERENCE_CANDIDATES}`);
  return { atStudentTurns: record.atStudentTurns as number[], candidates };
}

export function generationParameters(channel: string, value: unknown): GenerationJobParameters {
  const record = expectObject(`${channel} parameters`, value, ['scenarioSource', 'scenarioFile', 'scenarioHash', 'rows', 'conversations', 'roleConnections', 'safety', 'preference']);
  const scenarioSource = text(channel, record, 'scenarioSource', MAX_SCENARIO_SOURCE);
  const scenarioFile = text(channel, record, 'scenarioFile', 500);
  const parsed = parseScenarioYaml(scenarioSource, scenarioFile);
  if (!parsed.ok) fail(channel, `the scenario has problems: ${parsed.problems.slice(0, 10).map((problem) => problem.text).join('; ')}`);
  const parameters: GenerationJobParameters = {
    scenarioSource,
    scenarioFile,
    scenarioHash: text(channel, record, 'scenarioHash', 128),
    rows: rows(channel, record.rows),
    conversations: conversations(channel, record.conversations),
    roleConnections: roleConnections(channel, record.roleConnections ?? {}),
  };
  if (record.safety !== undefined) parameters.safety = safety(channel, record.safety);
  if (record.preference !== undefined) parameters.preference = preference(channel, record.preference);
  return parameters;
}
