/**
 * What a generation job is given, from a saved scenario version and the dialog's choices: the
 * scenario's YAML (main parses it again), its hash, the expanded task rows and one item per
 * conversation, built by the engine's buildGenerationDefinition; here the roles the dialog asks
 * a connection for and an upper bound of the calls.
 */
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import type { RubricSet } from '../../../../shared/judge/types';
import { buildGenerationDefinition as buildSharedDefinition, rolesNeedingConnections, type GenerationDefinitionRequest } from '../../../../shared/scenario/generation-problems';
import { BOUND_ROLES, type BoundRole, type GenerationJobDefinition, type GenerationSafety } from '../../../../shared/scenario/generation-job';
import type { Scenario } from '../../../../shared/scenario/types';

export type GenerationDefinitionInput = GenerationDefinitionRequest;

/** As shared/scenario/generation-problems.ts returns it. */
export type GenerationDefinitionResult = { ok: true; definition: GenerationJobDefinition } | { ok: false; problems: string[] };

/** The roles that must have a connection: the speaking ones besides the teacher, and the judge when the safety check scores (as the engine's requiredBoundRoles). */
export function requiredRoles(scenario: Scenario, safetyJudge: boolean): BoundRole[] {
  return rolesNeedingConnections(scenario, safetyJudge);
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

/**
 * The engine's builder (shared/scenario/generation-problems.ts), which also checks the result
 * field by field as jobs.start will, and the dialog's one rule it leaves to callers: a run has a name.
 */
export function buildGenerationDefinition(input: GenerationDefinitionInput): GenerationDefinitionResult {
  const built = buildSharedDefinition({ ...input, title: input.title.trim() });
  const named = input.title.trim() === '' ? ['the run needs a name'] : [];
  if (!built.ok) return { ok: false, problems: [...named, ...built.problems] };
  return named.length > 0 ? { ok: false, problems: named } : built;
}

/**
 * An upper bound of the calls a run makes: every conversation of every teacher speaks at most
 * `max_turns` turns (once per role on a path without loops); the assessed role cannot speak more
 * often than that, so its probe draws `samples` answers at most before each of those turns and
 * once after the last; each preference branch asks the guide for each candidate, has it answered
 * by the teacher and probed; the safety judge scores each finished dialogue once.
 */
export function generationCallBound(scenario: Scenario, definition: GenerationJobDefinition): number {
  const turns = scenario.flow.maxTurns ?? Object.keys(scenario.roles).length;
  const probe = scenario.assessment ? (turns + 1) * scenario.assessment.samples : 0;
  const preference = definition.parameters.preference;
  const branches = preference && scenario.assessment ? preference.atStudentTurns.length * preference.candidates * (2 + scenario.assessment.samples) : 0;
  const judge = definition.parameters.safety?.judge ? 1 : 0;
  return definition.itemIds.length * definition.connectionIds.length * (turns + probe + branches + judge);
}
