/**
 * The pairwise summary of a run as CSV and Markdown (one row per judge, then the panel), saved
 * through files.saveExport like Table I. Numbers are written as computed: rates to four decimals.
 */
import type { PairwiseSummaryRow } from '../../../../shared/judge/pairwise-summary';
import type { PairwiseRunInfo } from '../../../../shared/model/pairwise';
import { todayStamp } from '../export/file-names';
import { saveTable, type TableSave } from '../export/save-table';
import { csvCell } from '../export/table-cells';

const rate = (value: number | null | undefined) => (value === null || value === undefined ? '' : value.toFixed(4));

/** What a row is called in the files: the judge, or the panel's label. */
const judgeOf = (row: PairwiseSummaryRow, panel: string) => row.judge ?? panel;

export function pairwiseCsv(rows: readonly PairwiseSummaryRow[], info: Pick<PairwiseRunInfo, 'groupA' | 'groupB'>, panel: string): string {
  const head = ['judge', 'groupA', 'groupB', 'judged', 'incomplete', 'consistent', 'inconsistent', 'winsA', 'winsB', 'ties', 'winRateA', 'winRateA_low95', 'winRateA_high95', 'positionInconsistencyRate', 'firstPositionFavoured'];
  const data = rows.map((row) => [
    judgeOf(row, panel), info.groupA, info.groupB, row.judged, row.incomplete, row.consistent, row.inconsistent, row.winsA, row.winsB, row.ties,
    rate(row.winRateA), rate(row.winRateAInterval?.low), rate(row.winRateAInterval?.high), rate(row.positionInconsistencyRate), row.firstPositionFavoured,
  ]);
  return `${[head, ...data].map((cells) => cells.map(csvCell).join(',')).join('\n')}\n`;
}

const cellText = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const percent = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)}%`);

export interface PairwiseMarkdownWords {
  title: string;
  panel: string;
  columns: string[];
}

export function pairwiseMarkdown(rows: readonly PairwiseSummaryRow[], words: PairwiseMarkdownWords): string {
  const head = `| ${words.columns.map(cellText).join(' | ')} |`;
  const rule = `|---|${words.columns.slice(1).map(() => '---:').join('|')}|`;
  const body = rows.map((row) => {
    const interval = row.winRateAInterval ? ` [${percent(row.winRateAInterval.low)}, ${percent(row.winRateAInterval.high)}]` : '';
    const cells = [judgeOf(row, words.panel), row.judged, row.incomplete, row.consistent, row.inconsistent, row.winsA, row.winsB, row.ties, `${percent(row.winRateA)}${interval}`, percent(row.positionInconsistencyRate), row.firstPositionFavoured];
    return `| ${cells.map((cell) => cellText(String(cell))).join(' | ')} |`;
  });
  return `${cellText(words.title)}\n\n${[head, rule, ...body].join('\n')}\n`;
}

export function savePairwiseSummary(kind: 'csv' | 'md', runName: string, content: () => string, update: (save: TableSave<'csv' | 'md'>) => void): Promise<void> {
  const stem = `${runName.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}._-]+/gu, '-')}-pairwise-${todayStamp()}`;
  return saveTable(kind, { defaultName: `${stem}.${kind}`, fileKind: kind, content }, update);
}
