/**
 * Rubric-synthesis sessions (issue 15): one SynthesisSessionRow per loop an educator runs, one
 * SynthesisRoundRow per round's job (`${sessionId}|${round}`), registered before the job's
 * item can arrive, and one SynthesisVersionRow per version of the metrics, appended and never
 * rewritten. A round's payload is stored in ONE transaction: the round row, what the next round
 * starts from (`working`), the session's status and the versions it yields. Main delivers an
 * item again until it is acknowledged, so a payload already stored changes nothing the second
 * time: no version is appended twice, and the educator's edits since are kept. What the
 * educator does between rounds is in synthesis-between-rounds.ts.
 */
import type { JobItemEvent } from '../../../../shared/jobs';
import {
  type SynthesisRole, type SynthesisRoundRow, synthesisRoundRowId, type SynthesisSessionRow, type SynthesisVersionKind, type SynthesisVersionRow, synthesisVersionRowId,
} from '../../../../shared/model/synthesis';
import { parseSynthesisSpec } from '../../../../shared/synthesis/parse-spec';
import { synthesisRoundOutcome } from '../../../../shared/synthesis/round-outcome';
import { rolledBack, workingAfterRound } from '../../../../shared/synthesis/session';
import { type SynthesisCarried, synthesisItemId, type SynthesisRoundPayload, synthesisSpecHash } from '../../../../shared/synthesis/synthesis-job';
import type { MaieuticDb } from '../db';
import { ValidationError } from './validate';
import { checkedRow, checkedRows } from './row-checks';

export const SYNTHESIS_TITLE_MAX = 200;
const ROLES: readonly SynthesisRole[] = ['drafter', 'generator', 'judge'];

function newSessionId(now: Date): string {
  return `synthesis-${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface CreateSynthesisSessionInput {
  title: string;
  specSource: string;
  specFile: string;
  connections: Record<SynthesisRole, string>;
  connectionLabels: SynthesisSessionRow['connectionLabels'];
  answersPerItem: number;
  extraGenerators?: string[];
  language: SynthesisSessionRow['language'];
  now?: Date;
}

/** Records a new session (status running: its round 0 is about to start); a spec with problems is refused, every problem `file:line:column` in the message. */
export async function createSession(db: MaieuticDb, input: CreateSynthesisSessionInput): Promise<SynthesisSessionRow> {
  const parsed = parseSynthesisSpec(input.specSource, input.specFile);
  if (!parsed.ok) throw new ValidationError(`The synthesis spec has problems / 综合规格有问题：\n${parsed.problems.map((problem) => problem.text).join('\n')}`);
  const title = input.title.trim() || parsed.spec.name.en || parsed.spec.id;
  if (title.length > SYNTHESIS_TITLE_MAX) throw new ValidationError(`A session's title has at most ${SYNTHESIS_TITLE_MAX} characters / 标题最多 ${SYNTHESIS_TITLE_MAX} 个字符`);
  const missing = ROLES.filter((role) => typeof input.connections[role] !== 'string' || input.connections[role].trim() === '');
  if (missing.length > 0) throw new ValidationError(`Choose a model connection for: ${missing.join(', ')} / 请为以下角色选择模型连接：${missing.join('、')}`);
  const extra = [...new Set((input.extraGenerators ?? []).filter((id) => id !== input.connections.generator))];
  const now = (input.now ?? new Date()).toISOString();
  const session: SynthesisSessionRow = {
    id: newSessionId(input.now ?? new Date()),
    title,
    spec: { id: parsed.spec.id, version: parsed.spec.version, hash: synthesisSpecHash(parsed.spec) },
    specSource: input.specSource,
    specFile: input.specFile,
    connections: { drafter: input.connections.drafter, generator: input.connections.generator, judge: input.connections.judge },
    connectionLabels: { drafter: { ...input.connectionLabels.drafter }, generator: { ...input.connectionLabels.generator }, judge: { ...input.connectionLabels.judge } },
    answersPerItem: input.answersPerItem,
    ...(extra.length > 0 ? { extraGenerators: extra } : {}),
    language: input.language,
    status: 'running',
    stop: null,
    working: null,
    savedRubricSets: [],
    createdAt: now,
    updatedAt: now,
  };
  await db.transaction('rw', db.synthesisSessions, () => db.synthesisSessions.add(checkedRow('synthesisSessions', session)));
  return session;
}

