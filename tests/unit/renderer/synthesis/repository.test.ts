import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { createSession, getSession, isSynthesisJob, registerRound, roundsOf, storeSynthesisItem, versionsOf } from '../../../../renderer/src/db/repositories/synthesis';
import { editMetric, NO_REVIEWER_NAME, nextRound, roundToRetry, saveSynthesisRubricSet, setLocked, STOPPED_BY_EDUCATOR, stopSession } from '../../../../renderer/src/db/repositories/synthesis-between-rounds';
import { parseRubricSet, rubricSetToJson } from '../../../../shared/judge';
import { revisionDiff } from '../../../../shared/synthesis';
import { freshDb } from '../fixtures';
import { CONNECTIONS, draftMetrics, failedRoundEvent, LABELS, roundEvent, roundPayload, SPEC_FILE, specSource } from './support';

const BY = 'Ms Li';

async function session(db: MaieuticDb) {
  return createSession(db, { title: 'Pilot rubric', specSource: specSource(), specFile: SPEC_FILE, connections: CONNECTIONS, connectionLabels: LABELS, answersPerItem: 1, language: 'en' });
}

/** A session whose round 0 (PER-1 floored: too strict, the rest fine) is stored. */
async function afterDraft(db: MaieuticDb) {
  const created = await session(db);
  await registerRound(db, created.id, 0, 'job0', null);
  const payload = roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: ['PER-1'] });
  expect(await storeSynthesisItem(db, roundEvent('job0', payload))).toEqual({ kind: 'stored', sessionId: created.id, round: 0 });
  return { id: created.id, payload };
}

