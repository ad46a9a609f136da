/**
 * The distinct values of one column of a UTF-8 file, each given as a byte range of the file and
 * numbered in order of first appearance, without a string per cell: a value is hashed and
 * compared four bytes at a time (little-endian 32-bit reads of the file through a DataView), and
 * decoded once, when its name is needed. The hash (rangeHash) is defined so that a scanner can
 * compute it while it looks for the cell's end, word by word (ratings-csv-fast.ts does).
 *
 * Why words rather than bytes: the ratings CSV of `agreement --input` has about ten million cells
 * of eight bytes on average; a byte-at-a-time hash and comparison was a quarter of the command's
 * time.
 */

const UTF8 = new TextDecoder('utf-8');
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

/** One 32-bit word into the running hash (MurmurHash3's block step). */
export function mixWord(hash: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  const h = hash ^ k;
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
}

/** MurmurHash3's finaliser, with the value's length: every bit of the hash depends on every bit of the input, so its low bits can pick a slot. */
export function finishHash(hash: number, length: number): number {
  let h = hash ^ length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * The hash of bytes[start, end): its whole words of four bytes from `start` (little-endian), then
 * the one to three bytes left as one word (little-endian, the missing high bytes zero), then the
 * length. `view` is a DataView of the same bytes.
 */
export function rangeHash(bytes: Uint8Array, view: DataView, start: number, end: number): number {
  let hash = 0;
  let at = start;
  for (; at + 4 <= end; at += 4) hash = mixWord(hash, view.getInt32(at, true));
  if (at < end) {
    let word = 0;
    for (let shift = 0; at < end; at++, shift += 8) word |= bytes[at] << shift;
    hash = mixWord(hash, word);
  }
  return finishHash(hash, end - start);
}

const FIRST_WORD_BITS = 10;

function firstWordKey(word: number): number {
  return Math.imul(word, 0x9e3779b1) >>> (32 - FIRST_WORD_BITS);
}

export class ByteRangeValues {
  private slots = new Int32Array(1 << 10);
  private starts = new Int32Array(256);
  private lengths = new Int32Array(256);
  private hashes = new Int32Array(256);
  /** per value, the different value that came right after it last time (−1: none yet) */
  private successors = new Int32Array(256).fill(-1);
  /** by the first four bytes of the cell (a hash of them), the value last seen starting with them */
  private readonly byFirstWord = new Int32Array(1 << FIRST_WORD_BITS).fill(-1);
  private readonly view: DataView;
  /** the value interned last, tried before the table: an item's consecutive rows, a field's run of rows */
  private last = -1;
  size = 0;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The id of the value bytes[start, end). */
  intern(start: number, end: number): number {
    return this.internHashed(start, end, rangeHash(this.bytes, this.view, start, end));
  }

  /** The id of the value bytes[start, end), whose rangeHash is `hash`. */
  internHashed(start: number, end: number, hash: number): number {
    const last = this.last;
    if (last >= 0 && this.hashes[last] === hash && this.holds(last, start, end)) return last;
    const id = this.find(start, end, hash);
    if (last >= 0) this.successors[last] = id;
    this.last = id;
    if (start + 4 <= this.bytes.length) this.byFirstWord[firstWordKey(this.view.getInt32(start, true))] = id;
    return id;
  }

  /**
   * The value at `at` when it is the one interned or predicted last, or the one that came after
   * that one last time, or the one last seen with the same first four bytes, and is followed by
   * the delimiter, a line feed or \r\n; −1 otherwise. A
   * file's columns repeat (an item's rows, a field's run, raters in turn), so most cells are
   * matched this way, a comparison of their words, without a scan for their end or a hash.
   * lengthOf(id) then gives where the cell ends.
   */
  predict(at: number, delimiter: number): number {
    const last = this.last;
    if (last < 0) return -1;
    if (this.startsAt(last, at, delimiter)) return last;
    const next = this.successors[last];
    if (next >= 0 && this.startsAt(next, at, delimiter)) {
      this.last = next;
      return next;
    }
    if (at + 4 > this.bytes.length) return -1;
    const seen = this.byFirstWord[firstWordKey(this.view.getInt32(at, true))];
    if (seen >= 0 && this.startsAt(seen, at, delimiter)) {
      this.successors[last] = seen;
      this.last = seen;
      return seen;
    }
    return -1;
  }

  lengthOf(id: number): number {
    return this.lengths[id];
  }

  /** Whether the bytes at `at` are value `id` followed by the delimiter, \n or \r\n (so the cell is that value, untrimmed). */
  private startsAt(id: number, at: number, delimiter: number): boolean {
    const length = this.lengths[id];
    const end = at + length;
    const bytes = this.bytes;
    // the cell must end inside the bytes; the file's last cell is left to the scan
    if (end >= bytes.length) return false;
    const after = bytes[end];
    if (after !== delimiter && after !== LINE_FEED && !(after === CARRIAGE_RETURN && bytes[end + 1] === LINE_FEED)) return false;
    const from = this.starts[id];
    const view = this.view;
    let offset = 0;
    for (; offset + 4 <= length; offset += 4) if (view.getInt32(from + offset, true) !== view.getInt32(at + offset, true)) return false;
    for (; offset < length; offset++) if (bytes[from + offset] !== bytes[at + offset]) return false;
    return true;
  }

  /** The id of bytes[start, end) in the table, added when new. */
  private find(start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const held = this.slots[slot];
      if (held === 0) break;
      const id = held - 1;
      if (this.hashes[id] === hash && this.holds(id, start, end)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.size++;
    if (id === this.starts.length) this.growEntries();
    this.starts[id] = start;
    this.lengths[id] = end - start;
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    if (this.size * 2 > this.slots.length) this.rehash();
    return id;
  }

  /** Every value's byte range, by id: where it starts and how many bytes it has (copies, so a worker can transfer them). */
  ranges(): { starts: Int32Array; lengths: Int32Array } {
    return { starts: this.starts.slice(0, this.size), lengths: this.lengths.slice(0, this.size) };
  }

  /** Every value, decoded, by id. */
  strings(): string[] {
    return Array.from({ length: this.size }, (_, id) => UTF8.decode(this.bytes.subarray(this.starts[id], this.starts[id] + this.lengths[id])));
  }

  /** Whether value `id` is the text of bytes[start, end). */
  private holds(id: number, start: number, end: number): boolean {
    const length = end - start;
    if (this.lengths[id] !== length) return false;
    const from = this.starts[id];
    const view = this.view;
    let at = 0;
    for (; at + 4 <= length; at += 4) if (view.getInt32(from + at, true) !== view.getInt32(start + at, true)) return false;
    const bytes = this.bytes;
    for (; at < length; at++) if (bytes[from + at] !== bytes[start + at]) return false;
    return true;
  }

  private growEntries(): void {
    const grow = (array: Int32Array) => {
      const next = new Int32Array(array.length * 2);
      next.set(array);
      return next;
    };
    this.starts = grow(this.starts);
    this.lengths = grow(this.lengths);
    this.hashes = grow(this.hashes);
    const successors = new Int32Array(this.successors.length * 2).fill(-1);
    successors.set(this.successors);
    this.successors = successors;
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
