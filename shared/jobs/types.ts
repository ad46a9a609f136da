/**
 * The job vocabulary every long-running LLM task shares: pre-annotation now, then judge,
 * generation and rubric synthesis. Plain JSON throughout (it crosses IPC and is written to the
 * job journal); times are milliseconds since the epoch.
 */
import type { JobReason } from './reasons';

export const JOB_KINDS = ['pre-annotation', 'judge', 'judge-pairwise', 'generation', 'rubric-synthesis'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATUSES = ['queued', 'running', 'paused', 'succeeded', 'failed', 'cancelled', 'interrupted'] as const;
/**
 * - `succeeded`: every item was attempted; items that failed on their own are listed in
 *   `failedItems` and counted in `progress.failed`, the job as a whole did not fail.
 * - `failed`: something stopped the whole job (a broken definition, an endpoint that refuses
 *   every call); `error` says what.
 * - `cancelled`: the user stopped it. A status, not an error.
 * - `interrupted`: found unfinished at start-up (quit, crash, killed process); it can be resumed.
 */
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface TokenCounts {
  input: number;
  output: number;
}

/**
 * `done` counts every finished item, whichever way it finished: `failed` and `cached` are parts
 * of it, so `done / total` is the progress bar and `total - done` what is left.
 */
export interface JobProgress {
  done: number;
  total: number;
  failed: number;
  /** answered from the response cache: no call made, nothing paid */
  cached: number;
  tokens: TokenCounts;
  /** spent so far in the connection's currency; null when no price is known for some call */
  cost: number | null;
  /** finished items per minute; null until it can be measured */
  rate: number | null;
  /** seconds until the last item, at the current rate; null until it can be measured */
  eta: number | null;
  /** what the job waits for beyond its items, in words (a Batch API batch at the endpoint); absent when nothing */
  note?: string;
}

/**
 * The unit of work of a job: one item (a dialogue for pre-annotation) on one connection, as one
 * of `samples` repeated draws (sample 0 unless the job asks for several).
 */
export interface JobWorkItem {
  itemId: string;
  connectionId: string;
  sample: number;
}

export interface FailedJobItem {
  item: JobWorkItem;
  /** in English words, for the command line and as the technical detail beside `why`; never holds an API key */
  reason: string;
  /** the reason as a code the app words in the reader's language; absent in journals written before codes */
  why?: JobReason;
  at: number;
}

/** What `jobs.list` returns for one job: enough to draw it without its history. */
export interface JobSnapshot {
  id: string;
  kind: JobKind;
  title: string;
  status: JobStatus;
  progress: JobProgress;
  createdAt: number;
  /** first time it ran; kept across pauses and resumes */
  startedAt: number | null;
  /** when it reached succeeded, failed or cancelled */
  finishedAt: number | null;
  /** why the whole job failed, paused by itself or was interrupted, in English; null otherwise */
  error: string | null;
  /** `error` as a code the app words in the reader's language; absent when there is none */
  errorWhy?: JobReason;
  /** one entry per failed work item (a later success of the same item removes it) */
  failedItems: FailedJobItem[];
}
