/**
 * What a `rubric-synthesis` item's outcome holds, for whoever stores it (the renderer's
 * repository, later the CLI): the round's payload when the job finished it, or the reason it
 * failed. Main's outcome is read, not trusted: an ok outcome whose payload is not a round (a
 * journal edited on disk, another kind's item under this job's id) is told apart from both.
 */
import type { JobItemOutcome } from '../jobs';
import { readJobReason, type JobReason } from '../jobs/reasons';
import type { SynthesisRoundPayload } from './synthesis-job';

export type SynthesisRoundOutcome = { kind: 'payload'; payload: SynthesisRoundPayload } | { kind: 'failed'; reason: string; why?: JobReason } | { kind: 'malformed'; reason: string };

function looksLikeRound(value: unknown): value is SynthesisRoundPayload {
  if (!value || typeof value !== 'object') return false;
  const payload = value as Partial<SynthesisRoundPayload>;
  return (
    typeof payload.round === 'number' && Array.isArray(payload.metrics) && typeof payload.best === 'number' &&
    typeof payload.record === 'object' && payload.record !== null && typeof payload.decision === 'object' && payload.decision !== null &&
    typeof payload.spec === 'object' && payload.spec !== null
  );
}

export function synthesisRoundOutcome(outcome: JobItemOutcome<SynthesisRoundPayload>): SynthesisRoundOutcome {
  if (!outcome.ok) {
    const why = readJobReason(outcome.why);
    return { kind: 'failed', reason: outcome.reason || 'the round failed without a reason', ...(why ? { why } : {}) };
  }
  if (!looksLikeRound(outcome.payload)) return { kind: 'malformed', reason: 'the result holds no synthesis round' };
  return { kind: 'payload', payload: outcome.payload };
}
