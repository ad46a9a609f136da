/**
 * The all-layers comparison as files: CSV in long form (one row per group × field × coefficient
 * × rater pair or panel, full precision) and Markdown (per group a table of fields × pairwise κ,
 * Fleiss' κ and α across the panel, rounded, ready for a paper).
 */
import type { LayerPanelReport, LayerPanelRow } from '../../../../shared/agreement/layer-panel';
import type { AgreementResult } from '../../../../shared/agreement/types';
import { csvCell, markdownCell } from '../export/table-cells';
import { formatCoefficient } from './format';

export interface PanelWords {
  rowName: (row: LayerPanelRow) => string;
  groupName: (group: string) => string;
  /** a source by its key (`llm`, `expert`, `layer:<id>`), as the reader knows it */
  sourceName: (key: string) => string;
  headers: { field: string; fleiss: string; alpha: string };
  /**
   * a coefficient's value, or the view's words for too few items (features/agreement/coefficient-words.ts);
   * `exists` false on a label-set field's own row, which has no single κ nor Fleiss' κ
   */
  coefficient: (result: AgreementResult, exists: boolean) => string;
}

/** Columns are only ever added at the end (`ci_reason` came with the rule that a zero-width interval is not defined). */
const CSV_HEADER = ['group', 'field', 'code', 'coefficient', 'raters', 'items', 'excluded_items', 'missing', 'not_applicable', 'agreeing', 'accuracy', 'value', 'weights', 'level', 'se', 'ci95_low', 'ci95_high', 'band_en', 'band_zh', 'reason', 'ci_reason'];

function resultCells(result: AgreementResult, band: { en: string; zh: string } | null): (string | number | null)[] {
  return [result.value, result.weights, result.level, result.se, result.ci95?.[0] ?? null, result.ci95?.[1] ?? null, band?.en ?? null, band?.zh ?? null, result.reason, result.ciReason];
}

export function panelCsv(report: LayerPanelReport, words: Pick<PanelWords, 'sourceName'>): string {
  const lines = [CSV_HEADER.join(',')];
  const push = (cells: (string | number | null)[]) => lines.push(cells.map(csvCell).join(','));
  for (const group of report.groups) {
    for (const row of group.rows) {
      for (const pair of row.pairs) {
        const raters = `${words.sourceName(pair.a)} × ${words.sourceName(pair.b)}`;
        push([group.group, row.fieldId, row.code, 'cohen', raters, pair.items, null, pair.kappa.missing, row.excluded, pair.agreeing, pair.accuracy, ...resultCells(pair.kappa, pair.band)]);
      }
      if (!row.panel) continue;
      const raters = row.panel.raters.map(words.sourceName).join(' + ');
      const { fleiss, alpha } = row.panel;
      push([group.group, row.fieldId, row.code, 'fleiss', raters, fleiss.items, fleiss.excludedItems, fleiss.missing, row.excluded, null, null, ...resultCells(fleiss, row.panel.fleissBand)]);
      push([group.group, row.fieldId, row.code, 'krippendorff', raters, alpha.items, null, alpha.missing, row.excluded, null, null, ...resultCells(alpha, row.panel.alphaBand)]);
      for (const category of row.panel.perCategory) {
        push([group.group, row.fieldId, row.code, `fleiss:${category.category}`, raters, fleiss.items, fleiss.excludedItems, fleiss.missing, row.excluded, null, category.proportion, category.value, null, null, category.se, null, null, null, null, category.reason, null]);
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

function valueWithItems(result: AgreementResult, words: PanelWords, exists = true): string {
  return result.value === null ? words.coefficient(result, exists) : `${formatCoefficient(result.value)} (n=${result.items})`;
}

/** A label-set field's own row: exact-set accuracy per pair and MASI alpha, no κ or Fleiss' κ. */
const isSetOwnRow = (row: LayerPanelRow): boolean => row.level === 'masi';

export function panelMarkdown(report: LayerPanelReport, words: PanelWords): string {
  const sections = report.groups.map((group) => {
    const pairs = group.rows[0]?.pairs ?? [];
    const panelNames = report.panel.map(words.sourceName).join(' + ');
    const head = [
      words.headers.field,
      ...pairs.map((pair) => `κ ${words.sourceName(pair.a)} × ${words.sourceName(pair.b)}`),
      ...(report.panel.length >= 2 ? [`${words.headers.fleiss} (${panelNames})`, `${words.headers.alpha} (${panelNames})`] : []),
    ];
    const lines = [`### ${markdownCell(words.groupName(group.group))}`, '', `| ${head.map(markdownCell).join(' | ')} |`, `|${head.map((_, index) => (index === 0 ? ' --- ' : ' ---: ')).join('|')}|`];
    for (const row of group.rows) {
      const kappaExists = !isSetOwnRow(row);
      const cells = [
        words.rowName(row),
        ...row.pairs.map((pair) => valueWithItems(pair.kappa, words, kappaExists)),
        ...(row.panel ? [valueWithItems(row.panel.fleiss, words, kappaExists), valueWithItems(row.panel.alpha, words)] : []),
      ];
      lines.push(`| ${cells.map(markdownCell).join(' | ')} |`);
    }
    return lines.join('\n');
  });
  return `${sections.join('\n\n')}\n`;
}
