/**
 * The flow of a scenario as a pure state machine: from the scenario, a task row and the turns
 * stored so far, who speaks next and with exactly which messages, or that the dialogue ends and
 * why. Nothing else is kept between turns, so a conversation interrupted at turn 6 resumes at
 * turn 6 by calling nextStep with the six stored turns.
 */
import type { ChatMessage } from '../llm/messages';
import {
  FLOW_START, type FlowTarget, type RouterCondition, type Scenario, type ScenarioTurn, type SpeakingRole,
  type SpeakingRoleName, type TaskRow,
} from './types';
import { fillPrompt } from './variables';

export type FlowEnd =
  | { kind: 'end'; reason: 'exit-keyword'; keyword: string; role: SpeakingRoleName }
  | { kind: 'end'; reason: 'budget'; maxTurns: number }
  | { kind: 'end'; reason: 'direction' }
  | { kind: 'end'; reason: 'router'; router: string; rule: number };

/** `router` says which router and rule chose the role, when one did. */
export type FlowDecision = { kind: 'speak'; role: SpeakingRoleName; router?: { name: string; rule: number } } | FlowEnd;

export type FlowStep = (Extract<FlowDecision, { kind: 'speak' }> & { messages: ChatMessage[]; turnNumber: number; roleTurnNumber: number }) | FlowEnd;

function containsKeyword(text: string, keyword: string): boolean {
  return text.toLowerCase().includes(keyword.toLowerCase());
}

const roleTurns = (turns: readonly ScenarioTurn[], role: SpeakingRoleName) => turns.filter((turn) => turn.role === role).length;

function holds(condition: RouterCondition, turns: readonly ScenarioTurn[]): boolean {
  const last = turns.at(-1);
  if (condition.lastSpeaker !== undefined && last?.role !== condition.lastSpeaker) return false;
  if (condition.lastContains !== undefined && !(last && condition.lastContains.some((keyword) => containsKeyword(last.content, keyword)))) return false;
  if (condition.turnsAtLeast !== undefined && turns.length < condition.turnsAtLeast) return false;
  if (condition.roleTurnsAtLeast !== undefined && roleTurns(turns, condition.roleTurnsAtLeast.role) < condition.roleTurnsAtLeast.count) return false;
  return true;
}

function follow(scenario: Scenario, target: FlowTarget, turns: readonly ScenarioTurn[]): FlowDecision {
  if (target.kind === 'role') return { kind: 'speak', role: target.role };
  if (target.kind === 'end') return { kind: 'end', reason: 'direction' };
  const rules = scenario.flow.routers[target.router];
  const index = rules.findIndex((rule) => !rule.when || holds(rule.when, turns));
  const rule = rules[index];
  return rule.to.kind === 'role' ? { kind: 'speak', role: rule.to.role, router: { name: target.router, rule: index } } : { kind: 'end', reason: 'router', router: target.router, rule: index };
}

/**
 * Who speaks next, or why the dialogue ends. In this order: an exit keyword in the last turn (of
 * a role in `exit.roles`; the keyword stays in the stored utterance), the turn budget, then the
 * direction from the last speaker (or START), through its router if it has one.
 */
export function decideNext(scenario: Scenario, turns: readonly ScenarioTurn[]): FlowDecision {
  const last = turns.at(-1);
  const { exit, maxTurns, directions } = scenario.flow;
  if (last && exit.roles.includes(last.role)) {
    const keyword = exit.keywords.find((candidate) => containsKeyword(last.content, candidate));
    if (keyword !== undefined) return { kind: 'end', reason: 'exit-keyword', keyword, role: last.role };
  }
  if (maxTurns !== undefined && turns.length >= maxTurns) return { kind: 'end', reason: 'budget', maxTurns };
  const target = directions[last ? last.role : FLOW_START];
  if (!target) throw new Error(`The flow has no direction from ${last ? last.role : FLOW_START}: the turns do not belong to this scenario.`);
  return follow(scenario, target, turns);
}

function speaking(scenario: Scenario, role: SpeakingRoleName): SpeakingRole {
  const found = scenario.roles[role];
  if (!found) throw new Error(`The scenario has no role ${role}.`);
  return found;
}

/** A task row as prompt values: numbers written as JSON writes them. */
export function rowValues(row: TaskRow): Record<string, string> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)]));
}

/** The dialogue as lines `label: utterance`, for roles that see a transcript and for judges. */
export function renderTranscript(scenario: Scenario, turns: readonly ScenarioTurn[]): string {
  return turns.map((turn) => `${speaking(scenario, turn.role).label}: ${turn.content}`).join('\n');
}

function turnValues(scenario: Scenario, row: TaskRow, before: readonly ScenarioTurn[], role: SpeakingRoleName): Record<string, string> {
  return {
    ...rowValues(row),
    turn_number: String(before.length + 1),
    role_turn_number: String(roleTurns(before, role) + 1),
    max_turns: scenario.flow.maxTurns === undefined ? '' : String(scenario.flow.maxTurns),
    transcript: renderTranscript(scenario, before),
  };
}

