/**
 * A generation run's plan before it starts, as `generate --dry-run` prints it and the Start
 * generation dialog shows it: the conversations, an upper bound of the calls (in all, and per
 * connection with the roles it plays) and their tokens, estimated from the text by the rule of
 * shared/llm/token-estimate.ts. Bounds assume every conversation takes its whole turn budget and
 * every answer is as long as its max_tokens allows (DEFAULT_ANSWER_TOKENS when unset); dialogues
 * that end early cost less. Nothing is expanded beyond the definition's own rows.
 */
import { judgeMessages, judgePrompt } from '../judge/prompt';
import { JUDGE_ANSWER_RUBRIC_TOKENS, JUDGE_ANSWER_WRAPPER_TOKENS } from '../judge/token-estimate';
import type { SamplingParameters } from '../llm/connection';
import { estimateMessagesTokens, MESSAGE_OVERHEAD_TOKENS, type JobTokenEstimate, type TokenRange } from '../llm/token-estimate';
import { assessmentMessages, flowSpeakers, roleMessages, rolesAfter } from './flow';
import type { BoundRole, GenerationJobDefinition } from './generation-job';
import { FLOW_START, type Scenario, type SpeakingRoleName, type TaskRow } from './types';

/** One answer's tokens when the scenario sets no max_tokens: a short question to a long explanation. */
export const DEFAULT_ANSWER_TOKENS: Readonly<TokenRange> = { low: 20, high: 400 };

export type PlannedRole = SpeakingRoleName | 'judge';

export interface ConnectionPlan {
  connectionId: string;
  /** the roles it plays, teacher first */
  roles: PlannedRole[];
  /** its calls at most and their tokens, over the whole run */
  estimate: JobTokenEstimate;
}

export interface GenerationPlan {
  taskRows: number;
  repeats: number;
  /** task rows × repeats: each teacher connection runs them all */
  conversations: number;
  teachers: number;
  /** the turn budget of one conversation (max_turns, or one turn per role for a flow without loops) */
  turnBudget: number;
  /** every call of the run at most (generationCallBound) */
  calls: number;
  connections: ConnectionPlan[];
}

/** The turn budget of one conversation: max_turns, or (a flow without loops) one turn per role. */
export function turnBudget(scenario: Scenario): number {
  return scenario.flow.maxTurns ?? Object.keys(scenario.roles).length;
}

/**
 * An upper bound of the calls a run makes: every conversation of every teacher speaks at most
 * `max_turns` turns (once per role on a path without loops); the assessed role cannot speak more
 * often than that, so its probe draws `samples` answers at most before each of those turns and
 * once after the last; each preference branch asks the guide for each candidate, has it answered
 * by the teacher and probed; the safety judge scores each finished dialogue once.
 */
export function generationCallBound(scenario: Scenario, definition: GenerationJobDefinition): number {
  const turns = turnBudget(scenario);
  const probe = scenario.assessment ? (turns + 1) * scenario.assessment.samples : 0;
  const preference = definition.parameters.preference;
  const branches = preference && scenario.assessment ? preference.atStudentTurns.length * preference.candidates * (2 + scenario.assessment.samples) : 0;
  const judge = definition.parameters.safety?.judge ? 1 : 0;
  return definition.itemIds.length * definition.connectionIds.length * (turns + probe + branches + judge);
}

/** A role's turns in one conversation at most: the whole budget if it may follow itself, else every other turn. */
function roleTurnBound(scenario: Scenario, role: SpeakingRoleName, budget: number): number {
  if (!flowSpeakers(scenario).has(role)) return 0;
  return rolesAfter(scenario, role).has(role) ? budget : Math.ceil(budget / 2);
}

function answerTokens(sampling: SamplingParameters | undefined): TokenRange {
  const most = sampling?.max_tokens;
  return most === undefined ? { ...DEFAULT_ANSWER_TOKENS } : { low: Math.min(DEFAULT_ANSWER_TOKENS.low, most), high: most };
}

/** Calls of one conversation for one role, and their tokens. */
interface Load {
  calls: number;
  input: number;
  output: TokenRange;
}

const emptyLoad = (): Load => ({ calls: 0, input: 0, output: { low: 0, high: 0 } });

function add(load: Load, calls: number, input: number, answer: TokenRange): void {
  load.calls += calls;
  load.input += input;
  load.output.low += calls * answer.low;
  load.output.high += calls * answer.high;
}

function scale(total: Load, load: Load, times: number): void {
  total.calls += load.calls * times;
  total.input += Math.ceil(load.input * times);
  total.output.low += load.output.low * times;
  total.output.high += load.output.high * times;
}

/**
 * Input of `count` calls at dialogue positions offset, offset + stride, offset + 2·stride…: the
 * messages of a first call and, for each turn before, the longest answer with its message.
 */
function growingInput(first: number, count: number, at: { offset: number; stride: number }, longest: number): number {
  const perTurn = longest + MESSAGE_OVERHEAD_TOKENS;
  // Σ_{j<count} (first + (offset + j·stride)·perTurn)
  return count * (first + at.offset * perTurn) + (at.stride * perTurn * count * (count - 1)) / 2;
}

/** Where a role's turns fall at the earliest: from the first turn if it may open, every turn if it may follow itself. */
function positions(scenario: Scenario, role: SpeakingRoleName): { offset: number; stride: number } {
  return { offset: rolesAfter(scenario, FLOW_START).has(role) ? 0 : 1, stride: rolesAfter(scenario, role).has(role) ? 1 : 2 };
}

