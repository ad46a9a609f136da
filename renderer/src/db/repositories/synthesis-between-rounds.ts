/**
 * What the educator does to a synthesis session between rounds (issue 15): edit a working
 * metric's description or examples, lock or unlock a metric, work out what the next round (or a
 * retried one) carries, stop the loop, and save the result as a rubric-set version. Each write is
 * one transaction and appends one version row, so the versions view can diff any two. Edits are
 * held to expertEdit's rule (names, dimensions and weights stay: the next round's scores compare
 * with this one's) and name who made them.
 */
import { jobReason } from '../../../../shared/jobs/reasons';
import type { RubricSetRow } from '../../../../shared/model/judge';
import type { SynthesisRoundRow, SynthesisSessionRow, SynthesisVersionRow } from '../../../../shared/model/synthesis';
import { synthesisVersionRowId } from '../../../../shared/model/synthesis';
import { parseSynthesisSpec } from '../../../../shared/synthesis/parse-spec';
import { MAX_SYNTHESIS_ROUNDS } from '../../../../shared/synthesis/spec-schema';
import { expertEdit } from '../../../../shared/synthesis/revision';
import { nextCarried, resultRubricSet, type WorkingMetrics } from '../../../../shared/synthesis/session';
import type { SynthesisCarried } from '../../../../shared/synthesis/synthesis-job';
import { type BilingualText, REVISABLE_FIELDS, type RevisableField } from '../../../../shared/synthesis/types';
import type { MaieuticDb } from '../db';
import { saveRubricSetVersion } from './rubric-sets';
import { latestRound, roundsOf } from './synthesis';
import { ValidationError } from './validate';
import { checkedRow } from './row-checks';

export const NO_REVIEWER_NAME = 'Set your name in Settings first: every edit and lock records who made it. / 请先在“设置”中填写您的名字：每次修改和锁定都会记下是谁做的。';

/** Each revisable field given must be text in both languages; a field that may not change is left to expertEdit, which names it. */
function checkEditText(edit: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(edit)) {
    if (!(REVISABLE_FIELDS as readonly string[]).includes(field)) continue;
    const text = value as Partial<BilingualText> | null | undefined;
    if (typeof text?.zh !== 'string' || typeof text.en !== 'string' || text.zh.trim() === '' || text.en.trim() === '') {
      throw new ValidationError(`${field} needs text in both Chinese and English / ${field} 需要中英文两种文字`);
    }
  }
}

function requireName(by: string): string {
  const name = by.trim();
  if (name === '') throw new ValidationError(NO_REVIEWER_NAME);
  return name;
}

/** The session, between rounds with a stored round (what editing and continuing need). */
async function sessionBetweenRounds(db: MaieuticDb, sessionId: string): Promise<SynthesisSessionRow & { working: WorkingMetrics }> {
  const session = await db.synthesisSessions.get(sessionId);
  if (!session) throw new ValidationError(`There is no synthesis session ${sessionId} / 没有这个综合会话`);
  if (session.status === 'running') throw new ValidationError('A round is running: wait for it to finish. / 有一轮正在运行，请等它完成。');
  // the loop's stop is its advice: the educator may still edit and score another round; their own stop is final
  if (session.status === 'stopped' && session.stop?.reason === 'educator') throw new ValidationError('You stopped this session. / 这个会话已由您停止。');
  if (!session.working) throw new ValidationError('No round has finished yet. / 还没有完成的轮次。');
  return session as SynthesisSessionRow & { working: WorkingMetrics };
}

async function appendVersion(db: MaieuticDb, session: SynthesisSessionRow, version: Omit<SynthesisVersionRow, 'id' | 'sessionId' | 'seq'>): Promise<void> {
  const seq = (await db.synthesisVersions.where('sessionId').equals(session.id).count()) + 1;
  await db.synthesisVersions.add(checkedRow('synthesisVersions', { id: synthesisVersionRowId(session.id, seq), sessionId: session.id, seq, ...version }));
}

