/**
 * The fast reader of a ratings CSV (`item,rater,label[,field]`) for `agreement --input`: one pass
 * over the file's UTF-8 bytes (delimiters, quotes and line ends are ASCII, which never occurs
 * inside a multi-byte character), every cell interned straight from its byte range (no string,
 * no object per row; each distinct value is decoded once), then per field one Int32Array per
 * rater (CodedRatings).
 *
 * Why: reading 100,000 items × 3 raters × 8 fields row by row (papaparse in step mode, an object
 * per rating, a Map keyed by "item\0rater" strings) took most of the command's time, a third of
 * it garbage collection.
 *
 * It takes only files it reads exactly as the row-by-row reader (agreement-input.ts) does and
 * gives the same fields, raters, categories and warnings (tests/unit/cli/ratings-csv-fast.test.ts).
 * Anything else returns null and is read row by row, which names each problem with its line: a
 * header problem, white space other than ASCII at the edge of a cell, a quoted cell holding "" (or,
 * in a file with quoted cells, a quote inside a cell), a line ending other than one
 * \n or \r\n throughout, a row with a different number of cells, an empty item, rater or field,
 * a rating given twice, a label outside --categories, a field without labels or with more than
 * MAX_CATEGORIES.
 */
import { MAX_CATEGORIES } from '../../../shared/agreement';
import { detectDelimiter } from '../../../shared/import/delimited/read-rows';
import { isAsciiSpace, isWideSpaceAt, lastCharacterStart, plainLineEnds, RatingsSink, ROLE_FIELD, ROLE_ITEM, ROLE_LABEL, ROLE_NONE, ROLE_RATER, scanPlainRows, type FieldRatings } from './ratings-plain-scan';
import { checkRatingsHeader, labelsSeenWarning, sortedLabels, type AgreementInput, type FieldData, type LineMessage } from './ratings-csv-rules';

const LF = 10;
const CR = 13;
const QUOTE = 34;

const UTF8 = new TextDecoder('utf-8');

/** Thrown inside the scan when the file is not one the fast reader takes; caught below. */
class Irregular extends Error {}

/**
 * Cells of the bytes row by row, quoted cells included. `next()` reads one row into
 * `starts`/`ends` (trimmed byte ranges) and returns its number of cells, 0 for a blank row, −1
 * at the end. (A file without quotes is read by scanPlainRows instead.)
 */
class RowScanner {
  position = 0;
  /** line feeds before `position`: the line of the row about to be read is lines + 1 */
  lines = 0;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  private crlf: boolean | null = null;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly delimiter: number,
    private readonly width: number,
  ) {
    this.starts = new Int32Array(width + 1);
    this.ends = new Int32Array(width + 1);
  }

  next(): number {
    if (this.position >= this.bytes.length) return -1;
    const cells = this.quotedRow();
    // a row of one cell holding only white space is a blank line, skipped as papaparse's rows are
    if (cells === 1 && this.starts[0] === this.ends[0]) return 0;
    return cells;
  }

  /** Stores cell `cell` as bytes[start, end) trimmed; throws on white space beyond ASCII at its edges. */
  private cell(cell: number, start: number, end: number): void {
    const bytes = this.bytes;
    while (start < end && isAsciiSpace(bytes[start])) start++;
    while (end > start && isAsciiSpace(bytes[end - 1])) end--;
    if (start < end && ((bytes[start] >= 0x80 && isWideSpaceAt(bytes, start)) || (bytes[end - 1] >= 0x80 && isWideSpaceAt(bytes, lastCharacterStart(bytes, end))))) throw new Irregular();
    if (cell <= this.width) {
      this.starts[cell] = start;
      this.ends[cell] = end;
    }
  }

  private quotedRow(): number {
    const bytes = this.bytes;
    const length = bytes.length;
    const delimiter = this.delimiter;
    let at = this.position;
    let cells = 0;
    for (;;) {
      let start = at;
      let end: number;
      let byte = at < length ? bytes[at] : -1;
      if (byte === QUOTE) {
        const close = bytes.indexOf(QUOTE, at + 1);
        if (close < 0 || bytes[close + 1] === QUOTE) throw new Irregular();
        start = at + 1;
        end = close;
        for (let inside = start; inside < end; inside++) if (bytes[inside] === LF) this.lines++;
        at = close + 1;
        byte = at < length ? bytes[at] : -1;
        if (byte !== delimiter && byte !== LF && byte !== CR && byte !== -1) throw new Irregular();
      } else {
        while (byte !== delimiter && byte !== LF && byte !== CR && byte !== -1) {
          if (byte === QUOTE) throw new Irregular();
          byte = ++at < length ? bytes[at] : -1;
        }
        end = at;
      }
      this.cell(cells++, start, end);
      if (byte === delimiter) {
        at++;
        continue;
      }
      // the end of the row: \n, \r\n (the same one throughout) or the end of the bytes
      if (byte === CR) {
        if (bytes[at + 1] !== LF || this.crlf === false) throw new Irregular();
        this.crlf = true;
        at += 2;
      } else if (byte === LF) {
        if (this.crlf === true) throw new Irregular();
        this.crlf = false;
        at += 1;
      }
      if (byte !== -1) this.lines++;
      break;
    }
    this.position = at;
    return cells;
  }
}


