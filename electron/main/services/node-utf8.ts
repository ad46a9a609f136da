import { isUtf8 } from 'node:buffer';
import type { Utf8Decoder } from '../../../shared/import/file-rules';

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
