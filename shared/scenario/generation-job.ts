/**
 * A generation job (issue 14) as the engine runs it and the renderer and CLI store its results.
 * One work item is one conversation (a task row × repeat) × one teacher connection: the teacher
 * is the model under test, so a scenario listing two teacher connections generates every
 * conversation twice. The other roles (student, guide, judge) are bound to one connection each
 * in `roleConnections`. Like the judge job it carries everything it needs (the parsed scenario
 * with its hash, the expanded task rows): the journal keeps it, so an interrupted job resumes
 * without the renderer.
 *
 * Resuming is turn by turn through the response cache: each turn's request is a function of the
 * stored turns only (flow.ts nextStep), so a conversation stopped at turn 6 replays turns 1–5 from
 * the cache (free, counted cached) and asks turn 6 anew.
 */
import type { JobDefinition } from '../jobs/definition';
import type { JobItemOutcome } from '../jobs/events';
import type { TokenCounts } from '../jobs/types';
import type { SamplingParameters } from '../llm/connection';
import type { ChatMessage } from '../llm/messages';
import type { RubricSet } from '../judge/types';
import type { FlowEnd } from './flow';
import type { SidIds } from './sid-ids';
import type { ScenarioTurn, SpeakingRoleName, TaskRow } from './types';

/** Roles bound to one connection each; the teacher's connections are the definition's connectionIds. */
export const BOUND_ROLES = ['student', 'guide', 'judge'] as const;
export type BoundRole = (typeof BOUND_ROLES)[number];

export interface GenerationConversationRef {
  /** the item id: `t<taskIndex>-r<repeatId>` (stable for a scenario's rows) */
  id: string;
  /** index into `rows` */
  taskIndex: number;
  /** 1-based, SID's repeat_id */
  repeatId: number;
}

/**
 * The SID paper's toxicity step, before a generated dialogue enters the data set: a word list
 * (any utterance containing one, case-insensitive, drops the dialogue) and/or a judge rubric set
 * scored on the finished dialogue by the `judge` role's connection (a score below `minScore` on
 * any rubric drops it). Dropped dialogues are kept in the job's results, listed with the reason.
 */
export interface GenerationSafety {
  words?: string[];
  judge?: { rubricSet: RubricSet; rubricSetHash: string; minScore: number };
}

/**
 * Preference pairs (Socratic Students' DPO data): before each listed student turn (the role's
 * n-th turn, 1-based) the guide proposes `candidates` questions; each is answered by the teacher
 * and scored by the assessment's Pass@k probe; the best-scoring is chosen, the others rejected.
 * The dialogue itself goes on with the student's own turn. Needs a guide role and an assessment.
 */
export interface GenerationPreference {
  atStudentTurns: number[];
  candidates: number;
}

export interface GenerationJobParameters {
  /**
   * The scenario's YAML text: main parses it (parseScenarioYaml) when the job starts and when it
   * runs, so a definition cannot carry a scenario object the parser would refuse.
   */
  scenarioSource: string;
  /** the name the source's errors are reported under (`sid-teacher-led.yaml`) */
  scenarioFile: string;
  /** scenarioHash of the parsed source; a job whose source does not hash to it is refused */
  scenarioHash: string;
  /** the task rows after expandTaskRows (CSV read, cross lists applied) */
  rows: TaskRow[];
  /** one per item id, in item order */
  conversations: GenerationConversationRef[];
  roleConnections: Partial<Record<BoundRole, string>>;
  safety?: GenerationSafety;
  preference?: GenerationPreference;
}

export type GenerationJobDefinition = JobDefinition<'generation', GenerationJobParameters>;

/** One stored turn of a generated dialogue, with the call behind it. */
export interface GeneratedTurn extends ScenarioTurn {
  /** the speaker's label (教师, 学生), as the SID output writes it */
  label: string;
  /** 1-based over the whole dialogue */
  turnNumber: number;
  /** the model as the endpoint answered it */
  model: string;
  tokens: TokenCounts;
  cached: boolean;
  /** which router rule chose this role, when one did */
  router?: { name: string; rule: number };
}

