/**
 * The Start-generation dialog's fields as typed (text boxes hold strings) turned into a job
 * definition, with every problem said in words, so the dialog only renders and the building is
 * tested without a DOM.
 */
import type { LlmConnection } from '../../../../shared/llm/connection';
import type { JobBudget } from '../../../../shared/jobs';
import type { RubricSet } from '../../../../shared/judge/types';
import type { ScenarioVersionRow } from '../../../../shared/model/generation';
import type { BoundRole, GenerationJobDefinition, GenerationSafety } from '../../../../shared/scenario/generation-job';
import { parseScenarioYaml } from '../../../../shared/scenario/parse-scenario';
import type { Scenario } from '../../../../shared/scenario/types';
import { generationPlan, type GenerationPlan } from '../../../../shared/scenario/run-plan';
import { buildGenerationDefinition, requiredRoles, rolesToBind, safetyJudge } from './build-generation-definition';

export interface GenerationDialogChoices {
  title: string;
  teacherIds: readonly string[];
  roleConnections: Partial<Record<BoundRole, string>>;
  maxTokens: string;
  maxCost: string;
  /** one word or phrase a line (commas also separate) */
  safetyWords: string;
  safetyJudgeOn: boolean;
  safetyRubricSet: RubricSet | null;
  safetyMinScore: string;
  preferenceOn: boolean;
  /** `1, 3`: the student turns to branch at */
  preferenceTurns: string;
  candidates: string;
}

export const EMPTY_CHOICES: GenerationDialogChoices = {
  title: '',
  teacherIds: [],
  roleConnections: {},
  maxTokens: '',
  maxCost: '',
  safetyWords: '',
  safetyJudgeOn: false,
  safetyRubricSet: null,
  safetyMinScore: '3',
  preferenceOn: false,
  preferenceTurns: '1',
  candidates: '4',
};

export type DialogBuild =
  | { ok: true; definition: GenerationJobDefinition; scenario: Scenario; conversations: number; callBound: number; plan: GenerationPlan }
  | { ok: false; problems: string[] };

export function wordList(text: string): string[] {
  return [...new Set(text.split(/[\n,，]/).map((word) => word.trim()).filter((word) => word !== ''))];
}

/** `1, 3 5` → [1, 3, 5]; null when any entry is no positive whole number. */
export function turnList(text: string): number[] | null {
  const parts = text.split(/[\s,，]+/).filter((part) => part !== '');
  const turns = parts.map(Number);
  return turns.every((turn) => Number.isInteger(turn) && turn >= 1) ? [...new Set(turns)].sort((a, b) => a - b) : null;
}

function budgetOf(choices: GenerationDialogChoices, problems: string[]): JobBudget | undefined {
  const budget: JobBudget = {};
  for (const [key, text] of [['maxTokens', choices.maxTokens], ['maxCost', choices.maxCost]] as const) {
    if (text.trim() === '') continue;
    const value = Number(text);
    if (!(Number.isFinite(value) && value > 0)) problems.push(`the ${key === 'maxTokens' ? 'token' : 'cost'} budget must be a positive number`);
    else budget[key] = key === 'maxTokens' ? Math.trunc(value) : value;
  }
  return Object.keys(budget).length > 0 ? budget : undefined;
}

function safetyOf(choices: GenerationDialogChoices, problems: string[]): GenerationSafety | undefined {
  const words = wordList(choices.safetyWords);
  let judge: GenerationSafety['judge'];
  if (choices.safetyJudgeOn) {
    const minScore = Number(choices.safetyMinScore);
    if (!choices.safetyRubricSet) problems.push('choose the rubric set the safety judge scores with');
    else if (choices.safetyMinScore.trim() === '' || !Number.isFinite(minScore)) problems.push('the safety check needs a minimum score');
    else judge = safetyJudge(choices.safetyRubricSet, minScore);
  }
  return words.length > 0 || judge ? { ...(words.length > 0 ? { words } : {}), ...(judge ? { judge } : {}) } : undefined;
}

