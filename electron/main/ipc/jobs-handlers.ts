/** The job engine: start, pause, resume, cancel, list, the finished items not acknowledged (a page at a time), acknowledge. Events go out on `jobs.event`. */
import type { InvokeHandlers } from '../../../shared/ipc/contract';
import type { JobRegistry } from '../../services/jobs/job-registry';
import { parseEmptyArgs } from './validate';
import { parseAckArgs, parseJobRef, parsePendingArgs, parseStartJobArgs } from './validate-llm';

export type JobsChannel = 'jobs.start' | 'jobs.pause' | 'jobs.resume' | 'jobs.cancel' | 'jobs.list' | 'jobs.pending' | 'jobs.ack';

export interface JobsHandlerDeps {
  jobs: JobRegistry;
  /** the registry's restore at start-up: every call waits for it, so no job is missing from a list */
  jobsReady: Promise<unknown>;
}

export function createJobsHandlers(deps: JobsHandlerDeps): Pick<InvokeHandlers, JobsChannel> {
  const { jobs } = deps;
  const ready = () => deps.jobsReady.then(() => undefined, () => undefined);
  return {
    'jobs.start': async (arg) => {
      const { definition } = parseStartJobArgs(arg);
      await ready();
      return jobs.start(definition);
    },
    'jobs.pause': async (arg) => {
      const { jobId } = parseJobRef('jobs.pause', arg);
      await ready();
      return jobs.pause(jobId);
    },
    'jobs.resume': async (arg) => {
      const { jobId } = parseJobRef('jobs.resume', arg);
      await ready();
      return jobs.resume(jobId);
    },
    'jobs.cancel': async (arg) => {
      const { jobId } = parseJobRef('jobs.cancel', arg);
      await ready();
      return jobs.cancel(jobId);
    },
    'jobs.list': async (arg) => {
      parseEmptyArgs('jobs.list', arg);
      await ready();
      return jobs.list();
    },
    'jobs.pending': async (arg) => {
      const { after, limit } = parsePendingArgs(arg);
      await ready();
      return jobs.pending(after, limit);
    },
    'jobs.ack': async (arg) => {
      const { jobId, itemKeys } = parseAckArgs(arg);
      await ready();
      return jobs.acknowledge(jobId, itemKeys);
    },
  };
}
