/**
 * Request/response over one lazily started module worker, shared by the clients that keep
 * heavy work (parsing, agreement statistics) off the UI thread. Where no worker can run (no
 * Worker, a blocked script, a crash) `request` answers null or rejects with WorkerUnavailable,
 * and the client computes on the main thread instead.
 */

/** The worker failed to start or crashed: the caller falls back to the main thread. */
export class WorkerUnavailable extends Error {}

/** The caller aborted the request: its worker was stopped, nothing it computed is kept. */
export class RequestCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'RequestCancelled';
  }
}

/** The request ran past its time budget: its worker was stopped. */
export class RequestOverBudget extends Error {
  constructor(readonly budgetMs: number) {
    super(`stopped after ${budgetMs} ms`);
    this.name = 'RequestOverBudget';
  }
}

export interface RequestOptions {
  /** aborting stops the worker at once and rejects the request with RequestCancelled */
  signal?: AbortSignal;
  /** a request still open this many ms after it was sent stops the worker and rejects with RequestOverBudget */
  budgetMs?: number;
}

interface Pending<Request, Response> {
  message: Request;
  /** true when this response ends the request */
  isFinal: (response: Response) => boolean;
  resolve: (response: Response) => void;
  reject: (error: Error) => void;
  budgetMs: number | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** removes the abort listener */
  detach: () => void;
}

export class WorkerChannel<Request extends { requestId: number }, Response extends { requestId: number }> {
  private worker: Worker | null = null;
  private broken = typeof Worker === 'undefined';
  private nextRequestId = 1;
  private readonly pending = new Map<number, Pending<Request, Response>>();

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
   * one settles it. Null when no worker can run. A worker runs one task at a time and cannot be
   * interrupted, so cancelling or running over budget terminates it; the requests it held for
   * other callers are sent again to a fresh worker, and the next request starts one at once.
   */
  request(build: (requestId: number) => Request, isFinal: (response: Response) => boolean, options: RequestOptions = {}): Promise<Response> | null {
    const { signal, budgetMs } = options;
    if (signal?.aborted) return Promise.reject(new RequestCancelled());
    const worker = this.ensureWorker();
    if (!worker) return null;
    const requestId = this.nextRequestId++;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => this.stop(requestId, new RequestCancelled());
      signal?.addEventListener('abort', onAbort, { once: true });
      const pending: Pending<Request, Response> = {
        message: build(requestId),
        isFinal,
        resolve,
        reject,
        budgetMs,
        timer: undefined,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      this.pending.set(requestId, pending);
      this.send(worker, requestId, pending);
    });
  }

  private send(worker: Worker, requestId: number, pending: Pending<Request, Response>): void {
    clearTimeout(pending.timer);
    // the budget counts from this send: a request sent again after another one's stop starts afresh
    if (pending.budgetMs !== undefined) pending.timer = setTimeout(() => this.stop(requestId, new RequestOverBudget(pending.budgetMs ?? 0)), pending.budgetMs);
    worker.postMessage(pending.message);
  }

  private ensureWorker(): Worker | null {
    if (this.broken) return null;
    if (this.worker) return this.worker;
    try {
      const worker = this.start();
      // a terminated worker's late messages and errors are ignored: its requests live on elsewhere
      worker.addEventListener('message', (event: MessageEvent<Response>) => {
        if (worker === this.worker) this.onMessage(event.data);
      });
      worker.addEventListener('error', (event) => {
        if (worker === this.worker) this.onWorkerFailure(event.message || this.failureMessage);
      });
      this.worker = worker;
      return worker;
    } catch {
      this.broken = true;
      return null;
    }
  }

  private settle(requestId: number): Pending<Request, Response> | undefined {
    const pending = this.pending.get(requestId);
    if (!pending) return undefined;
    this.pending.delete(requestId);
    clearTimeout(pending.timer);
    pending.detach();
    return pending;
  }

  private onMessage(response: Response): void {
    const pending = this.pending.get(response.requestId);
    if (!pending || !pending.isFinal(response)) return;
    this.settle(response.requestId)?.resolve(response);
  }

  /** Terminates the worker under `requestId` and rejects it with `error`; the other open requests go to a fresh worker. */
  private stop(requestId: number, error: Error): void {
    const stopped = this.settle(requestId);
    if (!stopped) return;
    this.worker?.terminate();
    this.worker = null;
    stopped.reject(error);
    if (this.pending.size === 0) return;
    const fresh = this.ensureWorker();
    if (!fresh) {
      this.rejectAll(new WorkerUnavailable(this.failureMessage));
      return;
    }
    for (const [id, pending] of this.pending) this.send(fresh, id, pending);
  }

  /** A worker that fails fails every open request; their callers re-run them on the main thread. */
  private onWorkerFailure(message: string): void {
    this.broken = true;
    this.worker?.terminate();
    this.worker = null;
    this.rejectAll(new WorkerUnavailable(message));
  }

  private rejectAll(error: Error): void {
    for (const requestId of [...this.pending.keys()]) this.settle(requestId)?.reject(error);
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
