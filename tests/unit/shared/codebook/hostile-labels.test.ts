/**
 * Label matching on hostile cells: the gloss split and the value separators are linear scans,
 * and they split normal cells exactly as the regexes they replace.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../shared/metrics/random';
import { DEFAULT_CODEBOOK, fieldById, normalizeValue } from '../../../../shared/codebook';
import { splitGloss } from '../../../../shared/codebook/normalize-value';
import { splitValueParts } from '../../../../shared/codebook/text-fold';

const bloom = fieldById(DEFAULT_CODEBOOK, 'cognitive_level')!;
const discipline = fieldById(DEFAULT_CODEBOOK, 'discipline')!;

function cells(alphabet: string[], count: number, maxLength: number): string[] {
  const next = seededRandom(9);
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * maxLength) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
}

describe('hostile label cells', () => {
  it('cells of 200,000 "(" are read in one scan: unknown, kept raw', () => {
    for (const raw of ['('.repeat(200_000), '理解('.repeat(50_000), `x${'('.repeat(200_000)})`]) {
      const value = normalizeValue(bloom, raw);
      expect(value.status).toBe('unknown');
      expect(value.raw).toBe(raw);
    }
    // a known name before a gloss that is no label still names the label, as before
    expect(normalizeValue(bloom, `理解${'('.repeat(200_000)})`)).toMatchObject({ codes: ['understand'], status: 'ok' });
  });

  it('still reads a gloss after 100,000 spaces', () => {
    expect(normalizeValue(bloom, `理解${' '.repeat(100_000)}（Understand）`)).toMatchObject({ codes: ['understand'], status: 'ok' });
  });

  it('a set cell with a run of 100,000 spaces and no separator in it is one unknown part', () => {
    const raw = `数学${' '.repeat(100_000)}物理`;
    expect(splitValueParts(raw)).toEqual([raw]);
    expect(normalizeValue(discipline, raw)).toMatchObject({ status: 'unknown', unknown: [raw] });
    const separated = `数学${' '.repeat(100_000)},${' '.repeat(100_000)}物理`;
    expect(normalizeValue(discipline, separated)).toMatchObject({ status: 'ok', unknown: [] });
  });

  it('the gloss split agrees with the regex it replaces on 5,000 seeded short folded cells', () => {
    const glossed = /^(.+?)\s*\((.+)\)$/;
    for (const cell of cells(['(', ')', ' ', 'x', '理解'], 5_000, 9)) {
      const folded = cell.replace(/\s+/g, ' ').trim();
      const match = glossed.exec(folded);
      const expected = match ? [match[1].trim(), match[2].trim()] : undefined;
      const split = splitGloss(folded);
      expect([folded, split?.map((part) => part.trim())]).toEqual([folded, expected]);
    }
  });

  it('the separator split agrees with the regex it replaces on 5,000 seeded short cells', () => {
    const before = /\s*[,，、;；/／]\s*/;
    for (const cell of cells([',', '，', '、', ';', '/', ' ', '\t', '　', 'a', '数'], 5_000, 10)) {
      const expected = cell.split(before).map((part) => part.trim()).filter((part) => part.length > 0);
      expect([cell, splitValueParts(cell)]).toEqual([cell, expected]);
    }
  });
});
