/**
 * A tutoring scenario as data (resources/scenarios/*.yaml or a user's file), after
 * parseScenarioYaml has checked it: who plays which role on which connection, the prompts, the
 * task rows, and the flow of turns. See README.md for the file format.
 */
import type { BilingualText } from '../codebook/types';
import type { SamplingParameters } from '../llm/connection';

export const SCENARIO_FORMAT = 'maieutic.scenario/1';

/** The roles that speak in a dialogue. The teacher is the model under test. */
export const SPEAKING_ROLES = ['teacher', 'student', 'guide'] as const;
export type SpeakingRoleName = (typeof SPEAKING_ROLES)[number];

/**
 * `conversation`: the role sees the dialogue as a chat, its own turns as `assistant`, the others'
 * as `user`. `transcript`: it sees one user message (its turn prompt, which gets the dialogue
 * through `{{transcript}}`); for a guide or any role that comments on the dialogue from outside.
 */
export type RoleView = 'conversation' | 'transcript';

export interface SpeakingRole {
  name: SpeakingRoleName;
  /** connection names or ids; only the teacher may list several (each is run as a model under test) */
  connections: string[];
  /** the speaker's name in transcripts and the SID output (教师, 学生) */
  label: string;
  view: RoleView;
  system: string;
  /** the user message given before each of this role's turns; absent: none */
  turn?: string;
  /** replaces `turn` at the role's n-th turn (1-based): pre- and mid-assessment, an opening */
  turnAt: Record<number, string>;
  sampling: SamplingParameters;
}

export interface JudgeRole {
  connection: string;
  /** a rubric set id (resources/rubrics/<id>.json or an imported set) */
  rubricSet: string;
  sampling: SamplingParameters;
}

export type TaskValue = string | number;
export type TaskRow = Readonly<Record<string, TaskValue>>;

export interface TaskCross {
  name: string;
  entries: TaskRow[];
}

export interface TaskSource {
  /** inline rows; empty when they come from `csv` */
  rows: TaskRow[];
  /** a CSV file's path as written (relative to the scenario file); the parser never reads it */
  csv?: string;
  /** every column a task row has, cross entries included */
  columns: string[];
  /** each row is combined with one entry of every list (a Cartesian product, ELMES' `union` mode) */
  cross: TaskCross[];
}

export const FLOW_START = 'START';
export const FLOW_END = 'END';

export type FlowTarget = { kind: 'role'; role: SpeakingRoleName } | { kind: 'end' } | { kind: 'router'; router: string };
export type RuleTarget = Exclude<FlowTarget, { kind: 'router' }>;

/** Every condition given must hold. */
export interface RouterCondition {
  lastSpeaker?: SpeakingRoleName;
  /** the last utterance contains one of these (case-insensitive) */
  lastContains?: string[];
  /** the dialogue has at least this many turns */
  turnsAtLeast?: number;
  roleTurnsAtLeast?: { role: SpeakingRoleName; count: number };
}

/** Tried in order; the first whose condition holds decides. The last rule has no condition. */
export interface RouterRule {
  when?: RouterCondition;
  to: RuleTarget;
}

export interface Flow {
  /** from START and from each role that speaks: exactly one direction each */
  directions: Partial<Record<typeof FLOW_START | SpeakingRoleName, FlowTarget>>;
  /** the turn budget over all roles; required when the directions loop */
  maxTurns?: number;
  exit: { keywords: string[]; roles: SpeakingRoleName[] };
  routers: Record<string, RouterRule[]>;
}

export type AnswerCheckSpec = { kind: 'exact' } | { kind: 'numeric' } | { kind: 'regex'; pattern: string; flags: string };

/** The Pass@k probe of student-led scenarios: before every turn of `role`, n answers are drawn and checked against the row's reference answer. */
export interface Assessment {
  role: SpeakingRoleName;
  prompt: string;
  samples: number;
  k: number[];
  check: AnswerCheckSpec;
  sampling: SamplingParameters;
}

export interface Scenario {
  format: typeof SCENARIO_FORMAT;
  id: string;
  version: string;
  name: BilingualText;
  description: BilingualText;
  roles: Partial<Record<SpeakingRoleName, SpeakingRole>>;
  judge?: JudgeRole;
  tasks: TaskSource;
  repeats: number;
  flow: Flow;
  assessment?: Assessment;
}

/** A dialogue turn as a run stores it. */
export interface ScenarioTurn {
  role: SpeakingRoleName;
  content: string;
}

/** The SID paper's generation settings (teacher and student). */
export const SID_GENERATION_SAMPLING: Readonly<SamplingParameters> = { temperature: 0.7, max_tokens: 1000 };

/** The variables a turn prompt may use besides the task row's columns. */
export const TURN_VARIABLES = ['turn_number', 'role_turn_number', 'max_turns', 'transcript'] as const;
