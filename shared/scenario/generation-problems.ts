/**
 * The checks a generation job passes before it runs (IPC at jobs.start, the engine at open), and
 * the one way the renderer and the CLI build a definition: from the scenario's YAML text, the
 * task rows, the connections chosen for each role and the optional safety and preference steps.
 */
import type { JobBudget } from '../jobs/definition';
import { rubricSetHash } from '../judge/rubric-hash';
import { canonicalJson } from '../llm/cache-key';
import { BOUND_ROLES, conversationItemId, type BoundRole, type GenerationJobDefinition, type GenerationPreference, type GenerationSafety } from './generation-job';
import { parseScenarioYaml } from './parse-scenario';
import { MAX_SCENARIO_CONVERSATIONS, MAX_SCENARIO_TASK_ROWS, scenarioSizeProblems } from './scenario-size';
import { expandTaskRows, scenarioConversations, scenarioHash } from './task-rows';
import type { Scenario, TaskRow } from './types';

/** Limits a definition stays within: it crosses IPC and is journaled whole (a scenario's own, scenario-size.ts). */
export const MAX_GENERATION_CONVERSATIONS = MAX_SCENARIO_CONVERSATIONS;
export const MAX_GENERATION_ROWS = MAX_SCENARIO_TASK_ROWS;
export const MAX_SCENARIO_SOURCE = 1_000_000;
export const MAX_PREFERENCE_CANDIDATES = 10;
export const MAX_SAFETY_WORDS = 2_000;

/** The scenario of a definition, parsed, or every problem of its source and hash. */
export function generationScenario(parameters: { scenarioSource: string; scenarioFile: string; scenarioHash: string }): { ok: true; scenario: Scenario } | { ok: false; problems: string[] } {
  if (parameters.scenarioSource.length > MAX_SCENARIO_SOURCE) return { ok: false, problems: [`the scenario source is longer than ${MAX_SCENARIO_SOURCE.toLocaleString('en-US')} characters`] };
  const parsed = parseScenarioYaml(parameters.scenarioSource, parameters.scenarioFile);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((problem) => problem.text) };
  const hash = scenarioHash(parsed.scenario);
  if (hash !== parameters.scenarioHash) return { ok: false, problems: [`the scenario ${parsed.scenario.id} hashes to ${hash}, not to the ${JSON.stringify(parameters.scenarioHash)} the job names: it was changed after the job was made`] };
  return parsed;
}

/** The bound roles a scenario needs: its student and guide when it has them, the judge when the safety step asks one. */
export function requiredBoundRoles(scenario: Scenario, safety: GenerationSafety | undefined): BoundRole[] {
  return rolesNeedingConnections(scenario, safety?.judge !== undefined);
}

/** The roles a run must bind: every speaking role besides the teacher, and the judge when the safety check scores. */
export function rolesNeedingConnections(scenario: Scenario, safetyJudgeScores: boolean): BoundRole[] {
  return BOUND_ROLES.filter((role) => (role === 'judge' ? safetyJudgeScores : scenario.roles[role] !== undefined));
}

function rowProblems(scenario: Scenario, rows: readonly TaskRow[]): string[] {
  const problems: string[] = [];
  if (rows.length === 0) problems.push('the job has no task rows');
  if (rows.length > MAX_GENERATION_ROWS) problems.push(`a generation job takes at most ${MAX_GENERATION_ROWS.toLocaleString('en-US')} task rows (got ${rows.length.toLocaleString('en-US')})`);
  if (scenario.tasks.csv === undefined && rows.length <= MAX_GENERATION_ROWS && canonicalJson(rows) !== canonicalJson(expandTaskRows(scenario))) problems.push('the task rows are not the scenario\'s own rows (with its cross lists)');
  const needed = [...scenario.tasks.columns, ...(scenario.assessment && scenario.assessment.check.kind !== 'regex' ? ['reference_answer'] : [])];
  const incomplete = rows.findIndex((row) => needed.some((column) => !Object.hasOwn(row, column)));
  if (incomplete >= 0) problems.push(`task row ${incomplete + 1} has no ${needed.filter((column) => !Object.hasOwn(rows[incomplete], column)).join(', ')}`);
  const badValue = rows.findIndex((row) => Object.values(row).some((value) => typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))));
  if (badValue >= 0) problems.push(`task row ${badValue + 1} holds a value that is neither text nor a finite number`);
  return problems;
}

function preferenceProblems(scenario: Scenario, preference: GenerationPreference): string[] {
  const problems: string[] = [];
  if (!scenario.roles.guide) problems.push('preference pairs need a guide role in the scenario');
  if (!scenario.roles.student) problems.push('preference pairs need a student role in the scenario');
  if (!scenario.assessment) problems.push('preference pairs need an assessment (the Pass@k probe scores the candidates)');
  const { candidates, atStudentTurns } = preference;
  if (!(Number.isInteger(candidates) && candidates >= 2 && candidates <= MAX_PREFERENCE_CANDIDATES)) problems.push(`preference.candidates must be a whole number from 2 to ${MAX_PREFERENCE_CANDIDATES} (got ${String(candidates)})`);
  if (atStudentTurns.length === 0) problems.push('preference.atStudentTurns names no turn');
  if (atStudentTurns.some((turn) => !(Number.isInteger(turn) && turn >= 1 && turn <= 10_000))) problems.push('preference.atStudentTurns holds a turn that is not a whole number from 1');
  if (new Set(atStudentTurns).size !== atStudentTurns.length) problems.push('preference.atStudentTurns names a turn twice');
  return problems;
}