/** The user message the role gets before its n-th turn, or undefined for none. */
function turnPrompt(role: SpeakingRole, roleTurnNumber: number): string | undefined {
  return role.turnAt[roleTurnNumber] ?? role.turn;
}

/** The roles a direction may lead to: its role, or any role its router's rules name. */
function rolesOf(scenario: Scenario, target: FlowTarget | undefined): SpeakingRoleName[] {
  if (target?.kind === 'role') return [target.role];
  if (target?.kind === 'router') return scenario.flow.routers[target.router].flatMap((rule) => (rule.to.kind === 'role' ? [rule.to.role] : []));
  return [];
}

/** The roles that may speak right after `from` (START: the first turn). */
export function rolesAfter(scenario: Scenario, from: typeof FLOW_START | SpeakingRoleName): Set<SpeakingRoleName> {
  return new Set(rolesOf(scenario, scenario.flow.directions[from]));
}

/** Roles that speak in this flow: with more than two, others' utterances are prefixed with their label. */
export function flowSpeakers(scenario: Scenario): Set<SpeakingRoleName> {
  return new Set(Object.values(scenario.flow.directions).flatMap((target) => rolesOf(scenario, target)));
}

/** Consecutive messages of one role joined with a blank line: some chat templates require alternation. */
function mergeConsecutive(messages: ChatMessage[]): ChatMessage[] {
  const merged: ChatMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last && last.role === message.role && message.role !== 'system') last.content = `${last.content}\n\n${message.content}`;
    else merged.push({ ...message });
  }
  return merged;
}

/**
 * The messages `role` is sent for its next turn after `turns`. Conversation view: its system
 * prompt, then the dialogue from its side (its turns as assistant, each after the turn prompt it
 * was given then; the others' as user), then its turn prompt for this turn. So a role's messages
 * only grow from one of its turns to the next. Transcript view: the system prompt and the turn
 * prompt, which gets the dialogue through {{transcript}}.
 */
export function roleMessages(scenario: Scenario, row: TaskRow, turns: readonly ScenarioTurn[], roleName: SpeakingRoleName, finalPrompt?: string): ChatMessage[] {
  const role = speaking(scenario, roleName);
  const values = rowValues(row);
  const messages: ChatMessage[] = [{ role: 'system', content: fillPrompt(role.system, values) }];
  const closing = finalPrompt ?? turnPrompt(role, roleTurns(turns, roleName) + 1);
  if (role.view === 'transcript') {
    if (closing !== undefined) messages.push({ role: 'user', content: fillPrompt(closing, turnValues(scenario, row, turns, roleName)) });
    return messages;
  }
  const prefixed = flowSpeakers(scenario).size > 2;
  let own = 0;
  turns.forEach((turn, index) => {
    if (turn.role === roleName) {
      own++;
      const prompt = turnPrompt(role, own);
      if (prompt !== undefined) messages.push({ role: 'user', content: fillPrompt(prompt, turnValues(scenario, row, turns.slice(0, index), roleName)) });
      messages.push({ role: 'assistant', content: turn.content });
    } else {
      messages.push({ role: 'user', content: prefixed ? `${speaking(scenario, turn.role).label}: ${turn.content}` : turn.content });
    }
  });
  if (closing !== undefined) messages.push({ role: 'user', content: fillPrompt(closing, turnValues(scenario, row, turns, roleName)) });
  return mergeConsecutive(messages);
}

/** The next step after the stored turns: the role with its exact messages, or the end and why. */
export function nextStep(scenario: Scenario, row: TaskRow, turns: readonly ScenarioTurn[]): FlowStep {
  const decision = decideNext(scenario, turns);
  if (decision.kind === 'end') return decision;
  return { ...decision, messages: roleMessages(scenario, row, turns, decision.role), turnNumber: turns.length + 1, roleTurnNumber: roleTurns(turns, decision.role) + 1 };
}

/**
 * Whether stored turns are what this scenario's flow would have produced: each turn's role is the
 * one chosen after the turns before it, and no turn follows the end. Empty when they are; a
 * resumed run checks this so a scenario edited since cannot continue someone else's dialogue.
 */
export function checkStoredTurns(scenario: Scenario, turns: readonly ScenarioTurn[]): string[] {
  for (let index = 0; index < turns.length; index++) {
    const decision = decideNext(scenario, turns.slice(0, index));
    if (decision.kind === 'end') return [`turn ${index + 1} (${turns[index].role}) comes after the dialogue ended (${decision.reason})`];
    if (decision.role !== turns[index].role) return [`turn ${index + 1} is by ${turns[index].role}, but the flow gives it to ${decision.role}`];
  }
  return [];
}

/**
 * The Pass@k probe's messages: the assessed role's view of the dialogue so far, closed by the
 * assessment prompt instead of its turn prompt. Its answers are never stored as turns.
 */
export function assessmentMessages(scenario: Scenario, row: TaskRow, turns: readonly ScenarioTurn[]): ChatMessage[] {
  if (!scenario.assessment) throw new Error(`The scenario ${scenario.id} has no assessment.`);
  return roleMessages(scenario, row, turns, scenario.assessment.role, scenario.assessment.prompt);
}
