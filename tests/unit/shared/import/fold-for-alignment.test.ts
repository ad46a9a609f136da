/**
 * foldForAlignment drops whitespace, punctuation and symbols through a table of code units
 * instead of the Unicode-property regex it used before issue 9; it must give the same text
 * for every input, the whole Basic Multilingual Plane, astral characters and lone surrogates
 * included.
 */
import { describe, expect, it } from 'vitest';
import { foldForAlignment } from '../../../../shared/import/text-normalize';
import { seededRandom } from '../../../../shared/metrics/random';

/** The code before issue 9. */
function referenceFold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\[\s*(?:结束|end)\s*\]/gi, '')
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

describe('foldForAlignment equals the regex it replaced', () => {
  it('on every code unit of the BMP, alone and between letters', () => {
    for (let unit = 0; unit < 0x10000; unit++) {
      const alone = String.fromCharCode(unit);
      // between letters, before a combining mark and after a base letter: composition with neighbours
      for (const text of [alone, `a${alone}字`, `${alone}\u0301`, `e${alone}`, `字${alone}\u3099`]) {
        if (foldForAlignment(text) !== referenceFold(text)) expect([unit.toString(16), foldForAlignment(text)]).toEqual([unit.toString(16), referenceFold(text)]);
      }
    }
  });

  it('on seeded strings mixing letters, CJK, punctuation, full-width forms, emoji, lone surrogates and end markers', () => {
    const next = seededRandom(17);
    const pieces = ['你好', '，', '。', '！', '？', ' ', '\u3000', '\t', 'A', 'ｂ', 'Ｌ２', '[结束]', '［END］', '[ end ]', '[结', '😀', '𝐀', '\ud83d', '\ude00', '—', '…', '·', '$', '€', '1', '²', 'ǅ', 'İ', 'ß', '\u0301', '(', ')', '[', ']', 'e', 'ｶ', 'ﾞ', 'か', '\u3099', 'ᄀ', 'ᅡ', '¨', 'Ⓐ', 'Σ', '豈', '㍿', '老师', 'ai'];
    for (let k = 0; k < 20_000; k++) {
      const length = Math.floor(next() * 12);
      const text = Array.from({ length }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      if (foldForAlignment(text) !== referenceFold(text)) expect(foldForAlignment(text)).toBe(referenceFold(text));
    }
  });

  it('on astral code points, one of each 256 across the planes in use', () => {
    for (let point = 0x10000; point < 0x30000; point += 0x100) {
      const text = `x${String.fromCodePoint(point)}${String.fromCodePoint(point + 0x7f)}y`;
      expect(foldForAlignment(text)).toBe(referenceFold(text));
    }
    for (const point of [0x1f600, 0x1f4a9, 0x1d400, 0x1f1e6, 0x2000b, 0x1f3fb, 0xe0001]) {
      const text = `前${String.fromCodePoint(point)}后`;
      expect(foldForAlignment(text)).toBe(referenceFold(text));
    }
  });
});
