import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { chooseRubricSetForDataset, listRubricSetVersions, readRubricSetFile, RubricSetFileError, rubricSetFileText, rubricSetOfDataset, saveRubricSetVersion, setTeacherFamilies } from '../../../../renderer/src/db/repositories/rubric-sets';
import { rubricSetHash, SID_RUBRIC_SET } from '../../../../shared/judge';
import { comparableExpertScores, putExpertScore } from '../../../../renderer/src/db/repositories/expert-scores';
import { freshDb } from '../fixtures';

const AT = '2026-12-05T09:00:00.000Z';

async function seeded() {
  const db = freshDb();
  await db.datasets.add({ id: 'ds1', name: 'Pilot', createdAt: AT, codebookId: 'sid-default' } as never);
  return db;
}

function customSet(version = '1') {
  const set = structuredClone(SID_RUBRIC_SET);
  return { ...set, id: 'socratic-lite', version, rubrics: set.rubrics.slice(0, 2) };
}

describe('rubric sets of a profile and of a data set', () => {
  it('uses the SID set until the data set chooses a stored version, then that version', async () => {
    const db = await seeded();
    expect((await rubricSetOfDataset(db, 'ds1')).hash).toBe(rubricSetHash(SID_RUBRIC_SET));
    const row = await saveRubricSetVersion(db, customSet());
    await chooseRubricSetForDataset(db, 'ds1', { id: row.setId, hash: row.hash });
    expect((await rubricSetOfDataset(db, 'ds1')).set.rubrics.map((rubric) => rubric.id)).toEqual(['X-SRG', 'M-RCC']);
    await expect(chooseRubricSetForDataset(db, 'ds1', { id: 'socratic-lite', hash: 'ffffffffffffffff' })).rejects.toThrow(/not in this profile/);
    await expect(chooseRubricSetForDataset(db, 'gone', { id: row.setId, hash: row.hash })).rejects.toThrow(/no longer exists/);
    // a chosen version that went away (restored older backup) falls back to SID, never to nothing
    await db.rubricSets.delete(row.id);
    expect((await rubricSetOfDataset(db, 'ds1')).setId).toBe(SID_RUBRIC_SET.id);
  });

  it('keeps each edit as its own version, newest first, and the same content once', async () => {
    const db = await seeded();
    const first = await saveRubricSetVersion(db, customSet('1'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = customSet('2');
    edited.rubrics[0].definition.en = 'Asks questions that make the student explain.';
    const second = await saveRubricSetVersion(db, edited);
    expect(second.hash).not.toBe(first.hash);
    expect((await saveRubricSetVersion(db, customSet('1'))).createdAt).toBe(first.createdAt);
    const listed = await listRubricSetVersions(db);
    expect(SID_RUBRIC_SET.id < 'socratic-lite').toBe(true);
    expect(listed.map((row) => `${row.setId}@${row.version}`)).toEqual([`${SID_RUBRIC_SET.id}@${SID_RUBRIC_SET.version}`, 'socratic-lite@2', 'socratic-lite@1']);
  });

  it('reads an exported file back to the same hash and names the file and line of bad JSON and the path of a bad rubric', () => {
    const text = rubricSetFileText(customSet());
    expect(rubricSetHash(readRubricSetFile('lite.json', text))).toBe(rubricSetHash(customSet()));
    const broken = text.replace('"weight": 1', '"weight": 1,,');
    expect(() => readRubricSetFile('lite.json', broken)).toThrow(RubricSetFileError);
    const line = broken.split('\n').findIndex((entry) => entry.includes(',,')) + 1;
    expect(() => readRubricSetFile('lite.json', broken)).toThrow(new RegExp(`^lite\\.json:${line}: not valid JSON`));
    expect(() => readRubricSetFile('lite.json', text.replace('"weight": 1', '"weight": -1'))).toThrow(/lite\.json[\s\S]*\$\.rubrics\[0\]\.weight must be a number ≥ 0/);
  });

  it('stores teacher-model families on the data set, dropping blank ones', async () => {
    const db = await seeded();
    expect(await setTeacherFamilies(db, 'ds1', { 'DeepSeek-V3': ' deepseek ', 'GPT-4o': '' })).toEqual({ 'DeepSeek-V3': 'deepseek' });
    expect((await db.datasets.get('ds1'))?.teacherFamilies).toEqual({ 'DeepSeek-V3': 'deepseek' });
    await expect(setTeacherFamilies(db, 'gone', {})).rejects.toThrow(/no longer exists/);
  });

  it("calibrates against scores given on any version with the same rubrics, the newest per rater, dialogue and rubric", async () => {
    const db = await seeded();
    const anchored = { ...structuredClone(SID_RUBRIC_SET), version: '1.0.1', expertExamples: [{ label: 'x', turns: [{ speaker: 'teacher' as const, utterance: '?' }], scores: SID_RUBRIC_SET.rubrics.map((rubric) => ({ rubric: rubric.id, score: 3 })) }] };
    const reworded = structuredClone(SID_RUBRIC_SET);
    reworded.version = '2';
    reworded.rubrics[0].definition.en += ' (reworded)';
    const base = { datasetId: 'ds1', dialogueId: 's1:1', rubric: 'IRA', rater: 'Li' };
    await putExpertScore(db, { ...base, set: SID_RUBRIC_SET, score: 2, at: '2026-12-05T09:00:00.000Z' });
    await putExpertScore(db, { ...base, set: anchored, score: 4, at: '2026-12-05T10:00:00.000Z' });
    await putExpertScore(db, { ...base, rubric: 'TCF', set: SID_RUBRIC_SET, score: 5, at: '2026-12-05T09:00:00.000Z' });
    await putExpertScore(db, { ...base, rubric: 'TCF', set: reworded, score: 1, at: '2026-12-05T11:00:00.000Z' });
    // the other way round for a second rater: whichever version's rows come first, the newest wins
    await putExpertScore(db, { ...base, rater: 'Wang', set: anchored, score: 1, at: '2026-12-05T09:00:00.000Z' });
    await putExpertScore(db, { ...base, rater: 'Wang', set: SID_RUBRIC_SET, score: 5, at: '2026-12-05T10:00:00.000Z' });
    const rows = await comparableExpertScores(db, 'ds1', anchored);
    expect(rows.map((row) => [row.rater, row.rubric, row.score]).sort()).toEqual([['Li', 'IRA', 4], ['Li', 'TCF', 5], ['Wang', 'IRA', 5]]);
    expect((await comparableExpertScores(db, 'ds1', reworded)).map((row) => [row.rubric, row.score])).toEqual([['TCF', 1]]);
  });
});
