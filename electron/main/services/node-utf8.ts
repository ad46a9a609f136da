import { isUtf8, transcode } from 'node:buffer';
import type { Utf8Decoder } from '../../../shared/import/file-rules';

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Bytes per piece (then on to the next line feed): small enough to leave no second copy of a file about. */
const PIECE_BYTES = 1 << 20;

/** ICU's conversion, or null where a Node is built without it (the caller then decodes whole). */
function transcodeToText(bytes: Buffer): string | null {
  try {
    return transcode(bytes, 'utf8', 'utf16le').toString('utf16le');
  } catch {
    return null;
  }
}

/**
 * Valid UTF-8 as pieces ending at line feeds, each converted by ICU (transcode to UTF-16) rather
 * than V8's UTF-8 reader: about twice as fast on Chinese text, and the same characters (only
 * valid bytes are converted, and a line feed is never inside a character). The pieces are
 * converted as they are read, each time they are read: a reader of lines holds one at a time, and
 * each conversion's buffer dies young. Null when the bytes are not valid UTF-8.
 */
export function decodeUtf8Pieces(bytes: Uint8Array, pieceBytes = PIECE_BYTES): Iterable<string> | null {
  const buffer = asBuffer(bytes);
  if (!isUtf8(buffer)) return null;
  return {
    *[Symbol.iterator]() {
      for (let start = 0; start < buffer.length; ) {
        let end = Math.min(buffer.length, start + pieceBytes);
        if (end < buffer.length) {
          const lineFeed = buffer.indexOf(0x0a, end - 1);
          end = lineFeed === -1 ? buffer.length : lineFeed + 1;
        }
        const piece = buffer.subarray(start, end);
        yield transcodeToText(piece) ?? piece.toString('utf8');
        start = end;
      }
    },
  };
}

/**
 * Node's strict UTF-8: simdutf validation and Buffer decoding, and memchr for NUL. On a 48 MB
 * file this takes about a tenth of the TextDecoder's {fatal: true} time; the text is the same
 * (only valid bytes are decoded, so no replacement character can differ).
 */
export const NODE_UTF8_DECODER: Utf8Decoder = {
  decode: (bytes) => (isUtf8(bytes) ? asBuffer(bytes).toString('utf8') : null),
  hasNul: (bytes) => asBuffer(bytes).indexOf(0) !== -1,
  decodePieces: (bytes) => decodeUtf8Pieces(bytes),
};