/**
 * The ratings CSV, given as its UTF-8 bytes (no byte-order mark), as coded ratings per field, or
 * null when the file must be read row by row (see above).
 */
export function readRatingsCsvFast(name: string, bytes: Uint8Array, categories: readonly string[] | null): AgreementInput | null {
  return fastOrNull(() => {
    const layout = readLayout(name, bytes);
    if (layout === null) return null;
    const sink = new RatingsSink(bytes, layout.hasField);
    return finishRead(layout, bytes, scanPlainRows(bytes, layout.dataStart, layout.delimiter, layout.roles, sink, layout.crlf), sink, categories);
  });
}

/**
 * readRatingsCsvFast, with the plain rows scanned by `scan` (a file scanned in parts by a worker
 * and this thread: ratings-scan-parts.ts), which gives what scanPlainRows gives over one sink.
 */
export async function readRatingsCsvFastWith(
  name: string,
  bytes: Uint8Array,
  categories: readonly string[] | null,
  scan: (layout: PlainLayout) => Promise<{ outcome: PlainOutcome; sink: RatingsSink }>,
): Promise<AgreementInput | null> {
  const layout = fastOrNull(() => readLayout(name, bytes));
  if (layout === null) return null;
  const { outcome, sink } = await scan(layout);
  return fastOrNull(() => finishRead(layout, bytes, outcome, sink, categories));
}

function fastOrNull<T>(read: () => T | null): T | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof Irregular) return null;
    throw error;
  }
}

/** The most header cells the fast reader takes (a ratings file has four columns, and maybe a few unused ones). */
const MAX_HEADER_CELLS = 64;

/** What the header and the line ends tell before the rows are read: everything scanPlainRows needs besides the bytes and a sink. */
export interface PlainLayout {
  delimiter: number;
  /** where the first row after the header starts */
  dataStart: number;
  headerLine: number;
  /** per cell of a row, what it holds (ROLE_ITEM, ROLE_RATER, ROLE_LABEL, ROLE_FIELD or ROLE_NONE) */
  roles: Int32Array;
  hasField: boolean;
  crlf: boolean;
  columns: { item: number; rater: number; label: number; field: number };
  warnings: LineMessage[];
}

export type PlainOutcome = ReturnType<typeof scanPlainRows>;

