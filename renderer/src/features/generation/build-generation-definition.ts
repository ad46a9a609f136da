/**
 * What a generation job is given, from a saved scenario version and the dialog's choices: the
 * scenario's YAML (main parses it again), its hash, the expanded task rows and one item per
 * conversation, built by the engine's buildGenerationDefinition; here the roles the dialog asks
 * a connection for (the plan of calls is shared/scenario/run-plan.ts).
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

export { generationCallBound } from '../../../../shared/scenario/run-plan';
