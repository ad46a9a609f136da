/**
 * The finished items main holds until the renderer acknowledges them (pending-items.ts), checked
 * against a reference model over random sequences of results, acknowledgements and page
 * requests: a page is always the held items after the cursor, oldest first, at most `limit`; a
 * walk through the pages from 0 sees every held item once; an acknowledged item is never seen
 * again, and a later result for the same item is seen in its place.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PendingItems } from '../../../../electron/services/jobs/pending-items';
import type { FinishedItem } from '../../../../electron/services/jobs/job-runner';

type Operation =
  | { op: 'hold'; jobId: string; key: string; at: number }
  | { op: 'release'; jobId: string; keys: string[] }
  | { op: 'page'; after: 'zero' | 'last' | number; limit: number };

interface ModelItem {
  jobId: string;
  key: string;
  at: number;
  sequence: number;
}

const jobs = fc.constantFrom('job-a', 'job-b', 'job-c');
const keys = fc.constantFrom('k0', 'k1', 'k2', 'k3', 'k4', 'k5');
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('hold' as const), jobId: jobs, key: keys, at: fc.integer({ min: 1, max: 1e9 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('release' as const), jobId: jobs, keys: fc.uniqueArray(keys, { maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('page' as const), after: fc.oneof(fc.constant('zero' as const), fc.constant('last' as const), fc.integer({ min: 0, max: 60 })), limit: fc.integer({ min: 1, max: 5 }) }) },
);

function finished(key: string, at: number): FinishedItem {
  return { item: { itemId: key, connectionId: 'c1', sample: 0 }, outcome: { ok: false, reason: `at ${at}`, tokens: { input: 0, output: 0 }, cost: null }, at };
}

const seen = (page: ReturnType<PendingItems['page']>) => page.items.map((event) => `${event.jobId}/${event.item.itemId}@${event.at}`);

describe('pending items', () => {
  it('pages are the held items after the cursor, oldest first; acknowledged ones are gone; a later result takes the place of the earlier', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        const pending = new PendingItems();
        let model: ModelItem[] = [];
        let sequence = 0;
        let lastCursor = 0;
        for (const step of operations) {
          if (step.op === 'hold') {
            model = model.filter((item) => !(item.jobId === step.jobId && item.key === step.key));
            model.push({ jobId: step.jobId, key: step.key, at: step.at, sequence: ++sequence });
            pending.hold(step.jobId, step.key, finished(step.key, step.at));
          } else if (step.op === 'release') {
            expect(pending.heldOf(step.jobId, step.keys).sort()).toEqual(step.keys.filter((key) => model.some((item) => item.jobId === step.jobId && item.key === key)).sort());
            model = model.filter((item) => !(item.jobId === step.jobId && step.keys.includes(item.key)));
            pending.release(step.jobId, step.keys);
          } else {
            const after = step.after === 'zero' ? 0 : step.after === 'last' ? lastCursor : step.after;
            const later = model.filter((item) => item.sequence > after).sort((a, b) => a.sequence - b.sequence);
            const expected = later.slice(0, step.limit);
            const page = pending.page(after, step.limit);
            expect(seen(page)).toEqual(expected.map((item) => `${item.jobId}/${item.key}@${item.at}`));
            expect(page.more).toBe(later.length > step.limit);
            expect(page.cursor).toBe(expected.at(-1)?.sequence ?? after);
            expect(page.epoch).toBe(pending.epoch);
            lastCursor = page.cursor;
          }
        }
        // a walk from 0 sees every held item once, in the order they finished
        const walked: string[] = [];
        let cursor = 0;
        for (let more = true; more; ) {
          const page = pending.page(cursor, 2);
          walked.push(...seen(page));
          cursor = page.cursor;
          more = page.more;
        }
        expect(walked).toEqual(model.sort((a, b) => a.sequence - b.sequence).map((item) => `${item.jobId}/${item.key}@${item.at}`));
      }),
      { numRuns: 300 },
    );
  });

  it('another process numbers its items under another epoch', () => {
    expect(new PendingItems().epoch).not.toBe(new PendingItems().epoch);
  });
});
