import { jobItemKey } from './definition';
import type { JobEvent, JobItemEvent } from './events';
import { isFinishedStatus, nextStatus } from './status';
import type { JobReason } from './reasons';
import type { FailedJobItem, JobSnapshot } from './types';

function withItem(failedItems: FailedJobItem[], event: JobItemEvent): FailedJobItem[] {
  const key = jobItemKey(event.item);
  const at = failedItems.findIndex((failed) => jobItemKey(failed.item) === key);
  if (event.outcome.ok) return at === -1 ? failedItems : failedItems.filter((_, index) => index !== at);
  const entry: FailedJobItem = { item: event.item, reason: event.outcome.reason, at: event.at, ...(event.outcome.why ? { why: event.outcome.why } : {}) };
  return at === -1 ? [...failedItems, entry] : failedItems.map((failed, index) => (index === at ? entry : failed));
}

/**
 * The snapshot after one event, as a new object (the old one is left as it was). Main keeps its
 * `jobs.list` snapshot with it and the renderer its view of the same job. Item events change only
 * the failed-item list: counts come with progress and finished events, so an item delivered
 * twice (after a restart) is not counted twice. A status change the table refuses throws
 * JobTransitionError.
 */
export function applyJobEvent(snapshot: JobSnapshot, event: JobEvent): JobSnapshot {
  if (event.jobId !== snapshot.id) throw new Error(`An event of job ${event.jobId} was applied to job ${snapshot.id}.`);
  switch (event.type) {
    case 'started':
      return { ...withoutWhy(snapshot), status: nextStatus(snapshot.id, snapshot.status, 'running'), startedAt: snapshot.startedAt ?? event.at, error: null, progress: event.progress };
    case 'progress':
      return { ...snapshot, status: nextStatus(snapshot.id, snapshot.status, event.status), progress: event.progress };
    case 'item': {
      const failedItems = withItem(snapshot.failedItems, event);
      return failedItems === snapshot.failedItems ? snapshot : { ...snapshot, failedItems };
    }
    case 'finished':
      return { ...withoutWhy(snapshot), status: nextStatus(snapshot.id, snapshot.status, event.status), finishedAt: event.at, progress: event.progress, error: event.error, ...(event.errorWhy ? { errorWhy: event.errorWhy } : {}) };
  }
}

function withoutWhy(snapshot: JobSnapshot): JobSnapshot {
  if (snapshot.errorWhy === undefined) return snapshot;
  const { errorWhy: _dropped, ...rest } = snapshot;
  return rest;
}

/** A job found unfinished at start-up: no process runs it any more. Finished jobs are left as they are. */
export function interruptJob(snapshot: JobSnapshot, reason: string, why?: JobReason): JobSnapshot {
  if (isFinishedStatus(snapshot.status) || snapshot.status === 'interrupted') return snapshot;
  return { ...withoutWhy(snapshot), status: nextStatus(snapshot.id, snapshot.status, 'interrupted'), error: reason, ...(why ? { errorWhy: why } : {}), progress: { ...snapshot.progress, rate: null, eta: null } };
}