/** Every role's calls and tokens over one conversation of `row`, at most. */
function conversationLoads(scenario: Scenario, row: TaskRow, definition: GenerationJobDefinition): Map<PlannedRole, Load> {
  const budget = turnBudget(scenario);
  const loads = new Map<PlannedRole, Load>();
  const loadOf = (role: PlannedRole) => loads.get(role) ?? (loads.set(role, emptyLoad()), loads.get(role)!);
  const longest = Math.max(...Object.values(scenario.roles).map((role) => answerTokens(role?.sampling).high));
  const turnsOf = new Map<SpeakingRoleName, number>();
  for (const role of Object.values(scenario.roles)) {
    if (!role) continue;
    const turns = roleTurnBound(scenario, role.name, budget);
    turnsOf.set(role.name, turns);
    if (turns === 0) continue;
    add(loadOf(role.name), turns, growingInput(estimateMessagesTokens(roleMessages(scenario, row, [], role.name)), turns, positions(scenario, role.name), longest), answerTokens(role.sampling));
  }
  const assessment = scenario.assessment;
  if (assessment) {
    const probes = (turnsOf.get(assessment.role) ?? 0) + 1;
    const first = estimateMessagesTokens(assessmentMessages(scenario, row, []));
    add(loadOf(assessment.role), probes * assessment.samples, assessment.samples * growingInput(first, probes, positions(scenario, assessment.role), longest), answerTokens(assessment.sampling));
  }
  const preference = definition.parameters.preference;
  if (preference && assessment && scenario.roles.guide) {
    const branches = preference.atStudentTurns.filter((turn) => turn <= (turnsOf.get('student') ?? 0)).length * preference.candidates;
    const at = budget * (longest + MESSAGE_OVERHEAD_TOKENS);
    add(loadOf('guide'), branches, branches * (estimateMessagesTokens(roleMessages(scenario, row, [], 'guide')) + at), answerTokens(scenario.roles.guide.sampling));
    add(loadOf('teacher'), branches, branches * (estimateMessagesTokens(roleMessages(scenario, row, [], 'teacher')) + at), answerTokens(scenario.roles.teacher?.sampling));
    add(loadOf(assessment.role), branches * assessment.samples, branches * assessment.samples * (estimateMessagesTokens(assessmentMessages(scenario, row, [])) + at), answerTokens(assessment.sampling));
  }
  const judge = definition.parameters.safety?.judge;
  if (judge) {
    // the judge is instructed in the dialogue's language, unknown before it is spoken: the Chinese instructions stand for both
    const prompt = judgePrompt({ rubricSet: judge.rubricSet, language: 'zh', reasoningFirst: false });
    const transcript = budget * (longest + MESSAGE_OVERHEAD_TOKENS);
    const rubrics = judge.rubricSet.rubrics.length;
    add(loadOf('judge'), 1, estimateMessagesTokens(judgeMessages(prompt, { turns: [{ speaker: 'teacher', utterance: '' }] })) + transcript, {
      low: JUDGE_ANSWER_WRAPPER_TOKENS + rubrics * JUDGE_ANSWER_RUBRIC_TOKENS.low,
      high: JUDGE_ANSWER_WRAPPER_TOKENS + rubrics * JUDGE_ANSWER_RUBRIC_TOKENS.high,
    });
  }
  return loads;
}

/** The plan of a definition built by buildGenerationDefinition (its scenario parsed from its source). */
export function generationPlan(scenario: Scenario, definition: GenerationJobDefinition): GenerationPlan {
  const { parameters } = definition;
  const perRow = parameters.rows.map((row) => conversationLoads(scenario, row, definition));
  // a row's conversations: its repeats (the definition lists each once)
  const conversationsOfRow = new Map<number, number>();
  for (const conversation of parameters.conversations) conversationsOfRow.set(conversation.taskIndex, (conversationsOfRow.get(conversation.taskIndex) ?? 0) + 1);
  const runLoad = (role: PlannedRole): Load => {
    const total = emptyLoad();
    perRow.forEach((loads, taskIndex) => {
      const load = loads.get(role);
      if (load) scale(total, load, conversationsOfRow.get(taskIndex) ?? 0);
    });
    return total;
  };
  const teachers = definition.connectionIds.length;
  const byConnection = new Map<string, ConnectionPlan>();
  const place = (connectionId: string, role: PlannedRole, load: Load, times: number) => {
    const plan = byConnection.get(connectionId) ?? { connectionId, roles: [], estimate: { calls: 0, input: 0, output: { low: 0, high: 0 } } };
    if (!plan.roles.includes(role)) plan.roles.push(role);
    scale(plan.estimate, load, times);
    byConnection.set(connectionId, plan);
  };
  const teacher = runLoad('teacher');
  for (const id of definition.connectionIds) place(id, 'teacher', teacher, 1);
  for (const [role, id] of Object.entries(parameters.roleConnections) as [BoundRole, string | undefined][]) {
    // the other roles speak in every teacher's conversations
    if (id) place(id, role, runLoad(role), teachers);
  }
  return {
    taskRows: parameters.rows.length,
    repeats: scenario.repeats,
    conversations: definition.itemIds.length,
    teachers,
    turnBudget: turnBudget(scenario),
    calls: generationCallBound(scenario, definition),
    connections: [...byConnection.values()],
  };
}
