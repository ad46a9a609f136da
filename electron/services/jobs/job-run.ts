/**
 * One job while it runs in this process: items dispatched up to the worker's parallelism, each
 * finished item appended to the journal (synced) before its event is sent, progress events at
 * most every THROTTLE_MS, pause (no new items; the ones in flight finish), cancel (in-flight
 * calls aborted and not recorded), budgets (no new items once reached; the job pauses, saying
 * why) and stop (the job fails with the reason a worker gave). A worker's first phase (prepare,
 * a Batch API run) runs before any item, paused, cancelled and interrupted like the items.
 */
import { setMaxListeners } from 'node:events';
import { countItemOutcome, createRateWindow, jobItemKey, jobWorkItems, type JobDefinition, type JobEvent, type JobProgress, type JobSnapshot, type JobWorkItem } from '../../../shared/jobs';
import { resultRecord, statusRecord, type JournalWriter } from './job-journal';
import { jobReason, type JobReason } from '../../../shared/jobs/reasons';
import { ItemRecalled, JobPause, JobStop, type FinishedItem, type ItemWorker } from './job-runner';
import { FileWriteError } from '../write-failure';

export const THROTTLE_MS = 100;

export interface JobRunDeps {
  id: string;
  definition: JobDefinition;
  journal: JournalWriter<JobDefinition, FinishedItem>;
  worker: ItemWorker;
  /** items already done (from the journal), never run again */
  done: ReadonlySet<string>;
  progress: JobProgress;
  emit(event: JobEvent): void;
  now(): number;
}

export type RunEnd = { status: 'succeeded' | 'cancelled' } | { status: 'failed'; error: string; why: JobReason } | { status: 'interrupted' };

export class JobRun {
  progress: JobProgress;
  private readonly queue: JobWorkItem[];
  private readonly controller = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly rate: ReturnType<typeof createRateWindow>;
  private paused = false;
  /** aborted at every pause: the signal the items started before it hold */
  private recall = new AbortController();
  /** a budget reached, or a worker's JobPause: the job pauses and says why */
  private pausedWithReason: string | null = null;
  private pausedWhy: JobReason | null = null;
  /** aborted at pause, cancel and quit: the signal of the worker's first phase while it runs */
  private phase: AbortController | null = null;
  private ending: RunEnd | null = null;
  private wake: (() => void) | null = null;
  private lastProgressAt = 0;
  private progressTimer: ReturnType<typeof setTimeout> | null = null;
  private emittedPaused = false;
  private nudged = false;

  constructor(private readonly deps: JobRunDeps) {
    // one listener per item in flight: as many as the worker runs at once, not a leak
    setMaxListeners(deps.worker.parallel + 8, this.controller.signal);
    this.listenersPerItem(this.recall.signal);
    this.progress = deps.progress;
    this.queue = jobWorkItems(deps.definition).filter((item) => !deps.done.has(jobItemKey(item)));
    this.rate = createRateWindow(deps.now);
  }

  get isPaused(): boolean {
    return this.paused || this.pausedWithReason !== null;
  }

  get pauseReason(): string | null {
    return this.pausedWithReason;
  }

  get pauseWhy(): JobReason | null {
    return this.pausedWithReason === null ? null : this.pausedWhy;
  }

  private pauseWith(reason: string, why: JobReason): void {
    this.pausedWithReason = reason;
    this.pausedWhy = why;
  }

  pause(): void {
    this.paused = true;
    this.phase?.abort();
    this.recallWaiting();
    this.nudge();
  }

  /** Items whose calls are not yet sent come back to the queue; the ones on the wire finish. */
  /** the recall signal is shared by every item in flight, each holding one listener on it (generation items do) */
  private listenersPerItem(signal: AbortSignal): void {
    setMaxListeners(this.deps.worker.parallel + 8, signal);
  }

  private recallWaiting(): void {
    this.recall.abort();
    this.recall = new AbortController();
    this.listenersPerItem(this.recall.signal);
  }

