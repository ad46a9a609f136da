/**
 * The jobs main runs, as the renderer sees them: snapshots from `jobs.list` at start-up, kept
 * current by the `jobs.event` channel (applyJobEvent), and every result item stored (one
 * transaction per item: repositories/llm-jobs.ts for pre-annotation, judge-jobs.ts for judge
 * runs, pairwise-jobs.ts for pairwise judge runs, generation-runs.ts for generation runs,
 * synthesis.ts for rubric-synthesis rounds, chosen by the job's kind) and then acknowledged with
 * `jobs.ack`. Items are stored one after another, in the order they arrive; an item of a job
 * whose start is still being recorded waits for it. A view whose rows an item changes hears of it
 * through `onItemStored` (the synthesis store rereads its session): the listeners run in the item
 * chain, so `idle()` also waits for them.
 *
 * Items reach the store two ways, and both end in the same store-and-acknowledge step: pushed on
 * `jobs.event` as they finish, and pulled with `jobs.pending` (`sync`): every item main holds
 * that nobody acknowledged, at start-up (`load`), when the event stream reconnects, when the
 * window gets the focus and on a timer. A push can be lost (a reload, a dropped stream, a host
 * with no events at all); the pull cannot, so a result reaches the database whatever the
 * transport. An item pushed and pulled at once is stored once.
 */
import { create } from 'zustand';
import type { SynthesisRoundRow } from '../../../../shared/model/synthesis';
import type { SynthesisJobDefinition, SynthesisRoundPayload } from '../../../../shared/synthesis/synthesis-job';
import { isSynthesisJob, registerRound, storeSynthesisItem } from '../../db/repositories/synthesis';
import type { InvokeArg, InvokeChannel, InvokeResult } from '../../../../shared/ipc/contract';
import { applyJobEvent, isFinishedStatus, type JobEvent, type JobItemEvent, jobItemKey, type JobKind, type JobSnapshot, type JobWorkItem } from '../../../../shared/jobs';
import type { JudgeJobDefinition, JudgeJobPayload } from '../../../../shared/judge/job-result';
import type { PairwiseJobDefinition, PairwiseJobPayload } from '../../../../shared/judge/pairwise-job';
import type { PreAnnotationJobDefinition, PreAnnotationPayload } from '../../../../shared/llm/pre-annotation-job';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import { invoke as bridgeInvoke } from '../../api/client';
import { getDb, type MaieuticDb } from '../../db/db';
import { judgeJobMode, registerJudgeJob, storeJudgeItem } from '../../db/repositories/judge-jobs';
import { registerPairwiseJob, storePairwiseItem } from '../../db/repositories/pairwise-jobs';
import { registerPreAnnotationJob, storePreAnnotationItem } from '../../db/repositories/llm-jobs';
import { isGenerationJob, registerGenerationRun, storeGenerationItem } from '../../db/repositories/generation-runs';
import type { GenerationRunRow } from '../../../../shared/model/generation';
import type { GenerationJobDefinition, GenerationJobPayload } from '../../../../shared/scenario/generation-job';
import { reportError } from '../notices/store';
import type { StartGenerationInput, StartJudgeInput, StartPairwiseInput, StartPreAnnotationInput, StartSynthesisRoundInput } from './start-inputs';

export type { StartGenerationInput, StartJudgeInput, StartPairwiseInput, StartPreAnnotationInput, StartSynthesisRoundInput } from './start-inputs';

export type Invoke = <K extends InvokeChannel>(channel: K, arg: InvokeArg<K>) => Promise<InvokeResult<K>>;

/** A result main delivered that could not be stored (its layer or dialogue is gone, or it does not fit the stored turns). */
export interface DiscardedItem {
  item: JobWorkItem;
  reason: string;
}

/** Told of every item stored (or discarded), after it is acknowledged. */
export type ItemStoredListener = (kind: JobKind, jobId: string) => void | Promise<void>;

