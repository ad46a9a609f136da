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
  const data: (string | number)[][] = [['group', 'rubric', 'run', 'judge', 'n', 'mean', 'sd', 'difference_from_first']];
  for (const row of comparison.rows) {
    row.cells.forEach((cell, s) => {
      const series = comparison.series[s];
      const difference = s === 0 ? null : row.differences[s - 1];
      data.push([row.group, row.rubric, series.runName, series.judge, cell.n, cell.mean === null ? '' : cell.mean.toFixed(4), cell.sd === null ? '' : cell.sd.toFixed(4), difference === null ? '' : difference.toFixed(4)]);
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
  const head = `| Teacher model | Rubric | ${names.map(markdownCell).join(' | ')} | ${names.slice(1).map((name) => `${markdownCell(name)} − first`).join(' | ')} |`;
  const rule = `|---|---|${names.map(() => '---:').join('|')}|${names.slice(1).map(() => '---:').join('|')}|`;
  const body = comparison.rows.map(
    (row) =>
      `| ${markdownCell(row.group)} | ${row.rubric === 'overall' ? markdownCell(overallName) : markdownCell(row.rubric)} | ${row.cells.map((cell) => `${formatMean(cell.mean)} (n=${cell.n})`).join(' | ')} | ${row.differences.map(signed).join(' | ')} |`,
  );
  return `${[head, rule, ...body].join('\n')}\n`;
}