/** One draw of the Pass@k probe: the student's answer, what the checker read from it, and whether it is right. */
export interface AssessmentDraw {
  answer: string;
  /** the checker's reading (the final number for `numeric`); null when none */
  read: string | null;
  correct: boolean;
}

/** The probe before one turn of the assessed role: n draws, c correct, Pass@k for each k of the scenario. */
export interface TurnAssessment {
  /** the dialogue turn about to be spoken (1-based); turns.length + 1 for the probe after the last turn */
  beforeTurn: number;
  /** the assessed role's turn about to be spoken (1-based) */
  roleTurnNumber: number;
  n: number;
  c: number;
  /** k (as a string key) → the unbiased Pass@k */
  passAtK: Record<string, number>;
  draws: AssessmentDraw[];
}

export interface PreferenceCandidate {
  /** the guide's proposed student question */
  question: string;
  /** the teacher's answer to it */
  answer: string;
  n: number;
  c: number;
  passAtK: Record<string, number>;
}

/** One branching point: the student's messages at that turn (the DPO prompt), the candidates and which was chosen. */
export interface PreferenceBranch {
  beforeTurn: number;
  roleTurnNumber: number;
  /** the messages the student would have been sent for its turn (system first) */
  prompt: ChatMessage[];
  candidates: PreferenceCandidate[];
  /** index of the candidate with the highest Pass@k at the largest k (ties: the first); null when all tie (no pair) */
  chosen: number | null;
}

export interface SafetyVerdict {
  kept: boolean;
  /** why it was dropped, in words; empty when kept */
  reasons: string[];
  /** the listed words found, with the turn they were found in */
  words: { word: string; turnNumber: number }[];
  /** the safety judge's scores, when a judge was asked */
  scores?: { rubric: string; score: number; rationale: string }[];
}

/** Who played each role in a conversation, with the sampling sent (for the data set's provenance). */
export interface RoleProvenance {
  connectionId: string;
  model: string;
  sampling: SamplingParameters;
}

interface GenerationPayloadBase {
  conversationId: string;
  /** the teacher connection of this item */
  connectionId: string;
  /** the teacher model as the endpoint answered it (the connection's model when no answer came) */
  teacherModel: string;
  taskIndex: number;
  repeatId: number;
  row: TaskRow;
  /**
   * The SID ids the dialogue is written under (sid-ids.ts: distinct within the run, rows sharing a
   * topic and student numbering their repeats on). Absent in results recorded before they were
   * made distinct: the row's own ids and the repeat are used then.
   */
  sid?: SidIds;
  scenario: { id: string; version: string; hash: string };
  roles: Partial<Record<SpeakingRoleName | 'judge', RoleProvenance>>;
  /** the turns stored so far (all of them when complete) */
  turns: GeneratedTurn[];
  assessments: TurnAssessment[];
  preferences: PreferenceBranch[];
  tokens: TokenCounts;
  /** every call of the item answered from the cache */
  cached: boolean;
}

export interface GenerationComplete extends GenerationPayloadBase {
  status: 'complete';
  end: FlowEnd;
  safety: SafetyVerdict;
}

/** A call failed for good mid-conversation: the turns before it are kept (and cached), the reasons said. */
export interface GenerationFailed extends GenerationPayloadBase {
  status: 'failed';
  reasons: string[];
}

export type GenerationJobPayload = GenerationComplete | GenerationFailed;

/** The typed result of a finished item's outcome, or null when it carries none. */
export function generationJobResult(outcome: JobItemOutcome<GenerationJobPayload>): GenerationJobPayload | null {
  const payload = outcome.payload;
  if (!payload || typeof payload !== 'object') return null;
  if (outcome.ok && payload.status === 'complete') return payload;
  if (!outcome.ok && payload.status === 'failed') return payload;
  return null;
}

/** The item id of a conversation. */
export function conversationItemId(taskIndex: number, repeatId: number): string {
  return `t${taskIndex}-r${repeatId}`;
}
