/**
 * Runs writes one after another in the order they were asked for, so rapid key presses land
 * in order and each builds on the previous one. A failed task is reported and the queue goes
 * on: later tasks resolve against what is actually stored, not against the failed intent.
 */
export interface WriteQueue {
  /** resolves with the task's result, or rejects with its error after it has been reported */
  enqueue<T>(task: () => Promise<T>): Promise<T>;
  /** tasks queued or running */
  pending(): number;
  /** resolves when everything queued so far has finished */
  idle(): Promise<void>;
}

export interface WriteQueueEvents {
  onPendingChange?: (pending: number) => void;
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

export function createWriteQueue(events: WriteQueueEvents = {}): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;

  const setPending = (next: number) => {
    pending = next;
    events.onPendingChange?.(pending);
  };

  return {
    enqueue<T>(task: () => Promise<T>): Promise<T> {
      setPending(pending + 1);
      const run = tail.then(task);
      tail = run.then(
        () => {
          setPending(pending - 1);
          events.onSuccess?.();
        },
        (error: unknown) => {
          setPending(pending - 1);
          events.onError?.(error);
        },
      );
      return run;
    },
    pending: () => pending,
    idle: () => tail.then(() => undefined),
  };
}