/** The round with the highest number (the one the session is at), or undefined before round 0 is registered. */
export function latestRound(rounds: readonly SynthesisRoundRow[]): SynthesisRoundRow | undefined {
  return rounds.reduce<SynthesisRoundRow | undefined>((latest, row) => (!latest || row.round > latest.round ? row : latest), undefined);
}

/**
 * Records a started round's job: the next round after the latest (its payload stored), or the
 * latest again when it failed (a retry: the same carried state, a new job). Registering the same
 * job again changes nothing. The session is `running` until the job's item arrives.
 */
export async function registerRound(db: MaieuticDb, sessionId: string, round: number, jobId: string, carried: SynthesisCarried | null, now: Date = new Date()): Promise<SynthesisRoundRow> {
  return db.transaction('rw', [db.synthesisSessions, db.synthesisRounds], async () => {
    const session = await db.synthesisSessions.get(sessionId);
    if (!session) throw new ValidationError(`There is no synthesis session ${sessionId}`);
    const existing = await db.synthesisRounds.get(synthesisRoundRowId(sessionId, round));
    if (existing?.jobId === jobId) return existing;
    // checked again here: a Stop may have landed after the next round was built
    if (session.status === 'stopped' && session.stop?.reason === 'educator') throw new ValidationError('You stopped this session. / 这个会话已由您停止。');
    const latest = latestRound(await db.synthesisRounds.where('sessionId').equals(sessionId).toArray());
    // a second start of the same round (a double click) must not take the first job's place
    if (latest && !latest.payload && latest.failure === null) throw new ValidationError(`Round ${latest.round} is still running / 第 ${latest.round} 轮仍在运行`);
    const expected = latest === undefined ? 0 : latest.payload ? latest.round + 1 : latest.round;
    if (round !== expected) throw new ValidationError(`Round ${round} cannot start now: the session is at round ${expected}`);
    const row: SynthesisRoundRow = { id: synthesisRoundRowId(sessionId, round), sessionId, round, jobId, carried, payload: null, failure: null, createdAt: now.toISOString() };
    await db.synthesisRounds.put(checkedRow('synthesisRounds', row));
    // a round run after the loop advised stopping: its own decision replaces that advice
    await db.synthesisSessions.put(checkedRow('synthesisSessions', { ...session, status: 'running', stop: null, updatedAt: now.toISOString() }));
    return row;
  });
}

export async function isSynthesisJob(db: MaieuticDb, jobId: string): Promise<boolean> {
  return (await db.synthesisRounds.where('jobId').equals(jobId).count()) > 0;
}

/**
 * What storing a synthesis round's item came to:
 * - `stored`: the round's payload (or its failure) is written, or was already;
 * - `unknown-job`: no round of that job is recorded here (not acknowledged: main sends it again);
 * - `discarded`: it cannot be stored (stale, another round's, another spec's); nothing is written.
 */
export type StoreSynthesisItemResult = { kind: 'stored'; sessionId: string; round: number } | { kind: 'unknown-job' } | { kind: 'discarded'; reason: string };

function versionRow(session: SynthesisSessionRow, seq: number, kind: SynthesisVersionKind, round: number, metrics: SynthesisVersionRow['metrics'], locked: string[], at: string): SynthesisVersionRow {
  return { id: synthesisVersionRowId(session.id, seq), sessionId: session.id, seq, kind, round, metrics: metrics.map((metric) => ({ ...metric })), locked: [...locked], by: null, at };
}

