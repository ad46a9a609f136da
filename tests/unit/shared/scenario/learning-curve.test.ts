import { describe, expect, it } from 'vitest';
import { learningCurves, learningCurvesCsv, type LearningCurve } from '../../../../shared/scenario';
import { complete, failed, probe } from './output-fixtures';

/** Pass@k's product form is exact only to rounding (0.30000000000000004). */
const round = (value: number) => Number(value.toFixed(12));

/** n = 10 draws per probe: Pass@1 is c / 10. */
const draws = (counts: number[]) => counts.map((c, i) => probe(i + 1, 10, c));

// t(0.975, 2) = 4.302653, t(0.975, 1) = 12.706205 (tables)
// role turn 1: tasks .5 (.4, .6), .6 (.5, .7), .7 (.7, .7) → mean .6, s = .1, half = 4.302653 · .1/√3 = .248414
// role turn 2: tasks .7 (.8, .6), .8 (.9, .7), .6 (.6, .6) → mean .7, the same half
// role turn 3: only task A's first repeat (1.0) and task B's two (.9, 1.0) went on → tasks 1.0, .95:
//              mean .975, s = .035355, half = 12.706205 · .025 = .317655 → [.657345, 1 (clipped)]
const RUN = [
  // stored in any order: the points come in turn order
  complete({ taskIndex: 0, repeatId: 1, assessments: draws([4, 8, 10]).reverse() }),
  complete({ taskIndex: 0, repeatId: 2, assessments: draws([6, 6]) }),
  complete({ taskIndex: 1, repeatId: 1, assessments: draws([5, 9, 9]) }),
  complete({ taskIndex: 1, repeatId: 2, assessments: draws([7, 7, 10]) }),
  complete({ taskIndex: 2, repeatId: 1, assessments: draws([7, 6]) }),
  complete({ taskIndex: 2, repeatId: 2, assessments: draws([7, 6]) }),
];

function expectPoints(curve: LearningCurve, expected: [number, number, number, number, number][]) {
  expect(curve.points.map((point) => point.roleTurn)).toEqual(expected.map(([roleTurn]) => roleTurn));
  curve.points.forEach((point, i) => {
    const [, tasks, mean, low, high] = expected[i];
    expect(point.tasks).toBe(tasks);
    expect(point.mean).toBeCloseTo(mean, 6);
    expect(point.low).toBeCloseTo(low, 6);
    expect(point.high).toBeCloseTo(high, 6);
  });
}

