/**
 * Two or more judge runs of a data set side by side (shared/judge/run-comparison.ts), read from
 * IndexedDB in the judge worker. Each judge of each run is one series.
 */
import { compareRuns, comparisonProblem, type ComparisonSeriesInput, type RunComparison } from '../../../../shared/judge/run-comparison';
import type { RubricSet } from '../../../../shared/judge/types';
import type { MaieuticDb } from '../../db/db';
import { getJudgeRun, getRubricSet, judgeScoresOfRun, resultLineOfRow } from '../../db/repositories/judge';

export interface JudgeComparisonRequest {
  runIds: string[];
}

export type JudgeComparisonOutcome =
  | { kind: 'done'; comparison: RunComparison; set: RubricSet }
  /** not comparable (different rubric versions, a run gone): why, in words */
  | { kind: 'refused'; message: string };

export async function runJudgeComparison(db: MaieuticDb, request: JudgeComparisonRequest): Promise<JudgeComparisonOutcome> {
  const runs = [];
  for (const id of request.runIds) {
    const run = await getJudgeRun(db, id);
    if (!run) return { kind: 'refused', message: 'One of the runs is gone (deleted?).' };
    runs.push(run);
  }
  const problem = comparisonProblem(runs);
  if (problem) return { kind: 'refused', message: problem };
  const set = await getRubricSet(db, runs[0].rubricSet);
  if (!set) return { kind: 'refused', message: `The rubric set ${runs[0].rubricSet.id}@${runs[0].rubricSet.hash} is not in this profile.` };
  const series: ComparisonSeriesInput[] = [];
  for (const [r, run] of runs.entries()) {
    const lines = (await judgeScoresOfRun(db, run.id)).map(resultLineOfRow);
    for (const judge of run.judges) series.push({ key: `${r}\u0000${judge.name}`, runId: run.id, runName: run.name, judge: judge.name, lines: lines.filter((line) => line.judge === judge.name) });
  }
  return { kind: 'done', comparison: compareRuns(set, series), set };
}