/** Stores one round's item in ONE transaction (see the module comment for what it writes). */
export async function storeSynthesisItem(db: MaieuticDb, event: JobItemEvent<SynthesisRoundPayload>, now: Date = new Date()): Promise<StoreSynthesisItemResult> {
  return db.transaction('rw', [db.synthesisSessions, db.synthesisRounds, db.synthesisVersions], async (): Promise<StoreSynthesisItemResult> => {
    const round = await db.synthesisRounds.where('jobId').equals(event.jobId).first();
    if (!round) return { kind: 'unknown-job' };
    const session = await db.synthesisSessions.get(round.sessionId);
    if (!session) return { kind: 'discarded', reason: `the session ${round.sessionId} of this round no longer exists` };
    if (event.item.itemId !== synthesisItemId(round.round)) return { kind: 'discarded', reason: `the item ${event.item.itemId} is not round ${round.round}'s` };
    const stored: StoreSynthesisItemResult = { kind: 'stored', sessionId: session.id, round: round.round };
    // delivered again (its acknowledgement was lost, perhaps after the next round started): what was written the first time, and the educator's edits since, stay
    if (round.payload) return stored;
    const latest = latestRound(await db.synthesisRounds.where('sessionId').equals(session.id).toArray());
    if (latest && latest.round !== round.round) return { kind: 'discarded', reason: `round ${round.round}'s result came after round ${latest.round} started: it is stale` };
    const outcome = synthesisRoundOutcome(event.outcome);
    if (outcome.kind === 'malformed') return { kind: 'discarded', reason: outcome.reason };
    const at = now.toISOString();
    const keepStopped = session.status === 'stopped';
    if (outcome.kind === 'failed') {
      await db.synthesisRounds.put(checkedRow('synthesisRounds', { ...round, failure: outcome.reason, ...(outcome.why ? { failureWhy: outcome.why } : {}) }));
      await db.synthesisSessions.put(checkedRow('synthesisSessions', { ...session, status: keepStopped ? 'stopped' : 'between-rounds', updatedAt: at }));
      return stored;
    }
    const { payload } = outcome;
    if (payload.round !== round.round) return { kind: 'discarded', reason: `the result is round ${payload.round}'s, not round ${round.round}'s` };
    if (payload.spec.hash !== session.spec.hash) return { kind: 'discarded', reason: 'the result was made from another spec than the session\'s' };
    const working = workingAfterRound(round.carried?.rounds ?? [], payload);
    const seq = (await db.synthesisVersions.where('sessionId').equals(session.id).count()) + 1;
    const versions = [versionRow(session, seq, payload.round === 0 ? 'draft' : 'revision', payload.round, payload.metrics, payload.record.locked, at)];
    if (rolledBack(payload)) versions.push(versionRow(session, seq + 1, 'rollback', payload.best, working.metrics, working.locked, at));
    const { decision } = payload;
    const decidedStop = decision.action === 'stop';
    const { failureWhy: _none, ...running } = round;
    await db.synthesisRounds.put(checkedRow('synthesisRounds', { ...running, payload, failure: null }));
    await db.synthesisVersions.bulkAdd(checkedRows('synthesisVersions', versions));
    await db.synthesisSessions.put(checkedRow('synthesisSessions', {
      ...session,
      working,
      // an educator's stop while the round ran stays the reason
      status: keepStopped || decidedStop ? 'stopped' : 'between-rounds',
      stop: keepStopped ? session.stop : decision.action === 'stop' ? { reason: decision.reason, at } : null,
      updatedAt: at,
    }));
    return stored;
  });
}

/** Every session, newest first. */
export async function listSessions(db: MaieuticDb): Promise<SynthesisSessionRow[]> {
  const sessions = await db.synthesisSessions.toArray();
  return sessions.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export async function getSession(db: MaieuticDb, sessionId: string): Promise<SynthesisSessionRow | undefined> {
  return db.synthesisSessions.get(sessionId);
}

/** A session's rounds by round number. */
export async function roundsOf(db: MaieuticDb, sessionId: string): Promise<SynthesisRoundRow[]> {
  return (await db.synthesisRounds.where('sessionId').equals(sessionId).toArray()).sort((a, b) => a.round - b.round);
}

/** A session's versions by seq. */
export async function versionsOf(db: MaieuticDb, sessionId: string): Promise<SynthesisVersionRow[]> {
  return (await db.synthesisVersions.where('sessionId').equals(sessionId).toArray()).sort((a, b) => a.seq - b.seq);
}

/** Deletes a session whose round 0 never started (main refused the job): it has nothing to show. A session with a round is kept. */
export async function discardUnstartedSession(db: MaieuticDb, sessionId: string): Promise<void> {
  await db.transaction('rw', [db.synthesisSessions, db.synthesisRounds], async () => {
    if ((await db.synthesisRounds.where('sessionId').equals(sessionId).count()) === 0) await db.synthesisSessions.delete(sessionId);
  });
}