function requireMetric(working: WorkingMetrics, metricId: string): void {
  if (!working.metrics.some((metric) => metric.id === metricId)) throw new ValidationError(`There is no metric ${metricId} / 没有指标 ${metricId}`);
}

export interface EditMetricInput {
  sessionId: string;
  metricId: string;
  /** the revisable fields as the educator typed them (only those given change) */
  edit: Partial<Record<RevisableField, BilingualText>>;
  /** the educator (the settings' reviewer name) */
  by: string;
  now?: Date;
}

/** One edit of a working metric: appended to working.edits, one `expert-edit` version. An edit that changes nothing writes nothing. */
export async function editMetric(db: MaieuticDb, input: EditMetricInput): Promise<SynthesisSessionRow> {
  const by = requireName(input.by);
  return db.transaction('rw', [db.synthesisSessions, db.synthesisVersions], async () => {
    const session = await sessionBetweenRounds(db, input.sessionId);
    const { working } = session;
    requireMetric(working, input.metricId);
    checkEditText(input.edit);
    const after = working.metrics.map((metric) => (metric.id === input.metricId ? { ...metric, ...input.edit } : { ...metric }));
    const checked = expertEdit(working.metrics, after, by);
    if (!checked.ok) throw new ValidationError(`The edit cannot be kept / 这个修改不能保存：\n${checked.problems.join('\n')}`);
    if (checked.edit.changes.length === 0) return session;
    const at = (input.now ?? new Date()).toISOString();
    const next: SynthesisSessionRow = { ...session, working: { ...working, metrics: after, edits: [...working.edits, checked.edit] }, updatedAt: at };
    await db.synthesisSessions.put(checkedRow('synthesisSessions', next));
    await appendVersion(db, session, { kind: 'expert-edit', round: working.basedOn, metrics: after, locked: [...working.locked], by, at });
    return next;
  });
}

export interface SetLockedInput {
  sessionId: string;
  metricId: string;
  locked: boolean;
  by: string;
  now?: Date;
}

/** Locks (the model never revises it) or unlocks a working metric: one `lock` version; already so, nothing is written. */
export async function setLocked(db: MaieuticDb, input: SetLockedInput): Promise<SynthesisSessionRow> {
  const by = requireName(input.by);
  return db.transaction('rw', [db.synthesisSessions, db.synthesisVersions], async () => {
    const session = await sessionBetweenRounds(db, input.sessionId);
    const { working } = session;
    requireMetric(working, input.metricId);
    if (working.locked.includes(input.metricId) === input.locked) return session;
    const locked = input.locked ? [...working.locked, input.metricId] : working.locked.filter((id) => id !== input.metricId);
    const at = (input.now ?? new Date()).toISOString();
    const next: SynthesisSessionRow = { ...session, working: { ...working, locked }, updatedAt: at };
    await db.synthesisSessions.put(checkedRow('synthesisSessions', next));
    await appendVersion(db, session, { kind: 'lock', round: working.basedOn, metrics: working.metrics, locked, by, at });
    return next;
  });
}

/** What a round to start is: its number and the state its job carries. */
export interface RoundToStart {
  session: SynthesisSessionRow;
  round: number;
  carried: SynthesisCarried | null;
}

/** The next round after the latest stored one, carrying the working metrics, locks and edits. */
export async function nextRound(db: MaieuticDb, sessionId: string): Promise<RoundToStart> {
  const session = await sessionBetweenRounds(db, sessionId);
  const last = latestRound(await roundsOf(db, sessionId));
  if (!last?.payload) throw new ValidationError('The last round failed: run it again first. / 上一轮失败了，请先重试。');
  if (last.round + 1 > MAX_SYNTHESIS_ROUNDS) throw new ValidationError(`A session has at most ${MAX_SYNTHESIS_ROUNDS} revision rounds. / 一个会话最多 ${MAX_SYNTHESIS_ROUNDS} 轮修订。`);
  return { session, round: last.round + 1, carried: nextCarried(last.carried ?? undefined, last.payload, session.working) };
}

