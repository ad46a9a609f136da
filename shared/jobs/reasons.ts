/**
 * Why a job's item failed, or why the whole job stopped, paused or was interrupted, as a code and
 * its parameters beside the English text main has always sent (`reason`, `error`). The app words
 * the code in the reader's language and shows the English text beside it as the technical detail;
 * the command line prints the English text. Every code and call purpose has words in
 * renderer/src/features/jobs/strings.ts (a unit test holds every one to it).
 */
export const JOB_REASON_CODES = [
  // an item failed for good
  /** the model's answers never passed their check, every attempt used */
  'answer-unusable',
  /** a call failed for good for another reason than its answer (the endpoint, the network) */
  'call-failed',
  /** a generated conversation reached the turn limit without ending */
  'conversation-too-long',
  /** an assessment's answer check could not be applied to a draw */
  'answer-check-failed',
  // the whole job stopped
  /** the endpoint refused the key (401, 403) */
  'key-refused',
  /** the endpoint does not know the model or path (404) */
  'model-not-found',
  /** a connection the job names was deleted */
  'connection-missing',
  /** a role the job needs has no connection bound to it */
  'role-unbound',
  /** the job's definition does not hold (a journal edited on disk, a definition built past the checks) */
  'definition-invalid',
  /** an item names a dialogue, pair or connection the job does not carry */
  'item-unknown',
  /** an error of the app itself, not of the model or the data */
  'internal-error',
  /** a file of the job (its journal, the answer cache, an output) could not be written: the disk is full, read-only or not the user's */
  'write-failed',
  /** a Batch API job without the response cache */
  'batch-needs-cache',
  /** the Batch API batch failed at the endpoint */
  'batch-failed',
  // the job paused by itself, or was interrupted
  /** the batch failed, but is kept: resuming polls it again */
  'batch-paused',
  'budget-tokens',
  'budget-cost',
  /** the app stopped while the job ran */
  'interrupted',
  /** a cancelled or failed job could not let go of what it held at the endpoint (a batch) */
  'abandon-failed',
  // the renderer's own, for a synthesis round
  /** the educator stopped the loop while the round ran */
  'stopped-by-educator',
] as const;

export type JobReasonCode = (typeof JOB_REASON_CODES)[number];

/** What a call was for: names the answer a reason is about ("the rubric draft", "the judge's scores"). */
export const CALL_PURPOSES = [
  'pre-annotation',
  'judge',
  'pairwise',
  'synthesis-draft',
  'synthesis-test-items',
  'synthesis-answer',
  'synthesis-judge',
  'synthesis-revise',
  'generation-turn',
  'generation-assessment',
  'generation-candidate',
  'generation-candidate-answer',
  'generation-candidate-assessment',
  'generation-safety-judge',
] as const;

export type CallPurpose = (typeof CALL_PURPOSES)[number];

/**
 * How a call that failed for good failed at its last attempt (main's CallFailureKind, without the
 * cancelled and recalled calls, which fail no item).
 */
export const CALL_FAILURE_KINDS = ['rate-limited', 'server', 'timeout', 'connection', 'auth', 'not-found', 'bad-request', 'malformed', 'too-large', 'invalid-answer'] as const;

export type CallFailureKindName = (typeof CALL_FAILURE_KINDS)[number];

/** Why a place could not take a file (write-failed's `place`): the system's error codes. */
export const WRITE_FAILURE_PLACES = ['ENOSPC', 'EDQUOT', 'EFBIG', 'EACCES', 'EPERM', 'EROFS'] as const;

export type WriteFailurePlace = (typeof WRITE_FAILURE_PLACES)[number];

/** A code and the values its words name (a connection, a count); plain JSON (journals, IPC). */
export interface JobReason {
  code: JobReasonCode;
  params: JobReasonParams;
}

export interface JobReasonParams {
  /** the connection's name */
  connection?: string;
  attempts?: number;
  purpose?: CallPurpose;
  /** the failure kind of the last attempt (call-failed) */
  kind?: CallFailureKindName;
  /** a synthesis round */
  round?: number;
  /** a role of a scenario or a synthesis (teacher, drafter…) */
  role?: string;
  /** item-unknown: what the item names */
  what?: 'dialogue' | 'connection' | 'pair' | 'conversation';
  /** conversation-too-long: the turn limit */
  turns?: number;
  /** the job kind (definition-invalid) */
  jobKind?: string;
  /** budgets: the limit and what was used */
  limit?: number;
  used?: number;
  /** write-failed: the file, and why its place could not take it */
  file?: string;
  place?: WriteFailurePlace;
}

export function jobReason(code: JobReasonCode, params: JobReasonParams = {}): JobReason {
  return { code, params };
}

const CODES: ReadonlySet<string> = new Set(JOB_REASON_CODES);

/** A reason read back from a journal or an event, or null when it is not one this app knows (an older journal has none). */
export function readJobReason(value: unknown): JobReason | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, params } = value as { code?: unknown; params?: unknown };
  if (typeof code !== 'string' || !CODES.has(code)) return null;
  return { code: code as JobReasonCode, params: typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as JobReasonParams) : {} };
}