function safetyProblems(safety: GenerationSafety): string[] {
  const problems: string[] = [];
  if (safety.words !== undefined) {
    if (safety.words.length > MAX_SAFETY_WORDS) problems.push(`safety.words holds more than ${MAX_SAFETY_WORDS} words`);
    if (safety.words.some((word) => word.trim() === '')) problems.push('safety.words holds a blank word');
  }
  if (safety.judge) {
    const { rubricSet, minScore } = safety.judge;
    const hash = rubricSetHash(rubricSet);
    if (safety.judge.rubricSetHash !== hash) problems.push(`the safety rubric set ${rubricSet.id}@${rubricSet.version} hashes to ${hash}, not to the ${JSON.stringify(safety.judge.rubricSetHash)} the job names`);
    if (!Number.isFinite(minScore)) problems.push('safety.judge.minScore must be a finite number');
  }
  return problems;
}

/** Problems with a generation job's parameters beyond their shape, in words; empty when it can run. */
export function generationParameterProblems(definition: GenerationJobDefinition): string[] {
  const { parameters } = definition;
  const parsed = generationScenario(parameters);
  if (!parsed.ok) return parsed.problems;
  const scenario = parsed.scenario;
  const problems = rowProblems(scenario, parameters.rows);
  const { conversations } = parameters;
  if (conversations.length > MAX_GENERATION_CONVERSATIONS) problems.push(`a generation job takes at most ${MAX_GENERATION_CONVERSATIONS.toLocaleString('en-US')} conversations (got ${conversations.length.toLocaleString('en-US')})`);
  if (conversations.length !== definition.itemIds.length || conversations.some((conversation, index) => conversation.id !== definition.itemIds[index])) problems.push('the conversations are not the job\'s items, one each in item order');
  const wrong = conversations.find((conversation) => !(Number.isInteger(conversation.taskIndex) && conversation.taskIndex >= 0 && conversation.taskIndex < parameters.rows.length) || !(Number.isInteger(conversation.repeatId) && conversation.repeatId >= 1) || conversation.id !== conversationItemId(conversation.taskIndex, conversation.repeatId));
  if (wrong) problems.push(`the conversation ${JSON.stringify(wrong.id)} names no task row of the job, or its id is not t<task>-r<repeat>`);
  if ((definition.samples ?? 1) !== 1) problems.push('a generation job has one sample per conversation (repeats are the scenario\'s)');
  for (const role of requiredBoundRoles(scenario, parameters.safety)) {
    if (!parameters.roleConnections[role]) problems.push(`the ${role} role has no connection`);
  }
  for (const role of Object.keys(parameters.roleConnections)) if (!(BOUND_ROLES as readonly string[]).includes(role)) problems.push(`roleConnections names an unknown role ${JSON.stringify(role)}`);
  if (parameters.safety) problems.push(...safetyProblems(parameters.safety));
  if (parameters.preference) problems.push(...preferenceProblems(scenario, parameters.preference));
  return problems;
}

export interface GenerationDefinitionRequest {
  scenarioSource: string;
  scenarioFile: string;
  /** the rows read from the scenario's `tasks.csv` (the cross lists are applied here); ignored for inline rows */
  rows?: readonly TaskRow[];
  teacherConnectionIds: readonly string[];
  roleConnections: Partial<Record<BoundRole, string>>;
  title: string;
  safety?: GenerationSafety;
  preference?: GenerationPreference;
  budget?: JobBudget;
}

/** A definition ready for jobs.start (every conversation of the scenario on every teacher connection), or every problem found. */
export function buildGenerationDefinition(request: GenerationDefinitionRequest): { ok: true; definition: GenerationJobDefinition } | { ok: false; problems: string[] } {
  const parsed = parseScenarioYaml(request.scenarioSource, request.scenarioFile);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((problem) => problem.text) };
  const scenario = parsed.scenario;
  // counted before anything is expanded: a CSV of many rows times the cross lists and repeats
  const tooLarge = scenario.tasks.csv !== undefined && request.rows ? scenarioSizeProblems(scenario, request.rows.length) : [];
  if (tooLarge.length > 0) return { ok: false, problems: tooLarge.map((problem) => `${problem.path.join('.')}: ${problem.message}`) };
  let rows: TaskRow[];
  try {
    rows = expandTaskRows(scenario, request.rows);
  } catch (error) {
    return { ok: false, problems: [(error as Error).message] };
  }
  const conversations = Array.from(scenarioConversations(scenario, rows), ({ taskIndex, repeatId }) => ({ id: conversationItemId(taskIndex, repeatId), taskIndex, repeatId }));
  const definition: GenerationJobDefinition = {
    kind: 'generation',
    title: request.title,
    connectionIds: [...request.teacherConnectionIds],
    itemIds: conversations.map((conversation) => conversation.id),
    ...(request.budget ? { budget: request.budget } : {}),
    parameters: {
      scenarioSource: request.scenarioSource,
      scenarioFile: request.scenarioFile,
      scenarioHash: scenarioHash(scenario),
      rows,
      conversations,
      roleConnections: { ...request.roleConnections },
      ...(request.safety ? { safety: request.safety } : {}),
      ...(request.preference ? { preference: request.preference } : {}),
    },
  };
  const problems = [...(request.teacherConnectionIds.length === 0 ? ['choose at least one teacher connection'] : []), ...generationParameterProblems(definition)];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, definition };
}
