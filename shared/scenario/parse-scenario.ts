import type { SamplingParameters } from '../llm/connection';
import { checkSchema, type SchemaProblem, type ValuePath } from './check-schema';
import { parseFlow } from './parse-flow';
import { scenarioSizeProblems } from './scenario-size';
import { SCENARIO_SCHEMA } from './schema';
import {
  type AnswerCheckSpec, type Assessment, type JudgeRole, SCENARIO_FORMAT, type Scenario, SPEAKING_ROLES, type SpeakingRole,
  type SpeakingRoleName, type TaskCross, type TaskRow, type TaskSource, TURN_VARIABLES,
} from './types';
import { promptVariables } from './variables';
import { formatPath, readYamlMapping, type LocatedProblem } from './yaml-file';

/** One problem of a scenario file, where it is: `text` reads `scenario.yaml:12:5: roles.teacher.system: …`. */
export type ScenarioProblem = LocatedProblem;

export type ParseScenarioResult = { ok: true; scenario: Scenario } | { ok: false; problems: ScenarioProblem[] };

/* eslint-disable @typescript-eslint/no-explicit-any -- the value has passed the schema check: its shape is known */
type Checked = any;

const DEFAULT_LABELS: Record<SpeakingRoleName, string> = { teacher: '教师', student: '学生', guide: '向导' };

export { formatPath };

function sampling(value: Checked): SamplingParameters {
  return value ? { ...value } : {};
}

function buildTasks(value: Checked, problems: SchemaProblem[]): TaskSource {
  const rows: TaskRow[] = value.rows ?? [];
  if ((value.rows === undefined) === (value.csv === undefined)) problems.push({ path: ['tasks'], message: 'give either rows or csv (one of them)' });
  if (value.csv !== undefined && value.columns === undefined) problems.push({ path: ['tasks'], message: 'a csv source needs columns: the parser does not read the file, and the prompts are checked against them' });
  if (value.rows !== undefined && value.columns !== undefined) problems.push({ path: ['tasks', 'columns'], atKey: true, message: 'columns go with csv; inline rows name their own' });
  const base: string[] = value.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns = [...base];
  const cross: TaskCross[] = Object.entries(value.cross ?? {}).map(([name, entries]) => ({ name, entries: entries as TaskRow[] }));
  for (const list of cross) {
    for (const key of new Set(list.entries.flatMap((entry) => Object.keys(entry)))) {
      if (columns.includes(key)) problems.push({ path: ['tasks', 'cross', list.name], message: `the column ${key} is given twice (in the rows or another cross list)` });
      else columns.push(key);
    }
  }
  for (const column of columns) {
    if ((TURN_VARIABLES as readonly string[]).includes(column)) problems.push({ path: ['tasks'], message: `the column ${column} has the name of a turn variable (${TURN_VARIABLES.join(', ')})` });
  }
  return { rows, csv: value.csv, columns, cross };
}

/** A variable a prompt uses must be a column every task row has (or, in turn prompts, a turn variable). */
function checkVariables(prompt: string, path: ValuePath, known: readonly string[], tasks: TaskSource, problems: SchemaProblem[]): void {
  for (const name of promptVariables(prompt)) {
    if (!known.includes(name)) {
      problems.push({ path, message: `{{${name}}} is not a variable here (known: ${known.join(', ') || 'none'})` });
      continue;
    }
    tasks.rows.forEach((row, index) => {
      const inCross = tasks.cross.some((list) => list.entries.every((entry) => Object.hasOwn(entry, name)));
      if (tasks.columns.includes(name) && !Object.hasOwn(row, name) && !inCross) problems.push({ path: ['tasks', 'rows', index], message: `the row has no ${name}, which ${formatPath(path)} uses` });
    });
    for (const list of tasks.cross) {
      const anyHas = list.entries.some((entry) => Object.hasOwn(entry, name));
      list.entries.forEach((entry, index) => {
        if (anyHas && !Object.hasOwn(entry, name)) problems.push({ path: ['tasks', 'cross', list.name, index], message: `the entry has no ${name}, which ${formatPath(path)} uses` });
      });
    }
  }
}

function buildRole(name: SpeakingRoleName, value: Checked, problems: SchemaProblem[]): SpeakingRole {
  const connections: string[] = Array.isArray(value.connection) ? value.connection : [value.connection];
  if (connections.length > 1 && name !== 'teacher') problems.push({ path: ['roles', name, 'connection'], message: 'only the teacher (the model under test) may list several connections' });
  const turnAt: Record<number, string> = {};
  for (const [key, prompt] of Object.entries(value.turn_at ?? {})) turnAt[Number(key)] = prompt as string;
  return { name, connections, label: value.label ?? DEFAULT_LABELS[name], view: value.view ?? 'conversation', system: value.system, turn: value.turn, turnAt, sampling: sampling(value.sampling) };
}