describe('synthesis repository', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('refuses a spec with problems, naming file and line, and writes nothing', async () => {
    const opened = (db = freshDb());
    const bad = specSource().replace('test_items: 20', 'test_items: many');
    await expect(createSession(opened, { title: 'x', specSource: bad, specFile: SPEC_FILE, connections: CONNECTIONS, connectionLabels: LABELS, answersPerItem: 1, language: 'en' })).rejects.toThrow(/elmes-scenegen\.yaml:\d+:\d+: test_items/);
    await expect(createSession(opened, { title: 'x', specSource: specSource(), specFile: SPEC_FILE, connections: { ...CONNECTIONS, judge: ' ' }, connectionLabels: LABELS, answersPerItem: 1, language: 'en' })).rejects.toThrow(/judge/);
    expect(await opened.synthesisSessions.count()).toBe(0);
  });

  it('stores round 0: the working metrics are the draft, one draft version, status between rounds', async () => {
    const opened = (db = freshDb());
    const { id, payload } = await afterDraft(opened);
    expect(await isSynthesisJob(opened, 'job0')).toBe(true);
    expect(await isSynthesisJob(opened, 'other')).toBe(false);
    const stored = await getSession(opened, id);
    expect(stored?.status).toBe('between-rounds');
    expect(stored?.working).toEqual({ basedOn: 0, metrics: payload.metrics, locked: [], edits: [] });
    const versions = await versionsOf(opened, id);
    expect(versions.map((version) => [version.seq, version.kind, version.round, version.by])).toEqual([[1, 'draft', 0, null]]);
    expect(versions[0].metrics).toEqual(payload.metrics);
    expect((await roundsOf(opened, id))[0].payload).toEqual(payload);
  });

  it('a worse round 1 adds a revision and a rollback version, and the next round starts from round 0', async () => {
    const opened = (db = freshDb());
    const { id, payload: first } = await afterDraft(opened);
    const { carried } = await nextRound(opened, id);
    await registerRound(opened, id, 1, 'job1', carried);
    const revised = carried!.metrics.map((metric) => (metric.id === 'PER-2' ? { ...metric, description: { zh: '更严', en: 'stricter' } } : metric));
    const second = roundPayload({ round: 1, metrics: revised, carried, floored: ['PER-1', 'PER-2'] });
    expect(second.decision.rollbackTo).toBe(0);
    await storeSynthesisItem(opened, roundEvent('job1', second));
    const versions = await versionsOf(opened, id);
    expect(versions.map((version) => [version.kind, version.round])).toEqual([['draft', 0], ['revision', 1], ['rollback', 0]]);
    expect(versions[1].metrics).toEqual(revised);
    expect(versions[2].metrics).toEqual(first.metrics);
    expect((await getSession(opened, id))?.working?.metrics).toEqual(first.metrics);
    expect((await getSession(opened, id))?.working?.basedOn).toBe(0);
  });

  it('a round whose decision is to stop stops the session with the loop\'s reason', async () => {
    const opened = (db = freshDb());
    const created = await session(opened);
    await registerRound(opened, created.id, 0, 'job0', null);
    const payload = roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: [] });
    expect(payload.decision).toMatchObject({ action: 'stop', reason: 'all-fine' });
    await storeSynthesisItem(opened, roundEvent('job0', payload));
    const stored = await getSession(opened, created.id);
    expect(stored?.status).toBe('stopped');
    expect(stored?.stop?.reason).toBe('all-fine');
    // the loop's stop is advice: the educator may still edit and have another round scored
    await editMetric(opened, { sessionId: created.id, metricId: 'PER-1', edit: { description: { zh: '改写', en: 'reworded' } }, by: BY });
    const next = await nextRound(opened, created.id);
    expect(next.round).toBe(1);
    expect(next.carried?.expertEdits).toHaveLength(1);
    await registerRound(opened, created.id, 1, 'job1', next.carried);
    expect(await getSession(opened, created.id)).toMatchObject({ status: 'running', stop: null });
  });

  it('an educator\'s own stop is final: no edit, no next round', async () => {
    const opened = (db = freshDb());
    const { id } = await afterDraft(opened);
    await stopSession(opened, id);
    await expect(nextRound(opened, id)).rejects.toThrow(/You stopped this session/);
    await expect(editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { description: { zh: '新', en: 'new' } }, by: BY })).rejects.toThrow(/You stopped this session/);
  });

  it('a payload delivered again adds no version and keeps the edits made since', async () => {
    const opened = (db = freshDb());
    const { id, payload } = await afterDraft(opened);
    await editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { description: { zh: '新', en: 'new' } }, by: BY });
    const before = await getSession(opened, id);
    expect(await storeSynthesisItem(opened, roundEvent('job0', payload))).toMatchObject({ kind: 'stored' });
    expect((await versionsOf(opened, id)).map((version) => version.kind)).toEqual(['draft', 'expert-edit']);
    expect(await getSession(opened, id)).toEqual(before);
  });

  it('a stored round delivered again after the next round started is stored, not stale', async () => {
    const opened = (db = freshDb());
    const { id, payload } = await afterDraft(opened);
    const { carried } = await nextRound(opened, id);
    await registerRound(opened, id, 1, 'job1', carried);
    // round 0's job delivers its item once more (its acknowledgement was lost): stored already, nothing written again
    expect(await storeSynthesisItem(opened, roundEvent('job0', payload))).toEqual({ kind: 'stored', sessionId: id, round: 0 });
    expect(await versionsOf(opened, id)).toHaveLength(1);
  });

  it('stopping while a round runs marks that round stopped (its cancelled job sends nothing), and no round starts after', async () => {
    const opened = (db = freshDb());
    const { id } = await afterDraft(opened);
    const { carried } = await nextRound(opened, id);
    await registerRound(opened, id, 1, 'job1', carried);
    const { running } = await stopSession(opened, id);
    expect(running?.jobId).toBe('job1');
    expect((await roundsOf(opened, id))[1]).toMatchObject({ payload: null, failure: STOPPED_BY_EDUCATOR });
    expect(await getSession(opened, id)).toMatchObject({ status: 'stopped', stop: { reason: 'educator' } });
    // a start built before the Stop landed is refused when it is recorded
    await expect(registerRound(opened, id, 1, 'job2', carried)).rejects.toThrow(/You stopped this session/);
  });

  it('the educator can make a loop-advised stop final', async () => {
    const opened = (db = freshDb());
    const created = await session(opened);
    await registerRound(opened, created.id, 0, 'job0', null);
    await storeSynthesisItem(opened, roundEvent('job0', roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: [] })));
    expect((await getSession(opened, created.id))?.stop?.reason).toBe('all-fine');
    await stopSession(opened, created.id);
    expect((await getSession(opened, created.id))?.stop?.reason).toBe('educator');
    await expect(nextRound(opened, created.id)).rejects.toThrow(/You stopped this session/);
  });

  it('leaves an unknown job\'s result alone', async () => {
    const opened = (db = freshDb());
    const { id, payload } = await afterDraft(opened);
    expect(await storeSynthesisItem(opened, roundEvent('nobody', payload))).toEqual({ kind: 'unknown-job' });
    expect(await versionsOf(opened, id)).toHaveLength(1);
  });

  it('discards a result that holds no round or comes from another spec, writing nothing', async () => {
    const opened = (db = freshDb());
    const created = await session(opened);
    await registerRound(opened, created.id, 0, 'job0', null);
    const payload = roundPayload({ round: 0, metrics: draftMetrics(), carried: null, floored: ['PER-1'] });
    const empty = roundEvent('job0', payload);
    expect(await storeSynthesisItem(opened, { ...empty, outcome: { ...empty.outcome, payload: {} as never } })).toEqual({ kind: 'discarded', reason: 'the result holds no synthesis round' });
    expect(await storeSynthesisItem(opened, roundEvent('job0', { ...payload, spec: { ...payload.spec, hash: 'another' } }))).toMatchObject({ kind: 'discarded' });
    expect(await versionsOf(opened, created.id)).toHaveLength(0);
    expect((await getSession(opened, created.id))?.status).toBe('running');
  });

  it('an educator\'s stop while a round runs stays when its result arrives after all', async () => {
    const opened = (db = freshDb());
    const { id } = await afterDraft(opened);
    const { carried } = await nextRound(opened, id);
    await registerRound(opened, id, 1, 'job1', carried);
    await stopSession(opened, id);
    await storeSynthesisItem(opened, roundEvent('job1', roundPayload({ round: 1, metrics: carried!.metrics, carried, floored: ['PER-1'] })));
    const stored = await getSession(opened, id);
    expect(stored?.status).toBe('stopped');
    expect(stored?.stop?.reason).toBe('educator');
    expect((await versionsOf(opened, id)).map((version) => version.kind)).toEqual(['draft', 'revision']);
  });

  it('a failed round keeps its reason and can be retried with the same carried state', async () => {
    const opened = (db = freshDb());
    const { id } = await afterDraft(opened);
    const { carried } = await nextRound(opened, id);
    await registerRound(opened, id, 1, 'job1', carried);
    await storeSynthesisItem(opened, failedRoundEvent('job1', 1, 'HTTP 500 from the judge'));
    expect((await roundsOf(opened, id))[1].failure).toBe('HTTP 500 from the judge');
    expect((await getSession(opened, id))?.status).toBe('between-rounds');
    const again = await roundToRetry(opened, id);
    expect(again.round).toBe(1);
    expect(again.carried).toEqual(carried);
    await expect(nextRound(opened, id)).rejects.toThrow(/failed/);
  });

  it('refuses an edit of a name or a weight, and an edit without the educator\'s name', async () => {
    const opened = (db = freshDb());
    const { id } = await afterDraft(opened);
    await expect(editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { weight: 0.5 } as never, by: BY })).rejects.toThrow(/PER-1: its weight may not change/);
    await expect(editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { name: { zh: '名', en: 'Name' } } as never, by: BY })).rejects.toThrow(/PER-1: its name may not change/);
    await expect(editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { description: { zh: '新', en: 'new' } }, by: '  ' })).rejects.toThrow(NO_REVIEWER_NAME);
    await expect(editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { description: { zh: '新', en: ' ' } }, by: BY })).rejects.toThrow(/description needs text in both/);
    await expect(editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { description: undefined }, by: BY })).rejects.toThrow(/description needs text in both/);
    await expect(setLocked(opened, { sessionId: id, metricId: 'PER-1', locked: true, by: '' })).rejects.toThrow(NO_REVIEWER_NAME);
    expect(await versionsOf(opened, id)).toHaveLength(1);
    expect((await getSession(opened, id))?.working?.edits).toEqual([]);
  });

  it('keeps an edit as a version whose diff with the draft is exactly the change', async () => {
    const opened = (db = freshDb());
    const { id, payload } = await afterDraft(opened);
    const before = payload.metrics.find((metric) => metric.id === 'PER-1')!.positiveExample;
    await editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { positiveExample: { zh: '好例子', en: 'a good example' } }, by: BY });
    const [draft, edited] = await versionsOf(opened, id);
    expect(edited).toMatchObject({ kind: 'expert-edit', round: 0, by: BY });
    expect(revisionDiff(draft.metrics, edited.metrics)).toEqual({ changes: [{ metric: 'PER-1', field: 'positiveExample', before, after: { zh: '好例子', en: 'a good example' } }], added: [], removed: [] });
    expect((await getSession(opened, id))?.working?.edits).toEqual([{ by: BY, changes: revisionDiff(draft.metrics, edited.metrics).changes }]);
  });

  it('a lock and an edit are carried into the next round', async () => {
    const opened = (db = freshDb());
    const { id } = await afterDraft(opened);
    await setLocked(opened, { sessionId: id, metricId: 'PER-2', locked: true, by: BY });
    await editMetric(opened, { sessionId: id, metricId: 'PER-2', edit: { description: { zh: '锁定后改', en: 'edited while locked' } }, by: BY });
    const versions = await versionsOf(opened, id);
    expect(versions.map((version) => [version.kind, version.locked])).toEqual([['draft', []], ['lock', ['PER-2']], ['expert-edit', ['PER-2']]]);
    const { round, carried } = await nextRound(opened, id);
    expect(round).toBe(1);
    expect(carried?.locked).toEqual(['PER-2']);
    expect(carried?.expertEdits).toEqual([{ by: BY, changes: [expect.objectContaining({ metric: 'PER-2', field: 'description', after: { zh: '锁定后改', en: 'edited while locked' } })] }]);
    expect(carried?.metrics.find((metric) => metric.id === 'PER-2')?.description).toEqual({ zh: '锁定后改', en: 'edited while locked' });
  });

  it('refuses edits while a round runs', async () => {
    const opened = (db = freshDb());
    const { id } = await afterDraft(opened);
    const { carried } = await nextRound(opened, id);
    await registerRound(opened, id, 1, 'job1', carried);
    await expect(editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { description: { zh: '新', en: 'new' } }, by: BY })).rejects.toThrow(/running/);
    const stopped = await stopSession(opened, id);
    expect(stopped.session.stop?.reason).toBe('educator');
    expect(stopped.running?.jobId).toBe('job1');
    await expect(setLocked(opened, { sessionId: id, metricId: 'PER-1', locked: true, by: BY })).rejects.toThrow(/stopped/);
  });

  it('saves the result as one rubric-set version the judge format reads', async () => {
    const opened = (db = freshDb());
    const { id } = await afterDraft(opened);
    const first = await saveSynthesisRubricSet(opened, id, 'best');
    const again = await saveSynthesisRubricSet(opened, id, 'best');
    expect(again.id).toBe(first.id);
    expect(await opened.rubricSets.where('setId').equals(first.setId).count()).toBe(1);
    expect((await getSession(opened, id))?.savedRubricSets).toEqual([first.id]);
    expect(parseRubricSet(rubricSetToJson(first.set)).rubrics.map((rubric) => rubric.id)).toEqual(draftMetrics().map((metric) => metric.id));
    await editMetric(opened, { sessionId: id, metricId: 'PER-1', edit: { description: { zh: '新', en: 'new' } }, by: BY });
    const working = await saveSynthesisRubricSet(opened, id, 'working');
    expect(working.version).toBe(`${first.version}.e1`);
    expect((await getSession(opened, id))?.savedRubricSets).toEqual([first.id, working.id]);
  });
});
