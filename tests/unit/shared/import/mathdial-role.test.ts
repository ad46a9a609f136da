/** The MathDial role prefix on hostile turns: one scan, splitting normal turns as the regex it replaces. */
import { describe, expect, it } from 'vitest';
import { rolePrefix } from '../../../../shared/import/presets/mathdial';
import { seededRandom } from '../../../../shared/metrics/random';

function cells(alphabet: string[], count: number, maxLength: number): string[] {
  const next = seededRandom(9);
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * maxLength) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
}

describe('MathDial role prefix on hostile turns', () => {
  it('a turn of 200,000 spaces without a colon, and one with a colon after them, are read in one scan', () => {
    expect(rolePrefix(' '.repeat(200_000))).toBeNull();
    expect(rolePrefix(`${' '.repeat(200_000)}Teacher: hi`)).toEqual({ role: 'Teacher', length: 200_009 });
    expect(rolePrefix(`Teacher${' '.repeat(200_000)}x: hi`)).toBeNull();
  });

  it('agrees with the regex it replaces on 5,000 seeded short turns', () => {
    const before = /^\s*([^:：\n]{1,24}?)\s*[:：] ?/;
    for (const cell of cells([':', '：', ' ', '\n', '\t', 'T', '师', 'abcdefghij'], 5_000, 9)) {
      const match = before.exec(cell);
      expect([cell, rolePrefix(cell)]).toEqual([cell, match ? { role: match[1], length: match[0].length } : null]);
    }
  });
});
