/**
 * The rubric-synthesis view's state (issue 15): the sessions, the open session's rounds and
 * versions, and what the educator does between rounds. One session is one loop; each round is a
 * job main runs (kind `rubric-synthesis`), whose payload the jobs store hands to
 * repositories/synthesis.ts. Every action that writes throws (nothing written) when it cannot:
 * a ValidationError's message says why, in both languages where the UI shows it.
 */
import type { JudgeLanguage } from '../../../../shared/judge/types';
import type { RubricSetRow } from '../../../../shared/model/judge';
import type { SynthesisRole, SynthesisRoundRow, SynthesisSessionRow, SynthesisVersionRow } from '../../../../shared/model/synthesis';
import type { BilingualText, RevisableField } from '../../../../shared/synthesis/types';

export interface StartSynthesisInput {
  title: string;
  specSource: string;
  specFile: string;
  /** connection id per role */
  connections: Record<SynthesisRole, string>;
  answersPerItem: number;
  /** further teacher models compared with the generator (connection ids); empty or absent: none */
  extraGenerators?: string[];
  language: JudgeLanguage;
}

/** One metric's revisable fields as the educator typed them (only those given change). */
export type MetricEdit = Partial<Record<RevisableField, BilingualText>>;

export interface SynthesisState {
  /** every session, newest first; null until loaded */
  sessions: SynthesisSessionRow[] | null;
  error: string | null;
  openSessionId: string | null;
  /** the open session's rounds, by round number */
  rounds: SynthesisRoundRow[];
  /** the open session's versions, by seq */
  versions: SynthesisVersionRow[];
  load(): Promise<void>;
  openSession(sessionId: string | null): Promise<void>;
  /** rereads the open session (after a round's payload was stored) */
  refresh(): Promise<void>;
  /** checks the spec, records the session and starts round 0's job; resolves to the session */
  start(input: StartSynthesisInput): Promise<SynthesisSessionRow>;
  /** one educator's edit of one working metric's description or examples: one `expert-edit` version */
  editMetric(sessionId: string, metricId: string, edit: MetricEdit): Promise<void>;
  /** locks (the model never revises it) or unlocks a working metric: one `lock` version */
  setLocked(sessionId: string, metricId: string, locked: boolean): Promise<void>;
  /** starts the next round's job from the working metrics */
  continueRound(sessionId: string): Promise<void>;
  /** starts the last round's job again when it failed (same carried state; finished calls come from the cache) */
  retryRound(sessionId: string): Promise<void>;
  /** the educator ends the loop (a running round's job is cancelled) */
  stop(sessionId: string): Promise<void>;
  /**
   * saves the session's result as a rubric-set version (rubricSets table), usable at once in
   * the judge view and scenarios: `best` = the best round's metrics; `working` = with the
   * educator's unscored edits. Saving the same set again returns the same row.
   */
  saveRubricSet(sessionId: string, which: 'best' | 'working'): Promise<RubricSetRow>;
}