/** The latest round again, when it failed: the same carried state (its finished calls come from main's cache). */
export async function roundToRetry(db: MaieuticDb, sessionId: string): Promise<RoundToStart> {
  const session = await db.synthesisSessions.get(sessionId);
  if (!session) throw new ValidationError(`There is no synthesis session ${sessionId} / 没有这个综合会话`);
  if (session.status !== 'between-rounds') throw new ValidationError('Only a failed round of a session between rounds can run again. / 只有会话在两轮之间时，失败的轮次才能重试。');
  const last = latestRound(await roundsOf(db, sessionId));
  if (!last || last.failure === null || last.payload) throw new ValidationError('The last round did not fail. / 上一轮没有失败。');
  return { session, round: last.round, carried: last.carried };
}

export const STOPPED_BY_EDUCATOR = 'stopped by the educator before it finished';

/** The educator ends the loop (also one the loop advised stopping); their own stop stays as it was. Resolves to the round still running, if any (its job is to be cancelled). */
export async function stopSession(db: MaieuticDb, sessionId: string, now: Date = new Date()): Promise<{ session: SynthesisSessionRow; running: SynthesisRoundRow | null }> {
  return db.transaction('rw', [db.synthesisSessions, db.synthesisRounds], async () => {
    const session = await db.synthesisSessions.get(sessionId);
    if (!session) throw new ValidationError(`There is no synthesis session ${sessionId} / 没有这个综合会话`);
    const last = latestRound(await roundsOf(db, sessionId));
    const running = last && !last.payload && last.failure === null ? last : null;
    if (session.status === 'stopped' && session.stop?.reason === 'educator') return { session, running };
    const at = now.toISOString();
    // a cancelled job sends no item: the round is marked here, or it would read as running for ever
    if (running) await db.synthesisRounds.put(checkedRow('synthesisRounds', { ...running, failure: STOPPED_BY_EDUCATOR, failureWhy: jobReason('stopped-by-educator') }));
    const next: SynthesisSessionRow = { ...session, status: 'stopped', stop: { reason: 'educator', at }, updatedAt: at };
    await db.synthesisSessions.put(checkedRow('synthesisSessions', next));
    return { session: next, running };
  });
}

/**
 * Saves the session's result as a rubric-set version: `best` = the best round's metrics,
 * `working` = with the educator's unscored edits (resultRubricSet names the version). The same
 * set saved again is the same row, listed once in savedRubricSets.
 */
export async function saveSynthesisRubricSet(db: MaieuticDb, sessionId: string, which: 'best' | 'working'): Promise<RubricSetRow> {
  return db.transaction('rw', [db.synthesisSessions, db.synthesisRounds, db.rubricSets], async () => {
    const session = await db.synthesisSessions.get(sessionId);
    if (!session) throw new ValidationError(`There is no synthesis session ${sessionId} / 没有这个综合会话`);
    const { working } = session;
    if (!working) throw new ValidationError('No round has finished yet: there is nothing to save. / 还没有完成的轮次，没有可保存的内容。');
    const parsed = parseSynthesisSpec(session.specSource, session.specFile);
    if (!parsed.ok) throw new ValidationError(`The session's spec no longer reads / 会话的规格无法读取：\n${parsed.problems.map((problem) => problem.text).join('\n')}`);
    const best = (await roundsOf(db, sessionId)).find((round) => round.round === working.basedOn)?.payload?.record;
    if (!best) throw new ValidationError(`Round ${working.basedOn}'s result is missing / 缺少第 ${working.basedOn} 轮的结果`);
    const set = resultRubricSet(parsed.spec, best, which === 'working' ? { metrics: working.metrics, edits: working.edits.length } : undefined);
    const row = await saveRubricSetVersion(db, set);
    if (!session.savedRubricSets.includes(row.id)) await db.synthesisSessions.put(checkedRow('synthesisSessions', { ...session, savedRubricSets: [...session.savedRubricSets, row.id], updatedAt: new Date().toISOString() }));
    return row;
  });
}
