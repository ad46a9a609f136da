/**
 * The job registry with a scripted worker (the real caller and server are in
 * job-engine-server.test.ts and the kill test): events, journal, pause, resume, cancel, stop,
 * budgets, restore after a shutdown, redelivery until acknowledged, and never an item run twice.
 */
import { jobReason } from '../../../../shared/jobs/reasons';
import { readFileSync } from 'node:fs';
import { appendFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobItemKey, type JobDefinition, type JobEvent, type JobItemOutcome, type JobWorkItem } from '../../../../shared/jobs';
import { readJournal, replayJournal } from '../../../../electron/services/jobs/job-journal';
import { JobRegistry, INTERRUPTED_REASON } from '../../../../electron/services/jobs/job-registry';
import { JobStop, type ItemWorker, type JobKindRunner } from '../../../../electron/services/jobs/job-runner';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

interface Pending {
  item: JobWorkItem;
  signal: AbortSignal;
  finish(outcome?: JobItemOutcome<string>): void;
  fail(error: Error): void;
}

/** A worker whose items finish when the test says, recording every run. */
class ScriptedWorker implements ItemWorker<string> {
  readonly runs: string[] = [];
  readonly pending: Pending[] = [];
  auto = false;
  constructor(readonly parallel = 2) {}
  run(item: JobWorkItem, signal: AbortSignal): Promise<JobItemOutcome<string>> {
    this.runs.push(item.itemId);
    return new Promise((resolve, reject) => {
      const entry: Pending = {
        item,
        signal,
        finish: (outcome = { ok: true, payload: `labels of ${item.itemId}`, cached: false, tokens: { input: 10, output: 5 }, cost: 0.01 }) => resolve(outcome),
        fail: reject,
      };
      signal.addEventListener('abort', () => resolve({ ok: false, reason: 'Cancelled.', tokens: { input: 0, output: 0 }, cost: null }), { once: true });
      if (this.auto) queueMicrotask(() => entry.finish());
      else this.pending.push(entry);
    });
  }
}

/** Waits until `condition` holds (journal syncs take real time), failing after 5 s with `what`. */
async function until(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Lets the engine take every step it can without an item finishing. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 2));
};

function definition(items: number, extra: Partial<JobDefinition> = {}): JobDefinition {
  return { kind: 'judge', title: 'test job', connectionIds: ['c1'], itemIds: Array.from({ length: items }, (_, i) => `d${i + 1}`), parameters: {}, ...extra };
}

