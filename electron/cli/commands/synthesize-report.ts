/**
 * What `synthesize-rubric` says of its rounds: one line per round on stdout (fine share, the
 * verdict of each metric, anchor drift, a WARNING beyond the threshold, a rollback, the stop
 * reason), and the report file beside --out holding every round's evidence and the diff between
 * the version a round started from and the one it produced.
 */
import type { LoopDecision, Round, RevisionDiff, StopReason, SynthesisRoundPayload } from '../../../shared/synthesis';
import { lineText } from '../terminal-text';
import type { RoundSettings } from './synthesize-journal';

export const REPORT_FORMAT = 'maieutic.synthesis-report/1';
const PREFIX = 'synthesize-rubric:';

/** One round as the command saw it: the engine's payload, and the decision under this run's stopping rules. */
export interface RoundSeen {
  payload: SynthesisRoundPayload;
  decision: LoopDecision;
  /** the round whose metrics this one revised (null for the draft) */
  startedFrom: number | null;
  diff: RevisionDiff | null;
  /** read from the journal rather than run now */
  fromJournal: boolean;
}

const STOP_WORDS: Record<StopReason, string> = {
  'all-fine': 'every metric of the best round is fine',
  'nothing-to-revise': 'the metrics not fine are all locked',
  'max-rounds': 'the revision rounds allowed are done',
  'no-gain': 'the last rounds did not raise the share of fine metrics enough',
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The lines a round prints (each ends with a newline). */
export function roundLines(seen: RoundSeen): string[] {
  const { payload, decision } = seen;
  const lines: string[] = [];
  const fine = payload.diagnostics.filter((d) => d.verdict === 'fine').length;
  const parts = [`${fine}/${payload.diagnostics.length} metrics fine (${percent(payload.objective.fineShare)})`, payload.diagnostics.map((d) => `${d.metric} ${d.verdict}`).join(', ')];
  if (payload.revisions) {
    const revised = payload.revisions.filter((revision) => revision.status === 'revised').map((revision) => revision.metric);
    const refused = payload.revisions.filter((revision) => revision.status === 'refused').map((revision) => revision.metric);
    parts.unshift(`revised ${revised.join(', ') || 'none'}${refused.length > 0 ? ` (refused: ${refused.join(', ')})` : ''} from round ${seen.startedFrom}`);
  }
  const drift = payload.drift?.sinceFirst;
  if (drift) parts.push(`anchor drift ${drift.overall.meanAbsoluteDifference.toFixed(3)} since round 0 (threshold ${drift.threshold})`);
  const source = seen.fromJournal ? ' (from the journal)' : '';
  lines.push(`${PREFIX} round ${payload.round}${source}: ${parts.join('; ')}`);
  for (const comparison of [payload.drift?.sinceFirst, payload.drift?.sincePrevious]) {
    if (comparison?.beyondThreshold && comparison.warning) lines.push(`${PREFIX} WARNING: round ${payload.round}: ${comparison === drift ? 'since round 0' : `since round ${payload.round - 1}`}: ${comparison.warning}`);
  }
  if (decision.rollbackTo !== null && decision.rollbackTo !== payload.round) lines.push(`${PREFIX} round ${payload.round} is worse than round ${decision.rollbackTo}: rolled back to round ${decision.rollbackTo}`);
  if (decision.action === 'stop') lines.push(`${PREFIX} stopped after round ${payload.round}: ${decision.reason} (${STOP_WORDS[decision.reason]})`);
  else lines.push(`${PREFIX} next: revise ${decision.revise.join(', ')} (${decision.reason})`);
  return lines.map((line) => `${lineText(line)}\n`);
}

/** The report file's value: every round, the best and why the loop stopped. */
export function reportValue(run: { spec: { id: string; version: string; hash: string; file: string }; settings: RoundSettings; maxRounds: number; best: Round; rubricSetVersion: string; rounds: readonly RoundSeen[] }) {
  const last = run.rounds.at(-1);
  return {
    format: REPORT_FORMAT,
    spec: run.spec,
    settings: { ...run.settings, maxRounds: run.maxRounds },
    best: run.best.version,
    rubricSetVersion: run.rubricSetVersion,
    stopped: last && last.decision.action === 'stop' ? { afterRound: last.payload.round, reason: last.decision.reason } : null,
    rounds: run.rounds.map(({ payload, decision, startedFrom, diff }) => ({
      round: payload.round,
      rubricSetVersion: payload.rubricSet.version,
      startedFrom,
      metrics: payload.metrics,
      objective: payload.objective,
      diagnostics: payload.diagnostics,
      drift: payload.drift,
      revisions: payload.revisions,
      diff,
      decision,
      testItems: payload.testItems.length,
      answers: payload.answers.length,
      anchors: payload.anchors,
      tokens: payload.tokens,
      cached: payload.cached,
    })),
  };
}
