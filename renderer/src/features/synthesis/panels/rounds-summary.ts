/** One line per round for the overview: its state, objective, decision, drift, revisions and marks. */
import type { JobReason } from '../../../../../shared/jobs/reasons';
import type { SynthesisRoundRow } from '../../../../../shared/model/synthesis';
import type { LoopDecision } from '../../../../../shared/synthesis/loop';
import { rolledBack } from '../../../../../shared/synthesis/session';

export type RoundState = 'running' | 'failed' | 'done';

export interface RoundSummary {
  round: number;
  /** running: no payload and no failure yet */
  state: RoundState;
  failure: string | null;
  /** `failure` as a code (shared/jobs/reasons.ts); absent on rows made before codes */
  failureWhy?: JobReason;
  fine: number;
  total: number;
  /** null until the round's payload is stored */
  fineShare: number | null;
  meanDiscrimination: number | null;
  decision: LoopDecision | null;
  /** the anchors drifted beyond the threshold since round 0 or since the previous round */
  driftWarned: boolean;
  /** the round the next one starts from instead of this one (this round was worse or drifted) */
  rolledBackTo: number | null;
  /** null in round 0 (nothing is revised in the draft round) and while running */
  revisions: { revised: number; unchanged: number; refused: number } | null;
  best: boolean;
}

export function roundSummaries(rows: readonly SynthesisRoundRow[], best: number | null): RoundSummary[] {
  return [...rows]
    .sort((a, b) => a.round - b.round)
    .map((row): RoundSummary => {
      const payload = row.payload;
      const common = { round: row.round, best: best !== null && row.round === best };
      if (!payload) {
        return { ...common, state: row.failure === null ? 'running' : 'failed', failure: row.failure, ...(row.failureWhy ? { failureWhy: row.failureWhy } : {}), fine: 0, total: 0, fineShare: null, meanDiscrimination: null, decision: null, driftWarned: false, rolledBackTo: null, revisions: null };
      }
      const count = (status: 'revised' | 'unchanged' | 'refused') => payload.revisions?.filter((outcome) => outcome.status === status).length ?? 0;
      return {
        ...common,
        state: 'done',
        failure: null,
        fine: payload.diagnostics.filter((d) => d.verdict === 'fine').length,
        total: payload.diagnostics.length,
        fineShare: payload.objective.fineShare,
        meanDiscrimination: payload.objective.meanDiscrimination,
        decision: payload.decision,
        driftWarned: payload.drift !== null && (payload.drift.sinceFirst.beyondThreshold || payload.drift.sincePrevious?.beyondThreshold === true),
        rolledBackTo: rolledBack(payload) ? payload.decision.rollbackTo : null,
        revisions: payload.revisions ? { revised: count('revised'), unchanged: count('unchanged'), refused: count('refused') } : null,
      };
    });
}

/** The round after `current` in `direction` (−1 up, +1 down) among the listed ones, clamped to the ends. */
export function steppedRound(rounds: readonly number[], current: number | null, direction: -1 | 1): number | null {
  if (rounds.length === 0) return null;
  const index = current === null ? -1 : rounds.indexOf(current);
  if (index === -1) return direction === 1 ? rounds[0] : rounds[rounds.length - 1];
  return rounds[Math.min(rounds.length - 1, Math.max(0, index + direction))];
}
