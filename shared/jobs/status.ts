import type { JobStatus } from './types';

/**
 * Which status may follow which. Finished jobs (succeeded, failed, cancelled) stay finished: a
 * rerun is a new job, so the journal of a finished job is never reopened. A paused or queued job
 * found at start-up is interrupted like a running one, because nothing in the new process is
 * running it.
 */
export const JOB_STATUS_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  queued: ['running', 'paused', 'failed', 'cancelled', 'interrupted'],
  running: ['paused', 'succeeded', 'failed', 'cancelled', 'interrupted'],
  paused: ['running', 'cancelled', 'interrupted'],
  interrupted: ['running', 'cancelled'],
  succeeded: [],
  failed: [],
  cancelled: [],
};

export const FINISHED_JOB_STATUSES: ReadonlySet<JobStatus> = new Set<JobStatus>(['succeeded', 'failed', 'cancelled']);

export function isFinishedStatus(status: JobStatus): boolean {
  return FINISHED_JOB_STATUSES.has(status);
}

export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return JOB_STATUS_TRANSITIONS[from].includes(to);
}

/** Thrown for a status change the table refuses: a bug in the engine, never ignored silently. */
export class JobTransitionError extends Error {
  readonly from: JobStatus;
  readonly to: JobStatus;
  constructor(jobId: string, from: JobStatus, to: JobStatus) {
    const allowed = JOB_STATUS_TRANSITIONS[from];
    super(`Job ${jobId} cannot go from ${from} to ${to} (from ${from} it may go to ${allowed.length > 0 ? allowed.join(', ') : 'nothing: it is finished'}).`);
    this.name = 'JobTransitionError';
    this.from = from;
    this.to = to;
  }
}

/** `to`, when the table allows it; a repeated status (running → running) is no change and allowed. */
export function nextStatus(jobId: string, from: JobStatus, to: JobStatus): JobStatus {
  if (from === to || canTransition(from, to)) return to;
  throw new JobTransitionError(jobId, from, to);
}
