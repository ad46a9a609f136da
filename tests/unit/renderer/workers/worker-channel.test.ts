import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestCancelled, RequestOverBudget, runJob, WorkerChannel, WorkerUnavailable, type JobResponse } from '../../../../renderer/src/workers/worker-channel';

type Request = { requestId: number; value: number };
type Response = { requestId: number; kind: 'progress' | 'done'; value: number };

/** Answers each request with two progress messages and a final one, unless told to crash. */
class FakeWorker {
  private listeners: Record<string, ((event: { data?: unknown; message?: string }) => void)[]> = {};
  terminated = false;
  constructor(private readonly crashOnPost = false) {}
  addEventListener(type: string, listener: (event: { data?: unknown; message?: string }) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  postMessage(request: Request) {
    queueMicrotask(() => {
      if (this.crashOnPost) {
        for (const listener of this.listeners.error ?? []) listener({ message: 'boom' });
        return;
      }
      const send = (data: Response) => { for (const listener of this.listeners.message ?? []) listener({ data }); };
      send({ requestId: request.requestId, kind: 'progress', value: 1 });
      send({ requestId: request.requestId, kind: 'progress', value: 2 });
      send({ requestId: request.requestId, kind: 'done', value: request.value * 10 });
    });
  }
  terminate() {
    this.terminated = true;
  }
}

const globals = globalThis as { Worker?: unknown };
const originalWorker = globals.Worker;
beforeEach(() => {
  globals.Worker = FakeWorker;
});
afterEach(() => {
  if (originalWorker === undefined) delete globals.Worker;
  else globals.Worker = originalWorker;
});

describe('WorkerChannel', () => {
  it('settles a request on the response its caller calls final, after passing it every progress message', async () => {
    const channel = new WorkerChannel<Request, Response>(() => new FakeWorker() as unknown as Worker, 'failed');
    const seen: string[] = [];
    const response = await channel.request(
      (requestId) => ({ requestId, value: 4 }),
      (message) => {
        seen.push(`${message.kind}:${message.value}`);
        return message.kind === 'done';
      },
    );
    expect(response).toEqual({ requestId: 1, kind: 'done', value: 40 });
    expect(seen).toEqual(['progress:1', 'progress:2', 'done:40']);
    expect(channel.usesWorker).toBe(true);
  });

  it('keeps concurrent requests apart by id', async () => {
    const channel = new WorkerChannel<Request, Response>(() => new FakeWorker() as unknown as Worker, 'failed');
    const isDone = (message: Response) => message.kind === 'done';
    const [a, b] = await Promise.all([
      channel.request((requestId) => ({ requestId, value: 1 }), isDone),
      channel.request((requestId) => ({ requestId, value: 2 }), isDone),
    ]);
    expect([a?.value, b?.value]).toEqual([10, 20]);
  });

  it('rejects open requests with WorkerUnavailable when the worker fails, and answers null afterwards', async () => {
    const worker = new FakeWorker(true);
    const channel = new WorkerChannel<Request, Response>(() => worker as unknown as Worker, 'failed');
    const pending = channel.request((requestId) => ({ requestId, value: 1 }), () => true);
    await expect(pending).rejects.toBeInstanceOf(WorkerUnavailable);
    expect(worker.terminated).toBe(true);
    expect(channel.usesWorker).toBe(false);
    expect(channel.request((requestId) => ({ requestId, value: 1 }), () => true)).toBeNull();
  });

  it('answers null when the worker cannot even be created', () => {
    const channel = new WorkerChannel<Request, Response>(() => {
      throw new Error('blocked by policy');
    }, 'failed');
    expect(channel.request((requestId) => ({ requestId, value: 1 }), () => true)).toBeNull();
    expect(channel.usesWorker).toBe(false);
  });
});

describe('runJob', () => {
  type JobRequest = { requestId: number; value: number };
  /** Answers with progress 1/2, then done (or failed for a negative value), unless it crashes. */
  class JobWorker {
    private listeners: Record<string, ((event: { data?: unknown; message?: string }) => void)[]> = {};
    constructor(private readonly crash = false) {}
    addEventListener(type: string, listener: (event: { data?: unknown; message?: string }) => void) {
      (this.listeners[type] ??= []).push(listener);
    }
    postMessage(request: JobRequest) {
      queueMicrotask(() => {
        if (this.crash) return (this.listeners.error ?? []).forEach((listener) => listener({ message: 'boom' }));
        const send = (data: JobResponse<number>) => (this.listeners.message ?? []).forEach((listener) => listener({ data }));
        send({ requestId: request.requestId, kind: 'progress', done: 1, total: 2 });
        send(request.value < 0 ? { requestId: request.requestId, kind: 'failed', message: 'negative' } : { requestId: request.requestId, kind: 'done', outcome: request.value * 10 });
      });
    }
    terminate() {}
  }
  const channelOf = (crash: boolean) => new WorkerChannel<JobRequest, JobResponse<number>>(() => new JobWorker(crash) as unknown as Worker, 'failed to start');

  it('returns the worker outcome and passes progress on, without the main-thread path', async () => {
    const progress: string[] = [];
    let mainThread = 0;
    const outcome = await runJob(channelOf(false), (requestId) => ({ requestId, value: 4 }), (done, total) => progress.push(`${done}/${total}`), async () => ++mainThread);
    expect(outcome).toBe(40);
    expect(progress).toEqual(['1/2']);
    expect(mainThread).toBe(0);
  });

  it('throws a failure of the job itself, and falls back to the main thread only when the worker crashes', async () => {
    await expect(runJob(channelOf(false), (requestId) => ({ requestId, value: -1 }), () => undefined, async () => 0)).rejects.toThrow('negative');
    expect(await runJob(channelOf(true), (requestId) => ({ requestId, value: 4 }), () => undefined, async () => 7)).toBe(7);
  });
});

describe('WorkerChannel: Cancel and the time budget stop the worker', () => {
  /** Answers a request only when the test says so, like a worker busy with a long parse. */
  class HeldWorker {
    static started: HeldWorker[] = [];
    private listeners: Record<string, ((event: { data?: unknown }) => void)[]> = {};
    readonly received: Request[] = [];
    terminated = false;
    constructor() {
      HeldWorker.started.push(this);
    }
    addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
      (this.listeners[type] ??= []).push(listener);
    }
    postMessage(request: Request) {
      this.received.push(request);
    }
    /** the answer the worker would give once its work for `request` is done */
    finish(request: Request) {
      for (const listener of this.listeners.message ?? []) listener({ data: { requestId: request.requestId, kind: 'done', value: request.value * 10 } });
    }
    terminate() {
      this.terminated = true;
    }
  }
  const isDone = (message: Response) => message.kind === 'done';
  const newChannel = () => new WorkerChannel<Request, Response>(() => new HeldWorker() as unknown as Worker, 'failed');
  beforeEach(() => {
    HeldWorker.started = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on Cancel terminates the busy worker at once, rejects with RequestCancelled, and the next request gets a fresh worker', async () => {
    const channel = newChannel();
    const controller = new AbortController();
    const slow = channel.request((requestId) => ({ requestId, value: 1 }), isDone, { signal: controller.signal });
    const [busy] = HeldWorker.started;
    controller.abort();
    await expect(slow).rejects.toBeInstanceOf(RequestCancelled);
    expect(busy.terminated).toBe(true);

    const next = channel.request((requestId) => ({ requestId, value: 2 }), isDone);
    expect(HeldWorker.started).toHaveLength(2);
    const fresh = HeldWorker.started[1];
    fresh.finish(fresh.received[0]);
    expect(await next).toMatchObject({ kind: 'done', value: 20 });
    // what the stopped worker might still say is not taken for anything
    busy.finish({ requestId: 2, value: 99 });
    expect(channel.usesWorker).toBe(true);
  });

  it('refuses a request whose signal is already aborted without starting a worker', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(newChannel().request((requestId) => ({ requestId, value: 1 }), isDone, { signal: controller.signal })).rejects.toBeInstanceOf(RequestCancelled);
    expect(HeldWorker.started).toHaveLength(0);
  });

