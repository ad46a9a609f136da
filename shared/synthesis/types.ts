/**
 * Rubric synthesis (issue 15, after Elmes+ SceneGen): from a scenario and a few weighted
 * dimensions an LLM drafts fine-grained metrics, a judge scores generated answers, and the
 * metrics whose score distributions show them too strict, too lenient or not discriminating are
 * revised, round by round. Only descriptions and examples are ever revised: names, dimensions
 * and weights stay, so scores of different rounds stay comparable.
 */
import type { BilingualText, ScoreRange } from '../judge/types';

export type { BilingualText, ScoreRange };

export const SYNTHESIS_FORMAT = 'maieutic.synthesis/1';

/** An expert-defined first-level dimension (Elmes+: Personalization 0.3, …). */
export interface SeedDimension {
  /** 1–16 ASCII letters, digits and _ starting with a letter; metric ids are `<id>-<n>` */
  id: string;
  name: BilingualText;
  /** > 0; the dimensions' weights sum to 1 */
  weight: number;
  description: BilingualText;
}

/** How many metrics the drafter writes: so many per dimension, or so many in all (each dimension at least one). */
export type MetricCount = { perDimension: number } | { total: number };

/** Connection names, bound when synthesis runs (as a scenario's roles are). */
export interface SynthesisModels {
  drafter: string;
  /** writes the answers the judge scores (the teacher under test) */
  generator: string;
  judge: string;
}

/** When a metric's score distribution earns a verdict other than 'fine' (diagnostics.ts). */
export interface DiagnosticThresholds {
  /** share of scores at the range's minimum from which a metric is too strict */
  floorShare: number;
  /** share at the maximum from which it is too lenient */
  ceilingShare: number;
  /** SD across answers, in score points, below which it is weak (does not discriminate) */
  minSd: number;
}

export interface SynthesisThresholds extends DiagnosticThresholds {
  /** mean absolute difference of the anchors' scores, in score points, beyond which drift is warned of */
  drift: number;
}

export interface StoppingRules {
  /** revision rounds at most; the draft (version 0) is not counted */
  maxRounds: number;
  /** a round gains when the running best objective rises by at least this much (share of fine metrics) */
  minGain: number;
  /** stop after this many rounds in a row without gain */
  patience: number;
}

export interface SynthesisSpec {
  format: typeof SYNTHESIS_FORMAT;
  id: string;
  version: string;
  name: BilingualText;
  /** the scenario the rubric is for; the drafter's main input */
  scenario: BilingualText;
  dimensions: SeedDimension[];
  metricCount: MetricCount;
  /** test items (prompts) the generator answers each round */
  testItems: number;
  /** frozen answers re-scored every round to detect drift */
  anchors: number;
  models: SynthesisModels;
  range: ScoreRange;
  thresholds: SynthesisThresholds;
  stopping: StoppingRules;
}

/** One fine-grained metric m = (name, dimension, weight, description, positive example, negative example). */
export interface DraftMetric {
  /** `<dimension id>-<n>`, given by readDraftAnswer, never by the model */
  id: string;
  name: BilingualText;
  /** a SeedDimension id */
  dimension: string;
  /** its share of the overall score: the dimension's weight split among its metrics */
  weight: number;
  description: BilingualText;
  positiveExample: BilingualText;
  negativeExample: BilingualText;
}

/** The fields a revision may change; everything else of a metric is fixed after the draft. */
export const REVISABLE_FIELDS = ['description', 'positiveExample', 'negativeExample'] as const;
export type RevisableField = (typeof REVISABLE_FIELDS)[number];
export const METRIC_FIELDS = ['name', 'dimension', 'weight', ...REVISABLE_FIELDS] as const;
export type MetricField = (typeof METRIC_FIELDS)[number];

/** One score the judge gave: an answer (or a frozen anchor) on a metric. */
export interface MetricScore {
  answer: string;
  metric: string;
  score: number;
  /** the teacher model that wrote the answer, when several are compared */
  group?: string;
  /** the judge's reason for the score, when it gave one (shown beside the lowest-scoring items) */
  rationale?: string;
}

export type Verdict = 'too-strict' | 'too-lenient' | 'weak' | 'fine';

export interface MetricDiagnostic {
  metric: string;
  /** scores counted */
  n: number;
  /** answers scored (an answer scored twice counts once, at its mean) */
  answers: number;
  mean: number;
  /** sample SD (n − 1) of the scores; 0 below two scores */
  sd: number;
  floorShare: number;
  ceilingShare: number;
  /**
   * discrimination: `acrossAnswers` is the sample SD of the per-answer mean scores (how far the
   * metric tells answers apart); `betweenGroups` the population SD of the per-group means when two
   * or more groups are given (how far it tells teacher models apart), else null
   */
  discrimination: { acrossAnswers: number; betweenGroups: number | null };
  verdict: Verdict;
  /** why, in words, with the numbers compared */
  reason: string;
  thresholds: DiagnosticThresholds;
}

export interface MetricDrift {
  metric: string;
  /** (anchor, metric) pairs scored in both rounds */
  pairs: number;
  meanAbsoluteDifference: number;
  /** current − reference: positive when the metric has become more lenient */
  meanSignedDifference: number;
}

export interface DriftComparison {
  metrics: MetricDrift[];
  overall: { pairs: number; meanAbsoluteDifference: number; meanSignedDifference: number };
  threshold: number;
  beyondThreshold: boolean;
  warning: string | null;
}

export interface AnchorDrift {
  sinceFirst: DriftComparison;
  /** null in round 1, where the previous round is the first */
  sincePrevious: DriftComparison | null;
}

export interface RoundObjective {
  /** share of metrics whose verdict is 'fine' (the value gains are measured on) */
  fineShare: number;
  /** mean of the metrics' discrimination across answers: breaks ties */
  meanDiscrimination: number;
}

/** What changed between two versions of the metrics, one field of one metric at a time. */
export interface MetricChange {
  metric: string;
  field: MetricField;
  before: BilingualText | string | number;
  after: BilingualText | string | number;
}

export interface RevisionDiff {
  changes: MetricChange[];
  added: string[];
  removed: string[];
}

export interface ExpertEdit {
  /** who edited, for people */
  by: string;
  changes: MetricChange[];
}

export interface Round {
  /** 0 for the draft, then 1, 2, … */
  version: number;
  metrics: DraftMetric[];
  diagnostics: MetricDiagnostic[];
  /** null in round 0 */
  drift: AnchorDrift | null;
  objective: RoundObjective;
  /** metric ids an educator locked: never revised, by the model or otherwise */
  locked: string[];
  /** edits educators made before this round was scored */
  expertEdits: ExpertEdit[];
}
