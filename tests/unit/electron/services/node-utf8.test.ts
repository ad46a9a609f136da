/**
 * Node's strict UTF-8 decoder is a speed path only: on every kind of byte sequence the import
 * meets (valid text, BOMs, NUL, truncated and overlong sequences, surrogates, GBK, UTF-16
 * without a BOM) decodeImportBytes must give exactly what the web TextDecoder path gives, and a
 * file read in pieces (ICU's conversion, line feed to line feed) joined must be that text.
 */
import { describe, expect, it } from 'vitest';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_UTF8_DECODER, UndecodableText, utf8FilePieces } from '../../../../electron/services/node-utf8';
import { decodeImportBytes, WEB_UTF8_DECODER } from '../../../../shared/import/file-rules';
import { seededRandom } from '../../../../shared/metrics/random';

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

describe('utf8FilePieces', () => {
  it('joined, equal the TextDecoder path on 3,000 seeded files, each piece but the last ending at a line feed, and refuse what it refuses', () => {
    const next = seededRandom(10);
    const folder = mkdtempSync(join(tmpdir(), 'maieutic-pieces-'));
    try {
      let pieced = 0;
      let refused = 0;
      for (let i = 0; i < 3000; i++) {
        // half of them valid text with line feeds (in several pieces), half anything
        const bytes = next() < 0.5 ? randomBytes(next) : randomBytes(next, VALID_PIECES, 0.3);
        const path = join(folder, `f${i}`);
        writeFileSync(path, bytes);
        const web = WEB_UTF8_DECODER.decode(bytes);
        const fd = openSync(path, 'r');
        try {
          // pieces of a few bytes, so that they end inside every kind of sequence above
          const source = utf8FilePieces(fd, 0, 1 + Math.floor(next() * 6));
          const whole = decodeImportBytes(bytes, undefined, WEB_UTF8_DECODER);
          if (web === null || web.includes('\u0000')) {
            expect(() => [...source], `bytes ${[...bytes].join(',')}`).toThrow(UndecodableText);
            refused++;
            continue;
          }
          const pieces = [...source];
          // decodeImportBytes drops a leading BOM, which the caller skips with `from`; here it is kept
          expect(pieces.join('').replace(/^\uFEFF/, '')).toBe(whole.ok ? whole.text : null);
          pieces.slice(0, -1).forEach((piece) => expect(piece.endsWith('\n')).toBe(true));
          // read again, the same pieces
          expect([...source]).toEqual(pieces);
          if (pieces.length > 1) pieced++;
        } finally {
          closeSync(fd);
        }
      }
      expect(pieced).toBeGreaterThan(150);
      expect(refused).toBeGreaterThan(600);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads from an offset, makes a line longer than its buffer one piece, and turns CR line ends into LF as decodeImportBytes does', () => {
    const folder = mkdtempSync(join(tmpdir(), 'maieutic-pieces-'));
    try {
      const cases: [string, Uint8Array, number][] = [
        ['bom', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('老师\n学生\n')]), 3],
        ['long line', new TextEncoder().encode(`${'长'.repeat(5000)}\nb\n`), 0],
        ['cr only', new TextEncoder().encode('a\rb\r'), 0],
      ];
      for (const [name, bytes, from] of cases) {
        const path = join(folder, name);
        writeFileSync(path, bytes);
        const fd = openSync(path, 'r');
        try {
          const whole = decodeImportBytes(bytes, undefined, WEB_UTF8_DECODER);
          expect([...utf8FilePieces(fd, from, 16)].join(''), name).toBe(whole.ok ? whole.text : null);
        } finally {
          closeSync(fd);
        }
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
