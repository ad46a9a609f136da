/**
 * The code of a call that failed for good, and the stop of one the whole job cannot survive (a
 * refused key, an unknown model): shared by every runner, so each failure is worded the same way
 * whatever job it ends.
 */
import { jobReason, type CallFailureKindName, type CallPurpose, type JobReason, type JobReasonParams } from '../../../shared/jobs/reasons';
import { JobStop } from '../jobs/job-runner';
import type { CallFailureKind } from './retry-policy';

/**
 * An answer that never validated is unusable; any other ending is the call failing. (A cancelled
 * call's item is dropped, never shown: it is named as failing without a kind.)
 */
export function callFailureReason(kind: Exclude<CallFailureKind, 'recalled'>, connection: string, attempts: number, purpose: CallPurpose, extra: JobReasonParams = {}): JobReason {
  if (kind === 'invalid-answer') return jobReason('answer-unusable', { connection, attempts, purpose, ...extra });
  if (kind === 'cancelled') return jobReason('call-failed', { connection, attempts, purpose, ...extra });
  const name: CallFailureKindName = kind;
  return jobReason('call-failed', { connection, attempts, purpose, kind: name, ...extra });
}

/** The stop of a call whose failure would fail every call of the job the same way (stopsTheJob): its words as before. */
export function endpointStop(connection: { name: string }, result: { kind: CallFailureKind; reason: string }): JobStop {
  const code = result.kind === 'auth' ? 'key-refused' : 'model-not-found';
  return new JobStop(`${connection.name}: ${result.reason}`, jobReason(code, { connection: connection.name }));
}
