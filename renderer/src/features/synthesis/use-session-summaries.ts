/**
 * The session list's rounds and best round for every session, read from each session's round rows
 * whenever a session changes (its updatedAt): the list row says how far each loop has come
 * without opening it.
 */
import { useEffect, useState } from 'react';
import type { SynthesisSessionRow } from '../../../../shared/model/synthesis';
import { getDb } from '../../db/db';
import { roundsOf } from '../../db/repositories/synthesis';
import { bestOf } from './session-facts';

export interface SessionSummary {
  /** rounds whose payload is stored */
  rounds: number;
  best: number | null;
}

export function useSessionSummaries(sessions: readonly SynthesisSessionRow[] | null): Record<string, SessionSummary> {
  const [summaries, setSummaries] = useState<Record<string, SessionSummary>>({});
  const key = (sessions ?? []).map((session) => `${session.id}:${session.updatedAt}`).join('|');
  useEffect(() => {
    if (!sessions) return;
    let current = true;
    void Promise.all(sessions.map(async (session) => {
      const rounds = await roundsOf(getDb(), session.id);
      return [session.id, { rounds: rounds.filter((row) => row.payload).length, best: bestOf(rounds)?.version ?? null }] as const;
    }))
      .then((entries) => {
        if (current) setSummaries(Object.fromEntries(entries));
      })
      // a list that cannot be counted still lists its sessions: their rounds show as unknown (—)
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [key]);
  return summaries;
}
