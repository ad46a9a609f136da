/**
 * Table I of a judge run as CSV and Markdown: rubrics × teacher models, the mean with two
 * decimals as in the SID paper, n and the standard deviation beside it, the weighted overall last.
 */
import { csvCell } from '../export/table-cells';
import type { PanelCell, TableOne } from '../../../../shared/judge/aggregate';
import { compareNames } from '../../../../shared/import/natural-order';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import type { RubricSet } from '../../../../shared/judge/types';

export interface TableOneCellView {
  mean: number | null;
  sd: number | null;
  n: number;
  failed: number;
  /** panel only: dialogues left out because some judge has no valid score for them */
  incomplete?: number;
}

export interface TableOneView {
  /** teacher models in natural order of their names (`model-2` before `model-10`), never storage order */
  groups: string[];
  rows: { id: string; name: string; cells: TableOneCellView[] }[];
}

export function formatMean(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}

/** One judge's Table I laid out as shown: a row per rubric (set order) and the overall, a column per group. */
export function tableOneView(table: TableOne, set: RubricSet, judge: string, lang: LabelLanguage, overallName: string): TableOneView {
  const groups = [...new Set(table.cells.filter((cell) => cell.judge === judge).map((cell) => cell.group))].sort(compareNames);
  const rows: TableOneView['rows'] = set.rubrics.map((rubric) => ({
    id: rubric.id,
    name: `${rubric.id} ${rubric.name[lang]}`,
    cells: groups.map((group) => {
      const cell = table.cells.find((candidate) => candidate.judge === judge && candidate.group === group && candidate.rubric === rubric.id);
      return { mean: cell?.mean ?? null, sd: cell?.sd ?? null, n: cell?.n ?? 0, failed: cell?.failed ?? 0 };
    }),
  }));
  rows.push({
    id: 'overall',
    name: overallName,
    cells: groups.map((group) => {
      const cell = table.overall.find((candidate) => candidate.judge === judge && candidate.group === group);
      return { mean: cell?.mean ?? null, sd: cell?.sd ?? null, n: cell?.n ?? 0, failed: cell?.failed ?? 0 };
    }),
  });
  return { groups, rows };
}

/** The panel aggregate laid out as tableOneView does; a cell's `incomplete` says how many dialogues the complete-panel rule left out. */
export function panelView(cells: readonly PanelCell[], set: RubricSet, lang: LabelLanguage, overallName: string): TableOneView {
  const groups = [...new Set(cells.map((cell) => cell.group))].sort(compareNames);
  const cellOf = (group: string, rubric: string | null): TableOneCellView => {
    const cell = cells.find((candidate) => candidate.group === group && candidate.rubric === rubric);
    return { mean: cell?.mean ?? null, sd: cell?.sd ?? null, n: cell?.n ?? 0, failed: 0, incomplete: cell?.incomplete ?? 0 };
  };
  const rows: TableOneView['rows'] = set.rubrics.map((rubric) => ({ id: rubric.id, name: `${rubric.id} ${rubric.name[lang]}`, cells: groups.map((group) => cellOf(group, rubric.id)) }));
  rows.push({ id: 'overall', name: overallName, cells: groups.map((group) => cellOf(group, null)) });
  return { groups, rows };
}

export function tableOneCsv(view: TableOneView, judge: string): string {
  // a panel's table says how many dialogues each cell left out (the complete-panel rule)
  const panel = view.rows.some((row) => row.cells.some((cell) => cell.incomplete !== undefined));
  const data: (string | number)[][] = [['judge', 'rubric', 'group', 'n', 'mean', 'sd', 'failed', ...(panel ? ['incomplete'] : [])]];
  for (const row of view.rows) {
    row.cells.forEach((cell, index) =>
      data.push([judge, row.id, view.groups[index], cell.n, cell.mean === null ? '' : cell.mean.toFixed(2), cell.sd === null ? '' : cell.sd.toFixed(2), cell.failed, ...(panel ? [cell.incomplete ?? 0] : [])]),
    );
  }
  return `${data.map((cells) => cells.map(csvCell).join(',')).join('\n')}\n`;
}

const cellText = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function tableOneMarkdown(view: TableOneView, judge: string, title: string): string {
  const head = `| ${cellText(title)} | ${view.groups.map(cellText).join(' | ')} |`;
  const rule = `|---|${view.groups.map(() => '---:').join('|')}|`;
  const body = view.rows.map((row) => `| ${cellText(row.name)} | ${row.cells.map((cell) => `${formatMean(cell.mean)} (n=${cell.n}, sd=${formatMean(cell.sd)})`).join(' | ')} |`);
  return `Judge: ${cellText(judge)}\n\n${[head, rule, ...body].join('\n')}\n`;
}
