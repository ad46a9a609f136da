import type { JobReason } from './reasons';
import type { JobProgress, JobWorkItem, TokenCounts } from './types';

/**
 * How one work item ended. Both ends carry what the call cost: an answer that failed its check
 * was still paid for. `payload` is opaque here; each job kind names its own type
 * (`JobEvent<PreAnnotationItem>`); a successful outcome always has one, a failure may (judge).
 */
export type JobItemOutcome<Payload = unknown> =
  | { ok: true; payload: Payload; cached: boolean; tokens: TokenCounts; cost: number | null }
  /** `payload` on a failure: what a kind keeps of a failed item (a judge's reasons and its call); optional */
  | { ok: false; reason: string; tokens: TokenCounts; cost: number | null; payload?: Payload; why?: JobReason };

/** The job runs: its first start, or again after a pause or an interruption. */
export interface JobStartedEvent {
  type: 'started';
  jobId: string;
  at: number;
  progress: JobProgress;
}

/**
 * The job's figures, throttled by the engine (about every 100 ms), with the status it is in while
 * active: `paused` once a pause has taken effect, `running` otherwise. The figures are the
 * engine's own count, so an event delivered twice changes nothing.
 */
export interface JobProgressEvent {
  type: 'progress';
  jobId: string;
  at: number;
  status: 'running' | 'paused';
  progress: JobProgress;
}

/** One work item finished; sent for every item, never throttled (the renderer stores each result). */
export interface JobItemEvent<Payload = unknown> {
  type: 'item';
  jobId: string;
  at: number;
  item: JobWorkItem;
  outcome: JobItemOutcome<Payload>;
}

export interface JobFinishedEvent {
  type: 'finished';
  jobId: string;
  at: number;
  status: 'succeeded' | 'failed' | 'cancelled';
  progress: JobProgress;
  /** why the whole job failed; null when it did not */
  error: string | null;
  /** `error` as a code (reasons.ts); absent when there is none */
  errorWhy?: JobReason;
}

/** The one event union on the `jobs.event` channel, discriminated by `type`. */
export type JobEvent<Payload = unknown> = JobStartedEvent | JobProgressEvent | JobItemEvent<Payload> | JobFinishedEvent;