describe('learningCurves', () => {
  it('averages repeats within a task first, then takes the mean and t interval across tasks', () => {
    const curves = learningCurves(RUN, { k: 1 });
    expect(curves.map(({ studentModel, strategy, k }) => ({ studentModel, strategy, k }))).toEqual([{ studentModel: 'student-model', strategy: 'sid-teacher-led', k: 1 }]);
    expectPoints(curves[0], [
      [1, 3, 0.6, 0.351586, 0.848414],
      [2, 3, 0.7, 0.451586, 0.948414],
      [3, 2, 0.975, 0.657345, 1],
    ]);
  });

  it('computes Pass@k from n and c at the k asked for (2 tasks × 2 repeats, n = 4)', () => {
    // Pass@2 (n = 4): c = 1 → 1 − C(3,2)/C(4,2) = .5; c = 2 → 1 − 1/6 = 5/6; c = 0 → 0; c = 4 → 1
    // tasks 2/3 and 1/2 → mean 7/12, s = (1/6)/√2, half = 12.706205 · 1/12 = 1.058850 → [0, 1]
    const payloads = [
      complete({ taskIndex: 0, repeatId: 1, assessments: [probe(1, 4, 1, [1])] }),
      complete({ taskIndex: 0, repeatId: 2, assessments: [probe(1, 4, 2, [1])] }),
      complete({ taskIndex: 1, repeatId: 1, assessments: [probe(1, 4, 0, [1])] }),
      complete({ taskIndex: 1, repeatId: 2, assessments: [probe(1, 4, 4, [1])] }),
    ];
    expectPoints(learningCurves(payloads, { k: 2 })[0], [[1, 2, 7 / 12, 0, 1]]);
    // Pass@1 of the same: tasks (.25 + .5)/2 = .375 and (0 + 1)/2 = .5 → mean .4375
    expect(learningCurves(payloads, { k: 1 })[0].points[0].mean).toBeCloseTo(0.4375, 12);
    // k = 5 > n = 4: no probe can be read, so no curve
    expect(learningCurves(payloads, { k: 5 })).toEqual([]);
  });

  it('groups by student model and the row strategy (else the scenario id), sorted', () => {
    const payloads = [
      complete({ studentModel: 'llama', row: { strategy: 'cot' }, assessments: [probe(1, 10, 3)] }),
      complete({ studentModel: 'llama', row: { strategy: 'unguided' }, assessments: [probe(1, 10, 1)] }),
      complete({ studentModel: 'gemma', scenarioId: 'socratic-students', assessments: [probe(1, 10, 2)] }),
      complete({ studentModel: 'gemma', scenarioId: 'socratic-students', assessments: [] }),
      failed({ studentModel: 'mistral', assessments: [probe(1, 10, 9)] }),
    ];
    const curves = learningCurves(payloads, { k: 1 });
    expect(curves.map((curve) => [curve.studentModel, curve.strategy, round(curve.points[0].mean)])).toEqual([
      ['gemma', 'socratic-students', 0.2],
      ['llama', 'cot', 0.3],
      ['llama', 'unguided', 0.1],
    ]);
    const byTeacher = learningCurves([complete({ teacherModel: 'a', assessments: [probe(1, 10, 3)] }), complete({ teacherModel: 'b', assessments: [probe(1, 10, 5)] })], { k: 1, strategyOf: (payload) => payload.teacherModel });
    expect(byTeacher.map((curve) => [curve.strategy, round(curve.points[0].mean)])).toEqual([
      ['a', 0.3],
      ['b', 0.5],
    ]);
  });

  it('pools the teachers of one task as conversations of that task when the strategy does not split them', () => {
    const [curve] = learningCurves([complete({ teacherModel: 'a', assessments: [probe(1, 10, 3)] }), complete({ teacherModel: 'b', assessments: [probe(1, 10, 5)] })], { k: 1 });
    expect(curve.points).toEqual([{ roleTurn: 1, tasks: 1, mean: 0.4, low: 0.4, high: 0.4 }]);
  });

  it('refuses a k that is not a whole number ≥ 1', () => {
    expect(() => learningCurves(RUN, { k: 0 })).toThrow(RangeError);
    expect(() => learningCurves([], { k: 0 })).toThrow(RangeError);
    expect(() => learningCurves(RUN, { k: 1.5 })).toThrow(RangeError);
  });
});

describe('learningCurvesCsv', () => {
  it('writes a header and one RFC 4180 row per point', () => {
    const curves: LearningCurve[] = [
      { studentModel: 'student-model', strategy: 'a, "quoted"', k: 1, points: [{ roleTurn: 1, tasks: 3, mean: 0.6, low: 0.35, high: 0.85 }, { roleTurn: 2, tasks: 2, mean: 0.7, low: 0.5, high: 0.9 }] },
      { studentModel: '=HYPERLINK("x")', strategy: '学生主导', k: 1, points: [{ roleTurn: 1, tasks: 1, mean: 0.25, low: 0.25, high: 0.25 }] },
    ];
    const csv = learningCurvesCsv(curves);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toEqual([
      'student_model,strategy,k,role_turn,tasks,mean,low,high',
      'student-model,"a, ""quoted""",1,1,3,0.6,0.35,0.85',
      'student-model,"a, ""quoted""",1,2,2,0.7,0.5,0.9',
      '"\'=HYPERLINK(""x"")",学生主导,1,1,1,0.25,0.25,0.25',
      '',
    ]);
  });

  it('has the header only for no curves', () => {
    expect(learningCurvesCsv([])).toBe('student_model,strategy,k,role_turn,tasks,mean,low,high\r\n');
  });
});
