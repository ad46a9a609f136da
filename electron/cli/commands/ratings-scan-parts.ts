/**
 * A plain ratings CSV scanned in two parts at once: the main thread scans the rows up to a line
 * feed near the middle while a worker thread (ratings-scan-worker.ts) scans the rest of the same
 * bytes, held in a SharedArrayBuffer; the worker's values and ratings are then merged into the
 * main thread's sink. The result equals one scan of the whole file
 * (tests/unit/cli/ratings-scan-parts.test.ts):
 * - values are numbered in order of first appearance, and every value the second part first
 *   shows comes after all of the first part's, so interning the second part's values in their
 *   own order of appearance numbers them as one scan would;
 * - each field's ratings of the second part are appended after the first part's, in file order;
 * - the outcome is the first part's when it did not finish ('quoted' or 'irregular' come from
 *   the first such row in file order), otherwise the second part's; both parts follow the line
 *   ends decided once for the whole file (plainLineEnds).
 * Why: the scan is most of `agreement --input`'s time, and the machines it runs on have more
 * than one core.
 */
import type { PlainLayout, PlainOutcome } from './ratings-csv-fast';
import { RatingsSink, scanPlainRows } from './ratings-plain-scan';
import type { ByteRangeValues } from './byte-range-values';

/** A file smaller than this is scanned in one part: starting a worker (about 30 ms) would cost more than it saves. */
export const PARALLEL_SCAN_MIN_BYTES = 8 << 20;

interface ValueRanges {
  starts: Int32Array;
  lengths: Int32Array;
}

/** What the scan of one part gives, in arrays a worker can transfer; positions are the part's own (0 at its first byte). */
export interface ScannedPart {
  outcome: PlainOutcome;
  ratings: number;
  /** by field id of the part: its ratings' triples (item, rater, label ids of the part; label −1 when empty) */
  fieldChunks: Int32Array[][];
  items: ValueRanges;
  raters: ValueRanges;
  labels: ValueRanges;
  fields: ValueRanges;
}

/** The work of the part after `split`, as the main thread hands it to the worker. */
export interface PartRequest {
  bytes: Uint8Array;
  delimiter: number;
  roles: Int32Array;
  hasField: boolean;
  crlf: boolean;
}

/** Where the second part starts: just after the first line feed at or beyond the middle of the rows; null when the rows are not worth two parts. */
export function splitPoint(bytes: Uint8Array, dataStart: number): number | null {
  const middle = dataStart + Math.floor((bytes.length - dataStart) / 2);
  const lineFeed = bytes.indexOf(10, middle);
  if (lineFeed < 0 || lineFeed + 1 >= bytes.length) return null;
  return lineFeed + 1;
}

/** Scans one part (all of `request.bytes`, which start at a row) into a sink of its own; what the worker runs. */
export function scanPart(request: PartRequest): ScannedPart {
  const sink = new RatingsSink(request.bytes, request.hasField);
  const outcome = scanPlainRows(request.bytes, 0, request.delimiter, request.roles, sink, request.crlf);
  return {
    outcome,
    ratings: sink.ratings,
    fieldChunks: Array.from({ length: sink.ratingsOf.length }, (_, field) => sink.ratingsOf[field]?.chunks() ?? []),
    items: sink.items.ranges(),
    raters: sink.raters.ranges(),
    labels: sink.labels.ranges(),
    fields: sink.fields.ranges(),
  };
}

/** The buffers of a part to transfer (not copy) from the worker. */
export function transferablesOf(part: ScannedPart): ArrayBuffer[] {
  const arrays = [part.items, part.raters, part.labels, part.fields].flatMap((ranges) => [ranges.starts, ranges.lengths]);
  arrays.push(...part.fieldChunks.flat());
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
}

/** The ids in `into` of the part's values, which lie at `offset` + their part positions of the sink's bytes. */
function remapValues(into: ByteRangeValues, ranges: ValueRanges, offset: number): Int32Array {
  const remap = new Int32Array(ranges.starts.length);
  for (let id = 0; id < remap.length; id++) {
    const start = offset + ranges.starts[id];
    remap[id] = into.intern(start, start + ranges.lengths[id]);
  }
  return remap;
}

/** The second part's values and ratings after the first part's in `sink`, whose bytes are the whole file (the part starts at `offset`). */
export function mergePart(sink: RatingsSink, part: ScannedPart, offset: number): void {
  const items = remapValues(sink.items, part.items, offset);
  const raters = remapValues(sink.raters, part.raters, offset);
  const labels = remapValues(sink.labels, part.labels, offset);
  const fields = sink.hasField ? remapValues(sink.fields, part.fields, offset) : Int32Array.of(0);
  part.fieldChunks.forEach((chunks, field) => {
    if (chunks.length === 0) return;
    for (const triples of chunks) {
      for (let at = 0; at < triples.length; at += 3) {
        triples[at] = items[triples[at]];
        triples[at + 1] = raters[triples[at + 1]];
        const label = triples[at + 2];
        triples[at + 2] = label < 0 ? label : labels[label];
      }
    }
    sink.ratingsFor(fields[field]).appendChunks(chunks);
  });
  sink.ratings += part.ratings;
}

/** The combined outcome of the two parts, as one scan of the file would have ended. */
export function combinedOutcome(first: PlainOutcome, second: PlainOutcome): PlainOutcome {
  return first === 'done' ? second : first;
}

/**
 * Scans `bytes` (the whole file, a SharedArrayBuffer behind it when `scanSecondPart` runs in a
 * worker) in two parts: the second by `scanSecondPart`, started first, the first on this thread.
 * `split` (a row's start after the header, or null for one part) is splitPoint's unless a test
 * chooses it.
 */
export async function scanInTwoParts(
  bytes: Uint8Array,
  layout: PlainLayout,
  scanSecondPart: (request: PartRequest) => Promise<ScannedPart>,
  split: number | null = splitPoint(bytes, layout.dataStart),
): Promise<{ outcome: PlainOutcome; sink: RatingsSink }> {
  const sink = new RatingsSink(bytes, layout.hasField);
  if (split === null || split <= layout.dataStart || split >= bytes.length) return { outcome: scanPlainRows(bytes, layout.dataStart, layout.delimiter, layout.roles, sink, layout.crlf), sink };
  const second = scanSecondPart({ bytes: bytes.subarray(split), delimiter: layout.delimiter, roles: layout.roles, hasField: layout.hasField, crlf: layout.crlf });
  // the sink's values read the whole file; the scan stops at the split
  const first = scanPlainRows(bytes.subarray(0, split), layout.dataStart, layout.delimiter, layout.roles, sink, layout.crlf);
  const part = await second;
  const outcome = combinedOutcome(first, part.outcome);
  if (outcome === 'done') mergePart(sink, part, split);
  return { outcome, sink };
}