export interface JobsState {
  /** by job id */
  jobs: Record<string, JobSnapshot>;
  /** newest first */
  order: string[];
  discarded: Record<string, DiscardedItem[]>;
  /**
   * jobs main has been told to pause whose calls in flight are still finishing (main reports them
   * `running` until the last one ends): the panel says "pausing" at once instead of nothing
   */
  pausing: Record<string, true>;
  loaded: boolean;
  /** `jobs.list`, then every unacknowledged result main holds (`sync({ full: true })`) */
  load(): Promise<void>;
  handleEvent(event: JobEvent): void;
  /**
   * Fetches the results main holds that are not acknowledged (`jobs.pending`, page by page) and
   * stores them as pushed ones are. By default only those that finished since the last pull;
   * `full` asks for all of them again (the ones that could not be stored before are retried).
   * Resolves once they are stored; a pull already running is joined, and runs once more after.
   * A failure is told only when `report` is set (a timer's pull fails quietly and is tried again).
   */
  sync(options?: { full?: boolean; report?: boolean }): Promise<void>;
  /** starts the job in main and records it with its layers; resolves to its snapshot */
  startPreAnnotation(input: StartPreAnnotationInput): Promise<JobSnapshot>;
  /** starts a judge job in main and records it as a run of its data set; resolves to the job's snapshot and the run */
  startJudge(input: StartJudgeInput): Promise<{ snapshot: JobSnapshot; run: JudgeRunRow }>;
  /** starts a pairwise judge job in main and records it as a pairwise run of its data set */
  startPairwise(input: StartPairwiseInput): Promise<{ snapshot: JobSnapshot; run: JudgeRunRow }>;
  /** starts a generation job in main and records it as a generation run */
  startGeneration(input: StartGenerationInput): Promise<{ snapshot: JobSnapshot; run: GenerationRunRow }>;
  /** starts a synthesis round's job in main and records it as the session's round */
  startSynthesisRound(input: StartSynthesisRoundInput): Promise<{ snapshot: JobSnapshot; round: SynthesisRoundRow }>;
  /** calls the listener after each item is stored; returns the unsubscribe function */
  onItemStored(listener: ItemStoredListener): () => void;
  pause(jobId: string): Promise<void>;
  resume(jobId: string): Promise<void>;
  cancel(jobId: string): Promise<void>;
  /** resolves once every item received so far is stored (or refused) */
  idle(): Promise<void>;
}

export interface JobsStoreDeps {
  database?: () => MaieuticDb;
  invoke?: Invoke;
}

/** Jobs that are still working or can work again: what the top bar's badge counts. */
export function activeJobCount(state: Pick<JobsState, 'jobs'>): number {
  return Object.values(state.jobs).filter((job) => job.status === 'running' || job.status === 'queued').length;
}

