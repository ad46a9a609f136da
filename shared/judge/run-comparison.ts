import { compareNames } from '../import/natural-order';
import { tableOne, type Summary } from './aggregate';
import { calibrate, type JudgePairRow } from './calibration';
import type { JudgeResultLine } from './result-line';
import { buildScoreIndex } from './score-index';
import type { RubricSet, RubricSetRef } from './types';

/** One judge of one run, as the comparison sees it: `key` is unique across the runs compared. */
export interface ComparisonSeriesInput {
  key: string;
  runId: string;
  runName: string;
  judge: string;
  lines: readonly JudgeResultLine[];
}

export interface ComparisonCell extends Pick<Summary, 'n' | 'mean' | 'sd'> {}

/** One teacher model × rubric (or 'overall'): each series' figures, and each contrast's difference. */
export interface ComparisonRow {
  group: string;
  rubric: string;
  cells: ComparisonCell[];
  /** per contrast: series mean − baseline mean; null where either has no mean */
  differences: (number | null)[];
}

/** A difference shown: a series of a later run against its baseline in the first run. */
export interface ComparisonContrast {
  series: number;
  baseline: number;
}

export interface RunComparison {
  series: Omit<ComparisonSeriesInput, 'lines'>[];
  /**
   * Each series of a later run against the first run's series of the same judge (same judge,
   * changed prompt or anchors), or, when the first run has no such judge, its first series (two
   * judge models).
   */
  contrasts: ComparisonContrast[];
  groups: string[];
  rows: ComparisonRow[];
  /** every pair of series on every rubric, over the dialogues both scored (calibration.ts's judge-against-judge figures) */
  agreement: JudgePairRow[];
}

/** Why these runs cannot be compared, or null: at least two, every one scored with the same rubric-set version. */
export function comparisonProblem(runs: readonly { name: string; rubricSet: RubricSetRef }[]): string | null {
  if (runs.length < 2) return 'Choose at least two runs.';
  const first = runs[0].rubricSet;
  const other = runs.find((run) => run.rubricSet.hash !== first.hash);
  if (other) return `“${other.name}” was scored with ${other.rubricSet.id} v${other.rubricSet.version} (${other.rubricSet.hash.slice(0, 8)}), “${runs[0].name}” with ${first.id} v${first.version} (${first.hash.slice(0, 8)}): scores on different rubric versions are not on the same scale.`;
  return null;
}

/**
 * The runs' means side by side per teacher model (natural order) × rubric (set order, then the
 * weighted overall), with the differences of the contrasts, and their agreement on shared
 * dialogues. Every series goes into one ScoreIndex as its own "judge", so the means are
 * tableOne's two-stage figures and the agreement is calibrate()'s judge pairs.
 */
export function compareRuns(set: RubricSet, series: readonly ComparisonSeriesInput[]): RunComparison {
  const lines = series.flatMap((entry) => entry.lines.map((line) => ({ ...line, judge: entry.key })));
  const index = buildScoreIndex(set, lines);
  const table = tableOne(index);
  const groups = [...index.groups].sort(compareNames);
  const cellOf = (group: string, key: string, rubric: string): ComparisonCell => {
    const cell = rubric === 'overall' ? table.overall.find((c) => c.group === group && c.judge === key) : table.cells.find((c) => c.group === group && c.judge === key && c.rubric === rubric);
    return { n: cell?.n ?? 0, mean: cell?.mean ?? null, sd: cell?.sd ?? null };
  };
  const firstRun = series[0]?.runId;
  const contrasts: ComparisonContrast[] = [];
  series.forEach((entry, s) => {
    if (entry.runId === firstRun) return;
    const same = series.findIndex((candidate) => candidate.runId === firstRun && candidate.judge === entry.judge);
    contrasts.push({ series: s, baseline: same >= 0 ? same : 0 });
  });
  const rows: ComparisonRow[] = [];
  for (const group of groups) {
    for (const rubric of [...set.rubrics.map((r) => r.id), 'overall']) {
      const cells = series.map((entry) => cellOf(group, entry.key, rubric));
      const differences = contrasts.map(({ series: s, baseline }) => {
        const value = cells[s].mean;
        const base = cells[baseline].mean;
        return value === null || base === null ? null : value - base;
      });
      rows.push({ group, rubric, cells, differences });
    }
  }
  const agreement = calibrate(index, []).judgePairs;
  return { series: series.map(({ lines: _lines, ...rest }) => rest), contrasts, groups, rows, agreement };
}