  resume(): void {
    this.paused = false;
    this.pausedWithReason = null;
    this.pausedWhy = null;
    this.emittedPaused = false;
    this.deps.emit({ type: 'started', jobId: this.deps.id, at: this.deps.now(), progress: this.progress });
    void this.deps.journal.append(statusRecord('running')).catch(() => undefined);
    this.nudge();
  }

  cancel(): void {
    this.end({ status: 'cancelled' });
  }

  /** The process is quitting: in-flight calls are aborted, nothing more is started; the journal keeps the job resumable. */
  interrupt(): void {
    this.end({ status: 'interrupted' });
  }

  private end(how: RunEnd): void {
    if (this.ending === null) this.ending = how;
    this.controller.abort();
    this.phase?.abort();
    this.nudge();
  }

  /**
   * Wakes the run loop. A nudge while the loop is busy elsewhere (writing the paused record, say)
   * is kept for its next wait: a resume right after a pause must not be lost.
   */
  private nudge(): void {
    const wake = this.wake;
    this.wake = null;
    if (wake) wake();
    else this.nudged = true;
  }

  /** Runs until every item is done, or the job is cancelled, stopped or interrupted. */
  async run(): Promise<RunEnd> {
    const { worker } = this.deps;
    await this.preparePhase();
    for (;;) {
      while (this.ending === null && !this.isPaused && this.queue.length > 0 && this.inFlight.size < worker.parallel) this.startItem(this.queue.shift() as JobWorkItem);
      if (this.inFlight.size === 0) {
        if (this.ending !== null) break;
        if (this.queue.length === 0) {
          this.ending = { status: 'succeeded' };
          break;
        }
        await this.recordPaused();
      }
      await this.waitForNudge();
    }
    if (this.progressTimer !== null) clearTimeout(this.progressTimer);
    await worker.close?.();
    return this.ending;
  }

  private async recordPaused(): Promise<void> {
    if (!this.isPaused || this.emittedPaused) return;
    this.emittedPaused = true;
    this.flushProgress('paused');
    await this.deps.journal.append(statusRecord('paused', this.pausedWithReason ?? undefined, this.pausedWhy ?? undefined));
  }

