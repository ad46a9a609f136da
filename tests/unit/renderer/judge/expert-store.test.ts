import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createExpertScoresStore } from '../../../../renderer/src/stores/judge/expert-store';
import { expertScoresOfDialogue } from '../../../../renderer/src/db/repositories/expert-scores';
import { rubricSetHash, SID_RUBRIC_SET } from '../../../../shared/judge';
import { chooseRubricSetForDataset, saveRubricSetVersion } from '../../../../renderer/src/db/repositories/rubric-sets';
import { freshDb } from '../fixtures';

const HASH = rubricSetHash(SID_RUBRIC_SET);

async function opened(rater = '王老师') {
  const db = freshDb();
  const store = createExpertScoresStore(() => db);
  await store.getState().open({ datasetId: 'ds1', dialogueId: 's1:1', rater });
  return { db, store };
}

const stored = async (db: ReturnType<typeof freshDb>) =>
  Object.fromEntries((await expertScoresOfDialogue(db, 's1:1', HASH)).map((row) => [row.rubric, row.score]));

describe('expert rubric-scores store', () => {
  it('scores the focused rubric in place, saves it at once under the rater; only a move goes to the next rubric', async () => {
    const { db, store } = await opened();
    await store.getState().score(4);
    expect(store.getState().focus).toBe(0);
    expect(store.getState().notice).toEqual({ kind: 'scored', rubric: 'X-SRG', before: null, after: 4 });
    store.getState().move(1);
    await store.getState().score(2);
    expect(store.getState().focus).toBe(1);
    expect(await stored(db)).toEqual({ 'X-SRG': 4, 'M-RCC': 2 });
    const [row] = await expertScoresOfDialogue(db, 's1:1', HASH);
    expect(row.rater).toBe('王老师');
    expect(Date.parse(row.at)).not.toBeNaN();
    // reopened: the scores are read back
    const again = createExpertScoresStore(() => db);
    await again.getState().open({ datasetId: 'ds1', dialogueId: 's1:1', rater: '王老师' });
    expect(Object.keys(again.getState().rows).sort()).toEqual(['M-RCC', 'X-SRG']);
  });

  it('issue 29: 3 j 4 j 2 j 5 j 1 scores the five rubrics 3, 4, 2, 5, 1 in order, nothing skipped or overwritten', async () => {
    const { db, store } = await opened();
    // machine pace: no key waits for a write
    const keys: Promise<void>[] = [];
    for (const key of ['3', 'j', '4', 'j', '2', 'j', '5', 'j', '1']) {
      if (key === 'j') store.getState().move(1);
      else keys.push(store.getState().score(Number(key)));
    }
    await Promise.all(keys);
    expect(await stored(db)).toEqual({ 'X-SRG': 3, 'M-RCC': 4, 'X-MSR': 2, IRA: 5, TCF: 1 });
    const trail = (await db.editLog.toArray()).map((entry) => `${(entry.target as { rubric: string }).rubric}:${entry.reason}`);
    expect(trail).toEqual(['X-SRG:scored', 'M-RCC:scored', 'X-MSR:scored', 'IRA:scored', 'TCF:scored']);
  });

  it('names a digit outside the range and changes nothing; moving stops at either end and says so, never wrapping round', async () => {
    const { db, store } = await opened();
    await store.getState().score(7);
    expect(store.getState().notice).toEqual({ kind: 'out-of-range', rubric: 'X-SRG', value: 7, min: 1, max: 5 });
    await store.getState().score(0);
    expect(await stored(db)).toEqual({});
    store.getState().move(-1);
    expect(store.getState().focus).toBe(0);
    expect(store.getState().notice).toEqual({ kind: 'edge', edge: 'first' });
    for (let step = 0; step < SID_RUBRIC_SET.rubrics.length + 2; step += 1) store.getState().move(1);
    expect(store.getState().focus).toBe(SID_RUBRIC_SET.rubrics.length - 1);
    expect(store.getState().notice).toEqual({ kind: 'edge', edge: 'last' });
    await store.getState().score(5);
    expect(await stored(db)).toEqual({ TCF: 5 });
  });

  it('a digit on a scored rubric changes it visibly, naming the old score, and the audit has the change with the old value', async () => {
    const { db, store } = await opened();
    await store.getState().score(3);
    await store.getState().score(5);
    expect(store.getState().notice).toEqual({ kind: 'scored', rubric: 'X-SRG', before: 3, after: 5 });
    await store.getState().score(5);
    expect(store.getState().notice).toEqual({ kind: 'unchanged', rubric: 'X-SRG', score: 5 });
    expect(await stored(db)).toEqual({ 'X-SRG': 5 });
    const trail = (await db.editLog.toArray()).map((entry) => ({ reason: entry.reason, before: entry.before, after: entry.after }));
    expect(trail).toEqual([
      { reason: 'scored', before: null, after: { score: 3, rationale: '' } },
      { reason: 'scored', before: { score: 3, rationale: '' }, after: { score: 5, rationale: '' } },
    ]);
  });

  it('at machine pace (no key waits for a write) a clear, a rescore and an undo act on what the panel shows, and land in order', async () => {
    const { db, store } = await opened();
    const keys: Promise<void>[] = [];
    for (const score of [5, 4, 3, 2, 1]) {
      keys.push(store.getState().score(score));
      store.getState().move(1);
    }
    store.getState().move(-1);
    // IRA's write (2) is still in flight here: the clear must clear it, and the undo bring it back
    keys.push(store.getState().clear());
    keys.push(store.getState().undoLast());
    store.getState().move(-1);
    keys.push(store.getState().score(4));
    keys.push(store.getState().setRationale('追问到位'));
    expect(Object.fromEntries(Object.entries(store.getState().rows).map(([rubric, row]) => [rubric, row.score]))).toEqual({ 'X-SRG': 5, 'M-RCC': 4, 'X-MSR': 4, IRA: 2, TCF: 1 });
    await Promise.all(keys);
    expect(await stored(db)).toEqual({ 'X-SRG': 5, 'M-RCC': 4, 'X-MSR': 4, IRA: 2, TCF: 1 });
    expect((await expertScoresOfDialogue(db, 's1:1', HASH)).find((row) => row.rubric === 'X-MSR')?.rationale).toBe('追问到位');
    const trail = (await db.editLog.toArray()).sort((a, b) => a.seq! - b.seq!).map((entry) => `${(entry.target as { rubric: string }).rubric}:${entry.reason}`);
    expect(trail).toEqual(['X-SRG:scored', 'M-RCC:scored', 'X-MSR:scored', 'IRA:scored', 'TCF:scored', 'IRA:cleared', 'IRA:undone', 'X-MSR:scored', 'X-MSR:scored']);
    expect(store.getState().status).toBe('saved');
  });

  it('settled() resolves only once every score typed so far is stored (a report read then has them all)', async () => {
    const { db, store } = await opened();
    // machine pace: five digits and moves, none awaited, as the keys come
    for (const value of [4, 3, 4, 3, 5]) {
      void store.getState().score(value);
      store.getState().move(1);
    }
    await store.getState().settled();
    expect(await stored(db)).toEqual({ 'X-SRG': 4, 'M-RCC': 3, 'X-MSR': 4, IRA: 3, TCF: 5 });
    // a score typed while waiting is waited for too
    store.getState().focusRubric(4);
    const waiting = store.getState().settled();
    void store.getState().score(1);
    await waiting;
    await store.getState().settled();
    expect((await stored(db)).TCF).toBe(1);
  });

  it('redo makes an undone change again, audited as redone; a new score drops what could be redone', async () => {
    const { db, store } = await opened();
    await store.getState().score(3);
    await store.getState().score(5);
    store.getState().move(1);
    await store.getState().undoLast();
    expect(store.getState().focus).toBe(0);
    expect(store.getState().notice).toEqual({ kind: 'undone', rubric: 'X-SRG', restored: 3 });
    await store.getState().redoLast();
    expect(store.getState().notice).toEqual({ kind: 'redone', rubric: 'X-SRG', restored: 5 });
    expect(await stored(db)).toEqual({ 'X-SRG': 5 });
    await store.getState().undoLast();
    await store.getState().undoLast();
    expect(store.getState().notice).toEqual({ kind: 'undone', rubric: 'X-SRG', restored: null });
    expect(await stored(db)).toEqual({});
    await store.getState().score(2);
    await store.getState().redoLast();
    expect(store.getState().notice).toEqual({ kind: 'nothing-to-redo' });
    expect(await stored(db)).toEqual({ 'X-SRG': 2 });
    const reasons = (await db.editLog.toArray()).sort((a, b) => a.seq! - b.seq!).map((entry) => entry.reason);
    expect(reasons).toEqual(['scored', 'scored', 'undone', 'redone', 'undone', 'undone', 'scored']);
  });

  it('ready() waits for the open dialogue\'s scores, also when another dialogue is opened meanwhile', async () => {
    const { db, store } = await opened();
    await store.getState().score(4);
    const other = createExpertScoresStore(() => db);
    void other.getState().open({ datasetId: 'ds1', dialogueId: 's1:2', rater: '王老师' });
    void other.getState().open({ datasetId: 'ds1', dialogueId: 's1:1', rater: '王老师' });
    expect(other.getState().status).toBe('loading');
    await other.getState().ready();
    expect(other.getState().status).toBe('ready');
    expect(other.getState().rows['X-SRG']?.score).toBe(4);
  });

  it('scores on the data set’s chosen rubric set and reads it again when the choice changes', async () => {
    const db = freshDb();
    await db.datasets.add({ id: 'ds1', name: 'Pilot', createdAt: '2026-12-05T09:00:00.000Z', codebookId: 'sid-default' } as never);
    const store = createExpertScoresStore(() => db);
    await store.getState().open({ datasetId: 'ds1', dialogueId: 's1:1', rater: '王老师' });
    expect(store.getState().set.id).toBe(SID_RUBRIC_SET.id);
    await store.getState().score(4);
    const lite = structuredClone(SID_RUBRIC_SET);
    lite.id = 'lite';
    lite.rubrics = lite.rubrics.slice(0, 2).map((rubric) => ({ ...rubric, range: { min: 0, max: 3 }, anchors: [] }));
    const row = await saveRubricSetVersion(db, lite);
    await chooseRubricSetForDataset(db, 'ds1', { id: row.setId, hash: row.hash });
    await store.getState().reload();
    expect(store.getState().set.rubrics.map((rubric) => rubric.id)).toEqual(['X-SRG', 'M-RCC']);
    // the SID score stays with the SID version; the new version starts unscored, its own range applies
    expect(store.getState().rows).toEqual({});
    await store.getState().score(4);
    await store.getState().score(0);
    expect(Object.fromEntries((await expertScoresOfDialogue(db, 's1:1', row.hash)).map((entry) => [entry.rubric, entry.score]))).toEqual({ 'X-SRG': 0 });
    expect(await stored(db)).toEqual({ 'X-SRG': 4 });
  });

  it('undoes the last changes in turn: a rescore back to the old score, a first score back to none, a cleared score back', async () => {
    const { db, store } = await opened();
    await store.getState().score(3); // X-SRG 3
    store.getState().focusRubric(0);
    await store.getState().score(5); // X-SRG 5
    store.getState().focusRubric(1);
    await store.getState().score(2); // M-RCC 2
    store.getState().focusRubric(0);
    await store.getState().setRationale('追问不足');
    await store.getState().clear(); // X-SRG cleared
    expect(await stored(db)).toEqual({ 'M-RCC': 2 });
    await store.getState().undoLast();
    expect(await stored(db)).toEqual({ 'X-SRG': 5, 'M-RCC': 2 });
    expect(store.getState().rows['X-SRG'].rationale).toBe('追问不足');
    await store.getState().undoLast();
    expect(await stored(db)).toEqual({ 'X-SRG': 5 });
    await store.getState().undoLast();
    expect(await stored(db)).toEqual({ 'X-SRG': 3 });
    await store.getState().undoLast();
    expect(await stored(db)).toEqual({});
  });

  it('an undone rescore keeps the rationale written since (only the score goes back)', async () => {
    const { store } = await opened();
    await store.getState().score(3);
    store.getState().focusRubric(0);
    await store.getState().score(5);
    store.getState().focusRubric(0);
    await store.getState().setRationale('写于改分之后');
    await store.getState().undoLast();
    expect(store.getState().rows['X-SRG']).toMatchObject({ score: 3, rationale: '写于改分之后' });
  });

  it('refuses to score without a rater name, saying where to enter it', async () => {
    const { db, store } = await opened('');
    await store.getState().score(4);
    expect(store.getState().error).toMatch(/Settings/);
    expect(await stored(db)).toEqual({});
  });
});
