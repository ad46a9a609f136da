/**
 * Node's strict UTF-8 decoder is a speed path only: on every kind of byte sequence the import
 * meets (valid text, BOMs, NUL, truncated and overlong sequences, surrogates, GBK, UTF-16
 * without a BOM) decodeImportBytes must give exactly what the web TextDecoder path gives.
 */
import { describe, expect, it } from 'vitest';
import { NODE_UTF8_DECODER } from '../../../electron/main/services/node-utf8';
import { decodeImportBytes, WEB_UTF8_DECODER } from '../../../shared/import/file-rules';
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

function randomBytes(next: () => number): Uint8Array {
  const parts: number[] = [];
  const count = 1 + Math.floor(next() * 12);
  for (let i = 0; i < count; i++) parts.push(...PIECES[Math.floor(next() * PIECES.length)]);
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