function buildCheck(value: Checked, problems: SchemaProblem[]): AnswerCheckSpec {
  const path = ['assessment', 'check'];
  if (value.kind !== 'regex') {
    if (value.pattern !== undefined || value.flags !== undefined) problems.push({ path, message: `pattern and flags go with kind regex, not ${value.kind}` });
    return { kind: value.kind };
  }
  if (value.pattern === undefined) {
    problems.push({ path, message: 'kind regex needs a pattern' });
    return { kind: 'regex', pattern: '', flags: '' };
  }
  try {
    new RegExp(value.pattern, value.flags ?? '');
  } catch (error) {
    problems.push({ path: [...path, 'pattern'], message: `is not a valid regular expression (${(error as Error).message})` });
  }
  return { kind: 'regex', pattern: value.pattern, flags: value.flags ?? '' };
}

function buildScenario(value: Checked, problems: SchemaProblem[]): Scenario {
  const tasks = buildTasks(value.tasks, problems);
  const roles: Partial<Record<SpeakingRoleName, SpeakingRole>> = {};
  for (const name of SPEAKING_ROLES) if (value.roles[name]) roles[name] = buildRole(name, value.roles[name], problems);
  const turnKnown = [...tasks.columns, ...TURN_VARIABLES];
  for (const role of Object.values(roles)) {
    checkVariables(role.system, ['roles', role.name, 'system'], tasks.columns, tasks, problems);
    if (role.turn !== undefined) checkVariables(role.turn, ['roles', role.name, 'turn'], turnKnown, tasks, problems);
    for (const [at, prompt] of Object.entries(role.turnAt)) checkVariables(prompt, ['roles', role.name, 'turn_at', at], turnKnown, tasks, problems);
    if (role.view === 'transcript' && role.turn === undefined) problems.push({ path: ['roles', role.name], message: 'a role with view transcript needs a turn prompt (it gets the dialogue through {{transcript}})' });
  }
  const judgeValue = value.roles.judge;
  const judge: JudgeRole | undefined = judgeValue ? { connection: judgeValue.connection, rubricSet: judgeValue.rubric_set, sampling: sampling(judgeValue.sampling) } : undefined;
  const flow = parseFlow(value.flow, new Set(Object.keys(roles) as SpeakingRoleName[]), problems);
  let assessment: Assessment | undefined;
  if (value.assessment) {
    const a = value.assessment;
    if (!roles[a.role as SpeakingRoleName]) problems.push({ path: ['assessment', 'role'], message: `${a.role} is not a declared role` });
    a.k.forEach((k: number, index: number) => {
      if (k > a.samples) problems.push({ path: ['assessment', 'k', index], message: `k = ${k} is more than the ${a.samples} samples drawn` });
    });
    if (!tasks.columns.includes('reference_answer')) problems.push({ path: ['assessment'], message: 'the Pass@k probe checks answers against the reference_answer column, which the tasks do not have' });
    else checkVariables('{{reference_answer}}', ['assessment'], tasks.columns, tasks, problems);
    checkVariables(a.prompt, ['assessment', 'prompt'], turnKnown, tasks, problems);
    assessment = { role: a.role, prompt: a.prompt, samples: a.samples, k: [...a.k], check: buildCheck(a.check, problems), sampling: sampling(a.sampling) };
  }
  return {
    format: SCENARIO_FORMAT,
    id: value.id,
    version: value.version,
    name: value.name,
    description: value.description ?? { en: '', zh: '' },
    roles,
    ...(judge ? { judge } : {}),
    tasks,
    repeats: value.repeats ?? 1,
    flow,
    ...(assessment ? { assessment } : {}),
  };
}

/**
 * A scenario file read and checked: every problem at once, each with the file, line, column
 * and path, unknown keys refused. `file` is only used to name the file in problems.
 */
export function parseScenarioYaml(text: string, file: string): ParseScenarioResult {
  const read = readYamlMapping(text, file, { kind: 'scenario', notMapping: (found) => `a scenario file is a mapping of keys (format, id, roles, tasks, flow…), not ${found}` });
  if (!read.ok) return read;
  const problems = checkSchema(SCENARIO_SCHEMA, read.value);
  const scenario = problems.length === 0 ? buildScenario(read.value, problems) : undefined;
  if (scenario && problems.length === 0) problems.push(...scenarioSizeProblems(scenario));
  if (problems.length === 0 && scenario) return { ok: true, scenario };
  return { ok: false, problems: read.place(problems) };
}

/** A scenario known to be valid (a bundled template); throws with every problem otherwise. */
export function parseScenarioOrThrow(text: string, file: string): Scenario {
  const result = parseScenarioYaml(text, file);
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.text).join('\n'));
  return result.scenario;
}
