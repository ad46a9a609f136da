/**
 * The loop between round jobs (issue 15), shared by the app's synthesis view and the CLI: what
 * the next round starts from after a round's payload (the best round's metrics — so a worse
 * round is rolled back — with the locks kept), how an educator's edits and locks between rounds
 * become the next round's carried state, and which rubric set is the result.
 */
import type { RubricSet } from '../judge/types';
import { revisionDiff } from './revision';
import { metricsToRubricSet } from './to-rubric-set';
import { carryForward, type SynthesisCarried, type SynthesisRoundPayload } from './synthesis-job';
import type { DraftMetric, ExpertEdit, MetricChange, Round, SynthesisSpec } from './types';

/** A metric with its own text objects: an edit of the copy never reaches a recorded round. */
export function copyMetric(metric: DraftMetric): DraftMetric {
  return { ...metric, name: { ...metric.name }, description: { ...metric.description }, positiveExample: { ...metric.positiveExample }, negativeExample: { ...metric.negativeExample } };
}

/** What the educator edits between rounds, and what the next round starts from. */
export interface WorkingMetrics {
  /** the round whose metrics these were before any edit (the best round so far) */
  basedOn: number;
  metrics: DraftMetric[];
  locked: string[];
  /** edits since `basedOn`'s metrics, in order; carried into the next round's record */
  edits: ExpertEdit[];
}

/**
 * After a round: the next round starts from the best round's metrics (the payload's `best`; when
 * it is an earlier round, that is the rollback), with the locks as they were. `rounds` are the
 * rounds before this payload's (carried.rounds of its job, empty for round 0).
 */
export function workingAfterRound(rounds: readonly Round[], payload: SynthesisRoundPayload): WorkingMetrics {
  const all = [...rounds, payload.record];
  const best = all.find((round) => round.version === payload.best) ?? payload.record;
  return { basedOn: best.version, metrics: best.metrics.map(copyMetric), locked: [...payload.record.locked], edits: [] };
}

/** True when the payload's round is worse than the best (the next round starts from the best instead). */
export function rolledBack(payload: SynthesisRoundPayload): boolean {
  return payload.decision.rollbackTo !== null && payload.decision.rollbackTo !== payload.round;
}

/** The carried state of round `payload.round + 1`, from the state its job carried and the working metrics. */
export function nextCarried(previous: SynthesisCarried | undefined, payload: SynthesisRoundPayload, working: WorkingMetrics): SynthesisCarried {
  const copyValue = (value: MetricChange['before']): MetricChange['before'] => (typeof value === 'object' ? { ...value } : value);
  const edits = working.edits.map((edit) => ({ by: edit.by, changes: edit.changes.map((change) => ({ ...change, before: copyValue(change.before), after: copyValue(change.after) })) }));
  return carryForward(previous, payload, working.metrics.map(copyMetric), [...working.locked], edits);
}

/** True when the working metrics differ from the round they are based on (edits not yet scored by a round). */
export function hasUnscoredEdits(rounds: readonly Round[], working: WorkingMetrics): boolean {
  const base = rounds.find((round) => round.version === working.basedOn);
  return base ? revisionDiff(base.metrics, working.metrics).changes.length > 0 : false;
}

/**
 * The rubric set a session yields: the best round's metrics in the judge's format, version
 * `<spec version>+r<best>`; with the educator's unscored edits, `+r<best>.e<n>` (n edits).
 */
export function resultRubricSet(spec: SynthesisSpec, best: Round, edited?: { metrics: readonly DraftMetric[]; edits: number }): RubricSet {
  const set = metricsToRubricSet(spec, edited?.metrics ?? best.metrics, best.version);
  return edited && edited.edits > 0 ? { ...set, version: `${set.version}.e${edited.edits}` } : set;
}
