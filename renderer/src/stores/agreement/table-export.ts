/**
 * The agreement table as files: CSV (one row per group × field, full precision, for further
 * analysis; columns only ever added at the end) and Markdown (one Table-VI-style table per
 * group, rounded, ready for a paper, in the view's words for too few items and an undefined CI).
 */
import type { LayerAgreementReport, LayerAgreementRow } from '../../../../shared/agreement/review-layers';
import { totalMissing } from '../../../../shared/agreement/review-layers';
import { csvCell, markdownCell } from '../export/table-cells';
import { formatPercent, INTERVAL_NOTE } from './format';

/** Words the tables need, in the language the user reads. */
export interface TableWords {
  /** the row's field (and code) as the reader knows it */
  rowName: (row: LayerAgreementRow) => string;
  groupName: (group: string) => string;
  weightName: (weights: LayerAgreementRow['weights']) => string;
  band: (row: LayerAgreementRow) => string;
  /** the κ cell: the value with its weights, "too few items (…)" or a dash (features/agreement/coefficient-words.ts) */
  kappa: (row: LayerAgreementRow) => string;
  /** the CI cell: the truncated interval, "not defined" or a dash */
  interval: (row: LayerAgreementRow) => string;
  headers: { field: string; n: string; missing: string; excluded: string; accuracy: string; kappa: string; ci: string; band: string };
  /** "rater A × rater B", written above the tables when given */
  comparison?: string;
}

function csvHeader([raterA, raterB]: readonly [string, string]): string[] {
  return [
    'group', 'field', 'code', 'items', 'agreeing', 'missing', `missing_${raterA}`, `missing_${raterB}`, 'excluded', 'unsure', 'unreviewed',
    'accuracy', 'kappa', 'weights', 'se', 'ci95_low', 'ci95_high', 'band_en', 'band_zh', 'reason', 'ci_reason',
  ];
}

/** `raterColumns` name the two missing-count columns (`missing_<rater>`); default llm and expert. */
export function agreementCsv(report: LayerAgreementReport, raterColumns: readonly [string, string] = ['llm', 'expert']): string {
  const lines = [csvHeader(raterColumns).map(csvCell).join(',')];
  for (const group of report.groups) {
    for (const row of group.rows) {
      const { kappa } = row;
      lines.push(
        [
          group.group, row.fieldId, row.code, row.items, row.agreeing, row.missing, totalMissing(row.missingLlm), totalMissing(row.missingExpert),
          row.excluded, row.unsure, row.unreviewed, row.accuracy, kappa.value, kappa.weights, kappa.se, kappa.ci95?.[0] ?? null,
          kappa.ci95?.[1] ?? null, row.band?.en ?? null, row.band?.zh ?? null, kappa.reason, kappa.ciReason,
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function agreementMarkdown(report: LayerAgreementReport, words: TableWords): string {
  const { headers } = words;
  const sections = report.groups.map((group) => {
    const head = [headers.field, headers.n, headers.missing, headers.excluded, headers.accuracy, headers.kappa, headers.ci, headers.band];
    const lines = [
      `### ${markdownCell(words.groupName(group.group))}`,
      '',
      `| ${head.map(markdownCell).join(' | ')} |`,
      `|${head.map((_, index) => (index === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ];
    for (const row of group.rows) {
      const cells = [words.rowName(row), String(row.items), String(row.missing), String(row.excluded), formatPercent(row.accuracy), words.kappa(row), words.interval(row), words.band(row)];
      lines.push(`| ${cells.map(markdownCell).join(' | ')} |`);
    }
    return lines.join('\n');
  });
  const heading = words.comparison === undefined ? '' : `## ${markdownCell(words.comparison)}\n\n`;
  return `${heading}${sections.join('\n\n')}\n\n${INTERVAL_NOTE}\n`;
}
