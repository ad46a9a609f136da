/**
 * What a job kind brings to the engine: pre-annotation now, then judge, generation and rubric
 * synthesis. The registry (job-registry.ts) owns the job's life (journal, events, pause,
 * cancel, budgets, restart); a kind only says how to run one work item.
 */
import type { JobDefinition, JobItemOutcome, JobKind, JobReason, JobWorkItem } from '../../../shared/jobs';

export interface ItemWorker<Payload = unknown> {
  /** how many items may be in flight at once (each endpoint's adaptive limit then decides its calls) */
  readonly parallel: number;
  /**
   * Runs one item. Resolves with its outcome (a failure for good included); when `signal` aborts
   * (cancel, quit) it should settle soon, and whatever it resolves with is then dropped: the
   * item is not done. When `recall` aborts (pause) calls already sent finish, and an item with a
   * call not yet sent throws ItemRecalled: it goes back to the queue, and its finished calls are
   * in the cache for the resumed run. Throws JobStop when the whole job cannot go on (a key
   * refused, a model not found).
   */
  run(item: JobWorkItem, signal: AbortSignal, recall: AbortSignal): Promise<JobItemOutcome<Payload>>;
  /**
   * A first phase before any item runs, such as a Batch API run that waits hours at the
   * endpoint. `signal` aborts at pause, cancel and quit: it should settle soon, keeping in the
   * job's folder what it needs to go on, and runs again at resume. Throws JobStop when the job
   * cannot go on, JobPause when it should wait for the user to resume it.
   */
  prepare?(phase: PreparePhase): Promise<void>;
  close?(): Promise<void>;
}

export interface PreparePhase {
  /** the items still to run (those done are left out) */
  items: readonly JobWorkItem[];
  signal: AbortSignal;
  /** what the job waits for now, shown with its progress (progress.note) */
  note(text: string): void;
}

/** Where a job may keep state of its own across restarts: a folder beside its journal, made by the kind when it needs it and removed when the job finishes. */
export interface JobContext {
  workDir: string;
}

export interface JobKindRunner<Payload = unknown> {
  readonly kind: JobKind;
  /** Whether every connection of the definition has a price, so its cost is counted. */
  priced(definition: JobDefinition): boolean | Promise<boolean>;
  /** Prepares a run of the definition (connections, keys, callers); throws JobStop when it cannot run at all. */
  open(definition: JobDefinition, context: JobContext): Promise<ItemWorker<Payload>>;
  /**
   * The job was cancelled (running or not) or failed: let go of what it holds outside the app (a
   * batch still running at the endpoint). Resolves with a problem to tell (in words, never
   * holding a key), or null.
   */
  abandoned?(definition: JobDefinition, context: JobContext): Promise<string | null>;
}

/** The whole job stops as failed, with this message (in English words, never holding a key) and its code. */
export class JobStop extends Error {
  constructor(message: string, readonly why: JobReason) {
    super(message);
  }
}

/** The job pauses, with this message as its reason (and its code); resuming it runs its first phase again. */
export class JobPause extends Error {
  constructor(message: string, readonly why: JobReason) {
    super(message);
  }
}

/** The item was given back unfinished because the job paused before one of its calls was sent. */
export class ItemRecalled extends Error {
  constructor() {
    super('The item was given back: the job paused before its call was sent.');
  }
}

/** What the journal keeps for each finished item. */
export interface FinishedItem<Payload = unknown> {
  item: JobWorkItem;
  outcome: JobItemOutcome<Payload>;
  /** when it finished, ms since the epoch */
  at: number;
}