/** The file name a version's problems are reported under. */
export function scenarioFileOf(version: Pick<ScenarioVersionRow, 'scenarioId' | 'origin'>): string {
  return /\.ya?ml$/i.test(version.origin) ? version.origin : `${version.scenarioId}.yaml`;
}

export function buildFromChoices(version: Pick<ScenarioVersionRow, 'scenarioId' | 'origin' | 'source'>, choices: GenerationDialogChoices): DialogBuild {
  const problems: string[] = [];
  const budget = budgetOf(choices, problems);
  const safety = safetyOf(choices, problems);
  let preference: { atStudentTurns: number[]; candidates: number } | undefined;
  if (choices.preferenceOn) {
    const turns = turnList(choices.preferenceTurns);
    if (!turns || turns.length === 0) problems.push('list the student turns (1, 2, …) to branch at');
    preference = { atStudentTurns: turns ?? [], candidates: Math.trunc(Number(choices.candidates)) };
  }
  const parsed = parseScenarioYaml(version.source, scenarioFileOf(version));
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((problem) => problem.text) };
  const scenario = parsed.scenario;
  // only the roles the dialog offers: a choice left from another scenario goes nowhere
  const offered = rolesToBind(scenario, choices.safetyJudgeOn);
  const roleConnections = Object.fromEntries(Object.entries(choices.roleConnections).filter(([role, id]) => id && offered.includes(role as BoundRole)));
  const built = buildGenerationDefinition({ scenarioSource: version.source, scenarioFile: scenarioFileOf(version), teacherConnectionIds: choices.teacherIds, roleConnections, title: choices.title, safety, preference, budget });
  if (!built.ok) return { ok: false, problems: [...new Set([...problems, ...built.problems])] };
  if (problems.length > 0) return { ok: false, problems };
  const { definition } = built;
  const plan = generationPlan(scenario, definition);
  return { ok: true, definition, scenario, conversations: definition.itemIds.length * definition.connectionIds.length, callBound: plan.calls, plan };
}

/** The connection a scenario's role names (by id, else by name, case-insensitive), for the dialog's first choice. */
export function connectionNamed(connections: readonly Pick<LlmConnection, 'id' | 'name'>[], names: readonly string[]): string | undefined {
  for (const name of names) {
    const found = connections.find((connection) => connection.id === name) ?? connections.find((connection) => connection.name.toLowerCase() === name.toLowerCase());
    if (found) return found.id;
  }
  return undefined;
}

/** What the dialog still needs, as the dialog says it (bilingual); the builder's own words cover the rest. */
export type MissingChoice = { kind: 'name' } | { kind: 'teacher' } | { kind: 'role'; role: BoundRole } | { kind: 'rubricSet' } | { kind: 'turns' } | { kind: 'candidates' } | { kind: 'budget' };

export function missingChoices(scenario: Scenario, choices: GenerationDialogChoices): MissingChoice[] {
  const missing: MissingChoice[] = [];
  if (choices.title.trim() === '') missing.push({ kind: 'name' });
  if (choices.teacherIds.length === 0) missing.push({ kind: 'teacher' });
  for (const role of requiredRoles(scenario, choices.safetyJudgeOn)) if (!choices.roleConnections[role]) missing.push({ kind: 'role', role });
  if (choices.safetyJudgeOn && (!choices.safetyRubricSet || !Number.isFinite(Number(choices.safetyMinScore)) || choices.safetyMinScore.trim() === '')) missing.push({ kind: 'rubricSet' });
  if (choices.preferenceOn && !(turnList(choices.preferenceTurns)?.length)) missing.push({ kind: 'turns' });
  if (choices.preferenceOn && !(Number.isInteger(Number(choices.candidates)) && Number(choices.candidates) >= 2)) missing.push({ kind: 'candidates' });
  const badBudget = [choices.maxTokens, choices.maxCost].some((text) => text.trim() !== '' && !(Number(text) > 0));
  if (badBudget) missing.push({ kind: 'budget' });
  return missing;
}
