import { readExperts, type ExpertScore } from './calibration';
import { dialogueMean, type ScoreIndex } from './score-index';

/** One dialogue on a calibration scatter: the expert value (mean of its raters) and the judge value (mean of its valid samples). */
export interface CalibrationPoint {
  /** the dialogue's id in the results (the app's dialogue id) */
  dialogue: string;
  group: string;
  expert: number;
  judge: number;
}

export interface CalibrationPoints {
  judge: string;
  rubric: string;
  points: CalibrationPoint[];
}

/**
 * The (expert, judge) pairs behind each CalibrationRow of calibrate(): the same dialogues, the
 * same values, in the same judge × rubric order (rubrics no expert scored left out), so a scatter
 * shows exactly the n the row's correlations were computed on.
 */
export function calibrationPoints(index: ScoreIndex, experts: readonly ExpertScore[]): CalibrationPoints[] {
  const { cells } = readExperts(index, experts);
  const result: CalibrationPoints[] = [];
  index.judges.forEach((judge, j) =>
    index.set.rubrics.forEach((rubric, r) => {
      const expert = cells[r];
      if (!expert.count.some((count) => count > 0)) return;
      const mine = index.cells[j][r];
      const points: CalibrationPoint[] = [];
      for (let d = 0; d < index.dialogueCount; d++) {
        if (mine.count[d] === 0 || expert.count[d] === 0) continue;
        points.push({ dialogue: index.dialogueIds[d], group: index.groups[index.dialogueGroup[d]], expert: expert.sum[d] / expert.count[d], judge: dialogueMean(mine, d) });
      }
      result.push({ judge, rubric: rubric.id, points });
    }),
  );
  return result;
}
