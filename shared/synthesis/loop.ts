import type { MetricDiagnostic, Round, RoundObjective, StoppingRules } from './types';
import { mean } from './stats';

/**
 * A round's objective: the share of its metrics judged 'fine'; ties are broken by the mean
 * discrimination across answers. Gains (minGain) are measured on the share alone.
 */
export function roundObjective(diagnostics: readonly MetricDiagnostic[]): RoundObjective {
  if (diagnostics.length === 0) return { fineShare: 0, meanDiscrimination: 0 };
  return {
    fineShare: diagnostics.filter((d) => d.verdict === 'fine').length / diagnostics.length,
    meanDiscrimination: mean(diagnostics.map((d) => d.discrimination.acrossAnswers)),
  };
}

/** > 0 when `a` is better than `b`, < 0 when worse, 0 when equal. */
export function compareObjectives(a: RoundObjective, b: RoundObjective): number {
  return a.fineShare - b.fineShare || a.meanDiscrimination - b.meanDiscrimination;
}

function driftWarned(round: Round): boolean {
  return round.drift?.sinceFirst.beyondThreshold === true;
}

/**
 * The best round so far: the highest objective among rounds whose anchors did not drift beyond
 * the threshold (their scores would not compare with the draft's); the earliest on a tie, so a
 * revision must do better to replace what is kept. Null for no rounds.
 */
export function bestRound(rounds: readonly Round[]): Round | null {
  const eligible = rounds.some((round) => !driftWarned(round)) ? rounds.filter((round) => !driftWarned(round)) : rounds;
  let best: Round | null = null;
  for (const round of eligible) if (!best || compareObjectives(round.objective, best.objective) > 0) best = round;
  return best;
}

/** The metrics the next revision works on: those of `round` not judged fine and not locked, in order. */
export function metricsToRevise(round: Round): string[] {
  const locked = new Set(round.locked);
  return round.diagnostics.filter((d) => d.verdict !== 'fine' && !locked.has(d.metric)).map((d) => d.metric);
}

export type StopReason = 'all-fine' | 'nothing-to-revise' | 'max-rounds' | 'no-gain';
export type ContinueReason = 'first-round' | 'gained' | 'within-patience';

export type LoopDecision =
  | { action: 'continue'; reason: ContinueReason; rollbackTo: number | null; revise: string[] }
  | { action: 'stop'; reason: StopReason; rollbackTo: number | null; revise: [] };

/** Shares are sums of 1/n: 0.6 − 0.4 must count as a gain of 0.2. */
function reaches(gain: number, minGain: number): boolean {
  return gain + 1e-9 >= minGain;
}

/** The rise of the running best's fine share at each round after the first. */
function gains(rounds: readonly Round[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < rounds.length; i++) out.push((bestRound(rounds.slice(0, i + 1))?.objective.fineShare ?? 0) - (bestRound(rounds.slice(0, i))?.objective.fineShare ?? 0));
  return out;
}

/**
 * What to do after the last of `rounds` (version 0 the draft, then one per revision). The next
 * revision starts from the best round: `rollbackTo` names it when the last round is worse.
 * Stops, first match: every metric of the best round fine; none left to revise (the rest
 * locked); `maxRounds` revisions done; the last `patience` rounds each gained less than `minGain`.
 */
export function afterRound(rounds: readonly Round[], stopping: StoppingRules): LoopDecision {
  const best = bestRound(rounds);
  const last = rounds.at(-1);
  if (!best || !last) throw new Error('afterRound needs at least the draft round');
  const rollbackTo = compareObjectives(last.objective, best.objective) < 0 || (driftWarned(last) && !driftWarned(best)) ? best.version : null;
  const revise = metricsToRevise(best);
  const stop = (reason: StopReason): LoopDecision => ({ action: 'stop', reason, rollbackTo, revise: [] });
  if (best.diagnostics.length > 0 && best.diagnostics.every((d) => d.verdict === 'fine')) return stop('all-fine');
  if (revise.length === 0) return stop('nothing-to-revise');
  if (rounds.length - 1 >= stopping.maxRounds) return stop('max-rounds');
  const recent = gains(rounds).slice(-stopping.patience);
  if (recent.length >= stopping.patience && recent.every((gain) => !reaches(gain, stopping.minGain))) return stop('no-gain');
  const reason: ContinueReason = rounds.length === 1 ? 'first-round' : reaches(gains(rounds).at(-1) ?? 0, stopping.minGain) ? 'gained' : 'within-patience';
  return { action: 'continue', reason, rollbackTo, revise };
}
