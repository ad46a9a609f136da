/**
 * A judge run's report: Table I (shared/judge/aggregate.ts, two-stage over samples), the panel
 * aggregate when the run has several judges and, when experts scored dialogues of the data set
 * on the run's rubric-set version, the calibration (shared/judge/calibration.ts) with the points
 * behind it. Read from IndexedDB and computed in one go: in the judge worker, or on the main
 * thread where no worker starts.
 */
import { buildScoreIndex, dialogueMean, type ScoreIndex } from '../../../../shared/judge/score-index';
import { panelAggregate, tableOne, type PanelCell, type TableOne } from '../../../../shared/judge/aggregate';
import { calibrate, type Calibration, type ExpertScore } from '../../../../shared/judge/calibration';
import { calibrationPoints, type CalibrationPoints } from '../../../../shared/judge/calibration-points';
import type { RubricSet } from '../../../../shared/judge/types';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import type { MaieuticDb } from '../../db/db';
import { getJudgeRun, getRubricSet, judgeScoresOfRun, resultLineOfRow } from '../../db/repositories/judge';
import { comparableExpertScores } from '../../db/repositories/expert-scores';
import { getDataset } from '../../db/repositories/datasets';
import { normalizedFamilies } from './families';

export interface JudgeReportRequest {
  runId: string;
  /**
   * Families of judges the run does not name one for (an imported results file names none), by
   * judge name: the connections' families under their names and models.
   */
  judgeFamilies?: Record<string, string>;
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
  /** the panel of all the run's judges, both ways; null with one judge */
  panel: { mean: PanelCell[]; median: PanelCell[] } | null;
  dialogues: JudgeDialogueRow[];
  /**
   * Always computed: judge-against-judge and self-preference need no expert; `rows` is empty when
   * no expert scored a dialogue of this run on its rubric-set version.
   */
  calibration: Calibration;
  /** the (expert, judge) pairs behind each calibration row */
  points: CalibrationPoints[];
  expertRaters: string[];
  /** judged dialogues left out of calibration because the rubric set shows them to the judge as few-shot examples */
  anchorsLeftOut: number;
  /** the families the self-preference check used (normalised: trimmed, lower case) */
  judgeFamilies: Record<string, string>;
  teacherFamilies: Record<string, string>;
  /** the teacher-model families as the expert saved them (for the form) */
  teacherFamiliesSaved: Record<string, string>;
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

/** Each judge's family: the run's own record first, then the fallback by name. */
export function judgeFamiliesOf(run: Pick<JudgeRunRow, 'judges'>, fallback: Readonly<Record<string, string>> = {}): Record<string, string> {
  const families: Record<string, string> = {};
  for (const judge of run.judges) {
    const family = judge.family ?? (Object.hasOwn(fallback, judge.name) ? fallback[judge.name] : undefined);
    if (family) families[judge.name] = family;
  }
  return normalizedFamilies(families);
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
  const panel = index.judges.length > 1 ? { mean: panelAggregate(index, { method: 'mean' }), median: panelAggregate(index, { method: 'median' }) } : null;
  // scores on any version with these rubrics (a version made by attaching an anchor scores the same rubrics)
  const experts = await comparableExpertScores(db, run.datasetId, set);
  // a judge shown an expert's scores of a dialogue agrees with them there for free: those dialogues do not calibrate it
  const anchorKeys = new Set((set.expertExamples ?? []).flatMap((example) => (example.source ? [JSON.stringify([example.source.group, example.source.dialogue])] : [])));
  const anchored = new Set(rows.filter((row) => anchorKeys.has(JSON.stringify([row.group, row.externalId]))).map((row) => row.dialogueId));
  const judged = new Set(rows.map((row) => row.dialogueId).filter((id) => !anchored.has(id)));
  const relevant: ExpertScore[] = experts.filter((row) => judged.has(row.dialogueId)).map((row) => ({ dialogue: row.dialogueId, rubric: row.rubric, rater: row.rater, score: row.score }));
  const judgeFamilies = judgeFamiliesOf(run, request.judgeFamilies);
  const teacherFamiliesSaved = (await getDataset(db, run.datasetId))?.teacherFamilies ?? {};
  const teacherFamilies = normalizedFamilies(teacherFamiliesSaved);
  const calibration = calibrate(index, relevant, { judgeFamily: judgeFamilies, groupFamily: teacherFamilies });
  return {
    kind: 'done',
    report: {
      run,
      set,
      table,
      panel,
      dialogues: dialogueRows(index, externalIds),
      calibration,
      points: relevant.length > 0 ? calibrationPoints(index, relevant) : [],
      expertRaters: [...new Set(relevant.map((row) => row.rater))].sort(),
      anchorsLeftOut: anchored.size,
      judgeFamilies,
      teacherFamilies,
      teacherFamiliesSaved,
      computedIn,
    },
  };
}
