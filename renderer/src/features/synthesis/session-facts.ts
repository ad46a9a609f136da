/**
 * What the view reads off a session's rows, as plain functions: its last round, the round records
 * the loop functions take, the best round, how many revision rounds remain, whether the next
 * round can be started and why the loop stopped or would.
 */
import type { SynthesisRoundRow, SynthesisSessionRow } from '../../../../shared/model/synthesis';
import { parseSynthesisSpec } from '../../../../shared/synthesis/parse-spec';
import type { Round, SynthesisSpec } from '../../../../shared/synthesis/types';

export function sessionSpec(session: Pick<SynthesisSessionRow, 'specSource' | 'specFile'>): SynthesisSpec | null {
  const parsed = parseSynthesisSpec(session.specSource, session.specFile);
  return parsed.ok ? parsed.spec : null;
}

export function lastRound(rounds: readonly SynthesisRoundRow[]): SynthesisRoundRow | null {
  return rounds.reduce<SynthesisRoundRow | null>((last, row) => (!last || row.round > last.round ? row : last), null);
}

/** The records of the rounds that finished, by round (what hasUnscoredEdits and resultRubricSet read). */
export function roundRecords(rounds: readonly SynthesisRoundRow[]): Round[] {
  return rounds.flatMap((row) => (row.payload ? [row.payload.record] : [])).sort((a, b) => a.version - b.version);
}

/** The best round so far, as the last finished round's payload names it. */
export function bestOf(rounds: readonly SynthesisRoundRow[]): Round | null {
  const finished = rounds.filter((row) => row.payload).sort((a, b) => a.round - b.round);
  const last = finished.at(-1)?.payload;
  if (!last) return null;
  return roundRecords(rounds).find((round) => round.version === last.best) ?? last.record;
}

/** Revision rounds still allowed by the spec after the last one. */
export function roundsLeft(spec: SynthesisSpec | null, rounds: readonly SynthesisRoundRow[]): number {
  const last = lastRound(rounds);
  return spec && last ? Math.max(0, spec.stopping.maxRounds - last.round) : 0;
}

export type NextStep = 'running' | 'retry' | 'continue' | 'done';

/**
 * What the educator can do next: wait for the running round, retry a failed one, continue while
 * revision rounds remain, or nothing more once the session is stopped (by the loop's stopping
 * rule or by the educator: SynthesisSessionStatus makes either final).
 */
export function nextStep(session: SynthesisSessionRow, rounds: readonly SynthesisRoundRow[], spec: SynthesisSpec | null): NextStep {
  const last = lastRound(rounds);
  if (session.status === 'running' || (last && !last.payload && !last.failure)) return 'running';
  if (session.status === 'stopped') return 'done';
  if (last?.failure) return 'retry';
  return roundsLeft(spec, rounds) > 0 && session.working ? 'continue' : 'done';
}
