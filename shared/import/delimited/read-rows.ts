import Papa from 'papaparse/papaparse.min.js';
import { fileExtension } from '../teacher-model';

export type Delimiter = ',' | '\t' | ';';

export interface DelimitedRow {
  /** 1-based line where the row starts (the header is line 1; quoted cells may span lines) */
  line: number;
  cells: string[];
}

export interface DelimitedRows {
  delimiter: Delimiter;
  /** trimmed column names; empty when the file has no non-blank row */
  header: string[];
  headerLine: number;
  rows: DelimitedRow[];
  /** syntax problems papaparse found (e.g. an unterminated quote), with their lines */
  problems: { line: number; message: string }[];
}

const CANDIDATES: readonly Delimiter[] = [',', '\t', ';'];

/** `.tsv` means tabs; otherwise the candidate that occurs most often in the first line. */
export function detectDelimiter(name: string, text: string): Delimiter {
  if (fileExtension(name) === 'tsv') return '\t';
  const firstLine = text.slice(0, Math.max(0, text.indexOf('\n')) || text.length).replace(/"[^"]*"/g, '');
  let best: Delimiter = ',';
  let bestCount = 0;
  for (const candidate of CANDIDATES) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

function isBlank(cells: string[]): boolean {
  return cells.length === 0 || (cells.length === 1 && cells[0].trim() === '');
}

/**
 * All rows with the line each starts on. papaparse reports, per row, the offset just after
 * it (meta.cursor); counting newlines up to the previous cursor gives the start line, which
 * stays right across quoted multi-line cells. Blank lines are skipped.
 */
export function readDelimitedRows(name: string, text: string, limit?: number): DelimitedRows {
  const delimiter = detectDelimiter(name, text);
  const result: DelimitedRows = { delimiter, header: [], headerLine: 1, rows: [], problems: [] };
  let lastCursor = 0;
  let line = 1;
  let headerSeen = false;
  Papa.parse(text, {
    delimiter,
    step: (step, parser) => {
      const start = lastCursor;
      const rowLine = line + countNewlines(text, start, leadingBlankEnd(text, start));
      line += countNewlines(text, start, step.meta.cursor);
      lastCursor = step.meta.cursor;
      for (const error of step.errors) result.problems.push({ line: rowLine, message: error.message });
      if (isBlank(step.data)) return;
      if (!headerSeen) {
        headerSeen = true;
        result.header = step.data.map((cell) => cell.trim());
        result.headerLine = rowLine;
        return;
      }
      result.rows.push({ line: rowLine, cells: step.data });
      if (limit !== undefined && result.rows.length >= limit) parser.abort();
    },
  });
  return result;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

/** A row's text may begin with the line break that ended the previous row. */
function leadingBlankEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text[i] === '\r' || text[i] === '\n')) i++;
  return i;
}
