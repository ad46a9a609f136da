import { isUtf8 } from 'node:buffer';
import { buildRatingTable, itemCountsFromMatrix, MAX_CATEGORIES } from '../../../shared/agreement';
import type { RatingInput } from '../../../shared/agreement';
import { readDelimitedRows } from '../../../shared/import/delimited/read-rows';
import type { DelimitedRows } from '../../../shared/import/delimited/read-rows';
import { decodeImportBytes, type TextEncodingName } from '../../../shared/import/file-rules';
import { readWhole, readWholeShared, withRegularFile } from '../../services/regular-file';
import { NODE_UTF8_DECODER } from '../../services/node-utf8';
import { decodeProblem, MISSING_PATH, type InputProblem } from '../read-inputs';
import { readRatingsCsvFast, readRatingsCsvFastWith } from './ratings-csv-fast';
import { scanInTwoParts } from './ratings-scan-parts';
import type { RatingsScanThread } from './ratings-scan-thread';
import { checkRatingsHeader, EMPTY_RATINGS_FILE, labelsSeenWarning, sortedLabels, tooManyCategories, type AgreementInput, type FieldData, type LineMessage } from './ratings-csv-rules';

export type { AgreementInput, FieldData, LineMessage } from './ratings-csv-rules';

/**
 * A ratings file as read: its UTF-8 bytes when it is plain UTF-8 (byte-order mark removed; the
 * fast reader takes bytes), otherwise its decoded text (UTF-16 with a byte-order mark).
 */
export type InputText = { utf8: Uint8Array } | { text: string };

const UTF8 = new TextDecoder('utf-8');

/** The input as one string, for the readers that need one (the counts layout, the row-by-row reader). */
export function inputString(input: InputText): string {
  return 'text' in input ? input.text : UTF8.decode(input.utf8);
}

/** The input as UTF-8 bytes, for the fast reader. */
function inputBytes(input: InputText): Uint8Array {
  return 'utf8' in input ? input.utf8 : new TextEncoder().encode(input.text);
}

/** The bytes after a UTF-8 byte-order mark when they are valid UTF-8 without NUL, else null (decodeImportBytes then decides, and names the problem). */
function plainUtf8(bytes: Uint8Array): Uint8Array | null {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return null;
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  // one search of the whole file for NUL: Buffer's (memchr) is ten times faster than the typed array's for that
  if (!isUtf8(body) || Buffer.from(body.buffer, body.byteOffset, body.byteLength).indexOf(0) >= 0) return null;
  // a plain Uint8Array view for the fast reader: Buffer's own indexOf goes through Node's binding, several times slower per call than the typed array's
  return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
}

export interface ReadInputOptions {
  /**
   * Told the file's size before its bytes are read; when it answers true they are read into a
   * SharedArrayBuffer (which a worker thread can scan: ratings-scan-parts.ts).
   */
  beforeReading?: (size: number) => boolean;
}

/** Why an input file could not be read, in words, with its kind (and line, for an encoding problem). */
export interface InputProblemRead {
  problem: string;
  kind: InputProblem['kind'];
  line?: number;
}

export async function readInputText(path: string, encoding?: TextEncodingName, options: ReadInputOptions = {}): Promise<InputText | InputProblemRead> {
  // A FIFO or /dev/zero would block a plain read forever; withRegularFile refuses them. No size
  // limit: the app imports no ratings CSV, so there is no app limit to match.
  const read = await withRegularFile(path, () => null, (handle, size) => (options.beforeReading?.(size) ? readWholeShared(handle, size) : readWhole(handle, size)));
  if (!read.ok) {
    if (read.code === 'ENOENT') return { problem: MISSING_PATH, kind: 'missing' };
    if (read.reason === 'is a folder' || read.code === 'EISDIR') return { problem: 'This is a folder; --input takes one CSV file.', kind: 'not-a-file' };
    return { problem: `Cannot read the file: ${read.reason}.`, kind: 'unreadable' };
  }
  const bytes = read.value;
  // the fast reader takes plain UTF-8 bytes; an encoding the user chose goes through the decoder
  const utf8 = encoding === undefined ? plainUtf8(bytes) : null;
  if (utf8 !== null) return { utf8 };
  const decoded = decodeImportBytes(bytes, encoding, NODE_UTF8_DECODER);
  return decoded.ok ? { text: decoded.text } : { ...decodeProblem(decoded), kind: 'unreadable' };
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

/**
 * `item,rater,label[,field]`: one row per rating; an empty label is a missing rating. A plain,
 * well-formed file is read by the fast reader (ratings-csv-fast.ts: one pass, integer codes, no
 * object per row); anything it does not take (quoted cells with "", mixed line endings, a
 * problem of any kind) is read row by row, which names every problem with its line.
 */
export function parseRatingsCsv(name: string, input: InputText, categories: readonly string[] | null): AgreementInput {
  return readRatingsCsvFast(name, inputBytes(input), categories) ?? parseRatingsCsvByRows(name, inputString(input), categories);
}

/**
 * parseRatingsCsv, with a large plain UTF-8 file read into a SharedArrayBuffer scanned in two
 * parts, one of them by `thread` (ratings-scan-parts.ts); the same result.
 */
export async function parseRatingsCsvInParts(name: string, input: InputText, categories: readonly string[] | null, thread: RatingsScanThread | null): Promise<AgreementInput> {
  if (thread === null || !('utf8' in input) || !(input.utf8.buffer instanceof SharedArrayBuffer)) return parseRatingsCsv(name, input, categories);
  const bytes = input.utf8;
  const fast = await readRatingsCsvFastWith(name, bytes, categories, (layout) => scanInTwoParts(bytes, layout, (request) => thread.scan(request)));
  return fast ?? parseRatingsCsvByRows(name, inputString(input), categories);
}

/** The row-by-row reader: papaparse rows, one object per rating, buildRatingTable. Exact diagnostics; the reference the fast reader is tested against. */
export function parseRatingsCsvByRows(name: string, text: string, categories: readonly string[] | null): AgreementInput {
  const rows = readDelimitedRows(name, text);
  if (rows.header.length === 0) return { ok: false, problems: [{ line: 1, message: EMPTY_RATINGS_FILE }] };
  const { problems, warnings, columns } = checkRatingsHeader(rows.header, rows.headerLine);
  if (problems.length > 0) return { ok: false, problems };
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
    const tooMany = tooManyCategories(list.length, field);
    if (tooMany !== null) {
      problems.push({ line: pending[0].line, message: tooMany });
      continue;
    }
    if (categories === null) warnings.push({ line: rows.headerLine, message: labelsSeenWarning(list, field) });
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
  if (headerCategories.length > MAX_CATEGORIES) {
    const message = `The header names ${headerCategories.length.toLocaleString('en-US')} categories; agreement computes at most ${MAX_CATEGORIES.toLocaleString('en-US')} categories per field (Cohen's kappa and Krippendorff's alpha use categories × categories tables).`;
    return { ok: false, problems: [{ line: rows.headerLine, message }] };
  }
  const seen = new Set<string>();
  const repeated = headerCategories.find((category) => seen.size === seen.add(category).size);
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