function readLayout(name: string, bytes: Uint8Array): PlainLayout | null {
  const firstLineEnd = bytes.indexOf(LF);
  const delimiter = detectDelimiter(name, UTF8.decode(bytes.subarray(0, firstLineEnd < 0 ? bytes.length : firstLineEnd))).charCodeAt(0);
  // the header: the first non-blank row, cells trimmed as the row-by-row reader trims them
  const headerScan = new RowScanner(bytes, delimiter, MAX_HEADER_CELLS);
  let cells = 0;
  let headerLine = 1;
  while (cells === 0) {
    headerLine = headerScan.lines + 1;
    cells = headerScan.next();
  }
  if (cells < 0 || cells > MAX_HEADER_CELLS) return null;
  const header = Array.from({ length: cells }, (_, cell) => UTF8.decode(bytes.subarray(headerScan.starts[cell], headerScan.ends[cell])).trim());
  const { problems, warnings, columns } = checkRatingsHeader(header, headerLine);
  if (problems.length > 0) return null;
  const at = { item: columns.indexOf('item'), rater: columns.indexOf('rater'), label: columns.indexOf('label'), field: columns.indexOf('field') };
  const dataStart = headerScan.position;
  const lineEnds = plainLineEnds(bytes, dataStart);
  if (lineEnds === 'irregular') return null;
  const roles = new Int32Array(header.length).fill(ROLE_NONE);
  roles[at.item] = ROLE_ITEM;
  roles[at.rater] = ROLE_RATER;
  roles[at.label] = ROLE_LABEL;
  if (at.field >= 0) roles[at.field] = ROLE_FIELD;
  return { delimiter, dataStart, headerLine, roles, hasField: at.field >= 0, crlf: lineEnds === 'crlf', columns: at, warnings };
}

function finishRead(layout: PlainLayout, bytes: Uint8Array, plain: PlainOutcome, scanned: RatingsSink, given: readonly string[] | null): AgreementInput | null {
  if (plain === 'irregular') return null;
  const sink = plain === 'quoted' ? readQuotedRows(layout, bytes) : scanned;
  if (sink === null) return null;
  const { ratings, ratingsOf, items, raters, labels, fields } = sink;
  if (ratings === 0) return null;
  const fieldNames: (string | null)[] = layout.hasField ? fields.strings() : [null];
  const warnings = [...layout.warnings];
  const coded = codeFields(ratingsOf, fieldNames, { items: items.size, raters: raters.strings(), labels: labels.strings() }, given, warnings, layout.headerLine);
  if (coded === null) return null;
  return { ok: true, fields: coded.fields, raters: coded.raters, warnings };
}

/** A cell starts with a quote: the rows read again, quoted cells included; null when the row-by-row reader must read them. */
function readQuotedRows(layout: PlainLayout, bytes: Uint8Array): RatingsSink | null {
  const { item, rater, label, field } = layout.columns;
  const sink = new RatingsSink(bytes, layout.hasField);
  const scan = new RowScanner(bytes, layout.delimiter, layout.roles.length);
  scan.position = layout.dataStart;
  const { starts, ends } = scan;
  for (;;) {
    const count = scan.next();
    if (count < 0) break;
    if (count === 0) continue;
    if (count !== layout.roles.length) return null;
    const fieldStart = field < 0 ? 0 : starts[field];
    const fieldEnd = field < 0 ? 0 : ends[field];
    if (!sink.add(starts[item], ends[item], starts[rater], ends[rater], starts[label], ends[label], fieldStart, fieldEnd)) return null;
  }
  return sink;
}

/** Per field (in order of first appearance): its items, raters and categories in the row-by-row reader's order, and one column per rater. */
/** Per item, rater and label, the field that last gave it a local index (so nothing is reset between fields), and that index. */
interface FieldMarks {
  itemField: Int32Array;
  localItem: Int32Array;
  raterField: Int32Array;
  localRater: Int32Array;
  labelField: Int32Array;
}

const UNSET = -2;

/**
 * One field's ratings in one pass: local item and rater indices in order of first appearance,
 * and each rating's label id in its rater's column (UNSET where a rater gave none); null on a
 * second rating of the same item by the same rater. A function of its own so that its loop is
 * optimised once for every field.
 */
