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
import { ByteRangeValues, finishHash, mixWord, rangeHash } from './byte-range-values';
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

/** The most ratings one chunk of FieldRatings holds. */
const MAX_CHUNK_RATINGS = 1 << 16;

/**
 * One field's ratings as they come, three integers each (item, rater and label id; label −1 when
 * missing), in Int32Array chunks that double up to MAX_CHUNK_RATINGS ratings: nothing is copied
 * as the field grows (a doubling array's copies and fresh pages were a twentieth of the command).
 */
class FieldRatings {
  /** the chunks before `triples`, full */
  readonly full: Int32Array[] = [];
  /** the chunk being filled */
  triples: Int32Array = new Int32Array(3 * 1024);
  /** ratings in `triples` */
  count = 0;
  /** ratings in `full` */
  private fullCount = 0;

  get total(): number {
    return this.fullCount + this.count;
  }

  /** `triples` is full: a new chunk (count 0), returned. */
  grow(): Int32Array {
    this.full.push(this.triples);
    this.fullCount += this.count;
    this.triples = new Int32Array(Math.min(this.triples.length * 2, 3 * MAX_CHUNK_RATINGS));
    this.count = 0;
    return this.triples;
  }

  add(itemId: number, raterId: number, labelId: number): void {
    if (this.count * 3 === this.triples.length) this.grow();
    let at = this.count * 3;
    const triples = this.triples;
    triples[at++] = itemId;
    triples[at++] = raterId;
    triples[at] = labelId;
    this.count++;
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
 * Cells of the bytes row by row, quoted cells included. `next()` reads one row into
 * `starts`/`ends` (trimmed byte ranges) and returns its number of cells, 0 for a blank row, −1
 * at the end. (A file without quotes is read by readPlainRows instead.)
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

const ROLE_NONE = 0;
const ROLE_ITEM = 1;
const ROLE_RATER = 2;
const ROLE_LABEL = 3;
const ROLE_FIELD = 4;

/** Where the ratings go: each cell interned, each field's ratings in their own columns (so each field is then read sequentially). */
class RatingsSink {
  readonly items: ByteRangeValues;
  readonly raters: ByteRangeValues;
  readonly labels: ByteRangeValues;
  readonly fields: ByteRangeValues;
  readonly ratingsOf: FieldRatings[] = [];
  ratings = 0;
  private lastField = -1;
  private lastInto: FieldRatings | null = null;

  constructor(
    bytes: Uint8Array,
    private readonly hasField: boolean,
  ) {
    this.items = new ByteRangeValues(bytes);
    this.raters = new ByteRangeValues(bytes);
    this.labels = new ByteRangeValues(bytes);
    this.fields = new ByteRangeValues(bytes);
  }

  /** One rating from its cells' trimmed byte ranges; false when an item, rater or field cell is empty. */
  add(itemStart: number, itemEnd: number, raterStart: number, raterEnd: number, labelStart: number, labelEnd: number, fieldStart: number, fieldEnd: number): boolean {
    if (itemStart === itemEnd || raterStart === raterEnd) return false;
    let fieldId = 0;
    if (this.hasField) {
      if (fieldStart === fieldEnd) return false;
      fieldId = this.fields.intern(fieldStart, fieldEnd);
    }
    let into = this.lastInto;
    if (fieldId !== this.lastField || into === null) {
      into = this.ratingsOf[fieldId] ?? (this.ratingsOf[fieldId] = new FieldRatings());
      this.lastField = fieldId;
      this.lastInto = into;
    }
    into.add(this.items.intern(itemStart, itemEnd), this.raters.intern(raterStart, raterEnd), labelStart === labelEnd ? -1 : this.labels.intern(labelStart, labelEnd));
    this.ratings++;
    return true;
  }

  /** Where the ratings of field `fieldId` go (the caller counts them in `ratings`). */
  ratingsFor(fieldId: number): FieldRatings {
    return this.ratingsOf[fieldId] ?? (this.ratingsOf[fieldId] = new FieldRatings());
  }
}

/**
 * How many bytes of `bytes` equal `first` and how many equal `second`, in one pass of 32-bit
 * words: a CRLF file's 2.4 M line ends were 4.8 M indexOf calls (about 0.35 s on 78 MB). In each
 * word XORed with the repeated byte, the zero bytes are the matches, and the exact zero-byte test
 * ((x & 0x7f7f7f7f) + 0x7f7f7f7f | x | 0x7f7f7f7f, complemented) leaves one high bit per match.
 */
export function countTwoBytes(bytes: Uint8Array, first: number, second: number): [number, number] {
  let firstCount = 0;
  let secondCount = 0;
  // the bytes before the first 4-byte-aligned address, the aligned words, then the bytes after them
  const misaligned = bytes.byteOffset & 3;
  const wordsStart = Math.min(bytes.length, misaligned === 0 ? 0 : 4 - misaligned);
  const wordCount = (bytes.length - wordsStart) >> 2;
  const wordsEnd = wordsStart + wordCount * 4;
  for (let at = 0; at < wordsStart; at++) {
    if (bytes[at] === first) firstCount++;
    else if (bytes[at] === second) secondCount++;
  }
  const words = wordCount > 0 ? new Int32Array(bytes.buffer, bytes.byteOffset + wordsStart, wordCount) : new Int32Array(0);
  const firstWord = Math.imul(first, LOW_BITS);
  const secondWord = Math.imul(second, LOW_BITS);
  for (let w = 0; w < wordCount; w++) {
    const word = words[w];
    const x = word ^ firstWord;
    const y = word ^ secondWord;
    firstCount += matchesIn(x);
    secondCount += matchesIn(y);
  }
  for (let at = wordsEnd; at < bytes.length; at++) {
    if (bytes[at] === first) firstCount++;
    else if (bytes[at] === second) secondCount++;
  }
  return [firstCount, secondCount];
}

/** The number of zero bytes in the 32-bit word `x`. */
function matchesIn(x: number): number {
  const high = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
  return Math.imul((high >>> 7) & 0x01010101, 0x01010101) >>> 24;
}

const LOW_BITS = 0x01010101;
const HIGH_BITS = 0x80808080;

/**
 * The rows after the header in one tight loop, while no cell starts with a quote ('quoted': the
 * caller reads them again with RowScanner): cells end at a delimiter or a line feed and are
 * trimmed of ASCII white space. Line ends are \n throughout, or \r\n throughout (then every
 * line feed follows a carriage return and there are as many of each); anything else returns
 * false, as does a row with another number of cells than the header, white space beyond ASCII
 * at a cell's edge, or an empty item, rater or field cell ('irregular').
 *
 * Each cell is scanned four bytes at a time: one 32-bit read tells whether the word holds the
 * delimiter or a line feed (the SWAR zero-byte test on the word XOR the repeated byte; its lowest
 * flagged byte is exact), and the same words make the cell's rangeHash, so a cell costs about a
 * quarter of its bytes in steps and is interned without being read again (byte-range-values.ts).
 */
function readPlainRows(bytes: Uint8Array, dataStart: number, delimiter: number, roles: Int32Array, sink: RatingsSink): 'done' | 'quoted' | 'irregular' {
  const length = bytes.length;
  const width = roles.length;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delimiterWord = Math.imul(delimiter, LOW_BITS);
  const lineFeedWord = Math.imul(LF, LOW_BITS);
  const lastWordStart = length - 4;
  const { items, raters, labels, fields } = sink;
  // per cell of a row: the values of its column (null: a column the ratings do not use) and the id of its value (−1: an empty label)
  const valuesOf = Array.from(roles, (role) => (role === ROLE_ITEM ? items : role === ROLE_RATER ? raters : role === ROLE_LABEL ? labels : role === ROLE_FIELD ? fields : null));
  const ids = new Int32Array(width);
  const itemCell = roles.indexOf(ROLE_ITEM);
  const raterCell = roles.indexOf(ROLE_RATER);
  const labelCell = roles.indexOf(ROLE_LABEL);
  const fieldCell = roles.indexOf(ROLE_FIELD);
  // one search of the whole file: Node's Buffer search is fast for that, the typed array's for the many short ones below
  const crlf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(CR) >= 0;
  if (crlf) {
    // the header (and blank lines before it) ended with \r\n too, and every \r is followed by \n (equal counts, each \n after a \r)
    for (let at = bytes.indexOf(LF); at >= 0 && at < dataStart; at = bytes.indexOf(LF, at + 1)) if (bytes[at - 1] !== CR) return 'irregular';
    const [carriageReturns, lineFeeds] = countTwoBytes(bytes, CR, LF);
    if (carriageReturns !== lineFeeds) return 'irregular';
  }
  let at = dataStart;
  let into = sink.ratingsFor(0);
  let intoField = 0;
  let triples = into.triples;
  let count = into.count;
  let ratings = 0;
  while (at < length) {
    let cells = 0;
    let atLineEnd = false;
    for (;;) {
      const values = cells < width ? valuesOf[cells] : null;
      if (values !== null) {
        const predicted = values.predict(at, delimiter);
        if (predicted >= 0) {
          at += values.lengthOf(predicted);
          if (bytes[at] === CR) at++; // \r\n: the carriage return is trimmed, as below
          ids[cells] = predicted;
          cells++;
          if (bytes[at] === LF) break;
          at++;
          continue;
        }
      }
      let start = at;
      // a quote inside a cell is an ordinary character (as papaparse reads it); one that starts a cell quotes it
      if (at < length && bytes[at] === QUOTE) return 'quoted';
      // to the delimiter or the line feed (a carriage return before it is trimmed with the cell's white space), hashing on the way
      let hash = 0;
      for (;;) {
        if (at > lastWordStart) {
          // the last bytes of the file, one at a time
          let word = 0;
          let shift = 0;
          while (at < length) {
            const byte = bytes[at];
            if (byte === delimiter || byte === LF) break;
            word |= byte << shift;
            shift += 8;
            at++;
            if (shift === 32) {
              hash = mixWord(hash, word);
              word = 0;
              shift = 0;
            }
          }
          if (shift > 0) hash = mixWord(hash, word);
          break;
        }
        const word = view.getInt32(at, true);
        const toDelimiter = word ^ delimiterWord;
        const toLineFeed = word ^ lineFeedWord;
        const found = (((toDelimiter - LOW_BITS) & ~toDelimiter) | ((toLineFeed - LOW_BITS) & ~toLineFeed)) & HIGH_BITS;
        if (found === 0) {
          hash = mixWord(hash, word);
          at += 4;
          continue;
        }
        const before = (31 - Math.clz32(found & -found)) >> 3;
        if (before > 0) hash = mixWord(hash, word & ((1 << (before << 3)) - 1));
        at += before;
        break;
      }
      let end = at;
      if (start < end) {
        if (bytes[start] <= 32 || bytes[end - 1] <= 32) {
          const rawStart = start;
          const rawEnd = end;
          while (start < end && isAsciiSpace(bytes[start])) start++;
          while (end > start && isAsciiSpace(bytes[end - 1])) end--;
          if (start !== rawStart || end !== rawEnd) hash = rangeHash(bytes, view, start, end);
          else hash = finishHash(hash, end - start);
        } else hash = finishHash(hash, end - start);
        if (start < end && ((bytes[start] >= 0x80 && isWideSpaceAt(bytes, start)) || (bytes[end - 1] >= 0x80 && isWideSpaceAt(bytes, lastCharacterStart(bytes, end))))) return 'irregular';
      }
      atLineEnd = at >= length || bytes[at] === LF;
      // a row of one cell holding only white space is a blank line, skipped as papaparse's rows are
      if (cells === 0 && start === end && atLineEnd) break;
      if (values !== null) {
        if (start === end) {
          // an empty label is a missing rating; an empty item, rater or field is a problem the row-by-row reader names
          if (cells !== labelCell) return 'irregular';
          ids[cells] = -1;
        } else ids[cells] = values.internHashed(start, end, hash);
      }
      cells++;
      if (atLineEnd) break;
      at++;
    }
    if (at < length) {
      if (crlf && bytes[at - 1] !== CR) return 'irregular';
      at++;
    }
    if (cells === 0) continue;
    if (cells !== width) return 'irregular';
    const fieldId = fieldCell < 0 ? 0 : ids[fieldCell];
    if (fieldId !== intoField) {
      into.count = count;
      into = sink.ratingsFor(fieldId);
      intoField = fieldId;
      triples = into.triples;
      count = into.count;
    }
    // FieldRatings.add, written out: a call per row here cost a tenth of the scan
    let slot = count * 3;
    if (slot === triples.length) {
      into.count = count;
      triples = into.grow();
      count = 0;
      slot = 0;
    }
    triples[slot++] = ids[itemCell];
    triples[slot++] = ids[raterCell];
    triples[slot] = ids[labelCell];
    count++;
    ratings++;
  }
  into.count = count;
  sink.ratings += ratings;
  return 'done';
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

  const dataStart = headerScan.position;
  const roles = new Int32Array(width).fill(ROLE_NONE);
  roles[itemColumn] = ROLE_ITEM;
  roles[raterColumn] = ROLE_RATER;
  roles[labelColumn] = ROLE_LABEL;
  if (fieldColumn >= 0) roles[fieldColumn] = ROLE_FIELD;
  let sink = new RatingsSink(bytes, fieldColumn >= 0);
  const plain = readPlainRows(bytes, dataStart, delimiter, roles, sink);
  if (plain === 'irregular') return null;
  if (plain === 'quoted') {
    // a cell starts with a quote: read the rows again, quoted cells included
    sink = new RatingsSink(bytes, fieldColumn >= 0);
    const scan = new RowScanner(bytes, delimiter, width);
    scan.position = dataStart;
    const { starts, ends } = scan;
    for (;;) {
      const count = scan.next();
      if (count < 0) break;
      if (count === 0) continue;
      if (count !== width) return null;
      const fieldStart = fieldColumn < 0 ? 0 : starts[fieldColumn];
      const fieldEnd = fieldColumn < 0 ? 0 : ends[fieldColumn];
      if (!sink.add(starts[itemColumn], ends[itemColumn], starts[raterColumn], ends[raterColumn], starts[labelColumn], ends[labelColumn], fieldStart, fieldEnd)) return null;
    }
  }
  const { ratings, ratingsOf, items, raters, labels, fields } = sink;
  if (ratings === 0) return null;
  const fieldNames: (string | null)[] = fieldColumn < 0 ? [null] : fields.strings();
  const coded = codeFields(ratingsOf, fieldNames, { items: items.size, raters: raters.strings(), labels: labels.strings() }, given, warnings, headerLine);
  if (coded === null) return null;
  return { ok: true, fields: coded.fields, raters: coded.raters, warnings };
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
  const chunks = [...ratings.full, ratings.triples.subarray(0, ratings.count * 3)];
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
