/**
 * The scan of a plain ratings CSV (no cell starts with a quote) for the fast reader
 * (ratings-csv-fast.ts): each row's cells interned straight from their byte ranges into a
 * RatingsSink, each field's ratings as integer triples. A function of bytes and a sink only, so
 * that a worker thread can scan one part of a file while the main thread scans the other
 * (ratings-scan-parts.ts); the bytes are then a SharedArrayBuffer both threads see.
 */
import { ByteRangeValues, finishHash, mixWord, rangeHash } from './byte-range-values';
import { RowTails } from './row-tails';

const LF = 10;
const CR = 13;
const QUOTE = 34;

/** The characters String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator). */
function isTrimmed(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

export function isAsciiSpace(byte: number): boolean {
  return byte === 32 || (byte >= 9 && byte <= 13);
}

/**
 * Whether the UTF-8 character starting at `at` is white space String.prototype.trim removes
 * beyond ASCII: U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF
 * (lead bytes C2, E1, E2, E3, EF; any other lead byte starts no such character).
 */
export function isWideSpaceAt(bytes: Uint8Array, at: number): boolean {
  const lead = bytes[at];
  if (lead === 0xc2) return bytes[at + 1] === 0xa0;
  if (lead !== 0xe1 && lead !== 0xe2 && lead !== 0xe3 && lead !== 0xef) return false;
  return isTrimmed(((lead & 0x0f) << 12) | ((bytes[at + 1] & 0x3f) << 6) | (bytes[at + 2] & 0x3f));
}

/** The start of the UTF-8 character that ends just before `end`. */
export function lastCharacterStart(bytes: Uint8Array, end: number): number {
  let start = end - 1;
  while (start > 0 && (bytes[start] & 0xc0) === 0x80) start--;
  return start;
}

/**


/** The most ratings one chunk of FieldRatings holds. */
const MAX_CHUNK_RATINGS = 1 << 16;

/**
 * One field's ratings as they come, three integers each (item, rater and label id; label −1 when
 * missing), in Int32Array chunks that double up to MAX_CHUNK_RATINGS ratings: nothing is copied
 * as the field grows (a doubling array's copies and fresh pages were a twentieth of the command).
 */
export class FieldRatings {
  /** the chunks before `triples`, each a whole number of ratings */
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

  /** Whole chunks of triples after the ratings held so far (a part of the file scanned elsewhere), kept as they are. */
  appendChunks(chunks: readonly Int32Array[]): void {
    if (this.count > 0) {
      this.full.push(this.triples.subarray(0, this.count * 3));
      this.fullCount += this.count;
    }
    for (const chunk of chunks) {
      this.full.push(chunk);
      this.fullCount += chunk.length / 3;
    }
    this.triples = new Int32Array(3 * 1024);
    this.count = 0;
  }

  /** Every rating's triple, chunk by chunk, the last one cut to the ratings it holds. */
  chunks(): Int32Array[] {
    return [...this.full, this.triples.subarray(0, this.count * 3)];
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

export const ROLE_NONE = 0;
export const ROLE_ITEM = 1;
export const ROLE_RATER = 2;
export const ROLE_LABEL = 3;
export const ROLE_FIELD = 4;

/** Where the ratings go: each cell interned, each field's ratings in their own columns (so each field is then read sequentially). */
export class RatingsSink {
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
    readonly hasField: boolean,
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
 * How the file's lines end: 'lf', 'crlf', or 'irregular' for anything the plain scan does not
 * take. With a carriage return anywhere, every line ends with \r\n: the header's (and blank
 * lines' before it) too, and there are as many carriage returns as line feeds (scanPlainRows
 * checks that each data row's line feed follows one). Decided once for the whole file, so that
 * each part of a file scanned in parts is held to the same rule.
 */
export function plainLineEnds(bytes: Uint8Array, dataStart: number): 'lf' | 'crlf' | 'irregular' {
  // one search of the whole file: Node's Buffer search is fast for that, the typed array's for the many short ones in the scan
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(CR) < 0) return 'lf';
  for (let at = bytes.indexOf(LF); at >= 0 && at < dataStart; at = bytes.indexOf(LF, at + 1)) if (bytes[at - 1] !== CR) return 'irregular';
  const [carriageReturns, lineFeeds] = countTwoBytes(bytes, CR, LF);
  return carriageReturns === lineFeeds ? 'crlf' : 'irregular';
}

/**
 * The rows of bytes[dataStart, end of bytes) in one tight loop, while no cell starts with a
 * quote ('quoted': the caller reads them again with RowScanner): cells end at a delimiter or a
 * line feed and are trimmed of ASCII white space; with `crlf` (see plainLineEnds) every line
 * feed must follow a carriage return. Anything else returns 'irregular': a row with another
 * number of cells than the header, white space beyond ASCII at a cell's edge, or an empty item,
 * rater or field cell.
 *
 * Each cell is scanned four bytes at a time: one 32-bit read tells whether the word holds the
 * delimiter or a line feed (the SWAR zero-byte test on the word XOR the repeated byte; its lowest
 * flagged byte is exact), and the same words make the cell's rangeHash, so a cell costs about a
 * quarter of its bytes in steps and is interned without being read again (byte-range-values.ts).
 */
export function scanPlainRows(bytes: Uint8Array, dataStart: number, delimiter: number, roles: Int32Array, sink: RatingsSink, crlf: boolean): 'done' | 'quoted' | 'irregular' {
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
  let at = dataStart;
  let into = sink.ratingsFor(0);
  let intoField = 0;
  let triples = into.triples;
  let count = into.count;
  let ratings = 0;
  // rows whose rest after the first cell was read before take their ids from it (row-tails.ts)
  const tails = width > 1 ? new RowTails(bytes, width) : null;
  while (at < length) {
    let cells = 0;
    let atLineEnd = false;
    let tailMissed = false;
    for (;;) {
      if (cells === 1 && tails !== null && tails.enabled) {
        if (tails.match(at, ids)) {
          at = tails.lineFeedAt;
          cells = width;
          break;
        }
        tailMissed = true;
      }
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
    if (tailMissed) tails?.store(ids);
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
