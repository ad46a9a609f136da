/**
 * Learning curves of student-led runs (Socratic Students): Pass@k of the assessed role's answer
 * against its turn number, per student model and questioning strategy, with a t interval across
 * tasks at each turn.
 */
import Papa from 'papaparse/papaparse.min.js';
import { SPREADSHEET_FORMULA_START } from '../export/long-csv';
import type { GenerationJobPayload } from './generation-job';
import { passAtK, summarisePassAtK } from './pass-at-k';

export interface LearningCurvePoint {
  /** the assessed role's turn about to be spoken (TurnAssessment.roleTurnNumber) */
  roleTurn: number;
  /** tasks with at least one conversation probed at this turn */
  tasks: number;
  mean: number;
  /** the 95% Student-t interval of the mean across tasks (summarisePassAtK), clipped to [0, 1] */
  low: number;
  high: number;
}

export interface LearningCurve {
  studentModel: string;
  strategy: string;
  k: number;
  /** in turn order */
  points: LearningCurvePoint[];
}

export interface LearningCurveOptions {
  k: number;
  /** the strategy a conversation belongs to; default: its row's `strategy` column, else the scenario id */
  strategyOf?: (payload: GenerationJobPayload) => string;
}

/** The student model of a conversation without a student role (an assessment of another role). */
export const NO_STUDENT_MODEL = '(no student role)';

function defaultStrategy(payload: GenerationJobPayload): string {
  return Object.hasOwn(payload.row, 'strategy') ? String(payload.row.strategy) : payload.scenario.id;
}

/** role turn → task → conversation → Pass@k of that conversation's probe at that turn */
type GroupProbes = Map<number, Map<string, Map<string, number>>>;

function setIn<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * One curve per student model (the student role's model as the endpoint answered it) and strategy,
 * from the conversations that finished (status 'complete', including those the safety step dropped:
 * a word in an utterance does not change what the probe measured) and have assessments. Failed
 * conversations are left out: they stopped for a reason that has nothing to do with learning.
 *
 * Pass@k of one probe is computed from its n and c (the unbiased estimator, passAtK), so any
 * k ≤ n works whether or not the run listed it; a probe with fewer than k draws is skipped. At each
 * role turn, a task's value is the mean over its conversations (repeats, and teacher models when
 * several taught it) probed at that turn; the point is the mean and t interval of those values
 * across tasks, a task being one row (by its index) of one scenario version (by its hash).
 *
 * The probe after the last turn has the role turn one past the role's last turn, so it is the
 * point "after the dialogue's last exchange" of that conversation, its own point on the curve.
 * A conversation that ended early (an exit keyword, a router) stops contributing after its end:
 * its last value is not carried forward. Later points therefore average over the conversations
 * that went on, which `tasks` shows and a reader must keep in mind (they may be the harder ones).
 */
export function learningCurves(payloads: readonly GenerationJobPayload[], options: LearningCurveOptions): LearningCurve[] {
  const { k } = options;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`A learning curve needs a whole k ≥ 1, not ${k}.`);
  const strategyOf = options.strategyOf ?? defaultStrategy;
  const groups = new Map<string, { studentModel: string; strategy: string; probes: GroupProbes }>();
  for (const payload of payloads) {
    if (payload.status !== 'complete' || payload.assessments.length === 0) continue;
    const studentModel = payload.roles.student?.model ?? NO_STUDENT_MODEL;
    const strategy = strategyOf(payload);
    const group = setIn(groups, JSON.stringify([studentModel, strategy]), () => ({ studentModel, strategy, probes: new Map() }));
    const task = `${payload.scenario.hash}\u0000${payload.taskIndex}`;
    const conversation = `${payload.connectionId}\u0000${payload.conversationId}`;
    for (const assessment of payload.assessments) {
      if (assessment.n < k) continue;
      const byTask = setIn(group.probes, assessment.roleTurnNumber, () => new Map());
      setIn(byTask, task, () => new Map()).set(conversation, passAtK(assessment.n, assessment.c, k));
    }
  }
  return [...groups.values()]
    .map(({ studentModel, strategy, probes }) => ({
      studentModel,
      strategy,
      k,
      points: [...probes.entries()]
        .sort(([a], [b]) => a - b)
        .map(([roleTurn, byTask]) => {
          const taskValues = [...byTask.values()].map((byConversation) => {
            const values = [...byConversation.values()];
            return values.reduce((sum, value) => sum + value, 0) / values.length;
          });
          const { tasks, mean, low, high } = summarisePassAtK(taskValues);
          return { roleTurn, tasks, mean, low, high };
        }),
    }))
    .filter((curve) => curve.points.length > 0)
    .sort((a, b) => compareText(a.studentModel, b.studentModel) || compareText(a.strategy, b.strategy));
}

export const LEARNING_CURVE_CSV_HEADER = ['student_model', 'strategy', 'k', 'role_turn', 'tasks', 'mean', 'low', 'high'] as const;

/**
 * The curves as CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line
 * break), a header row, then one row per point in curve and turn order; numbers at full precision.
 * A model or strategy name a spreadsheet would run as a formula gets a `'` before it.
 */
export function learningCurvesCsv(curves: readonly LearningCurve[]): string {
  const rows: (string | number)[][] = [[...LEARNING_CURVE_CSV_HEADER]];
  for (const curve of curves) for (const point of curve.points) rows.push([curve.studentModel, curve.strategy, curve.k, point.roleTurn, point.tasks, point.mean, point.low, point.high]);
  return `${Papa.unparse(rows, { newline: '\r\n', escapeFormulae: SPREADSHEET_FORMULA_START })}\r\n`;
}
