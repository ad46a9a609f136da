import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkerChannel, WorkerUnavailable } from '../../../../renderer/src/workers/worker-channel';

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
