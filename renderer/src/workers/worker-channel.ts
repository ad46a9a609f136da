/**
 * Request/response over one lazily started module worker, shared by the clients that keep
 * heavy work (parsing, agreement statistics) off the UI thread. Where no worker can run (no
 * Worker, a blocked script, a crash) `request` answers null or rejects with WorkerUnavailable,
 * and the client computes on the main thread instead.
 */

/** The worker failed to start or crashed: the caller falls back to the main thread. */
export class WorkerUnavailable extends Error {}

interface Pending<Response> {
  /** true when this response ends the request */
  isFinal: (response: Response) => boolean;
  resolve: (response: Response) => void;
  reject: (error: Error) => void;
}

export class WorkerChannel<Request extends { requestId: number }, Response extends { requestId: number }> {
  private worker: Worker | null = null;
  private broken = typeof Worker === 'undefined';
  private nextRequestId = 1;
  private readonly pending = new Map<number, Pending<Response>>();

  /**
   * @param start creates the worker; it must be written as `new Worker(new URL('./x.worker.ts',
   *   import.meta.url), …)` in the client's own module so that Vite bundles the worker.
   */
  constructor(
    private readonly start: () => Worker,
    private readonly failureMessage: string,
  ) {}

  get usesWorker(): boolean {
    return !this.broken;
  }

  /**
   * Sends one request; `isFinal` sees every response for it (progress included) and says which
   * one settles it. Null when no worker can run.
   */
  request(build: (requestId: number) => Request, isFinal: (response: Response) => boolean): Promise<Response> | null {
    const worker = this.ensureWorker();
    if (!worker) return null;
    const requestId = this.nextRequestId++;
    return new Promise<Response>((resolve, reject) => {
      this.pending.set(requestId, { isFinal, resolve, reject });
      worker.postMessage(build(requestId));
    });
  }

  private ensureWorker(): Worker | null {
    if (this.broken) return null;
    if (this.worker) return this.worker;
    try {
      const worker = this.start();
      worker.addEventListener('message', (event: MessageEvent<Response>) => this.onMessage(event.data));
      worker.addEventListener('error', (event) => this.onWorkerFailure(event.message || this.failureMessage));
      this.worker = worker;
      return worker;
    } catch {
      this.broken = true;
      return null;
    }
  }

  private onMessage(response: Response): void {
    const pending = this.pending.get(response.requestId);
    if (!pending || !pending.isFinal(response)) return;
    this.pending.delete(response.requestId);
    pending.resolve(response);
  }

  /** A worker that fails fails every open request; their callers re-run them on the main thread. */
  private onWorkerFailure(message: string): void {
    this.broken = true;
    this.worker?.terminate();
    this.worker = null;
    const open = [...this.pending.values()];
    this.pending.clear();
    for (const pending of open) pending.reject(new WorkerUnavailable(message));
  }
}

/** The answers of a worker that computes one outcome with progress (the agreement and metrics workers). */
export type JobResponse<Outcome> =
  | { requestId: number; kind: 'progress'; done: number; total: number }
  | { requestId: number; kind: 'done'; outcome: Outcome }
  | { requestId: number; kind: 'failed'; message: string };

/**
 * Runs a job in the channel's worker, passing its progress on, and on the main thread (after one
 * frame, so the loading state paints) when no worker can run. A failure of the job itself is the
 * same on either thread and is thrown; only a broken worker falls back.
 */
export async function runJob<Request extends { requestId: number }, Outcome>(
  channel: WorkerChannel<Request, JobResponse<Outcome>>,
  build: (requestId: number) => Request,
  onProgress: (done: number, total: number) => void,
  onMainThread: () => Promise<Outcome>,
): Promise<Outcome> {
  const viaWorker = channel.request(build, (response) => {
    if (response.kind !== 'progress') return true;
    onProgress(response.done, response.total);
    return false;
  });
  if (viaWorker) {
    try {
      const response = await viaWorker;
      if (response.kind === 'done') return response.outcome;
      if (response.kind === 'failed') throw new Error(response.message);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
  return onMainThread();
}
