/**
 * The stops every job kind shares, each with its English words (unchanged: the command line and
 * older tests read them) and its code (shared/jobs/reasons.ts), so the app can word it in the
 * reader's language.
 */
import { jobReason, type JobReasonParams } from '../../../shared/jobs/reasons';
import { JobStop } from './job-runner';

/** A connection the job names was deleted; `role` when the job binds it to one (the drafter's…). */
export function connectionMissing(id: string, role?: string): JobStop {
  const whose = role ? `The ${role}'s connection` : 'The connection';
  return new JobStop(`${whose} ${JSON.stringify(id)} no longer exists; add it again in Settings, then resume.`, jobReason('connection-missing', { connection: id, ...(role ? { role } : {}) }));
}

/** An item names something the job does not carry: a journal edited on disk, a definition built past the checks. */
export function itemUnknown(what: NonNullable<JobReasonParams['what']>, detail = ''): JobStop {
  return new JobStop(`The job names a ${what} it does not carry${detail}.`, jobReason('item-unknown', { what }));
}

/** The job's definition does not hold; `problems` in English, the first five. */
export function definitionInvalid(jobKind: string, message: string): JobStop {
  return new JobStop(message, jobReason('definition-invalid', { jobKind }));
}

/** A role the job needs has no connection bound to it. */
export function roleUnbound(role: string, message: string): JobStop {
  return new JobStop(message, jobReason('role-unbound', { role }));
}
