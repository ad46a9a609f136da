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
 * header problem, white space other than ASCII at the edge of a cell, a quoted cell holding "" or a quote inside a cell, a line ending other than one
 * \n or \r\n throughout, a row with a different number of cells, an empty item, rater or field,
 * a rating given twice, a label outside --categories, a field without labels or with more than
 * MAX_CATEGORIES.
 */
import { MAX_CATEGORIES } from '../../../shared/agreement';
import { detectDelimiter } from '../../../shared/import/delimited/read-rows';
import { checkRatingsHeader, labelsSeenWarning, sortedLabels, type AgreementInput, type FieldData, type LineMessage } from './ratings-csv-rules';

const LF = 10;
const CR = 13;
const QUOTE = 34;

/** The characters String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator). */
function isTrimmed(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

const UTF8 = new TextDecoder('utf-8');

/** Distinct strings given as byte ranges of one UTF-8 text, numbered in order of first appearance. */
class RangeInterner {
  private slots = new Int32Array(1 << 10);
  private starts = new Int32Array(256);
  private ends = new Int32Array(256);
  private hashes = new Int32Array(256);
  size = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /** The id of bytes[start, end), whose FNV-1a hash (rangeHash) is `hash`. */
  intern(start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const held = this.slots[slot];
      if (held === 0) break;
      const id = held - 1;
      if (this.hashes[id] === hash && this.sameText(id, start, end)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.size++;
    if (id === this.starts.length) this.growEntries();
    this.starts[id] = start;
    this.ends[id] = end;
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    if (this.size * 2 > this.slots.length) this.rehash();
    return id;
  }

  strings(): string[] {
    return Array.from({ length: this.size }, (_, id) => UTF8.decode(this.bytes.subarray(this.starts[id], this.ends[id])));
  }

  private sameText(id: number, start: number, end: number): boolean {
    const from = this.starts[id];
    if (this.ends[id] - from !== end - start) return false;
    const bytes = this.bytes;
    for (let at = 0; at < end - start; at++) if (bytes[from + at] !== bytes[start + at]) return false;
    return true;
  }

  private growEntries(): void {
    const grow = (array: Int32Array) => {
      const next = new Int32Array(array.length * 2);
      next.set(array);
      return next;
    };
    this.starts = grow(this.starts);
    this.ends = grow(this.ends);
    this.hashes = grow(this.hashes);
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = this.hashes[id] & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function rangeHash(bytes: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let at = start; at < end; at++) hash = Math.imul(hash ^ bytes[at], FNV_PRIME);
  return hash;
}

/** A growable Int32Array. */
class IntColumn {
  values = new Int32Array(16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const next = new Int32Array(this.values.length * 2);
      next.set(this.values);
      this.values = next;
    }
    this.values[this.length++] = value;
  }
}

/** Thrown inside the scan when the file is not one the fast reader takes; caught below. */
class Irregular extends Error {}

/** ASCII white space, which String.prototype.trim removes: tab, line feed, vertical tab, form feed, carriage return, space. */
function isAsciiSpace(byte: number): boolean {
  return byte === 32 || (byte >= 9 && byte <= 13);
}

/**
 * Whether the UTF-8 character starting at `at` is white space String.prototype.trim removes
 * beyond ASCII: U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF
 * (lead bytes C2, E1, E2, E3, EF; any other lead byte starts no such character).
 */
function isWideSpaceAt(bytes: Uint8Array, at: number): boolean {
  const lead = bytes[at];
  if (lead === 0xc2) return bytes[at + 1] === 0xa0;
  if (lead !== 0xe1 && lead !== 0xe2 && lead !== 0xe3 && lead !== 0xef) return false;
  return isTrimmed(((lead & 0x0f) << 12) | ((bytes[at + 1] & 0x3f) << 6) | (bytes[at + 2] & 0x3f));
}

/** The start of the UTF-8 character that ends just before `end`. */
function lastCharacterStart(bytes: Uint8Array, end: number): number {
  let start = end - 1;
  while (start > 0 && (bytes[start] & 0xc0) === 0x80) start--;
  return start;
}

/**
 * Cells of the bytes row by row. `next()` reads one row into `starts`/`ends` (trimmed byte
 * ranges) and returns its number of cells, 0 for a blank row, −1 at the end. A file without any
 * quote or carriage return (the usual export) is read with a plain delimiter search per row.
 */
class RowScanner {
  position = 0;
  /** line feeds before `position`: the line of the row about to be read is lines + 1 */
  lines = 0;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  private crlf: boolean | null = null;
  private readonly plain: boolean;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly delimiter: number,
    private readonly width: number,
  ) {
    this.starts = new Int32Array(width + 1);
    this.ends = new Int32Array(width + 1);
    this.plain = bytes.indexOf(QUOTE) < 0 && bytes.indexOf(CR) < 0;
  }

  next(): number {
    if (this.position >= this.bytes.length) return -1;
    const cells = this.plain ? this.plainRow() : this.quotedRow();
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

  private plainRow(): number {
    const bytes = this.bytes;
    const delimiter = this.delimiter;
    let at = this.position;
    let lineEnd = bytes.indexOf(LF, at);
    if (lineEnd < 0) lineEnd = bytes.length;
    let cells = 0;
    for (;;) {
      const start = at;
      while (at < lineEnd && bytes[at] !== delimiter) at++;
      this.cell(cells++, start, at);
      if (at === lineEnd) break;
      at++;
    }
    if (lineEnd < bytes.length) this.lines++;
    this.position = lineEnd + 1;
    return cells;
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
 * One column's values interned, remembering the previous row's cell: sorted or grouped columns
 * (an item's ratings together, a field's) then cost one comparison instead of a hash lookup.
 */
class ColumnInterner {
  readonly interner: RangeInterner;
  private previousStart = 0;
  private previousEnd = -1;
  private previousId = -1;

  constructor(private readonly bytes: Uint8Array) {
    this.interner = new RangeInterner(bytes);
  }

  intern(start: number, end: number): number {
    const length = end - start;
    if (length === this.previousEnd - this.previousStart) {
      const bytes = this.bytes;
      const from = this.previousStart;
      let same = true;
      for (let at = 0; at < length; at++) {
        if (bytes[from + at] !== bytes[start + at]) {
          same = false;
          break;
        }
      }
      if (same) return this.previousId;
    }
    const id = this.interner.intern(start, end, rangeHash(this.bytes, start, end));
    this.previousStart = start;
    this.previousEnd = end;
    this.previousId = id;
    return id;
  }
}

/**
 * The ratings CSV, given as its UTF-8 bytes (no byte-order mark), as coded ratings per field, or
 * null when the file must be read row by row (see above).
 */
export function readRatingsCsvFast(name: string, bytes: Uint8Array, categories: readonly string[] | null): AgreementInput | null {
  try {
    return read(name, bytes, categories);
  } catch (error) {
    if (error instanceof Irregular) return null;
    throw error;
  }
}

/** The most header cells the fast reader takes (a ratings file has four columns, and maybe a few unused ones). */
const MAX_HEADER_CELLS = 64;

function read(name: string, bytes: Uint8Array, given: readonly string[] | null): AgreementInput | null {
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
  const width = header.length;
  const itemColumn = columns.indexOf('item');
  const raterColumn = columns.indexOf('rater');
  const labelColumn = columns.indexOf('label');
  const fieldColumn = columns.indexOf('field');

  const items = new ColumnInterner(bytes);
  const raters = new ColumnInterner(bytes);
  const labels = new ColumnInterner(bytes);
  const fields = new ColumnInterner(bytes);
  // each field's ratings apart, so each field is then read sequentially
  const ratingsOf: FieldRatings[] = [];
  const scan = new RowScanner(bytes, delimiter, width);
  scan.position = headerScan.position;
  scan.lines = headerScan.lines;
  const { starts, ends } = scan;
  let ratings = 0;
  for (;;) {
    const count = scan.next();
    if (count < 0) break;
    if (count === 0) continue;
    if (count !== width) return null;
    if (starts[itemColumn] === ends[itemColumn] || starts[raterColumn] === ends[raterColumn]) return null;
    let fieldId = 0;
    if (fieldColumn >= 0) {
      if (starts[fieldColumn] === ends[fieldColumn]) return null;
      fieldId = fields.intern(starts[fieldColumn], ends[fieldColumn]);
    }
    const into = ratingsOf[fieldId] ?? (ratingsOf[fieldId] = { item: new IntColumn(), rater: new IntColumn(), label: new IntColumn() });
    into.item.push(items.intern(starts[itemColumn], ends[itemColumn]));
    into.rater.push(raters.intern(starts[raterColumn], ends[raterColumn]));
    into.label.push(starts[labelColumn] === ends[labelColumn] ? -1 : labels.intern(starts[labelColumn], ends[labelColumn]));
    ratings++;
  }
  if (ratings === 0) return null;
  const fieldNames: (string | null)[] = fieldColumn < 0 ? [null] : fields.interner.strings();
  const coded = codeFields(ratingsOf, fieldNames, { items: items.interner.size, raters: raters.interner.strings(), labels: labels.interner.strings() }, given, warnings, headerLine);
  if (coded === null) return null;
  return { ok: true, fields: coded.fields, raters: coded.raters, warnings };
}

/** Per field (in order of first appearance): its items, raters and categories in the row-by-row reader's order, and one column per rater. */
interface FieldRatings {
  item: IntColumn;
  rater: IntColumn;
  label: IntColumn;
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
  // per item and rater, the field that last gave it a local index (so nothing is reset between fields)
  const itemField = new Int32Array(names.items).fill(-1);
  const localItem = new Int32Array(names.items);
  const raterField = new Int32Array(names.raters.length).fill(-1);
  const localRater = new Int32Array(names.raters.length);
  const labelField = new Int32Array(names.labels.length).fill(-1);
  const categoryOf = new Int32Array(names.labels.length);
  const UNSET = -2;
  const allRaters = new Set<string>();
  const result: FieldData[] = [];
  for (let f = 0; f < fieldCount; f++) {
    const item = ratingsOf[f].item.values;
    const rater = ratingsOf[f].rater.values;
    const label = ratingsOf[f].label.values;
    const count = ratingsOf[f].item.length;
    let itemsHere = 0;
    let capacity = 1024;
    const ratersHere: number[] = [];
    const labelsHere: number[] = [];
    let columns: Int32Array[] = [];
    // one pass: local indices in order of first appearance, and each rating's label id in its rater's column
    for (let row = 0; row < count; row++) {
      const itemId = item[row];
      if (itemField[itemId] !== f) {
        itemField[itemId] = f;
        localItem[itemId] = itemsHere++;
        if (itemsHere > capacity) {
          capacity *= 2;
          columns = columns.map((column) => {
            const next = new Int32Array(capacity).fill(UNSET);
            next.set(column);
            return next;
          });
        }
      }
      const raterId = rater[row];
      if (raterField[raterId] !== f) {
        raterField[raterId] = f;
        localRater[raterId] = ratersHere.length;
        ratersHere.push(raterId);
        columns.push(new Int32Array(capacity).fill(UNSET));
      }
      const labelId = label[row];
      if (labelId >= 0 && labelField[labelId] !== f) {
        labelField[labelId] = f;
        labelsHere.push(labelId);
      }
      const column = columns[localRater[raterId]];
      const position = localItem[itemId];
      if (column[position] !== UNSET) return null; // a second rating of the same item by the same rater
      column[position] = labelId;
    }
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
      const codes = new Int32Array(itemsHere);
      for (let position = 0; position < itemsHere; position++) {
        const id = column[position];
        codes[position] = id < 0 ? -1 : categoryOf[id];
      }
      return codes;
    });
    const raterNames = ratersHere.map((id) => names.raters[id]);
    for (const name of raterNames) allRaters.add(name);
    result.push({ field: fieldNames[f], data: { layout: 'coded', coded: { categories: list, raters: raterNames, items: itemsHere, columns: coded } } });
  }
  return { fields: result, raters: [...allRaters] };
}
