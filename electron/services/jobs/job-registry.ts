/**
 * Every job of this data folder: started, paused, resumed, cancelled and listed here, one
 * journal per job (`<folder>/<job id>.jsonl`, and beside it `<folder>/<job id>/` for a kind's own
 * state, such as a batch in flight, removed when the job finishes), one runner per job kind. At start-up (restore)
 * every journal is read back: a job that was not finished is shown as interrupted and can be
 * resumed; nothing already done is asked again. Results go out as `item` events once they are
 * in the journal, and stay `pending` until the renderer acknowledges them: the renderer fetches
 * them a page at a time (on start, when its event stream reconnects, on a timer), so a reloaded
 * page, a restarted app or a host whose events were lost receives each of them; the renderer's
 * repository ignores what it already stored (pending-items.ts keeps them, numbered; restored
 * ones first, in journal order).
 */
import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PendingJobItems } from '../../../shared/ipc/contract';
import {
  applyJobEvent,
  checkJobDefinition,
  countItemOutcome,
  createJobSnapshot,
  interruptJob,
  isFinishedStatus,
  jobItemKey,
  type JobDefinition,
  type JobEvent,
  type JobSnapshot,
} from '../../../shared/jobs';
import { jobReason, readJobReason, type JobReason } from '../../../shared/jobs/reasons';
import { ReasonedError } from '../../../shared/ipc/reasoned-error';
import { ackRecord, jobRecord, JournalWriter, readJournal, statusRecord } from './job-journal';
import { makePrivateDir } from '../private-files';
import { JobRun } from './job-run';
import { PendingItems } from './pending-items';
import { JobStop, type FinishedItem, type JobContext, type JobKindRunner } from './job-runner';

export interface JobRegistryDeps {
  /** the folder of the journals, in the app's data folder */
  folder: string;
  runners: readonly JobKindRunner[];
  emit(event: JobEvent): void;
  now?: () => number;
  newId?: () => string;
}

interface JobEntry {
  snapshot: JobSnapshot;
  definition: JobDefinition;
  done: Set<string>;
  journal: JournalWriter<JobDefinition, FinishedItem> | null;
  /** bytes of the journal's whole lines when it was read back (a torn tail is cut before appending) */
  journalBytes?: number;
  run: JobRun | null;
  ended: Promise<void> | null;
}

export const INTERRUPTED_REASON = 'Maieutic stopped while this job ran; resume it to finish the items left.';
const INTERRUPTED_WHY = jobReason('interrupted');

const JOURNAL_NAME = /^([A-Za-z0-9-]{1,64})\.jsonl$/;

export class JobRegistry {
  private readonly jobs = new Map<string, JobEntry>();
  private readonly now: () => number;
  private readonly newId: () => string;
  /** finished items the renderer has not acknowledged, of every job */
  private readonly pendingItems = new PendingItems();

  constructor(private readonly deps: JobRegistryDeps) {
    this.now = deps.now ?? Date.now;
    this.newId = deps.newId ?? randomUUID;
  }

  /** names this process's numbering of pending items */
  get epoch(): string {
    return this.pendingItems.epoch;
  }

  private runnerFor(kind: string): JobKindRunner {
    const runner = this.deps.runners.find((candidate) => candidate.kind === kind);
    if (!runner) throw new Error(`No runner for jobs of kind ${kind}.`);
    return runner;
  }

  private journalPath(id: string): string {
    return join(this.deps.folder, `${id}.jsonl`);
  }

  private contextOf(id: string): JobContext {
    return { workDir: join(this.deps.folder, id) };
  }

