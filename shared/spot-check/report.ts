/** A spot-check's results as CSV (RFC 4180, for scripts and spreadsheets) and Markdown (for a report). */
import Papa from 'papaparse/papaparse.min.js';
import { SPREADSHEET_FORMULA_START } from '../export/long-csv';
import { markdownCell } from '../export/markdown-cell';
import type { FieldResult } from './field-results';

/**
 * Stable English column names, whatever the UI language; rates are fractions in [0, 1]. Columns
 * are only ever added at the end (`no_llm_value`, `needed` came with the third verdict), so
 * positional readers keep working.
 */
export const REPORT_CSV_COLUMNS = ['field', 'n', 'errors', 'rate', 'low', 'high', 'estimate', 'estimate_low', 'estimate_high', 'threshold', 'verdict', 'no_llm_value', 'needed'] as const;

export interface ReportContext {
  /** the spot-check's name, data set, what was checked: lines for the Markdown heading */
  title: string;
  details: readonly string[];
  threshold: number;
}

/** A fraction with four decimals (0.2553), empty when there is none. */
export const fraction4 = (value: number | null): string => (value === null ? '' : value.toFixed(4));

/** A rate as a percentage with one decimal ("25.5%"), "–" when there is none. */
export const percent1 = (value: number | null): string => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

export function reportCsv(results: readonly FieldResult[], context: Pick<ReportContext, 'threshold'>): string {
  const rows: (string | number)[][] = [
    [...REPORT_CSV_COLUMNS],
    ...results.map((row) => [
      row.field,
      row.n,
      row.errors,
      fraction4(row.rate),
      fraction4(row.low),
      fraction4(row.high),
      fraction4(row.estimate.rate),
      fraction4(row.estimate.low),
      fraction4(row.estimate.high),
      fraction4(context.threshold),
      row.verdict,
      row.noLlmValue,
      row.needed,
    ]),
  ];
  return `${Papa.unparse(rows, { newline: '\r\n', escapeFormulae: SPREADSHEET_FORMULA_START })}\r\n`;
}

export interface MarkdownHeadings {
  field: string;
  n: string;
  errors: string;
  noLlmValue: string;
  rate: string;
  interval: string;
  estimate: string;
  verdict: string;
  /** the verdict cell: "pass", "fail", or "not enough reviewed yet (3 of the 35 needed)" */
  verdictText(row: Pick<FieldResult, 'verdict' | 'n' | 'needed'>): string;
}

/** The verdict in English words, as the CLI's table and the English report write it. */
export function englishVerdict(row: Pick<FieldResult, 'verdict' | 'n' | 'needed'>): string {
  return row.verdict === 'insufficient' ? `not enough reviewed yet (${row.n} of the ${row.needed} needed)` : row.verdict;
}

export const ENGLISH_HEADINGS: MarkdownHeadings = {
  field: 'Field',
  n: 'n',
  errors: 'Errors',
  noLlmValue: 'No LLM value',
  rate: 'Error rate',
  interval: '95% Wilson interval',
  estimate: 'Whole-set estimate',
  verdict: 'Verdict',
  verdictText: englishVerdict,
};

/**
 * A Markdown report: a heading, the details as a list, and one table row per field, named
 * `name (field)` when `names` gives the field's name in the reader's language; every cell escaped.
 */
export function reportMarkdown(results: readonly FieldResult[], context: ReportContext, headings: MarkdownHeadings = ENGLISH_HEADINGS, names?: ReadonlyMap<string, string>): string {
  const head = [headings.field, headings.n, headings.errors, headings.noLlmValue, headings.rate, headings.interval, headings.estimate, headings.verdict];
  const lines = [`# ${markdownCell(context.title)}`, '', ...context.details.map((detail) => `- ${markdownCell(detail)}`), '', `| ${head.map(markdownCell).join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const row of results) {
    const name = names?.get(row.field);
    const estimate = row.estimate.rate === null ? '–' : `${percent1(row.estimate.rate)} (${percent1(row.estimate.low)} – ${percent1(row.estimate.high)})`;
    const cells = [name ? `${name} (${row.field})` : row.field, String(row.n), String(row.errors), String(row.noLlmValue), percent1(row.rate), `${percent1(row.low)} – ${percent1(row.high)}`, estimate, headings.verdictText(row)];
    lines.push(`| ${cells.map(markdownCell).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
