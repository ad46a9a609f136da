/**
 * Whatever becomes of the pushed `jobs.event` items (lost, sent twice, out of order) and
 * whenever the pulls come (timer, focus, reconnect), every result ends in the database and is
 * acknowledged, and main holds nothing any more. Main here is the product's own bookkeeping of
 * pending items (electron/services/jobs/pending-items.ts) behind a small page size, so that the
 * pulls go page by page; the store and the repositories are the app's.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PendingItems } from '../../../../electron/services/jobs/pending-items';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { llmLayerId } from '../../../../renderer/src/db/repositories/llm-jobs';
import { createJobsStore, type Invoke } from '../../../../renderer/src/stores/jobs/store';
import { useNoticeStore } from '../../../../renderer/src/stores/notices/store';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import type { AckJobItemsArgs, PendingJobItemsArgs } from '../../../../shared/ipc/contract';
import { createJobSnapshot, jobItemKey, type JobItemEvent, type JobSnapshot } from '../../../../shared/jobs';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE, type PreAnnotationJobDefinition, type PreAnnotationPayload } from '../../../../shared/llm';
import { dialogue, freshDb, parsedFile, value } from '../fixtures';

const DIALOGUES = 6;
const TURNS = 2;
const PAGE = 2;

type Step = { kind: 'finish'; pushes: number } | { kind: 'pull'; full: boolean } | { kind: 'late-push'; from: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  // a result finishes in main; its push arrives 0 (lost), 1 or 2 times
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('finish' as const), pushes: fc.integer({ min: 0, max: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pull' as const), full: fc.boolean() }) },
  // an earlier result's push arrives only now
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('late-push' as const), from: fc.nat() }) },
);

function itemOf(jobId: string, dialogueId: string): JobItemEvent<PreAnnotationPayload> {
  const item = { itemId: dialogueId, connectionId: 'c1', sample: 0 };
  const payload = { dialogueId, connectionId: 'c1', calls: [], turns: [1, 2].map((turn) => ({ turn, values: { teacher_intent: value('ask', 'ok', ['ask']) } })) };
  return { type: 'item', jobId, at: 10, item, outcome: { ok: true, cached: false, tokens: { input: 1, output: 1 }, cost: null, payload } };
}

describe('jobs store: results pushed and pulled', () => {
  it('every result is stored and acknowledged, whatever became of the pushes and whenever the pulls came', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: DIALOGUES, maxLength: 20 }), fc.boolean(), async (steps, concurrently) => {
        const db = freshDb();
        useNoticeStore.setState({ notices: [] });
        try {
          const imported = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [parsedFile('a.jsonl', Array.from({ length: DIALOGUES }, (_, index) => dialogue(index + 1, TURNS)))]);
          const ids = Array.from({ length: DIALOGUES }, (_, index) => `${imported.sourceIds[0]}:${index + 1}`);
          const definition: PreAnnotationJobDefinition = {
            kind: 'pre-annotation', title: 'Pre-annotation', connectionIds: ['c1'], itemIds: ids,
            parameters: { datasetId: imported.datasetId, layerName: 'Local · m', codebook: DEFAULT_CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues: ids.map((id) => ({ id, turns: [{ speaker: 'teacher' as const, utterance: 'a' }, { speaker: 'student' as const, utterance: 'b' }] })) },
          };
          const pending = new PendingItems();
          let snapshot: JobSnapshot | null = null;
          const acks = new Map<string, number>();
          const invoke = (async (channel: string, arg: unknown) => {
            if (channel === 'jobs.start') return (snapshot = { ...createJobSnapshot({ id: 'job1', definition, createdAt: 1, priced: false }), status: 'running' });
            if (channel === 'jobs.list') return snapshot ? [snapshot] : [];
            if (channel === 'jobs.pending') return pending.page((arg as PendingJobItemsArgs).after ?? 0, PAGE);
            if (channel === 'jobs.ack') {
              const { jobId, itemKeys } = arg as AckJobItemsArgs;
              for (const key of itemKeys) acks.set(key, (acks.get(key) ?? 0) + 1);
              const known = pending.heldOf(jobId, itemKeys);
              pending.release(jobId, known);
              return { acknowledged: known.length };
            }
            throw new Error(`unexpected ${channel}`);
          }) as Invoke;
          const store = createJobsStore({ database: () => db, invoke });
          await store.getState().startPreAnnotation({ definition, connections: [{ id: 'c1', name: 'Local', model: 'm' }] });

          const finished: JobItemEvent<PreAnnotationPayload>[] = [];
          const inFlight: Promise<void>[] = [];
          for (const next of steps) {
            if (next.kind === 'finish' && finished.length < DIALOGUES) {
              const event = itemOf('job1', ids[finished.length]);
              finished.push(event);
              pending.hold('job1', jobItemKey(event.item), { item: event.item, outcome: event.outcome, at: event.at });
              for (let push = 0; push < next.pushes; push += 1) store.getState().handleEvent(event);
            } else if (next.kind === 'late-push' && finished.length > 0) {
              store.getState().handleEvent(finished[next.from % finished.length]);
            } else if (next.kind === 'pull') {
              const pull = store.getState().sync({ full: next.full });
              if (concurrently) inFlight.push(pull);
              else await pull;
            }
          }
          while (finished.length < DIALOGUES) {
            const event = itemOf('job1', ids[finished.length]);
            finished.push(event);
            pending.hold('job1', jobItemKey(event.item), { item: event.item, outcome: event.outcome, at: event.at });
          }
          await Promise.all(inFlight);
          // what the page does at its next start, reconnect or focus
          await store.getState().sync({ full: true });
          await store.getState().idle();

          expect(await db.layerValues.where('layerId').equals(llmLayerId('job1', 'c1')).count()).toBe(DIALOGUES * TURNS);
          expect(await db.llmCalls.count()).toBe(DIALOGUES);
          expect([...acks.keys()].sort()).toEqual(finished.map((event) => jobItemKey(event.item)).sort());
          expect(pending.page(0, 100).items).toEqual([]);
          expect(useNoticeStore.getState().notices).toEqual([]);
        } finally {
          db.close();
          await db.delete();
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
