import { describe, expect, it } from 'vitest';
import { applyJobEvent, createJobSnapshot, interruptJob, JobTransitionError, type JobSnapshot } from '../../../../shared/jobs';
import { definition, itemFailed, itemSucceeded, progress } from './support';

function queued(): JobSnapshot {
  return createJobSnapshot({ id: 'job-1', definition: definition(), createdAt: 1_000, priced: true });
}

describe('applyJobEvent', () => {
  it('follows a job from queued to succeeded', () => {
    let snapshot = queued();
    snapshot = applyJobEvent(snapshot, { type: 'started', jobId: 'job-1', at: 2_000, progress: progress(0, 3) });
    expect(snapshot).toMatchObject({ status: 'running', startedAt: 2_000, finishedAt: null });
    snapshot = applyJobEvent(snapshot, itemSucceeded('job-1', 'd1', 2_500));
    snapshot = applyJobEvent(snapshot, { type: 'progress', jobId: 'job-1', at: 2_600, status: 'running', progress: progress(1, 3, { rate: 12, eta: 10 }) });
    expect(snapshot.progress).toMatchObject({ done: 1, rate: 12, eta: 10 });
    snapshot = applyJobEvent(snapshot, { type: 'finished', jobId: 'job-1', at: 9_000, status: 'succeeded', progress: progress(3, 3), error: null });
    expect(snapshot).toMatchObject({ status: 'succeeded', startedAt: 2_000, finishedAt: 9_000, error: null, progress: { done: 3 } });
  });

  it('keeps the first start time across a pause and a resume', () => {
    let snapshot = applyJobEvent(queued(), { type: 'started', jobId: 'job-1', at: 2_000, progress: progress(0, 3) });
    snapshot = applyJobEvent(snapshot, { type: 'progress', jobId: 'job-1', at: 3_000, status: 'paused', progress: progress(1, 3) });
    expect(snapshot.status).toBe('paused');
    snapshot = applyJobEvent(snapshot, { type: 'started', jobId: 'job-1', at: 5_000, progress: progress(1, 3) });
    expect(snapshot).toMatchObject({ status: 'running', startedAt: 2_000 });
  });

  it('leaves the snapshot it was given unchanged', () => {
    const before = queued();
    const copy = structuredClone(before);
    const after = applyJobEvent(before, { type: 'started', jobId: 'job-1', at: 2_000, progress: progress(0, 3) });
    expect(before).toEqual(copy);
    expect(after).not.toBe(before);
  });

  it('lists failed items with their reasons, once each, and drops one that later succeeds', () => {
    let snapshot = applyJobEvent(queued(), { type: 'started', jobId: 'job-1', at: 2_000, progress: progress(0, 3) });
    snapshot = applyJobEvent(snapshot, itemFailed('job-1', 'd1', 2_100, 'turn 3: "foo" is not a label of teacher_intent'));
    snapshot = applyJobEvent(snapshot, itemFailed('job-1', 'd2', 2_200, 'no JSON object in the answer'));
    snapshot = applyJobEvent(snapshot, itemFailed('job-1', 'd1', 2_300, 'the answer has 4 turns; the dialogue has 5'));
    expect(snapshot.failedItems.map((failed) => [failed.item.itemId, failed.reason, failed.at])).toEqual([
      ['d1', 'the answer has 4 turns; the dialogue has 5', 2_300],
      ['d2', 'no JSON object in the answer', 2_200],
    ]);
    snapshot = applyJobEvent(snapshot, itemSucceeded('job-1', 'd1', 2_400));
    expect(snapshot.failedItems.map((failed) => failed.item.itemId)).toEqual(['d2']);
  });

  it('does not count an item twice when it is delivered again', () => {
    let snapshot = applyJobEvent(queued(), { type: 'started', jobId: 'job-1', at: 2_000, progress: progress(1, 3) });
    const again = applyJobEvent(snapshot, itemSucceeded('job-1', 'd1', 2_500));
    expect(again).toBe(snapshot);
    snapshot = applyJobEvent(snapshot, itemFailed('job-1', 'd2', 2_600, 'bad'));
    expect(applyJobEvent(snapshot, itemFailed('job-1', 'd2', 2_600, 'bad')).failedItems).toHaveLength(1);
    expect(snapshot.progress.done).toBe(1);
  });

  it('refuses events a finished job cannot take', () => {
    let snapshot = applyJobEvent(queued(), { type: 'started', jobId: 'job-1', at: 2_000, progress: progress(0, 3) });
    snapshot = applyJobEvent(snapshot, { type: 'finished', jobId: 'job-1', at: 3_000, status: 'cancelled', progress: progress(1, 3), error: null });
    expect(() => applyJobEvent(snapshot, { type: 'started', jobId: 'job-1', at: 4_000, progress: progress(1, 3) })).toThrow(JobTransitionError);
    expect(() => applyJobEvent(snapshot, { type: 'progress', jobId: 'job-1', at: 4_000, status: 'running', progress: progress(1, 3) })).toThrow(JobTransitionError);
    expect(() => applyJobEvent(snapshot, { type: 'finished', jobId: 'job-1', at: 4_000, status: 'succeeded', progress: progress(3, 3), error: null })).toThrow(JobTransitionError);
  });

  it('refuses a queued job finishing as succeeded without having run', () => {
    expect(() => applyJobEvent(queued(), { type: 'finished', jobId: 'job-1', at: 3_000, status: 'succeeded', progress: progress(3, 3), error: null })).toThrow(JobTransitionError);
  });

  it('refuses an event of another job', () => {
    expect(() => applyJobEvent(queued(), { type: 'started', jobId: 'job-2', at: 2_000, progress: progress(0, 3) })).toThrow('An event of job job-2 was applied to job job-1.');
  });

  it('records why a whole job failed', () => {
    const running = applyJobEvent(queued(), { type: 'started', jobId: 'job-1', at: 2_000, progress: progress(0, 3) });
    const failed = applyJobEvent(running, { type: 'finished', jobId: 'job-1', at: 3_000, status: 'failed', progress: progress(0, 3), error: 'the endpoint answered 401 to every call' });
    expect(failed).toMatchObject({ status: 'failed', error: 'the endpoint answered 401 to every call', finishedAt: 3_000 });
  });
});

describe('interruptJob', () => {
  it('marks an unfinished job interrupted, with the reason, and forgets its rate', () => {
    const running = applyJobEvent(queued(), { type: 'started', jobId: 'job-1', at: 2_000, progress: progress(1, 3, { rate: 30, eta: 4 }) });
    const interrupted = interruptJob(running, 'the app closed while the job ran');
    expect(interrupted).toMatchObject({ status: 'interrupted', error: 'the app closed while the job ran', progress: { done: 1, rate: null, eta: null } });
    expect(applyJobEvent(interrupted, { type: 'started', jobId: 'job-1', at: 9_000, progress: progress(1, 3) })).toMatchObject({ status: 'running', error: null, startedAt: 2_000 });
    expect(interruptJob(queued(), 'closed').status).toBe('interrupted');
  });

  it('leaves finished jobs as they are', () => {
    const running = applyJobEvent(queued(), { type: 'started', jobId: 'job-1', at: 2_000, progress: progress(0, 3) });
    const done = applyJobEvent(running, { type: 'finished', jobId: 'job-1', at: 3_000, status: 'succeeded', progress: progress(3, 3), error: null });
    expect(interruptJob(done, 'closed')).toBe(done);
  });
});
