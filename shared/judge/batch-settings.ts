/**
 * A judge or pairwise job sent through the OpenAI Batch API (issue 13) instead of live calls:
 * one batch per judge connection for the items the cache does not answer, polled every
 * `pollSeconds`, and given up on (cancelled at the endpoint, its finished lines kept, the rest
 * asked live) after `timeoutHours` from its submission. Absent on a job: live calls only.
 */
export interface JudgeBatchSettings {
  /** seconds between polls of the batch (BATCH_POLL_SECONDS bounds; 30 unless given) */
  pollSeconds?: number;
  /** hours to wait from submission before the batch is cancelled (BATCH_TIMEOUT_HOURS bounds); absent: until the endpoint ends it (24h window) */
  timeoutHours?: number;
}

/** Polling faster than this asks the endpoint for nothing new; slower than an hour leaves a finished batch waiting. */
export const BATCH_POLL_SECONDS = { min: 0.1, max: 3600, default: 30 } as const;
/** A batch runs within a 24-hour window; a week covers endpoints with a longer one. */
export const BATCH_TIMEOUT_HOURS = { min: 0.01, max: 168 } as const;

/** Problems with a job's batch settings, in words; empty when they can be used (or are absent). */
export function batchSettingsProblems(batch: JudgeBatchSettings | undefined): string[] {
  if (batch === undefined) return [];
  const problems: string[] = [];
  const inRange = (value: number | undefined, range: { min: number; max: number }) => value === undefined || (Number.isFinite(value) && value >= range.min && value <= range.max);
  if (!inRange(batch.pollSeconds, BATCH_POLL_SECONDS)) problems.push(`batch.pollSeconds must be a number from ${BATCH_POLL_SECONDS.min} to ${BATCH_POLL_SECONDS.max} (got ${String(batch.pollSeconds)})`);
  if (!inRange(batch.timeoutHours, BATCH_TIMEOUT_HOURS)) problems.push(`batch.timeoutHours must be a number from ${BATCH_TIMEOUT_HOURS.min} to ${BATCH_TIMEOUT_HOURS.max} (got ${String(batch.timeoutHours)})`);
  return problems;
}
