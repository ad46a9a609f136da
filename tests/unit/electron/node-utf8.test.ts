/**
 * Node's strict UTF-8 decoder is a speed path only: on every kind of byte sequence the import
 * meets (valid text, BOMs, NUL, truncated and overlong sequences, surrogates, GBK, UTF-16
 * without a BOM) decodeImportBytes must give exactly what the web TextDecoder path gives, and
 * the pieces (ICU's conversion, line feed to line feed) joined must be that text.
 */
import { describe, expect, it } from 'vitest';
import { decodeUtf8Pieces, NODE_UTF8_DECODER } from '../../../electron/main/services/node-utf8';
import { decodeImportBytes, decodeImportBytesInPieces, WEB_UTF8_DECODER } from '../../../shared/import/file-rules';
import { seededRandom } from '../../../shared/metrics/random';

const PIECES: number[][] = [
  [...new TextEncoder().encode('{"role":"教师","content":"为什么？"}\n')],
  [...new TextEncoder().encode('a,b\r\n')],
  [0x0d],
  [0xef, 0xbb, 0xbf], // UTF-8 BOM
  [0xff, 0xfe], // UTF-16 LE BOM
  [0xfe, 0xff],
  [0x00],
  [0xc0, 0xaf], // overlong
  [0xed, 0xa0, 0x80], // a surrogate
  [0xe4, 0xbd], // truncated 你
  [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
  [0xf0, 0x9f, 0x98, 0x80], // 😀
  [0xc0, 0xcf, 0xca, 0xa6], // 老师 in GBK
  [0x61, 0x00, 0x62, 0x00], // UTF-16 LE without a BOM
];

/** the pieces above that are valid UTF-8 (NUL included) */
const VALID_PIECES = PIECES.filter((piece) => WEB_UTF8_DECODER.decode(new Uint8Array(piece)) !== null);

function randomBytes(next: () => number, pieces = PIECES, lineFeeds = 0): Uint8Array {
  const parts: number[] = [];
  const count = 1 + Math.floor(next() * 12);
  for (let i = 0; i < count; i++) {
    parts.push(...pieces[Math.floor(next() * pieces.length)]);
    if (next() < lineFeeds) parts.push(0x0a);
  }
  return new Uint8Array(parts);
}

describe('NODE_UTF8_DECODER', () => {
  it('decodes and refuses exactly as the TextDecoder path on 5,000 seeded byte sequences', () => {
    const next = seededRandom(9);
    let valid = 0;
    for (let i = 0; i < 5000; i++) {
      const bytes = randomBytes(next);
      const web = decodeImportBytes(bytes, undefined, WEB_UTF8_DECODER);
      expect(decodeImportBytes(bytes, undefined, NODE_UTF8_DECODER), `bytes ${[...bytes].join(',')}`).toEqual(web);
      expect(decodeImportBytes(Buffer.from(bytes), undefined, NODE_UTF8_DECODER)).toEqual(web);
      if (web.ok) valid++;
    }
    // both outcomes are exercised, not only one
    expect(valid).toBeGreaterThan(300);
    expect(valid).toBeLessThan(4700);
  });

  it('keeps a BOM inside the text as the TextDecoder does, and finds NUL in a view of a larger buffer', () => {
    const whole = new Uint8Array([0x00, 0xef, 0xbb, 0xbf, 0x61, 0x62]);
    const view = whole.subarray(1);
    expect(NODE_UTF8_DECODER.decode(view)).toBe('\uFEFFab');
    expect(NODE_UTF8_DECODER.hasNul(view)).toBe(false);
    expect(NODE_UTF8_DECODER.hasNul(whole)).toBe(true);
  });
});

describe('decodeUtf8Pieces and decodeImportBytesInPieces', () => {
  it('joined, equal the TextDecoder path on 5,000 seeded byte sequences, each piece but the last ending at a line feed', () => {
    const next = seededRandom(10);
    let pieced = 0;
    for (let i = 0; i < 5000; i++) {
      // half of them valid text with line feeds (in several pieces), half anything
      const bytes = next() < 0.5 ? randomBytes(next) : randomBytes(next, VALID_PIECES, 0.3);
      const web = decodeImportBytes(bytes, undefined, WEB_UTF8_DECODER);
      // pieces of a few bytes, so that pieces end inside every kind of sequence above
      const small = decodeUtf8Pieces(bytes, 1 + Math.floor(next() * 6));
      expect(small === null, `bytes ${[...bytes].join(',')}`).toBe(WEB_UTF8_DECODER.decode(bytes) === null);
      if (small) {
        const pieces = [...small];
        expect(pieces.join('')).toBe(WEB_UTF8_DECODER.decode(bytes));
        pieces.slice(0, -1).forEach((piece) => expect(piece.endsWith('\n')).toBe(true));
        // read again, the same pieces
        expect([...small]).toEqual(pieces);
        if (pieces.length > 1) pieced++;
      }
      const inPieces = decodeImportBytesInPieces(bytes, undefined, NODE_UTF8_DECODER);
      expect(inPieces.ok ? { ok: true, text: [...inPieces.pieces].join('') } : inPieces).toEqual(web);
    }
    expect(pieced).toBeGreaterThan(1000);
  });

  it('refuses what decodeImportBytes refuses, with the same reason, and reads other encodings whole', () => {
    const gbk = new Uint8Array([0xc0, 0xcf, 0xca, 0xa6, 0x0a, 0xc0, 0xcf]);
    expect(decodeImportBytesInPieces(gbk, undefined, NODE_UTF8_DECODER)).toEqual(decodeImportBytes(gbk, undefined, NODE_UTF8_DECODER));
    const asGb = decodeImportBytesInPieces(gbk, 'gb18030', NODE_UTF8_DECODER);
    expect(asGb.ok && [...asGb.pieces]).toEqual(['老师\n老']);
    const crOnly = new TextEncoder().encode('a\rb\r');
    const cr = decodeImportBytesInPieces(crOnly, undefined, NODE_UTF8_DECODER);
    expect(cr.ok && [...cr.pieces]).toEqual(['a\nb\n']);
  });
});
