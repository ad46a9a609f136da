/**
 * What the view reads off a session's rows, as plain functions: its last round, the round records
 * the loop functions take, the best round, how many revision rounds remain, whether the next
 * round can be started and why the loop stopped or would.
 */
import type { SynthesisRoundRow, SynthesisSessionRow } from '../../../../shared/model/synthesis';
import { parseSynthesisSpec } from '../../../../shared/synthesis/parse-spec';
import { MAX_SYNTHESIS_ROUNDS } from '../../../../shared/synthesis/spec-schema';
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

export type NextStep = 'running' | 'retry' | 'continue' | 'another' | 'done';

/**
 * What the educator can do next: wait for the running round, retry a failed one, continue while
 * the spec's revision rounds remain, run another round after the loop advised stopping (its stop
 * is advice: the educator's edits may deserve a round), or nothing more once the educator stopped.
 */
export function nextStep(session: SynthesisSessionRow, rounds: readonly SynthesisRoundRow[], spec: SynthesisSpec | null): NextStep {
  const last = lastRound(rounds);
  if (session.status === 'running' || (last && !last.payload && !last.failure)) return 'running';
  if (last?.failure && session.status !== 'stopped') return 'retry';
  if (!session.working || !last?.payload || last.round >= MAX_SYNTHESIS_ROUNDS) return 'done';
  if (session.status === 'stopped') return session.stop?.reason === 'educator' ? 'done' : 'another';
  return roundsLeft(spec, rounds) > 0 ? 'continue' : 'another';
}
