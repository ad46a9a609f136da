export * from './types';
export type { JobEvent, JobFinishedEvent, JobItemEvent, JobItemOutcome, JobProgressEvent, JobStartedEvent } from './events';
export { canTransition, FINISHED_JOB_STATUSES, isFinishedStatus, JOB_STATUS_TRANSITIONS, JobTransitionError, nextStatus } from './status';
export { checkJobDefinition, createJobSnapshot, jobItemKey, jobWorkItemCount, jobWorkItems, MAX_SAMPLES_PER_ITEM, type JobBudget, type JobDefinition } from './definition';
export { countItemOutcome, emptyProgress } from './progress';
export { createRateWindow, DEFAULT_RATE_WINDOW, progressFigures, type ProgressFigures, type RateWindow, type RateWindowOptions } from './rate';
export { applyJobEvent, interruptJob } from './reducer';
export { CALL_FAILURE_KINDS, CALL_PURPOSES, JOB_REASON_CODES, jobReason, readJobReason, WRITE_FAILURE_PLACES, type WriteFailurePlace, type CallFailureKindName, type CallPurpose, type JobReason, type JobReasonCode, type JobReasonParams } from './reasons';
