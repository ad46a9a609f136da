/**
 * The rest of a ratings row after its first cell, remembered whole: in a file laid out
 * `item,rater,label,field` the rest of a row (`r2,guide_reasoning,intent`) takes a few hundred
 * distinct values over millions of rows, so once a rest has been read cell by cell, the same
 * bytes later give the same cell ids at the cost of one scan for the line feed, a hash and a
 * comparison. A file whose rests do not repeat (its first column is not the item, say) stops
 * being looked up after a while, and the table never holds more than MAX_TAILS rests.
 *
 * Only a rest that was read as a whole row of the right width is stored, so a hit stands for a
 * row the cell-by-cell reading took; the ids are those of the same values, so their order of
 * first appearance is the one the cell-by-cell reading gives.
 */
import { finishHash, mixWord } from './byte-range-values';

const LINE_FEED = 10;
const LOW_BITS = 0x01010101;
const HIGH_BITS = 0x80808080;
const LINE_FEED_WORD = Math.imul(LINE_FEED, LOW_BITS);

/** The most rests kept. */
export const MAX_TAILS = 4096;
/** Rows looked up before judging whether the lookups pay: under half of them hits, and they stop. */
export const TAILS_TRIAL_ROWS = 4096;

export class RowTails {
  private readonly slots = new Int32Array(MAX_TAILS * 4);
  private readonly starts = new Int32Array(MAX_TAILS);
  private readonly lengths = new Int32Array(MAX_TAILS);
  private readonly hashes = new Int32Array(MAX_TAILS);
  /** per rest, the ids of the row's cells 1 … width − 1 */
  private readonly cellIds: Int32Array;
  private readonly view: DataView;
  private size = 0;
  private lookups = 0;
  private hits = 0;
  /** the rest last looked up and missed, stored when its row turns out whole */
  private pendingStart = -1;
  private pendingLength = 0;
  private pendingHash = 0;
  enabled = true;
  /** after a hit, where the row's line feed is */
  lineFeedAt = -1;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly width: number,
  ) {
    this.cellIds = new Int32Array(MAX_TAILS * width);
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * The rest of the row from `at` (up to its line feed) when it was stored before, with its cell
   * ids copied into `ids[1 …]`: true. Otherwise false, and the rest is kept pending for store().
   * A row that ends at the end of the bytes, without a line feed, is never looked up or stored.
   */
  match(at: number, ids: Int32Array): boolean {
    this.pendingStart = -1;
    const bytes = this.bytes;
    const view = this.view;
    const last = bytes.length - 4;
    let hash = 0;
    let end = at;
    for (;;) {
      if (end > last) {
        let word = 0;
        let shift = 0;
        while (end < bytes.length && bytes[end] !== LINE_FEED) {
          word |= bytes[end] << shift;
          shift += 8;
          end++;
          if (shift === 32) {
            hash = mixWord(hash, word);
            word = 0;
            shift = 0;
          }
        }
        if (end >= bytes.length) return false;
        if (shift > 0) hash = mixWord(hash, word);
        break;
      }
      const word = view.getInt32(end, true);
      const toLineFeed = word ^ LINE_FEED_WORD;
      const found = (toLineFeed - LOW_BITS) & ~toLineFeed & HIGH_BITS;
      if (found === 0) {
        hash = mixWord(hash, word);
        end += 4;
        continue;
      }
      const before = (31 - Math.clz32(found & -found)) >> 3;
      if (before > 0) hash = mixWord(hash, word & ((1 << (before << 3)) - 1));
      end += before;
      break;
    }
    const length = end - at;
    hash = finishHash(hash, length);
    this.lookups++;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot];
      if (held === 0) break;
      const id = held - 1;
      if (this.hashes[id] === hash && this.lengths[id] === length && this.same(this.starts[id], at, length)) {
        this.hits++;
        const width = this.width;
        const from = id * width;
        for (let cell = 1; cell < width; cell++) ids[cell] = this.cellIds[from + cell];
        this.lineFeedAt = end;
        return true;
      }
    }
    if (this.lookups === TAILS_TRIAL_ROWS && this.hits * 2 < this.lookups) this.enabled = false;
    if (this.size < MAX_TAILS) {
      this.pendingStart = at;
      this.pendingLength = length;
      this.pendingHash = hash;
    }
    return false;
  }

  /** The row whose rest was last missed was read whole, with these cell ids: keep its rest. */
  store(ids: Int32Array): void {
    if (this.pendingStart < 0 || this.size >= MAX_TAILS) return;
    const id = this.size++;
    this.starts[id] = this.pendingStart;
    this.lengths[id] = this.pendingLength;
    this.hashes[id] = this.pendingHash;
    const width = this.width;
    for (let cell = 1; cell < width; cell++) this.cellIds[id * width + cell] = ids[cell];
    const mask = this.slots.length - 1;
    let slot = this.pendingHash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = id + 1;
    this.pendingStart = -1;
  }

  private same(from: number, at: number, length: number): boolean {
    const view = this.view;
    let offset = 0;
    for (; offset + 4 <= length; offset += 4) if (view.getInt32(from + offset, true) !== view.getInt32(at + offset, true)) return false;
    const bytes = this.bytes;
    for (; offset < length; offset++) if (bytes[from + offset] !== bytes[at + offset]) return false;
    return true;
  }
}
