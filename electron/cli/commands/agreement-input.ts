import { buildRatingTable, itemCountsFromMatrix, numericCategories } from '../../../shared/agreement';
import type { AgreementData, RatingInput } from '../../../shared/agreement';
import { readDelimitedRows } from '../../../shared/import/delimited/read-rows';
import type { DelimitedRows } from '../../../shared/import/delimited/read-rows';
import { decodeImportBytes, type TextEncodingName } from '../../../shared/import/file-rules';
import { readRegularFile } from '../../main/services/regular-file';
import { decodeProblem, MISSING_PATH, type InputProblem } from '../read-inputs';

/** A problem or warning at a line of the input file (line 1 for the file as a whole). */
export interface LineMessage {
  line: number;
  message: string;
}

export interface FieldData {
  /** the value of the `field` column, or null when the file has none */
  field: string | null;
  data: AgreementData;
}

export type AgreementInput = { ok: true; fields: FieldData[]; raters: string[]; warnings: LineMessage[] } | { ok: false; problems: LineMessage[] };

export async function readInputText(path: string, encoding?: TextEncodingName): Promise<{ text: string } | { problem: string; kind: InputProblem['kind']; line?: number }> {
  // A FIFO or /dev/zero would block a plain read forever; readRegularFile refuses them. No size
  // limit: the app imports no ratings CSV, so there is no app limit to match.
  const read = await readRegularFile(path);
  if (!read.ok) {
    if (read.code === 'ENOENT') return { problem: MISSING_PATH, kind: 'missing' };
    if (read.reason === 'is a folder' || read.code === 'EISDIR') return { problem: 'This is a folder; --input takes one CSV file.', kind: 'not-a-file' };
    return { problem: `Cannot read the file: ${read.reason}.`, kind: 'unreadable' };
  }
  const bytes = read.bytes;
  const decoded = decodeImportBytes(bytes, encoding);
  return decoded.ok ? { text: decoded.text } : { ...decodeProblem(decoded), kind: 'unreadable' };
}

/** Labels seen, as the default category list: numerically when every label is a number, otherwise by code point. */
export function sortedLabels(labels: Iterable<string>): string[] {
  const unique = [...new Set(labels)];
  const numbers = numericCategories(unique);
  if (numbers) return unique.map((label, index) => ({ label, number: numbers[index] })).sort((a, b) => a.number - b.number).map((entry) => entry.label);
  return unique.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function syntaxAndShape(rows: DelimitedRows): LineMessage[] {
  const problems: LineMessage[] = rows.problems.map((problem) => ({ line: problem.line, message: `CSV syntax: ${problem.message}` }));
  for (const row of rows.rows) {
    if (row.cells.length !== rows.header.length) {
      problems.push({ line: row.line, message: `This row has ${row.cells.length} cells and the header has ${rows.header.length}; a label that contains the delimiter needs quotes.` });
    }
  }
  return problems;
}

interface PendingRating extends RatingInput {
  line: number;
}

/** `item,rater,label[,field]`: one row per rating; an empty label is a missing rating. */
export function parseRatingsCsv(name: string, text: string, categories: readonly string[] | null): AgreementInput {
  const rows = readDelimitedRows(name, text);
  if (rows.header.length === 0) return { ok: false, problems: [{ line: 1, message: 'The file is empty; it needs the header item,rater,label (and optionally field).' }] };
  const columns = rows.header.map((column) => column.toLowerCase());
  const problems: LineMessage[] = [];
  const warnings: LineMessage[] = [];
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated !== undefined) problems.push({ line: rows.headerLine, message: `The header names the column "${repeated}" twice.` });
  const missing = ['item', 'rater', 'label'].filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    problems.push({ line: rows.headerLine, message: `The header needs the columns item, rater and label (missing: ${missing.join(', ')}; found: ${rows.header.join(', ')}). For a table of counts per category use --layout counts.` });
  }
  if (problems.length > 0) return { ok: false, problems };
  for (const column of rows.header) {
    if (!['item', 'rater', 'label', 'field'].includes(column.toLowerCase())) warnings.push({ line: rows.headerLine, message: `The column "${column}" is not used (the columns are item, rater, label and optionally field).` });
  }
  problems.push(...syntaxAndShape(rows));
  const at = (column: string) => columns.indexOf(column);
  const hasField = at('field') >= 0;
  const byField = new Map<string | null, PendingRating[]>();
  for (const row of rows.rows) {
    if (row.cells.length !== rows.header.length) continue;
    const cell = (column: string) => row.cells[at(column)].trim();
    const [item, rater, label] = [cell('item'), cell('rater'), cell('label')];
    const field = hasField ? cell('field') : null;
    if (item === '' || rater === '' || field === '') {
      const empty = [item === '' && 'item', rater === '' && 'rater', field === '' && 'field'].filter(Boolean).join(' and ');
      const names = hasField ? 'its item, its rater and its field' : 'its item and its rater';
      problems.push({ line: row.line, message: `The ${empty} cell is empty; every rating names ${names}. (An empty label is a missing rating.)` });
      continue;
    }
    const pending = byField.get(field) ?? [];
    pending.push({ item, rater, label: label === '' ? null : label, line: row.line });
    byField.set(field, pending);
  }
  if (rows.rows.length === 0) problems.push({ line: rows.headerLine, message: 'The file has a header but no ratings.' });
  const fields: FieldData[] = [];
  const raters = new Set<string>();
  for (const [field, pending] of byField) {
    const named = field === null ? '' : ` for field "${field}"`;
    const labels = pending.flatMap((rating) => (rating.label === null ? [] : [rating.label]));
    const list = categories ?? sortedLabels(labels);
    if (list.length === 0) {
      problems.push({ line: pending[0].line, message: `There are no labels${named}: every label cell is empty.` });
      continue;
    }
    if (categories === null) {
      warnings.push({
        line: rows.headerLine,
        message: `No --categories given; using the ${list.length} label${list.length === 1 ? '' : 's'} seen${named}, sorted: ${list.join(', ')}. A category nobody used is then left out, which changes weighted kappa, Gwet's AC1 and Randolph's kappa; give the full ordered list with --categories.`,
      });
    }
    const { table, problems: tableProblems } = buildRatingTable(pending, list);
    for (const problem of tableProblems) {
      const rating = pending[problem.index];
      const message =
        problem.kind === 'duplicate'
          ? `Rater "${rating.rater}" already rated item "${rating.item}"${named} on line ${pending[problem.firstIndex].line}; each rater rates an item once.`
          : `The label "${problem.label}" is not one of the categories given with --categories (${list.join(', ')}).`;
      problems.push({ line: rating.line, message });
    }
    for (const rater of table.raters) raters.add(rater);
    fields.push({ field, data: { layout: 'ratings', table } });
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  return { ok: true, fields, raters: [...raters], warnings };
}

