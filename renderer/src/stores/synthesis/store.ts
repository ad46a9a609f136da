/**
 * The rubric-synthesis view's state (SynthesisState, types.ts): the sessions, the open session's
 * rounds and versions, and the educator's actions between rounds. Every write goes through
 * repositories/synthesis*.ts; a round's job is started through the jobs store
 * (`startSynthesisRound`, which records the round before its item can arrive). The jobs store
 * stores the round's payload when it comes and tells this store through `onItemStored`, which
 * rereads (`refresh`): the view sees a round the moment it is stored.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { SynthesisSessionRow } from '../../../../shared/model/synthesis';
import { buildSynthesisDefinition, type SynthesisCarried } from '../../../../shared/synthesis/synthesis-job';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { createSession, discardUnstartedSession, getSession, listSessions, roundsOf, versionsOf } from '../../db/repositories/synthesis';
import { editMetric, nextRound, roundToRetry, saveSynthesisRubricSet, setLocked, stopSession } from '../../db/repositories/synthesis-between-rounds';
import { ValidationError } from '../../db/repositories/validate';
import { useConnectionsStore } from '../connections/store';
import { type JobsState, useJobsStore } from '../jobs/store';
import { useSettingsStore } from '../settings/store';
import type { SynthesisState } from './types';

export interface SynthesisStoreDeps {
  database?: () => MaieuticDb;
  jobs?: UseBoundStore<StoreApi<JobsState>>;
  /** who edits and locks (the settings' reviewer name) */
  reviewerName?: () => string;
  /** a connection's name and model, kept on the session for people (the connection may be deleted later) */
  connectionLabel?: (connectionId: string) => { name: string; model: string };
}

function labelFromConnections(connectionId: string): { name: string; model: string } {
  const connection = useConnectionsStore.getState().connections.find((candidate) => candidate.id === connectionId);
  return connection ? { name: connection.name, model: connection.model } : { name: connectionId, model: '' };
}

export function createSynthesisStore(deps: SynthesisStoreDeps = {}) {
  const database = deps.database ?? getDb;
  const jobs = deps.jobs ?? useJobsStore;
  const reviewerName = deps.reviewerName ?? (() => useSettingsStore.getState().reviewerName);
  const connectionLabel = deps.connectionLabel ?? labelFromConnections;

  const store = create<SynthesisState>()((set, get) => {
    /** builds and starts a round's job for the session; throws (nothing started) when the definition has problems */
    async function startRound(session: SynthesisSessionRow, round: number, carried: SynthesisCarried | null): Promise<void> {
      const built = buildSynthesisDefinition({
        specSource: session.specSource,
        specFile: session.specFile,
        round,
        judgeConnectionId: session.connections.judge,
        roleConnections: { drafter: session.connections.drafter, generator: session.connections.generator },
        answersPerItem: session.answersPerItem,
        language: session.language,
        ...(carried ? { carried } : {}),
        title: `${session.title} · round ${round}`,
      });
      if (!built.ok) throw new ValidationError(`The round cannot start / 这一轮无法开始：\n${built.problems.join('\n')}`);
      await jobs.getState().startSynthesisRound({ definition: built.definition, sessionId: session.id, carried });
    }

    /** runs a write, then rereads whatever it wrote; the write's error is thrown to the caller */
    async function writeThenRefresh<T>(write: () => Promise<T>): Promise<T> {
      try {
        return await write();
      } finally {
        await get().refresh();
      }
    }

    return {
      sessions: null,
      error: null,
      openSessionId: null,
      rounds: [],
      versions: [],
      async load() {
        await get().refresh();
      },
      async openSession(sessionId) {
        set({ openSessionId: sessionId, rounds: [], versions: [] });
        await get().refresh();
      },
      async refresh() {
        const openId = get().openSessionId;
        try {
          const db = database();
          const [sessions, rounds, versions] = await Promise.all([listSessions(db), openId ? roundsOf(db, openId) : [], openId ? versionsOf(db, openId) : []]);
          // a session opened meanwhile has its own read under way
          if (get().openSessionId === openId) set({ sessions, rounds, versions, error: null });
          else set({ sessions, error: null });
        } catch (error) {
          set({ error: errorMessage(error), sessions: get().sessions ?? [] });
        }
      },
      async start(input) {
        const session = await createSession(database(), {
          ...input,
          connectionLabels: { drafter: connectionLabel(input.connections.drafter), generator: connectionLabel(input.connections.generator), judge: connectionLabel(input.connections.judge) },
        });
        try {
          await startRound(session, 0, null);
        } catch (error) {
          await discardUnstartedSession(database(), session.id);
          throw error;
        } finally {
          await get().refresh();
        }
        return (await getSession(database(), session.id)) ?? session;
      },
      async editMetric(sessionId, metricId, edit) {
        await writeThenRefresh(() => editMetric(database(), { sessionId, metricId, edit, by: reviewerName() }));
      },
      async setLocked(sessionId, metricId, locked) {
        await writeThenRefresh(() => setLocked(database(), { sessionId, metricId, locked, by: reviewerName() }));
      },
      async continueRound(sessionId) {
        await writeThenRefresh(async () => {
          const next = await nextRound(database(), sessionId);
          await startRound(next.session, next.round, next.carried);
        });
      },
      async retryRound(sessionId) {
        await writeThenRefresh(async () => {
          const again = await roundToRetry(database(), sessionId);
          await startRound(again.session, again.round, again.carried);
        });
      },
      async stop(sessionId) {
        await writeThenRefresh(async () => {
          const { running } = await stopSession(database(), sessionId);
          if (running) await jobs.getState().cancel(running.jobId);
        });
      },
      saveRubricSet: (sessionId, which) => writeThenRefresh(() => saveSynthesisRubricSet(database(), sessionId, which)),
    };
  });

  jobs.getState().onItemStored((kind) => (kind === 'rubric-synthesis' ? store.getState().refresh() : undefined));
  return store;
}

export const useSynthesisStore = createSynthesisStore();
