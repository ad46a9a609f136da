import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putExpertScore } from '../../../../renderer/src/db/repositories/expert-scores';
import { importJudgeResults } from '../../../../renderer/src/db/repositories/judge';
import { saveRubricSetVersion } from '../../../../renderer/src/db/repositories/rubric-sets';
import { runJudgeReport } from '../../../../renderer/src/stores/judge/run-judge';
import { rubricSetRef, SID_RUBRIC_IDS, SID_RUBRIC_SET, type RubricSet } from '../../../../shared/judge';
import type { Dialogue } from '../../../../shared/model/dataset';
import { freshDb } from '../fixtures';

const AT = '2026-12-05T09:00:00.000Z';
const RUBRICS = [...SID_RUBRIC_IDS];

function dialogueRow(id: string, externalId: string): Dialogue {
  return { id, datasetId: 'ds1', sourceId: 's1', externalId, teacherModel: 'GPT-4o' } as Dialogue;
}

/** The SID rubrics with dialogue 1-1-1 attached as a few-shot anchor: a new version, the same rubrics. */
const ANCHORED: RubricSet = {
  ...structuredClone(SID_RUBRIC_SET),
  version: '1.0.1',
  expertExamples: [{ label: 'GPT-4o · 1-1-1', source: { dialogue: '1-1-1', group: 'GPT-4o' }, turns: [{ speaker: 'teacher', utterance: '为什么？' }], scores: RUBRICS.map((rubric) => ({ rubric, score: 4 })) }],
};

describe('the judge report of a run on a version with few-shot anchors', () => {
  it('calibrates against scores experts gave on the version without anchors and leaves the anchor dialogue out', async () => {
    const db = freshDb();
    await db.datasets.add({ id: 'ds1', name: 'Pilot', createdAt: AT, codebookId: 'sid-default' } as never);
    await db.dialogues.bulkAdd([dialogueRow('s1:1', '1-1-1'), dialogueRow('s1:2', '1-2-1'), dialogueRow('s1:3', '1-3-1')]);
    await saveRubricSetVersion(db, ANCHORED);
    const judgeScores: Record<string, number> = { '1-1-1': 4, '1-2-1': 3, '1-3-1': 5 };
    const text = Object.entries(judgeScores)
      .map(([dialogue, score]) => JSON.stringify({ dialogue, group: 'GPT-4o', judge: 'deepseek-v3', sample: 0, status: 'valid', rubricSet: rubricSetRef(ANCHORED), scores: RUBRICS.map((rubric) => ({ rubric, score, rationale: '' })) }))
      .join('\n');
    const { run } = await importJudgeResults(db, { datasetId: 'ds1', file: 'anchored.jsonl', text, createdAt: AT });
    // the expert scored all three on the plain SID set (before the anchor was attached): 4, 2, 4 on IRA
    const expert: Record<string, number> = { 's1:1': 4, 's1:2': 2, 's1:3': 4 };
    for (const [dialogueId, score] of Object.entries(expert)) await putExpertScore(db, { datasetId: 'ds1', dialogueId, set: SID_RUBRIC_SET, rubric: 'IRA', rater: 'Li', score, at: AT });

    const outcome = await runJudgeReport(db, { runId: run.id }, 'main');
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    expect(outcome.report.anchorsLeftOut).toBe(1);
    const ira = outcome.report.calibration.rows.find((row) => row.judge === 'deepseek-v3' && row.rubric === 'IRA')!;
    // s1:2 (judge 3, expert 2) and s1:3 (judge 5, expert 4): bias (1 + 1) / 2 = 1; with the anchor (4 vs 4) it would be 2/3
    expect(ira.n).toBe(2);
    expect(ira.bias).toBe(1);
    expect(outcome.report.expertRaters).toEqual(['Li']);
  });
});