/** `item,<category 1>,<category 2>,…`: how many raters chose each category for each item. */
export function parseCountsCsv(name: string, text: string, categories: readonly string[] | null): AgreementInput {
  const rows = readDelimitedRows(name, text);
  if (rows.header.length === 0) return { ok: false, problems: [{ line: 1, message: 'The file is empty; it needs the header item,<category 1>,<category 2>,….' }] };
  const [first, ...headerCategories] = rows.header;
  const problems: LineMessage[] = [];
  if (first.toLowerCase() !== 'item') problems.push({ line: rows.headerLine, message: `The first column of a counts layout is "item"; found "${first}".` });
  if (headerCategories.length === 0 || headerCategories.some((category) => category === '')) problems.push({ line: rows.headerLine, message: 'Every column after "item" names a category; a column name is empty or missing.' });
  const repeated = headerCategories.find((category, index) => headerCategories.indexOf(category) !== index);
  if (repeated !== undefined) problems.push({ line: rows.headerLine, message: `The header names the category "${repeated}" twice.` });
  const list = categories ?? headerCategories;
  const unlisted = headerCategories.filter((category) => !list.includes(category));
  if (unlisted.length > 0) problems.push({ line: rows.headerLine, message: `The header has ${unlisted.map((category) => `"${category}"`).join(', ')}, which --categories does not list (${list.join(', ')}).` });
  if (problems.length > 0) return { ok: false, problems };
  problems.push(...syntaxAndShape(rows));
  const items: string[] = [];
  const firstLine = new Map<string, number>();
  const counts: number[][] = [];
  for (const row of rows.rows) {
    if (row.cells.length !== rows.header.length) continue;
    const item = row.cells[0].trim();
    if (item === '') {
      problems.push({ line: row.line, message: 'The item cell is empty.' });
      continue;
    }
    const earlier = firstLine.get(item);
    if (earlier !== undefined) {
      problems.push({ line: row.line, message: `Item "${item}" already has a row (line ${earlier}); give each item one row.` });
      continue;
    }
    firstLine.set(item, row.line);
    const byCategory = new Map<string, number>();
    row.cells.slice(1).forEach((cell, index) => {
      const trimmed = cell.trim();
      if (/^\d+$/.test(trimmed)) byCategory.set(headerCategories[index], Number(trimmed));
      else problems.push({ line: row.line, message: `The count "${trimmed}" for "${headerCategories[index]}" is not a whole number of raters (0 or more).` });
    });
    items.push(item);
    counts.push(list.map((category) => byCategory.get(category) ?? 0));
  }
  if (rows.rows.length === 0) problems.push({ line: rows.headerLine, message: 'The file has a header but no items.' });
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  const data = itemCountsFromMatrix({ categories: list, items, counts });
  const totals = counts.map((row) => row.reduce((sum, count) => sum + count, 0));
  const warnings: LineMessage[] = [];
  const fewest = Math.min(...totals);
  if (fewest !== data.raters) {
    warnings.push({
      line: rows.headerLine,
      message: `Items have between ${fewest} and ${data.raters} ratings; the panel is taken to be ${data.raters} raters and shorter rows count the rest as missing (Fleiss' and Randolph's kappa leave those items out).`,
    });
  }
  return { ok: true, fields: [{ field: null, data: { layout: 'counts', counts: data } }], raters: [], warnings };
}
