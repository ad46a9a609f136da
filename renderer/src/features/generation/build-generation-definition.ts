/**
 * What a generation job is given, from a saved scenario version and the dialog's choices: the
 * scenario's YAML (main parses it again), its hash, the expanded task rows and one item per
 * conversation. A thin local builder until shared/scenario/generation-problems.ts
 * (buildGenerationDefinition, branch h-engine) lands; it takes the same input so the integrator
 * only switches the import.
 */
import type { JobBudget } from '../../../../shared/jobs';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import type { RubricSet } from '../../../../shared/judge/types';
import { parseScenarioYaml } from '../../../../shared/scenario/parse-scenario';
import { BOUND_ROLES, conversationItemId, type BoundRole, type GenerationJobDefinition, type GenerationPreference, type GenerationSafety } from '../../../../shared/scenario/generation-job';
import { expandTaskRows, scenarioConversations, scenarioHash } from '../../../../shared/scenario/task-rows';
import type { Scenario, TaskRow } from '../../../../shared/scenario/types';

export interface GenerationDefinitionInput {
  scenarioSource: string;
  scenarioFile: string;
  /** the task rows read from the scenario's CSV; absent: its inline rows */
  rows?: readonly TaskRow[];
  teacherConnectionIds: readonly string[];
  roleConnections: Partial<Record<BoundRole, string>>;
  title: string;
  safety?: GenerationSafety;
  preference?: GenerationPreference;
  budget?: JobBudget;
}

/** As shared/scenario/generation-problems.ts returns it. */
export type GenerationDefinitionResult = { ok: true; definition: GenerationJobDefinition } | { ok: false; problems: string[] };

/** The roles that must have a connection: the speaking ones besides the teacher, and the judge when the safety check scores (as the engine's requiredBoundRoles). */
export function requiredRoles(scenario: Scenario, safetyJudge: boolean): BoundRole[] {
  return BOUND_ROLES.filter((role) => (role === 'judge' ? safetyJudge : scenario.roles[role] !== undefined));
}

/** The roles the dialog offers a connection for: the required ones, and the judge a scenario declares. */
export function rolesToBind(scenario: Scenario, safetyJudge = false): BoundRole[] {
  return BOUND_ROLES.filter((role) => requiredRoles(scenario, safetyJudge).includes(role) || (role === 'judge' && scenario.judge !== undefined));
}

/** Whether a scenario can make preference pairs: the guide proposes, the assessment scores. */
export function supportsPreference(scenario: Scenario): boolean {
  return scenario.roles.guide !== undefined && scenario.assessment !== undefined;
}

export function safetyJudge(rubricSet: RubricSet, minScore: number): NonNullable<GenerationSafety['judge']> {
  return { rubricSet, rubricSetHash: rubricSetHash(rubricSet), minScore };
}

export function buildGenerationDefinition(input: GenerationDefinitionInput): GenerationDefinitionResult {
  const parsed = parseScenarioYaml(input.scenarioSource, input.scenarioFile);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((problem) => problem.text) };
  const { scenario } = parsed;
  const problems: string[] = [];
  if (input.title.trim() === '') problems.push('the run needs a name');
  if (input.teacherConnectionIds.length === 0) problems.push('choose at least one teacher connection');
  if (new Set(input.teacherConnectionIds).size !== input.teacherConnectionIds.length) problems.push('a teacher connection is chosen twice');
  for (const role of requiredRoles(scenario, input.safety?.judge !== undefined)) if (!input.roleConnections[role]) problems.push(`choose a connection for the ${role}`);
  const safety = input.safety;
  if (safety?.words && safety.words.some((word) => word.trim() === '')) problems.push('the word list holds an empty word');
  if (safety?.judge && !(Number.isFinite(safety.judge.minScore))) problems.push('the safety check needs a minimum score');
  const preference = input.preference;
  if (preference) {
    if (!supportsPreference(scenario)) problems.push('preference pairs need a scenario with a guide and an assessment');
    if (preference.atStudentTurns.length === 0 || preference.atStudentTurns.some((turn) => !Number.isInteger(turn) || turn < 1)) problems.push('list the student turns (1, 2, …) to branch at');
    if (!Number.isInteger(preference.candidates) || preference.candidates < 2) problems.push('preference pairs need at least 2 candidates');
  }
  let rows: TaskRow[] = [];
  try {
    rows = expandTaskRows(scenario, input.rows);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  if (problems.length === 0 && rows.length === 0) problems.push('the scenario has no task rows');
  if (problems.length > 0) return { ok: false, problems };

  const conversations = scenarioConversations(scenario, rows).map(({ taskIndex, repeatId }) => ({ id: conversationItemId(taskIndex, repeatId), taskIndex, repeatId }));
  const roleConnections = Object.fromEntries(rolesToBind(scenario, safety?.judge !== undefined).flatMap((role) => (input.roleConnections[role] ? [[role, input.roleConnections[role]]] : [])));
  const definition: GenerationJobDefinition = {
    kind: 'generation',
    title: input.title.trim(),
    connectionIds: [...input.teacherConnectionIds],
    itemIds: conversations.map((conversation) => conversation.id),
    ...(input.budget && (input.budget.maxTokens !== undefined || input.budget.maxCost !== undefined) ? { budget: { ...input.budget } } : {}),
    parameters: {
      scenarioSource: input.scenarioSource,
      scenarioFile: input.scenarioFile,
      scenarioHash: scenarioHash(scenario),
      rows,
      conversations,
      roleConnections,
      ...(safety && (safety.words?.length || safety.judge) ? { safety } : {}),
      ...(preference ? { preference } : {}),
    },
  };
  return { ok: true, definition };
}

/**
 * An upper bound of the calls a run makes: every conversation of every teacher speaks at most
 * `max_turns` turns (once per role on a path without loops); the assessed role cannot speak more
 * often than that, so its probe draws `samples` answers at most before each of those turns and
 * once after the last; each preference branch asks the guide once and has each candidate
 * answered and probed; the safety judge scores each finished dialogue once.
 */
export function generationCallBound(scenario: Scenario, definition: GenerationJobDefinition): number {
  const turns = scenario.flow.maxTurns ?? Object.keys(scenario.roles).length;
  const probe = scenario.assessment ? (turns + 1) * scenario.assessment.samples : 0;
  const preference = definition.parameters.preference;
  const branches = preference && scenario.assessment ? preference.atStudentTurns.length * (1 + preference.candidates * (1 + scenario.assessment.samples)) : 0;
  const judge = definition.parameters.safety?.judge ? 1 : 0;
  return definition.itemIds.length * definition.connectionIds.length * (turns + probe + branches + judge);
}
