import { describe, expect, it } from 'vitest';
import { buildScoreIndex, calibrate, type ExpertScore } from '../../../../shared/judge';
import { calibrationPoints } from '../../../../shared/judge/calibration-points';
import { line, testRubricSet } from './support';

describe('calibrationPoints', () => {
  it('are the dialogues and values of the calibration row: judge mean over samples, expert mean over raters', () => {
    const set = testRubricSet(['A']);
    const index = buildScoreIndex(set, [line('G', 'd1', 'j', 0, { A: 4 }), line('G', 'd1', 'j', 1, { A: 2 }), line('G', 'd2', 'j', 0, { A: 5 }), line('G', 'd3', 'j', 0, { A: 1 })]);
    const experts: ExpertScore[] = [
      { dialogue: 'd1', rubric: 'A', rater: 'e1', score: 2 },
      { dialogue: 'd1', rubric: 'A', rater: 'e2', score: 3 },
      { dialogue: 'd3', rubric: 'A', rater: 'e1', score: 1 },
    ];
    const [entry] = calibrationPoints(index, experts);
    // d1: judge (4 + 2) / 2 = 3, experts (2 + 3) / 2 = 2.5; d2 has no expert; d3: 1 and 1
    expect(entry).toEqual({ judge: 'j', rubric: 'A', points: [{ dialogue: 'd1', group: 'G', expert: 2.5, judge: 3 }, { dialogue: 'd3', group: 'G', expert: 1, judge: 1 }] });
    expect(calibrate(index, experts).rows[0].n).toBe(entry.points.length);
  });
});
