import { describe, expect, it, vi } from 'vitest';
import { createWriteQueue } from '../../../../renderer/src/stores/review/write-queue';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('write queue', () => {
  it('runs tasks one at a time in the order they were queued, even when earlier ones are slower', async () => {
    const queue = createWriteQueue();
    const order: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const task = (name: string, ms: number) => async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await delay(ms);
      order.push(name);
      running -= 1;
    };
    await Promise.all([queue.enqueue(task('first', 20)), queue.enqueue(task('second', 1)), queue.enqueue(task('third', 5))]);
    expect(order).toEqual(['first', 'second', 'third']);
    expect(maxRunning).toBe(1);
  });

  it('reports a failure, rejects its caller and keeps running later tasks', async () => {
    const onError = vi.fn();
    const queue = createWriteQueue({ onError });
    const failing = queue.enqueue(async () => {
      throw new Error('disk full');
    });
    const later = queue.enqueue(async () => 'done');
    await expect(failing).rejects.toThrow('disk full');
    await expect(later).resolves.toBe('done');
    expect(onError).toHaveBeenCalledTimes(1);
    expect((onError.mock.calls[0][0] as Error).message).toBe('disk full');
  });

  it('counts pending tasks down to zero', async () => {
    const counts: number[] = [];
    const queue = createWriteQueue({ onPendingChange: (pending) => counts.push(pending) });
    void queue.enqueue(() => delay(2));
    void queue.enqueue(() => delay(2));
    expect(queue.pending()).toBe(2);
    await queue.idle();
    expect(queue.pending()).toBe(0);
    expect(counts).toEqual([1, 2, 1, 0]);
  });
});
