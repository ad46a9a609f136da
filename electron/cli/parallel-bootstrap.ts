/**
 * The metrics bootstrap on two threads for the CLI: this thread draws the first half of the
 * resamples, a worker the second, starting from the generator state the first half leaves
 * (stateAfterDraws), so the intervals are those of one loop over all resamples, to the bit. The
 * worker runs the built bundle (out/cli/main.js, bin.ts) and is started before the files are
 * read, so its start-up overlaps the import; from the sources (tests, `cli:dev`), with one core,
 * or when the worker fails, everything is drawn here.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { bootstrapIntervals, bootstrapPlan, resampleMeans, stateAfterDraws, type BootstrapOptions } from '../../shared/metrics/bootstrap';

type Columns = readonly (readonly (number | null)[])[];

interface Job {
  columns: Columns;
  state: number;
  count: number;
}

const IS_BUNDLE = import.meta.url.endsWith('.js');
const WORKER_ROLE = 'maieutic-bootstrap';

export interface BootstrapHelper {
  /** bootstrapMeans(columns, options), the second half of the resamples drawn by the worker */
  intervals(columns: Columns, options: BootstrapOptions): Promise<([number, number] | null)[]>;
  /** lets the process exit without waiting for the worker */
  close(): void;
}

/** A started worker, or null where none is worth one (see above). */
export function startBootstrapHelper(): BootstrapHelper | null {
  if (!IS_BUNDLE || availableParallelism() < 2) return null;
  let worker: Worker | null;
  try {
    worker = new Worker(new URL(import.meta.url), { workerData: WORKER_ROLE });
  } catch {
    return null;
  }
  worker.unref();
  const failed = new Promise<null>((resolve) => {
    worker!.once('error', () => resolve(null));
    worker!.once('exit', () => resolve(null));
  });
  const run = (job: Job): Promise<Float64Array[] | null> => {
    if (worker === null) return Promise.resolve(null);
    const running = worker;
    // referenced only while it works: an idle helper never keeps the process alive
    running.ref();
    const done = new Promise<Float64Array[]>((resolve) => running.once('message', resolve));
    running.postMessage(job);
    return Promise.race([done, failed]).finally(() => running.unref());
  };
  return {
    async intervals(columns, options) {
      const plan = bootstrapPlan(columns, options);
      if (plan === null) return columns.map(() => null);
      const rows = columns[0]?.length ?? 0;
      const half = Math.floor(plan.resamples / 2);
      const second = run({ columns, state: stateAfterDraws(plan.seed, half * rows), count: plan.resamples - half });
      const first = resampleMeans(columns, plan.seed >>> 0, half);
      const rest = (await second) ?? resampleMeans(columns, stateAfterDraws(plan.seed, half * rows), plan.resamples - half);
      return bootstrapIntervals(columns, [first, rest], plan.level);
    },
    close() {
      void worker?.terminate();
      worker = null;
    },
  };
}

/** True in a worker started by startBootstrapHelper; it then answers jobs until it is ended. */
export function isBootstrapWorker(workerData: unknown): boolean {
  return !isMainThread && workerData === WORKER_ROLE;
}

export function serveBootstrapJobs(): void {
  parentPort?.on('message', (job: Job) => {
    const means = resampleMeans(job.columns, job.state, job.count);
    parentPort!.postMessage(means, means.map((column) => column.buffer as ArrayBuffer));
  });
}