  private async waitForNudge(): Promise<void> {
    if (this.nudged) {
      this.nudged = false;
      return;
    }
    await new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  /** Runs the worker's first phase to its end; a pause aborts it, and the resume runs it again. */
  private async preparePhase(): Promise<void> {
    const { worker } = this.deps;
    if (!worker.prepare) return;
    while (this.ending === null) {
      if (this.isPaused) {
        await this.recordPaused();
        await this.waitForNudge();
        continue;
      }
      const phase = new AbortController();
      this.phase = phase;
      try {
        await worker.prepare({ items: [...this.queue], signal: phase.signal, note: (text) => this.noteOf(phase.signal, text) });
        return;
      } catch (error) {
        if (error instanceof JobPause) this.pauseWith(error.message, error.why);
        else if (error instanceof JobStop || !phase.signal.aborted) this.end(stoppedBy(error));
      } finally {
        this.phase = null;
      }
    }
  }

  private noteOf(phase: AbortSignal, text: string): void {
    // a poll answered after a pause or cancel says nothing more: the job no longer waits for it
    if (phase.aborted) return;
    this.progress = { ...this.progress, note: text };
    // a note comes once a poll, not once an item: sent at once, so the last one is never lost to the throttle
    this.flushProgress('running');
  }

  private startItem(item: JobWorkItem): void {
    // each item gets a signal of its own, aborted with the job's: the client and the limit add a
    // listener per call to the signal they are given, and on the job's one they would pile up
    const jobSignal = this.controller.signal;
    const itemController = new AbortController();
    const abortItem = () => itemController.abort();
    jobSignal.addEventListener('abort', abortItem, { once: true });
    const signal = itemController.signal;
    const task = this.deps.worker
      .run(item, signal, this.recall.signal)
      .then(async (outcome) => {
        if (signal.aborted) {
          // a cancelled or interrupted item is not done: a resumed job runs it again
          if (this.ending?.status !== 'cancelled') this.queue.unshift(item);
          return;
        }
        const finished: FinishedItem = { item, outcome, at: this.deps.now() };
        await this.deps.journal.append(resultRecord(jobItemKey(item), finished));
        this.progress = countItemOutcome(this.progress, outcome);
        this.rate.record(finished.at);
        this.deps.emit({ type: 'item', jobId: this.deps.id, at: finished.at, item, outcome });
        this.checkBudget();
        this.scheduleProgress();
      })
      .catch((error: unknown) => {
        if (error instanceof ItemRecalled && !signal.aborted) {
          this.queue.unshift(item);
          return;
        }
        if (signal.aborted && !(error instanceof JobStop)) {
          if (this.ending?.status !== 'cancelled') this.queue.unshift(item);
          return;
        }
        this.queue.unshift(item);
        this.end(stoppedBy(error));
      })
      .finally(() => {
        jobSignal.removeEventListener('abort', abortItem);
        this.inFlight.delete(task);
        this.nudge();
      });
    this.inFlight.add(task);
  }

  private checkBudget(): void {
    const budget = this.deps.definition.budget;
    if (!budget || this.pausedWithReason !== null) return;
    const tokens = this.progress.tokens.input + this.progress.tokens.output;
    if (budget.maxTokens !== undefined && tokens >= budget.maxTokens) {
      this.pauseWith(`The token budget (${budget.maxTokens.toLocaleString('en-US')}) is reached: ${tokens.toLocaleString('en-US')} tokens used.`, jobReason('budget-tokens', { limit: budget.maxTokens, used: tokens }));
    } else if (budget.maxCost !== undefined && this.progress.cost !== null && this.progress.cost >= budget.maxCost) {
      this.pauseWith(`The cost budget (${budget.maxCost}) is reached: ${this.progress.cost.toFixed(4)} spent.`, jobReason('budget-cost', { limit: budget.maxCost, used: Number(this.progress.cost.toFixed(4)) }));
    }
    // a budget reached spends no more: calls not yet sent are given back as for a pause
    if (this.pausedWithReason !== null) this.recallWaiting();
  }

  private figures(): JobProgress {
    const { rate, eta } = this.rate.figures(this.progress.total - this.progress.done);
    return { ...this.progress, rate, eta };
  }

  private scheduleProgress(): void {
    const wait = this.lastProgressAt + THROTTLE_MS - this.deps.now();
    if (wait <= 0) {
      this.flushProgress('running');
      return;
    }
    if (this.progressTimer === null) {
      this.progressTimer = setTimeout(() => {
        this.progressTimer = null;
        this.flushProgress(this.isPaused && this.inFlight.size === 0 ? 'paused' : 'running');
      }, wait);
    }
  }

  private flushProgress(status: 'running' | 'paused'): void {
    if (this.progressTimer !== null) clearTimeout(this.progressTimer);
    this.progressTimer = null;
    this.lastProgressAt = this.deps.now();
    this.progress = this.figures();
    this.deps.emit({ type: 'progress', jobId: this.deps.id, at: this.lastProgressAt, status, progress: this.progress });
  }

  /** The snapshot's status while this run lives. */
  liveStatus(snapshot: JobSnapshot): JobSnapshot['status'] {
    return this.isPaused && this.inFlight.size === 0 ? 'paused' : snapshot.status;
  }
}

/** How an error thrown by a worker ends the job: a JobStop with its own words and code, anything else as the app's own fault. */
function stoppedBy(error: unknown): Extract<RunEnd, { status: 'failed' }> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof JobStop) return { status: 'failed', error: message, why: error.why };
  // a journal or the answer cache on a full or read-only disk: the place's fault, named by file
  if (error instanceof FileWriteError) return { status: 'failed', error: message, why: error.why };
  return { status: 'failed', error: `The job stopped on an internal error: ${message}`, why: jobReason('internal-error') };
}