function fieldColumns(ratings: FieldRatings, f: number, marks: FieldMarks): { itemsHere: number; ratersHere: number[]; labelsHere: number[]; columns: Int32Array[] } | null {
  const { itemField, localItem, raterField, localRater, labelField } = marks;
  // every column as long as the field can have items, so none grows inside the loop
  const capacity = Math.min(itemField.length, ratings.total);
  let itemsHere = 0;
  const ratersHere: number[] = [];
  const labelsHere: number[] = [];
  const columns: Int32Array[] = [];
  const chunks = ratings.chunks();
  for (const triples of chunks) {
    for (let at = 0, end = triples.length; at < end; at += 3) {
      const itemId = triples[at];
      const raterId = triples[at + 1];
      const labelId = triples[at + 2];
      if (itemField[itemId] !== f) {
        itemField[itemId] = f;
        localItem[itemId] = itemsHere++;
      }
      if (raterField[raterId] !== f) {
        raterField[raterId] = f;
        localRater[raterId] = ratersHere.length;
        ratersHere.push(raterId);
        columns.push(new Int32Array(capacity).fill(UNSET));
      }
      if (labelId >= 0 && labelField[labelId] !== f) {
        labelField[labelId] = f;
        labelsHere.push(labelId);
      }
      const column = columns[localRater[raterId]];
      const position = localItem[itemId];
      if (column[position] !== UNSET) return null;
      column[position] = labelId;
    }
  }
  return { itemsHere, ratersHere, labelsHere, columns };
}


function codeFields(
  ratingsOf: readonly FieldRatings[],
  fieldNames: readonly (string | null)[],
  names: { items: number; raters: readonly string[]; labels: readonly string[] },
  given: readonly string[] | null,
  warnings: LineMessage[],
  headerLine: number,
): { fields: FieldData[]; raters: string[] } | null {
  const fieldCount = fieldNames.length;
  const givenIndex = given === null ? null : new Map(given.map((category, index) => [category, index]));
  const marks: FieldMarks = {
    itemField: new Int32Array(names.items).fill(-1),
    localItem: new Int32Array(names.items),
    raterField: new Int32Array(names.raters.length).fill(-1),
    localRater: new Int32Array(names.raters.length),
    labelField: new Int32Array(names.labels.length).fill(-1),
  };
  const categoryOf = new Int32Array(names.labels.length);
  const allRaters = new Set<string>();
  const result: FieldData[] = [];
  for (let f = 0; f < fieldCount; f++) {
    const ratingsHere = fieldColumns(ratingsOf[f], f, marks);
    if (ratingsHere === null) return null; // a second rating of the same item by the same rater
    const { itemsHere, ratersHere, labelsHere, columns } = ratingsHere;
    let list: readonly string[];
    if (givenIndex !== null && given !== null) {
      list = given;
      for (const id of labelsHere) {
        const index = givenIndex.get(names.labels[id]);
        if (index === undefined) return null;
        categoryOf[id] = index;
      }
    } else {
      list = sortedLabels(labelsHere.map((id) => names.labels[id]));
      const position = new Map(list.map((category, index) => [category, index]));
      for (const id of labelsHere) categoryOf[id] = position.get(names.labels[id]) as number;
    }
    if (list.length === 0 || list.length > MAX_CATEGORIES) return null;
    if (given === null) warnings.push({ line: headerLine, message: labelsSeenWarning(list, fieldNames[f]) });
    // label ids to category indices; a rater's unrated items (UNSET) and empty labels (−1) are missing
    const coded = columns.map((column) => {
      // in place: each column was only the field's label ids
      for (let position = 0; position < itemsHere; position++) {
        const id = column[position];
        column[position] = id < 0 ? -1 : categoryOf[id];
      }
      return column.length === itemsHere ? column : column.subarray(0, itemsHere);
    });
    const raterNames = ratersHere.map((id) => names.raters[id]);
    for (const name of raterNames) allRaters.add(name);
    result.push({ field: fieldNames[f], data: { layout: 'coded', coded: { categories: list, raters: raterNames, items: itemsHere, columns: coded } } });
  }
  return { fields: result, raters: [...allRaters] };
}
