import { isUtf8, transcode } from 'node:buffer';
import { readSync } from 'node:fs';
import { withLineFeeds } from '../../shared/import/file-rules';
import type { Utf8Decoder } from '../../shared/import/file-rules';

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
 * Node's strict UTF-8: simdutf validation and Buffer decoding, and memchr for NUL. On a 48 MB
 * file this takes about a tenth of the TextDecoder's {fatal: true} time; the text is the same
 * (only valid bytes are decoded, so no replacement character can differ).
 */
export const NODE_UTF8_DECODER: Utf8Decoder = {
  decode: (bytes) => (isUtf8(bytes) ? asBuffer(bytes).toString('utf8') : null),
  hasNul: (bytes) => asBuffer(bytes).indexOf(0) !== -1,
};

/** Thrown by utf8FilePieces on bytes that are not valid UTF-8 or hold NUL: the caller reads the file whole to say why. */
export class UndecodableText extends Error {
  constructor() {
    super('The file is not plain UTF-8 text.');
  }
}

/**
 * The UTF-8 text of an open file from byte `from` on, in pieces ending at line feeds, read from
 * disk into one reused buffer of about `pieceBytes` as the pieces are iterated (each iteration
 * reads the file again): no copy of the whole file is ever made, and each piece is converted
 * while its bytes are in the cache. A piece that is not valid UTF-8 or holds NUL throws
 * UndecodableText. A file without any line feed is one piece, whose CR line ends become LF as
 * decodeImportBytes makes them.
 */
export function utf8FilePieces(fd: number, from: number, pieceBytes = PIECE_BYTES): Iterable<string> {
  return {
    *[Symbol.iterator]() {
      let buffer = Buffer.allocUnsafe(pieceBytes);
      let position = from;
      let carried = 0;
      let handedOn = false;
      for (;;) {
        if (carried === buffer.length) {
          // a line longer than the buffer: double it
          const longer = Buffer.allocUnsafe(buffer.length * 2);
          buffer.copy(longer, 0, 0, carried);
          buffer = longer;
        }
        const got = readSync(fd, buffer, carried, buffer.length - carried, position);
        position += got;
        const filled = carried + got;
        if (filled === 0) return;
        let end = filled;
        if (got > 0) {
          const lineFeed = buffer.lastIndexOf(0x0a, filled - 1);
          if (lineFeed === -1) {
            carried = filled;
            continue;
          }
          end = lineFeed + 1;
        }
        const region = buffer.subarray(0, end);
        if (!isUtf8(region) || region.indexOf(0) !== -1) throw new UndecodableText();
        const text = transcodeToText(region) ?? region.toString('utf8');
        yield got === 0 && !handedOn ? withLineFeeds(text) : text;
        handedOn = true;
        carried = filled - end;
        if (carried > 0) buffer.copy(buffer, 0, end, filled);
        if (got === 0) return;
      }
    },
  };
}
