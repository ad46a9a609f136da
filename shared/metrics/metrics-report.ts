/**
 * Scores every dialogue and averages per group (teacher model): the paper's Table II. Per-group
 * figures are the unweighted mean over the group's dialogues (a dialogue counts once whatever its
 * length), each with the number of dialogues in it and a seeded 95% percentile bootstrap interval.
 */
import { bootstrapMeans, DEFAULT_RESAMPLES, DEFAULT_SEED } from './bootstrap';
import { DEFAULT_WEIGHTS, SCORE_KEYS, type MetricWeights, type ScoreKey, type ThreeCConvention } from './definitions';
import { scoreDialogue, type DialogueScore, type MetricDialogue } from './dialogue-metrics';
import { weightsProblem } from './weights';

export interface MetricsSettings {
  weights: MetricWeights;
  threeC: ThreeCConvention;
  bootstrap: { resamples: number; seed: number };
}

export const DEFAULT_SETTINGS: MetricsSettings = {
  weights: DEFAULT_WEIGHTS,
  threeC: 'vacuous-one',
  bootstrap: { resamples: DEFAULT_RESAMPLES, seed: DEFAULT_SEED },
};

export interface GroupScore {
  group: string;
  dialogues: number;
  /** the mean of each indicator and of TotalScore over the dialogues that have a value; null without any */
  means: Record<ScoreKey, number | null>;
  /** dialogues in each mean (3C and TotalScore leave vacuous dialogues out under `strict`) */
  n: Record<ScoreKey, number>;
  /** 95% percentile bootstrap interval of each mean; null with fewer than two values */
  ci95: Record<ScoreKey, [number, number] | null>;
  /** dialogues without an incorrect answer: scored 1.0 (`vacuous-one`) or left out (`strict`) */
  vacuous3C: number;
  /** dialogues with at least one label the codebook did not know in the fields the metrics read */
  withUnknownLabels: number;
  /** dialogues without a single known label in the fields the metrics read (not annotated): they score 0, 3C by convention */
  withoutLabels: number;
}

export interface MetricsReport {
  settings: MetricsSettings;
  dialogues: DialogueScore[];
  /** one per group, in order of first appearance */
  groups: GroupScore[];
  /** every dialogue as one group */
  overall: GroupScore;
}

export function scoreOf(dialogue: DialogueScore, key: ScoreKey): number | null {
  return key === 'TotalScore' ? dialogue.totalScore : dialogue.values[key];
}

function groupScore(group: string, dialogues: readonly DialogueScore[], settings: MetricsSettings): GroupScore {
  const columns = SCORE_KEYS.map((key) => dialogues.map((dialogue) => scoreOf(dialogue, key)));
  const intervals = bootstrapMeans(columns, settings.bootstrap);
  const means = {} as Record<ScoreKey, number | null>;
  const n = {} as Record<ScoreKey, number>;
  const ci95 = {} as Record<ScoreKey, [number, number] | null>;
  SCORE_KEYS.forEach((key, index) => {
    const values = columns[index].filter((value): value is number => value !== null);
    n[key] = values.length;
    means[key] = values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
    ci95[key] = intervals[index];
  });
  return {
    group,
    dialogues: dialogues.length,
    means,
    n,
    ci95,
    vacuous3C: dialogues.filter((dialogue) => dialogue.vacuous3C).length,
    withUnknownLabels: dialogues.filter((dialogue) => dialogue.counts.unknownLabels > 0).length,
    withoutLabels: dialogues.filter((dialogue) => dialogue.counts.labels === 0).length,
  };
}

/** How computeMetrics reports: progress, and whether the overall column gets intervals. */
export interface ComputeOptions {
  /** `(done, total)` after scoring, each group's intervals, and the overall column */
  onProgress?: (done: number, total: number) => void;
  /**
   * false: `overall` gets its means and counts but no bootstrap (every ci95 null), for a caller
   * that never shows it (the CLI prints groups only); default true (the metrics view shows it)
   */
  overallIntervals?: boolean;
}

/** `score` under another name, sharing nothing with it. */
function renamed(score: GroupScore, group: string): GroupScore {
  const ci95 = Object.fromEntries(Object.entries(score.ci95).map(([key, interval]) => [key, interval && [...interval]])) as GroupScore['ci95'];
  return { ...score, group, means: { ...score.means }, n: { ...score.n }, ci95 };
}

function groupScores(scored: readonly DialogueScore[]): Map<string, DialogueScore[]> {
  const byGroup = new Map<string, DialogueScore[]>();
  for (const score of scored) {
    let list = byGroup.get(score.group);
    if (!list) byGroup.set(score.group, (list = []));
    list.push(score);
  }
  return byGroup;
}

/**
 * Throws on invalid weights or bootstrap settings (the caller shows the message).
 * `options.onProgress(done, total)` (or a function in its place) follows the steps: scoring, then
 * each group's intervals, then all. With one group, the overall column is that group under the
 * name 'all': same dialogues in the same order, so the same intervals, which are not resampled twice.
 */
export function computeMetrics(
  dialogues: readonly MetricDialogue[],
  settings: MetricsSettings = DEFAULT_SETTINGS,
  options: ComputeOptions | ((done: number, total: number) => void) = {},
): MetricsReport {
  const { onProgress, overallIntervals = true } = typeof options === 'function' ? { onProgress: options } : options;
  const problem = weightsProblem(settings.weights);
  if (problem) throw new Error(problem);
  const scored = dialogues.map((dialogue) => scoreDialogue(dialogue, settings));
  const byGroup = groupScores(scored);
  const total = byGroup.size + 2;
  let done = 1;
  onProgress?.(done, total);
  const groups = [...byGroup].map(([group, list]) => {
    const score = groupScore(group, list, settings);
    onProgress?.(++done, total);
    return score;
  });
  const noIntervals = { ...settings, bootstrap: { ...settings.bootstrap, resamples: 0 } };
  const overall =
    groups.length === 1 && overallIntervals ? renamed(groups[0], 'all') : groupScore('all', scored, overallIntervals ? settings : noIntervals);
  onProgress?.(++done, total);
  return { settings, dialogues: scored, groups, overall };
}
