/**
 * What a job kind brings to the engine: pre-annotation now, then judge, generation and rubric
 * synthesis. The registry (job-registry.ts) owns the job's life (journal, events, pause,
 * cancel, budgets, restart); a kind only says how to run one work item.
 */
import type { JobDefinition, JobItemOutcome, JobKind, JobWorkItem } from '../../../shared/jobs';

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
  close?(): Promise<void>;
}

export interface JobKindRunner<Payload = unknown> {
  readonly kind: JobKind;
  /** Whether every connection of the definition has a price, so its cost is counted. */
  priced(definition: JobDefinition): boolean | Promise<boolean>;
  /** Prepares a run of the definition (connections, keys, callers); throws JobStop when it cannot run at all. */
  open(definition: JobDefinition): Promise<ItemWorker<Payload>>;
}

/** The whole job stops as failed, with this message (in words, never holding a key). */
export class JobStop extends Error {}

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