describe('the job registry', () => {
  let dir: TempDir;
  let events: JobEvent[];
  let worker: ScriptedWorker;
  const runner = (): JobKindRunner => ({ kind: 'judge', priced: () => true, open: async () => worker });
  const registry = () => new JobRegistry({ folder: join(dir.path, 'jobs'), runners: [runner()], emit: (event) => events.push(event), newId: () => 'job-1' });

  beforeEach(async () => {
    dir = await makeTempDir();
    events = [];
    worker = new ScriptedWorker();
  });
  afterEach(() => dir.remove());

  it('runs every item at most `parallel` at once, journals each before its event, and finishes succeeded', async () => {
    const journalPath = join(dir.path, 'jobs', 'job-1.jsonl');
    const inJournalWhenSent: boolean[] = [];
    const jobs = new JobRegistry({
      folder: join(dir.path, 'jobs'),
      runners: [runner()],
      newId: () => 'job-1',
      emit: (event) => {
        events.push(event);
        // read at the moment the event is sent: its result must already be on disk
        if (event.type === 'item') inJournalWhenSent.push(replayJournal(readFileSync(journalPath, 'utf8'), journalPath).results.has(jobItemKey(event.item)));
      },
    });
    const started = await jobs.start(definition(5));
    expect(started.status).toBe('running');
    await until('two items run', () => worker.pending.length === 2);
    await settle();
    expect(worker.pending.length).toBe(2);
    for (let finished = 1; finished <= 5; finished++) {
      worker.pending.shift()?.finish();
      await until(`${finished} item events`, () => events.filter((event) => event.type === 'item').length === finished);
      if (finished < 5) await until('the next item runs', () => worker.pending.length > 0);
    }
    await until('the job finishes', () => events.at(-1)?.type === 'finished');
    expect(worker.runs).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    const [snapshot] = jobs.list();
    expect(snapshot).toMatchObject({ status: 'succeeded', progress: { done: 5, total: 5, failed: 0, tokens: { input: 50, output: 25 } } });
    expect(snapshot.progress.cost).toBeCloseTo(0.05, 10);
    expect(events[0].type).toBe('started');
    expect(events.filter((event) => event.type === 'item').length).toBe(5);
    expect(inJournalWhenSent).toEqual([true, true, true, true, true]);
    expect(events.at(-1)).toMatchObject({ type: 'finished', status: 'succeeded' });
  });

  it('pause lets the items in flight finish and starts no other; resume goes on from there', async () => {
    const jobs = registry();
    await jobs.start(definition(4));
    await until('two items run', () => worker.pending.length === 2);
    jobs.pause('job-1');
    worker.pending.splice(0).forEach((pending) => pending.finish());
    await until('the job pauses', () => jobs.list()[0].status === 'paused');
    await settle();
    expect(worker.runs).toEqual(['d1', 'd2']);
    expect(jobs.list()[0].progress.done).toBe(2);
    await jobs.resume('job-1');
    await until('the rest runs', () => worker.pending.length === 2);
    expect(worker.runs).toEqual(['d1', 'd2', 'd3', 'd4']);
    worker.pending.splice(0).forEach((pending) => pending.finish());
    await until('the job finishes', () => jobs.list()[0].status === 'succeeded');
    expect(jobs.list()[0]).toMatchObject({ status: 'succeeded', progress: { done: 4 } });
  });

  it('cancel aborts the calls in flight, records none of them, and runs nothing more', async () => {
    const jobs = registry();
    await jobs.start(definition(6));
    await until('two items run', () => worker.pending.length === 2);
    worker.pending.shift()?.finish();
    await until('a third item runs', () => worker.runs.length === 3);
    const snapshot = await jobs.cancel('job-1');
    expect(snapshot).toMatchObject({ status: 'cancelled', progress: { done: 1 } });
    expect(worker.pending.every((pending) => pending.signal.aborted)).toBe(true);
    const journal = await readJournal(join(dir.path, 'jobs', 'job-1.jsonl'));
    expect([...journal.results.keys()].length).toBe(1);
    expect(journal.status?.status).toBe('cancelled');
  });

  it('a worker that stops the job fails it with its reason; failed items are counted and listed', async () => {
    const jobs = registry();
    await jobs.start(definition(5));
    await until('two items run', () => worker.pending.length === 2);
    worker.pending.shift()?.finish({ ok: false, reason: 'The answer has 3 turns; the dialogue has 4.', tokens: { input: 9, output: 9 }, cost: 0.001 });
    await until('a third item runs', () => worker.runs.length === 3);
    worker.pending.shift()?.fail(new JobStop('The endpoint refused the API key.', jobReason('key-refused', { connection: 'main' })));
    await until('the job fails', () => jobs.list()[0].status === 'failed');
    const [snapshot] = jobs.list();
    expect(snapshot).toMatchObject({ status: 'failed', error: 'The endpoint refused the API key.', errorWhy: { code: 'key-refused', params: { connection: 'main' } }, progress: { done: 1, failed: 1 } });
    expect(snapshot.failedItems).toEqual([expect.objectContaining({ reason: 'The answer has 3 turns; the dialogue has 4.' })]);
  });

  it('a stopped job read back from its journal keeps its codes: the stop\'s and every failed item\'s', async () => {
    const jobs = registry();
    await jobs.start(definition(5));
    await until('two items run', () => worker.pending.length === 2);
    const why = jobReason('answer-unusable', { connection: 'c1', attempts: 5, purpose: 'judge' });
    worker.pending.shift()?.finish({ ok: false, reason: 'no JSON object in the answer (after 5 attempts)', why, tokens: { input: 1, output: 1 }, cost: null });
    await until('a third item runs', () => worker.runs.length === 3);
    worker.pending.shift()?.fail(new JobStop('c1: HTTP 401', jobReason('key-refused', { connection: 'c1' })));
    await until('the job fails', () => jobs.list()[0].status === 'failed');
    await jobs.shutdown();
    const second = registry();
    await second.restore();
    const [snapshot] = second.list();
    expect(snapshot).toMatchObject({ status: 'failed', error: 'c1: HTTP 401', errorWhy: { code: 'key-refused', params: { connection: 'c1' } } });
    expect(snapshot.failedItems).toEqual([expect.objectContaining({ reason: 'no JSON object in the answer (after 5 attempts)', why })]);
  });

  it('stops starting items once the token budget is reached, paused with the reason', async () => {
    const jobs = registry();
    worker.auto = true;
    await jobs.start(definition(10, { budget: { maxTokens: 40 } }));
    await until('the job pauses', () => jobs.list()[0].status === 'paused');
    const [snapshot] = jobs.list();
    expect(snapshot.status).toBe('paused');
    expect(snapshot.error).toMatch(/token budget \(40\) is reached/);
    expect(snapshot.errorWhy).toEqual({ code: 'budget-tokens', params: { limit: 40, used: expect.any(Number) } });
    // two at once: the third finished item crosses 40 tokens, and the one beside it was already in flight
    expect(worker.runs.length).toBeLessThanOrEqual(4);
    expect(snapshot.progress.done).toBe(worker.runs.length);
  });

  it('after a shutdown mid-job, a new registry shows it interrupted, holds the unacknowledged results as pending, and a resume runs only what is left', async () => {
    const first = registry();
    await first.start(definition(5));
    await until('two items run', () => worker.pending.length === 2);
    worker.pending.shift()?.finish();
    await until('d1 is done', () => events.some((event) => event.type === 'item'));
    await first.acknowledge('job-1', [jobItemKey({ itemId: 'd1', connectionId: 'c1', sample: 0 })]);
    await until('a third item runs', () => worker.runs.length === 3);
    worker.pending.shift()?.finish();
    await until('d2 is done', () => events.filter((event) => event.type === 'item').length === 2);
    await until('a fourth item runs', () => worker.runs.length === 4);
    await first.shutdown();
    expect(worker.runs).toEqual(['d1', 'd2', 'd3', 'd4']);

    worker = new ScriptedWorker();
    events = [];
    const second = registry();
    expect(await second.restore()).toEqual({ restored: 1, problems: [] });
    const [snapshot] = second.list();
    expect(snapshot).toMatchObject({ status: 'interrupted', error: INTERRUPTED_REASON, errorWhy: { code: 'interrupted' }, progress: { done: 2, total: 5 } });
    await settle();
    // listing sends nothing; d2 was never acknowledged, so it is pending (as it was sent); d1 was
    expect(events).toEqual([]);
    const pending = second.pending(0, 50);
    expect(pending.epoch).not.toBe(first.epoch);
    expect(pending.items.map((event) => event.item.itemId)).toEqual(['d2']);
    worker.auto = true;
    await second.resume('job-1');
    await until('the job finishes', () => second.list()[0].status === 'succeeded');
    expect(worker.runs).toEqual(['d3', 'd4', 'd5']);
    expect(second.list()[0]).toMatchObject({ status: 'succeeded', progress: { done: 5, total: 5 } });
  });

  it('after a shutdown nothing writes a journal again: a late acknowledge is a no-op (the results come again next start), start and resume are refused', async () => {
    const first = registry();
    await first.start(definition(3));
    await until('two items run', () => worker.pending.length === 2);
    worker.pending.shift()?.finish();
    await until('d1 is done', () => events.some((event) => event.type === 'item'));
    await first.shutdown();
    const path = join(dir.path, 'jobs', 'job-1.jsonl');
    const before = await readFile(path, 'utf8');
    expect(await first.acknowledge('job-1', [jobItemKey({ itemId: 'd1', connectionId: 'c1', sample: 0 })])).toEqual({ acknowledged: 0 });
    await expect(first.start(definition(1))).rejects.toThrow(/quitting/);
    await expect(first.resume('job-1')).rejects.toThrow(/quitting/);
    await expect(first.cancel('job-1')).rejects.toThrow(/quitting/);
    expect(await readFile(path, 'utf8')).toBe(before);
    expect(await readdir(join(dir.path, 'jobs'))).toEqual(['job-1.jsonl']);
  });

  it('reads back a journal whose last line was torn by a crash, and appends after the cut', async () => {
    const first = registry();
    await first.start(definition(3));
    await until('two items run', () => worker.pending.length === 2);
    worker.pending.shift()?.finish();
    await until('d1 is done', () => events.some((event) => event.type === 'item'));
    await first.shutdown();
    const path = join(dir.path, 'jobs', 'job-1.jsonl');
    await appendFile(path, '{"type":"result","key":"[\\"c1\\",\\"d2');
    worker = new ScriptedWorker();
    worker.auto = true;
    const second = registry();
    await second.restore();
    await second.resume('job-1');
    await until('the job finishes', () => second.list()[0].status === 'succeeded');
    expect(worker.runs).toEqual(['d2', 'd3']);
    expect((await readJournal(path)).tornTail).toBe(false);
    expect(await readdir(join(dir.path, 'jobs'))).toEqual(['job-1.jsonl']);
  });

  it('refuses a definition that cannot run, and a job kind without a runner', async () => {
    const jobs = registry();
    await expect(jobs.start(definition(0))).rejects.toThrow(/no items/);
    await expect(jobs.start({ ...definition(1), kind: 'generation' })).rejects.toThrow(/No runner/);
    expect(() => jobs.pause('nope')).toThrow(/no job nope/);
  });
});
