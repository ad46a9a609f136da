import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runJob, WorkerChannel, WorkerUnavailable, type JobResponse } from '../../../../renderer/src/workers/worker-channel';

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