  it('stops a request that runs past its budget with RequestOverBudget, naming the budget', async () => {
    vi.useFakeTimers();
    const channel = newChannel();
    const slow = channel.request((requestId) => ({ requestId, value: 1 }), isDone, { budgetMs: 5_000 });
    const outcome = slow?.then(() => null, (error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(HeldWorker.started[0].terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(RequestOverBudget);
    expect((error as RequestOverBudget).budgetMs).toBe(5_000);
    expect(HeldWorker.started[0].terminated).toBe(true);
  });

  it('an answer within the budget clears its timer', async () => {
    vi.useFakeTimers();
    const channel = newChannel();
    const quick = channel.request((requestId) => ({ requestId, value: 3 }), isDone, { budgetMs: 1_000 });
    const [worker] = HeldWorker.started;
    worker.finish(worker.received[0]);
    expect(await quick).toMatchObject({ value: 30 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(worker.terminated).toBe(false);
  });

  it('sends the other callers’ open requests again to the fresh worker when one request is stopped', async () => {
    const channel = newChannel();
    const controller = new AbortController();
    const cancelled = channel.request((requestId) => ({ requestId, value: 1 }), isDone, { signal: controller.signal });
    const bystander = channel.request((requestId) => ({ requestId, value: 2 }), isDone);
    controller.abort();
    await expect(cancelled).rejects.toBeInstanceOf(RequestCancelled);
    const fresh = HeldWorker.started[1];
    expect(fresh.received).toEqual([{ requestId: 2, value: 2 }]);
    fresh.finish(fresh.received[0]);
    expect(await bystander).toMatchObject({ value: 20 });
  });
});