export function createJobsStore(deps: JobsStoreDeps = {}) {
  const database = deps.database ?? getDb;
  const invoke: Invoke = deps.invoke ?? bridgeInvoke;
  /** job starts not yet recorded in IndexedDB: their items wait for them */
  const registering = new Set<Promise<unknown>>();
  /** events of jobs not known yet (sent before `jobs.start` or `jobs.list` returned), replayed once they are */
  const early = new Map<string, JobEvent[]>();
  let itemChain: Promise<void> = Promise.resolve();
  const storedListeners = new Set<ItemStoredListener>();
  /**
   * results queued or being stored: the same result pushed and pulled is stored once. Main sends
   * one result per item, so job, item, time and outcome kind name it; another result for the
   * same item (a different time or outcome) is stored after it.
   */
  const inFlight = new Set<string>();
  /** where the last pull of main's pending items ended, in main's numbering (`epoch`) */
  let pulled: { epoch: string | null; cursor: number } = { epoch: null, cursor: 0 };
  let pulling: Promise<void> | null = null;
  let pullAgain: { full: boolean; report: boolean } | null = null;

  return create<JobsState>()((set, get) => {
    function applyAll(snapshot: JobSnapshot, events: readonly JobEvent[]): JobSnapshot {
      let next = snapshot;
      for (const event of events) {
        try {
          next = applyJobEvent(next, event);
        } catch {
          // an event older than the snapshot it is replayed onto (the snapshot already holds it)
        }
      }
      return next;
    }

    /** the job as given, with its pausing mark dropped once main reports anything but `running` */
    function withJob(state: JobsState, next: JobSnapshot): Pick<JobsState, 'jobs' | 'pausing'> {
      return { jobs: { ...state.jobs, [next.id]: next }, pausing: next.status === 'running' ? state.pausing : withoutKey(state.pausing, next.id) };
    }

    function upsert(snapshot: JobSnapshot): void {
      const pending = early.get(snapshot.id) ?? [];
      early.delete(snapshot.id);
      const next = applyAll(snapshot, pending);
      set((state) => ({ ...withJob(state, next), order: state.order.includes(next.id) ? state.order : [next.id, ...state.order] }));
    }

    /** the kind of the item's job: main's snapshot says, or (its snapshot not here yet) which judge run was recorded for it */
    async function kindOf(jobId: string): Promise<JobKind> {
      const known = get().jobs[jobId]?.kind;
      if (known) return known;
      if (await isSynthesisJob(database(), jobId)) return 'rubric-synthesis';
      if (await isGenerationJob(database(), jobId)) return 'generation';
      const mode = await judgeJobMode(database(), jobId);
      return mode === 'pairwise' ? 'judge-pairwise' : mode === 'scores' ? 'judge' : 'pre-annotation';
    }

    async function storeItem(event: JobItemEvent): Promise<void> {
      await Promise.allSettled([...registering]);
      try {
        const kind = await kindOf(event.jobId);
        const result =
          kind === 'judge'
            ? await storeJudgeItem(database(), event as JobItemEvent<JudgeJobPayload>)
            : kind === 'judge-pairwise'
              ? await storePairwiseItem(database(), event as JobItemEvent<PairwiseJobPayload>)
              : kind === 'generation'
                ? await storeGenerationItem(database(), event as JobItemEvent<GenerationJobPayload>)
                : kind === 'rubric-synthesis'
                  ? await storeSynthesisItem(database(), event as JobItemEvent<SynthesisRoundPayload>)
                  : await storePreAnnotationItem(database(), event as JobItemEvent<PreAnnotationPayload>);
        // an item of a job this profile never recorded stays with main, unacknowledged
        if (result.kind === 'unknown-job') return;
        if (result.kind === 'discarded') {
          set((state) => ({ discarded: { ...state.discarded, [event.jobId]: [...(state.discarded[event.jobId] ?? []).filter((entry) => jobItemKey(entry.item) !== jobItemKey(event.item)), { item: event.item, reason: result.reason }] } }));
        }
        await invoke('jobs.ack', { jobId: event.jobId, itemKeys: [jobItemKey(event.item)] });
        await notifyStored(kind, event.jobId);
      } catch (error) {
        // not acknowledged: main holds it, and the next full pull (start, reconnect, focus) brings it again
        reportError(error, 'notice.context.storeJobResult');
      }
    }

    /** the one way in for a result, pushed or pulled: queued behind the ones before it, unless it is queued already */
    function receiveItem(event: JobItemEvent): void {
      const key = [event.jobId, jobItemKey(event.item), event.at, event.outcome.ok].join('\u0000');
      if (inFlight.has(key)) return;
      inFlight.add(key);
      itemChain = itemChain.then(() => storeItem(event)).finally(() => inFlight.delete(key));
    }

    async function waitForItems(): Promise<void> {
      let seen: Promise<void>;
      do {
        seen = itemChain;
        await seen;
      } while (seen !== itemChain);
    }

    /** one pull: pages of `jobs.pending` from the last cursor (or from the start), each stored before the next is asked for */
    async function pullPending(full: boolean): Promise<void> {
      let after = full ? 0 : pulled.cursor;
      for (;;) {
        const page = await invoke('jobs.pending', { after });
        if (page.epoch !== pulled.epoch) {
          // main restarted: its numbers start again, and what it holds is all new to this cursor
          const restartedUnderUs = pulled.epoch !== null && after !== 0;
          pulled = { epoch: page.epoch, cursor: 0 };
          if (restartedUnderUs) {
            after = 0;
            continue;
          }
        }
        for (const item of page.items) receiveItem(item);
        await waitForItems();
        after = page.cursor;
        pulled = { epoch: page.epoch, cursor: Math.max(pulled.cursor, page.cursor) };
        if (!page.more) return;
      }
    }

    async function notifyStored(kind: JobKind, jobId: string): Promise<void> {
      for (const listener of [...storedListeners]) {
        try {
          await listener(kind, jobId);
        } catch (error) {
          // the item is stored and acknowledged; a view that failed to reread says so itself
          reportError(error, 'notice.context.storeJobResult');
        }
      }
    }

    /** starts a job in main and records it here; a job that cannot be recorded is cancelled (its results would have nowhere to go) */
    async function startRegistered<T>(definition: PreAnnotationJobDefinition | JudgeJobDefinition | PairwiseJobDefinition | GenerationJobDefinition | SynthesisJobDefinition, register: (snapshot: JobSnapshot) => Promise<T>): Promise<{ snapshot: JobSnapshot; registered: T }> {
      const registration = (async () => {
        const snapshot = await invoke('jobs.start', { definition });
        upsert(snapshot);
        try {
          return { snapshot, registered: await register(snapshot) };
        } catch (error) {
          // rather than pay for results that cannot be stored
          await control('jobs.cancel', snapshot.id);
          throw error;
        }
      })();
      registering.add(registration);
      try {
        return await registration;
      } finally {
        registering.delete(registration);
      }
    }

    async function control(channel: 'jobs.pause' | 'jobs.resume' | 'jobs.cancel', jobId: string): Promise<void> {
      try {
        const snapshot = await invoke(channel, { jobId });
        if (channel === 'jobs.pause' && snapshot.status === 'running') set((state) => ({ pausing: { ...state.pausing, [jobId]: true } }));
        else if (channel !== 'jobs.pause') set((state) => ({ pausing: withoutKey(state.pausing, jobId) }));
        upsert(snapshot);
      } catch (error) {
        reportError(error, 'notice.context.controlJob');
      }
    }

    return {
      jobs: {},
      order: [],
      discarded: {},
      pausing: {},
      loaded: false,
      async load() {
        try {
          const snapshots = await invoke('jobs.list', {});
          const sorted = [...snapshots].sort((a, b) => b.createdAt - a.createdAt);
          for (const snapshot of sorted.reverse()) upsert(snapshot);
        } catch (error) {
          reportError(error, 'notice.context.loadJobs');
        } finally {
          set({ loaded: true });
        }
        await get().sync({ full: true, report: true });
      },
      async sync({ full = false, report = false } = {}) {
        if (pulling) {
          pullAgain = { full: full || (pullAgain?.full ?? false), report: report || (pullAgain?.report ?? false) };
          return pulling;
        }
        const run = async () => {
          let next: { full: boolean; report: boolean } | null = { full, report };
          while (next) {
            const { full: all, report: tell } = next;
            pullAgain = null;
            try {
              await pullPending(all);
            } catch (error) {
              if (tell) reportError(error, 'notice.context.loadJobs');
            }
            next = pullAgain;
          }
        };
        pulling = run().finally(() => {
          pulling = null;
        });
        return pulling;
      },
      handleEvent(event) {
        if (event.type === 'item') receiveItem(event);
        const known = get().jobs[event.jobId];
        if (!known) {
          early.set(event.jobId, [...(early.get(event.jobId) ?? []), event]);
          return;
        }
        // a finished job never changes again: an event still on its way when a newer snapshot
        // came (the event stream and the calls are separate connections in dev:serve) is stale
        if (isFinishedStatus(known.status) && event.type !== 'item') return;
        try {
          const next = applyJobEvent(known, event);
          if (next !== known) set((state) => withJob(state, next));
        } catch (error) {
          reportError(error, 'notice.context.loadJobs');
          void get().load();
        }
      },
      async startPreAnnotation({ definition, connections }) {
        const { snapshot } = await startRegistered(definition, (started) =>
          registerPreAnnotationJob(database(), { jobId: started.id, datasetId: definition.parameters.datasetId, title: definition.title, layerName: definition.parameters.layerName, connections }),
        );
        return snapshot;
      },
      async startJudge({ definition, datasetId, name, rubricSet, connections, settings }) {
        const { snapshot, registered } = await startRegistered(definition, (started) =>
          registerJudgeJob(database(), { jobId: started.id, datasetId, name, rubricSet, connections, samples: definition.samples ?? 1, settings }),
        );
        return { snapshot, run: registered };
      },
      async startPairwise({ definition, datasetId, name, rubricSet, connections, pairing, settings }) {
        const { snapshot, registered } = await startRegistered(definition, (started) =>
          registerPairwiseJob(database(), { jobId: started.id, datasetId, name, rubricSet, connections, samples: definition.samples ?? 1, pairing, settings }),
        );
        return { snapshot, run: registered };
      },
      async startGeneration({ definition, scenario, teachers }) {
        const { snapshot, registered } = await startRegistered(definition, (started) =>
          registerGenerationRun(database(), {
            jobId: started.id,
            title: definition.title,
            scenario,
            teachers,
            roleConnections: Object.fromEntries(Object.entries(definition.parameters.roleConnections).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
            conversations: definition.itemIds.length * definition.connectionIds.length,
            ...(definition.parameters.preference ? { preference: definition.parameters.preference } : {}),
          }),
        );
        return { snapshot, run: registered };
      },
      async startSynthesisRound({ definition, sessionId, carried }) {
        const { snapshot, registered } = await startRegistered(definition, (started) => registerRound(database(), sessionId, definition.parameters.round, started.id, carried));
        return { snapshot, round: registered };
      },
      onItemStored(listener) {
        storedListeners.add(listener);
        return () => {
          storedListeners.delete(listener);
        };
      },
      pause: (jobId) => control('jobs.pause', jobId),
      resume: (jobId) => control('jobs.resume', jobId),
      cancel: (jobId) => control('jobs.cancel', jobId),
      idle: waitForItems,
    };
  });
}

function withoutKey(marks: Record<string, true>, key: string): Record<string, true> {
  if (!marks[key]) return marks;
  const { [key]: _dropped, ...rest } = marks;
  return rest;
}

export const useJobsStore = createJobsStore();
