/** A run comparison as CSV (one line per teacher model × rubric × series) and Markdown (series side by side). */
import type { RunComparison } from '../../../../shared/judge/run-comparison';
import { csvCell, markdownCell } from '../export/table-cells';
import { formatMean } from './table-export';

/** How a series is named in tables and exports: the run, then the judge. */
export function seriesLabel(series: { runName: string; judge: string }): string {
  return `${series.runName} · ${series.judge}`;
}

const signed = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(2)}`);

/** A difference to two decimals with its sign (− as the minus sign, ± for zero), or a dash. */
export const formatDifference = signed;

export function comparisonCsv(comparison: RunComparison): string {
  const data: (string | number)[][] = [['group', 'rubric', 'run', 'judge', 'n', 'mean', 'sd', 'baseline', 'difference_from_baseline']];
  for (const row of comparison.rows) {
    row.cells.forEach((cell, s) => {
      const series = comparison.series[s];
      const c = comparison.contrasts.findIndex((contrast) => contrast.series === s);
      const difference = c < 0 ? null : row.differences[c];
      const baseline = c < 0 ? '' : seriesLabel(comparison.series[comparison.contrasts[c].baseline]);
      data.push([row.group, row.rubric, series.runName, series.judge, cell.n, cell.mean === null ? '' : cell.mean.toFixed(4), cell.sd === null ? '' : cell.sd.toFixed(4), baseline, difference === null ? '' : difference.toFixed(4)]);
    });
  }
  data.push([]);
  data.push(['agreement', 'rubric', 'series_a', 'series_b', 'n', 'pearson', 'qwk', 'mean_difference_a_minus_b']);
  const label = (key: string) => {
    const series = comparison.series.find((entry) => entry.key === key);
    return series ? seriesLabel(series) : key;
  };
  for (const pair of comparison.agreement) {
    data.push(['agreement', pair.rubric, label(pair.judgeA), label(pair.judgeB), pair.n, pair.pearson.value === null ? '' : pair.pearson.value.toFixed(4), pair.qwk.value === null ? '' : pair.qwk.value.toFixed(4), pair.meanDifference === null ? '' : pair.meanDifference.toFixed(4)]);
  }
  return `${data.map((cells) => cells.map(csvCell).join(',')).join('\n')}\n`;
}

export function comparisonMarkdown(comparison: RunComparison, overallName: string): string {
  const names = comparison.series.map(seriesLabel);
  const contrastNames = comparison.contrasts.map((contrast) => `${markdownCell(names[contrast.series])} − ${markdownCell(names[contrast.baseline])}`);
  const head = `| Teacher model | Rubric | ${[...names.map(markdownCell), ...contrastNames].join(' | ')} |`;
  const rule = `|---|---|${[...names, ...contrastNames].map(() => '---:').join('|')}|`;
  const body = comparison.rows.map(
    (row) =>
      `| ${markdownCell(row.group)} | ${row.rubric === 'overall' ? markdownCell(overallName) : markdownCell(row.rubric)} | ${[...row.cells.map((cell) => `${formatMean(cell.mean)} (n=${cell.n})`), ...row.differences.map(signed)].join(' | ')} |`,
  );
  return `${[head, rule, ...body].join('\n')}\n`;
}
