/**
 * The finished items main holds until the renderer acknowledges them, across every job of the
 * registry, numbered in the order they finished. The renderer fetches them a page at a time
 * (`jobs.pending`): a page is the items numbered after a cursor, so items it cannot store (a job
 * another profile started) do not hide the ones after them, and a pull on a timer asks only for
 * what finished since the last one. The numbers are this process's own: `epoch` names it, and a
 * cursor of another epoch means nothing here.
 */
import { randomUUID } from 'node:crypto';
import type { PendingJobItems } from '../../../shared/ipc/contract';
import type { JobItemEvent } from '../../../shared/jobs';
import type { FinishedItem } from './job-runner';

interface Held {
  finished: FinishedItem;
  sequence: number;
}

export class PendingItems {
  readonly epoch = randomUUID();
  private lastSequence = 0;
  /** by job, then item key */
  private readonly byJob = new Map<string, Map<string, Held>>();
  /** every held item by its number, ascending: numbers only grow, and a Map keeps insertion order */
  private readonly order = new Map<number, { jobId: string; key: string }>();

  /** Holds a finished item (a later result for the same item replaces the earlier one and is numbered anew). */
  hold(jobId: string, key: string, finished: FinishedItem): void {
    const held = this.byJob.get(jobId) ?? new Map<string, Held>();
    this.byJob.set(jobId, held);
    const previous = held.get(key);
    if (previous) this.order.delete(previous.sequence);
    const sequence = ++this.lastSequence;
    held.set(key, { finished, sequence });
    this.order.set(sequence, { jobId, key });
  }

  /** The keys of `keys` this job holds. */
  heldOf(jobId: string, keys: readonly string[]): string[] {
    const held = this.byJob.get(jobId);
    return held ? keys.filter((key) => held.has(key)) : [];
  }

  /** Lets go of acknowledged items. */
  release(jobId: string, keys: readonly string[]): void {
    const held = this.byJob.get(jobId);
    if (!held) return;
    for (const key of keys) {
      const entry = held.get(key);
      if (!entry) continue;
      this.order.delete(entry.sequence);
      held.delete(key);
    }
    if (held.size === 0) this.byJob.delete(jobId);
  }

  /** At most `limit` held items numbered after `after`, oldest first, as the `item` events they were sent as. */
  page(after: number, limit: number): PendingJobItems {
    const items: JobItemEvent[] = [];
    let cursor = after;
    for (const [sequence, { jobId, key }] of this.order) {
      if (sequence <= after) continue;
      if (items.length === limit) return { epoch: this.epoch, items, cursor, more: true };
      const { finished } = this.byJob.get(jobId)!.get(key)!;
      items.push({ type: 'item', jobId, at: finished.at, item: finished.item, outcome: finished.outcome });
      cursor = sequence;
    }
    return { epoch: this.epoch, items, cursor, more: false };
  }
}