  /** Reads every journal of the folder back; a job left unfinished becomes interrupted. A damaged journal is reported, not fatal to the others. */
  async restore(): Promise<{ restored: number; problems: string[] }> {
    await makePrivateDir(this.deps.folder);
    const problems: string[] = [];
    for (const name of (await readdir(this.deps.folder)).sort()) {
      const match = JOURNAL_NAME.exec(name);
      if (!match || this.jobs.has(match[1])) continue;
      try {
        const state = await readJournal<JobDefinition, FinishedItem>(join(this.deps.folder, name));
        const id = match[1];
        const runner = this.runnerFor(state.definition.kind);
        let snapshot = createJobSnapshot({ id, definition: state.definition, createdAt: this.now(), priced: await runner.priced(state.definition) });
        const failedItems: JobSnapshot['failedItems'] = [];
        let progress = snapshot.progress;
        const pending: [string, FinishedItem][] = [];
        for (const [key, finished] of state.results) {
          progress = countItemOutcome(progress, finished.outcome);
          if (!finished.outcome.ok) {
            const why = readJobReason(finished.outcome.why);
            failedItems.push({ item: finished.item, reason: finished.outcome.reason, at: finished.at, ...(why ? { why } : {}) });
          }
          if (!state.acknowledged.has(key)) pending.push([key, finished]);
        }
        const last = state.status?.status;
        const finishedStatus = last === 'succeeded' || last === 'failed' || last === 'cancelled' ? last : null;
        const errorWhy = state.status?.errorWhy;
        snapshot = { ...snapshot, progress, failedItems, status: finishedStatus ?? 'running', error: state.status?.error ?? null, ...(errorWhy ? { errorWhy } : {}), finishedAt: finishedStatus ? Date.parse(state.status?.at ?? '') || null : null };
        if (finishedStatus === null) snapshot = interruptJob(snapshot, INTERRUPTED_REASON, INTERRUPTED_WHY);
        this.jobs.set(id, { snapshot, definition: state.definition, done: new Set(state.results.keys()), journal: null, journalBytes: state.wholeBytes, run: null, ended: null });
        for (const [key, finished] of pending) this.pendingItems.hold(id, key, finished);
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
    }
    return { restored: this.jobs.size, problems };
  }

  /** set by shutdown: the journals are closed and nothing may write them again (a late call from a closing window) */
  private closed = false;

  private refuseAfterShutdown(what: string): void {
    if (this.closed) throw new Error(`The app is quitting: a job cannot ${what} now.`);
  }

  async start(definition: JobDefinition): Promise<JobSnapshot> {
    this.refuseAfterShutdown('start');
    const problems = checkJobDefinition(definition);
    if (problems.length > 0) throw new ReasonedError(`The job cannot start: ${problems.join('; ')}.`, jobReason('definition-invalid', { jobKind: definition.kind }));
    const runner = this.runnerFor(definition.kind);
    const id = this.newId();
    await makePrivateDir(this.deps.folder);
    const journal = await JournalWriter.open<JobDefinition, FinishedItem>(this.journalPath(id));
    await journal.append(jobRecord(definition));
    const snapshot = createJobSnapshot({ id, definition, createdAt: this.now(), priced: await runner.priced(definition) });
    const entry: JobEntry = { snapshot, definition, done: new Set(), journal, run: null, ended: null };
    this.jobs.set(id, entry);
    await this.launch(entry, runner);
    return this.snapshotOf(entry);
  }

  /** Resumes a paused or interrupted job: only the items not done are run. */
  async resume(id: string): Promise<JobSnapshot> {
    this.refuseAfterShutdown('resume');
    const entry = this.entry(id);
    if (entry.run) {
      if (entry.run.isPaused) entry.run.resume();
      return this.snapshotOf(entry);
    }
    if (entry.snapshot.status !== 'interrupted') throw new Error(`Job ${id} is ${entry.snapshot.status}; only a paused or interrupted job resumes.`);
    entry.journal ??= await JournalWriter.open<JobDefinition, FinishedItem>(this.journalPath(id), entry.journalBytes);
    await this.launch(entry, this.runnerFor(entry.definition.kind));
    return this.snapshotOf(entry);
  }

  pause(id: string): JobSnapshot {
    const entry = this.entry(id);
    if (!entry.run) throw new Error(`Job ${id} is not running.`);
    entry.run.pause();
    return this.snapshotOf(entry);
  }

  async cancel(id: string): Promise<JobSnapshot> {
    const entry = this.entry(id);
    if (entry.run) {
      entry.run.cancel();
      await entry.ended;
    } else if (!isFinishedStatus(entry.snapshot.status)) {
      this.refuseAfterShutdown('be cancelled');
      entry.journal ??= await JournalWriter.open<JobDefinition, FinishedItem>(this.journalPath(id), entry.journalBytes);
      await this.finish(entry, { status: 'cancelled' });
    }
    return this.snapshotOf(entry);
  }

  /** Every job's snapshot. */
  list(): JobSnapshot[] {
    return [...this.jobs.values()].map((entry) => this.snapshotOf(entry));
  }

  /** The unacknowledged finished items numbered after `after`, at most `limit` of them, oldest first. */
  pending(after: number, limit: number): PendingJobItems {
    return this.pendingItems.page(after, limit);
  }

  /** The renderer stored these results: they are not sent again. */
  async acknowledge(id: string, itemKeys: readonly string[]): Promise<{ acknowledged: number }> {
    const entry = this.entry(id);
    const known = this.pendingItems.heldOf(id, itemKeys);
    // after shutdown the journal stays closed: unacknowledged results are sent again at the next start, and storing them is idempotent
    if (known.length === 0 || this.closed) return { acknowledged: 0 };
    entry.journal ??= await JournalWriter.open<JobDefinition, FinishedItem>(this.journalPath(id), entry.journalBytes);
    await entry.journal.append(ackRecord(known));
    this.pendingItems.release(id, known);
    return { acknowledged: known.length };
  }

  /** Quitting: every running job is interrupted (its calls in flight aborted), then every journal is flushed and closed. */
  async shutdown(): Promise<void> {
    this.closed = true;
    for (const entry of this.jobs.values()) entry.run?.interrupt();
    await Promise.all([...this.jobs.values()].map((entry) => entry.ended));
    await Promise.all([...this.jobs.values()].map(async (entry) => {
      await entry.journal?.close();
      entry.journal = null;
    }));
  }

  private entry(id: string): JobEntry {
    const entry = this.jobs.get(id);
    if (!entry) throw new Error(`There is no job ${id}.`);
    return entry;
  }

  private snapshotOf(entry: JobEntry): JobSnapshot {
    const { snapshot, run } = entry;
    if (!run) return snapshot;
    const pauseWhy = run.pauseWhy;
    const live: JobSnapshot = { ...snapshot, status: run.liveStatus(snapshot), progress: run.progress, error: run.pauseReason ?? snapshot.error };
    return pauseWhy ? { ...live, errorWhy: pauseWhy } : live;
  }

  private record(entry: JobEntry, event: JobEvent): void {
    entry.snapshot = applyJobEvent(entry.snapshot, event);
    if (event.type === 'item') {
      const key = jobItemKey(event.item);
      this.pendingItems.hold(entry.snapshot.id, key, { item: event.item, outcome: event.outcome, at: event.at });
      entry.done.add(key);
    }
    this.deps.emit(event);
  }

  private async launch(entry: JobEntry, runner: JobKindRunner): Promise<void> {
    const journal = entry.journal as JournalWriter<JobDefinition, FinishedItem>;
    let worker;
    try {
      worker = await runner.open(entry.definition, this.contextOf(entry.snapshot.id));
    } catch (error) {
      if (!(error instanceof JobStop)) throw error;
      await this.finish(entry, { status: 'failed', error: error.message, why: error.why });
      return;
    }
    const run = new JobRun({ id: entry.snapshot.id, definition: entry.definition, journal, worker, done: entry.done, progress: entry.snapshot.progress, emit: (event) => this.record(entry, event), now: this.now });
    entry.run = run;
    await journal.append(statusRecord('running'));
    this.record(entry, { type: 'started', jobId: entry.snapshot.id, at: this.now(), progress: entry.snapshot.progress });
    entry.ended = run.run().then(async (end) => {
      entry.snapshot = { ...entry.snapshot, progress: run.progress };
      entry.run = null;
      if (end.status === 'interrupted') {
        await journal.append(statusRecord('interrupted', INTERRUPTED_REASON, INTERRUPTED_WHY));
        entry.snapshot = interruptJob(entry.snapshot, INTERRUPTED_REASON, INTERRUPTED_WHY);
        return;
      }
      await this.finish(entry, end);
    });
  }

  private async finish(entry: JobEntry, end: { status: 'succeeded' | 'cancelled' } | { status: 'failed'; error: string; why: JobReason }): Promise<void> {
    const context = this.contextOf(entry.snapshot.id);
    // a job cancelled or failed lets go of what it holds at the endpoint (a batch still running); a problem doing so is told with the status
    const letGo = end.status === 'succeeded' ? null : await this.runnerFor(entry.definition.kind).abandoned?.(entry.definition, context).catch((problem: unknown) => (problem instanceof Error ? problem.message : String(problem)));
    await rm(context.workDir, { recursive: true, force: true });
    const error = [end.status === 'failed' ? end.error : null, letGo ?? null].filter((part) => part !== null).join(' ') || null;
    // the stop's own code; a problem letting go is then in its English detail
    const why = end.status === 'failed' ? end.why : letGo ? jobReason('abandon-failed') : undefined;
    await entry.journal?.append(statusRecord(end.status, error ?? undefined, why));
    const event: JobEvent = { type: 'finished', jobId: entry.snapshot.id, at: this.now(), status: end.status, progress: entry.snapshot.progress, error, ...(why ? { errorWhy: why } : {}) };
    // a job failed before it ever ran goes queued → failed; the table allows it
    this.record(entry, event);
  }
}
