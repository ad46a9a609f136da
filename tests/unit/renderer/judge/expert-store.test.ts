import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createExpertScoresStore } from '../../../../renderer/src/stores/judge/expert-store';
import { expertScoresOfDialogue } from '../../../../renderer/src/db/repositories/expert-scores';
import { rubricSetHash, SID_RUBRIC_SET } from '../../../../shared/judge';
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
  it('scores the focused rubric, saves it at once under the rater and moves to the next rubric', async () => {
    const { db, store } = await opened();
    await store.getState().score(4);
    await store.getState().score(2);
    expect(store.getState().focus).toBe(2);
    expect(await stored(db)).toEqual({ 'X-SRG': 4, 'M-RCC': 2 });
    const [row] = await expertScoresOfDialogue(db, 's1:1', HASH);
    expect(row.rater).toBe('王老师');
    expect(Date.parse(row.at)).not.toBeNaN();
    // reopened: the scores are read back
    const again = createExpertScoresStore(() => db);
    await again.getState().open({ datasetId: 'ds1', dialogueId: 's1:1', rater: '王老师' });
    expect(Object.keys(again.getState().rows).sort()).toEqual(['M-RCC', 'X-SRG']);
  });

  it('ignores a score outside the range, moves with wrap-round, and stays on the last rubric after scoring it', async () => {
    const { db, store } = await opened();
    await store.getState().score(7);
    expect(await stored(db)).toEqual({});
    store.getState().move(-1);
    expect(store.getState().focus).toBe(SID_RUBRIC_SET.rubrics.length - 1);
    await store.getState().score(5);
    expect(store.getState().focus).toBe(SID_RUBRIC_SET.rubrics.length - 1);
    expect(await stored(db)).toEqual({ TCF: 5 });
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
