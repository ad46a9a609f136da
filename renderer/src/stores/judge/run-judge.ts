/**
 * A judge run's report: Table I (shared/judge/aggregate.ts, two-stage over samples) and, when
 * experts scored dialogues of the data set on the run's rubric-set version, the calibration
 * (shared/judge/calibration.ts). Read from IndexedDB and computed in one go: in the judge worker,
 * or on the main thread where no worker starts.
 */
import { buildScoreIndex, dialogueMean, type ScoreIndex } from '../../../../shared/judge/score-index';
import { tableOne, type TableOne } from '../../../../shared/judge/aggregate';
import { calibrate, type Calibration, type ExpertScore } from '../../../../shared/judge/calibration';
import type { RubricSet } from '../../../../shared/judge/types';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import type { MaieuticDb } from '../../db/db';
import { getJudgeRun, getRubricSet, judgeScoresOfRun, resultLineOfRow } from '../../db/repositories/judge';
import { expertScoresOfDataset } from '../../db/repositories/expert-scores';

export interface JudgeReportRequest {
  runId: string;
}

/** One dialogue's judge means per rubric (set order, then the overall), for the drill-down. */
export interface JudgeDialogueRow {
  dialogueId: string;
  externalId: string;
  group: string;
  judge: string;
  /** null where the judge has no valid sample */
  means: (number | null)[];
  failed: number;
}

export interface JudgeReport {
  run: JudgeRunRow;
  set: RubricSet;
  table: TableOne;
  dialogues: JudgeDialogueRow[];
  /** null when no expert scored a dialogue of this run on its rubric-set version */
  calibration: Calibration | null;
  expertRaters: string[];
  computedIn: 'worker' | 'main';
}

export type JudgeReportOutcome = { kind: 'done'; report: JudgeReport } | { kind: 'missing'; message: string };

function dialogueRows(index: ScoreIndex, externalIds: Map<string, string>): JudgeDialogueRow[] {
  const rows: JudgeDialogueRow[] = [];
  index.judges.forEach((judge, j) => {
    for (let d = 0; d < index.dialogueCount; d++) {
      const cells = index.cells[j];
      let any = false;
      const means = cells.map((slot) => {
        if (slot.count[d] === 0) return null;
        any = true;
        return dialogueMean(slot, d);
      });
      const failed = cells[0].failed[d];
      if (!any && failed === 0) continue;
      const dialogueId = index.dialogueIds[d];
      rows.push({ dialogueId, externalId: externalIds.get(dialogueId) ?? dialogueId, group: index.groups[index.dialogueGroup[d]], judge, means, failed });
    }
  });
  return rows;
}

export async function runJudgeReport(db: MaieuticDb, request: JudgeReportRequest, computedIn: 'worker' | 'main'): Promise<JudgeReportOutcome> {
  const run = await getJudgeRun(db, request.runId);
  if (!run) return { kind: 'missing', message: 'This judge run is gone (deleted?).' };
  const set = await getRubricSet(db, run.rubricSet);
  if (!set) return { kind: 'missing', message: `The rubric set ${run.rubricSet.id}@${run.rubricSet.hash} of this run is not in this profile.` };
  const rows = await judgeScoresOfRun(db, run.id);
  const externalIds = new Map(rows.map((row) => [row.dialogueId, row.externalId]));
  const index = buildScoreIndex(set, rows.map(resultLineOfRow));
  const table = tableOne(index);
  const experts = await expertScoresOfDataset(db, run.datasetId, run.rubricSet.hash);
  const judged = new Set(rows.map((row) => row.dialogueId));
  const relevant: ExpertScore[] = experts.filter((row) => judged.has(row.dialogueId)).map((row) => ({ dialogue: row.dialogueId, rubric: row.rubric, rater: row.rater, score: row.score }));
  const judgeFamily: Record<string, string> = {};
  for (const judge of run.judges) if (judge.family) judgeFamily[judge.name] = judge.family;
  const calibration = relevant.length > 0 ? calibrate(index, relevant, { judgeFamily }) : null;
  return {
    kind: 'done',
    report: { run, set, table, dialogues: dialogueRows(index, externalIds), calibration, expertRaters: [...new Set(relevant.map((row) => row.rater))].sort(), computedIn },
  };
}
