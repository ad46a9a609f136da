import { describe, expect, it } from 'vitest';
import { canTransition, isFinishedStatus, JOB_STATUSES, JobTransitionError, nextStatus, type JobStatus } from '../../../../shared/jobs';

/** The lifecycle as the issue describes it, written out pair by pair (not read from the table). */
const LEGAL: [JobStatus, JobStatus][] = [
  ['queued', 'running'],
  ['queued', 'paused'],
  ['queued', 'failed'],
  ['queued', 'cancelled'],
  ['queued', 'interrupted'],
  ['running', 'paused'],
  ['running', 'succeeded'],
  ['running', 'failed'],
  ['running', 'cancelled'],
  ['running', 'interrupted'],
  ['paused', 'running'],
  ['paused', 'cancelled'],
  ['paused', 'interrupted'],
  ['interrupted', 'running'],
  ['interrupted', 'cancelled'],
];

describe('job status transitions', () => {
  it('allows exactly the listed changes', () => {
    const legal = new Set(LEGAL.map(([from, to]) => `${from}>${to}`));
    for (const from of JOB_STATUSES) {
      for (const to of JOB_STATUSES) {
        if (from === to) continue;
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(legal.has(`${from}>${to}`));
      }
    }
  });

  it('keeps finished jobs finished', () => {
    for (const from of ['succeeded', 'failed', 'cancelled'] as const) {
      expect(isFinishedStatus(from)).toBe(true);
      for (const to of JOB_STATUSES) if (to !== from) expect(canTransition(from, to)).toBe(false);
    }
    expect(JOB_STATUSES.filter(isFinishedStatus)).toEqual(['succeeded', 'failed', 'cancelled']);
  });

  it('refuses succeeded -> running with the statuses in the message', () => {
    expect(() => nextStatus('job-1', 'succeeded', 'running')).toThrow(JobTransitionError);
    expect(() => nextStatus('job-1', 'succeeded', 'running')).toThrow('Job job-1 cannot go from succeeded to running (from succeeded it may go to nothing: it is finished).');
    expect(() => nextStatus('job-1', 'interrupted', 'paused')).toThrow('from interrupted it may go to running, cancelled');
  });

  it('treats a repeated status as no change', () => {
    for (const status of JOB_STATUSES) expect(nextStatus('j', status, status)).toBe(status);
    expect(nextStatus('j', 'paused', 'running')).toBe('running');
  });
});
