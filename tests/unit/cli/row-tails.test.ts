/**
 * The remembered rests of ratings rows (row-tails.ts): the fast reader with them equals the
 * row-by-row reader on files whose rests repeat, whose rests never repeat (they stop being
 * looked up after the trial), and whose rests outnumber the table; and the table's own rules.
 */
import { describe, expect, it } from 'vitest';
import { parseRatingsCsvByRows } from '../../../electron/cli/commands/agreement-input';
import { readRatingsCsvFast } from '../../../electron/cli/commands/ratings-csv-fast';
import { MAX_TAILS, RowTails, TAILS_TRIAL_ROWS } from '../../../electron/cli/commands/row-tails';
import { seededRandom } from '../../../shared/metrics/random';

const bytesOf = (text: string) => new TextEncoder().encode(text);

function expectSameAsByRows(text: string): void {
  const fast = readRatingsCsvFast('ratings.csv', bytesOf(text), null);
  expect(fast).not.toBeNull();
  const reference = parseRatingsCsvByRows('ratings.csv', text, null);
  if (!fast?.ok || !reference.ok) throw new Error('both readers take the file');
  expect(fast.raters).toEqual(reference.raters);
  expect(fast.warnings).toEqual(reference.warnings);
  expect(fast.fields.map((field) => field.field)).toEqual(reference.fields.map((field) => field.field));
  fast.fields.forEach((field, index) => {
    const got = field.data;
    const expected = reference.fields[index].data;
    if (got.layout !== 'coded' || expected.layout !== 'ratings') throw new Error('unexpected layouts');
    expect(got.coded.items).toBe(expected.table.items.length);
    expect(got.coded.categories).toEqual(expected.table.categories);
  });
}

describe('remembered row rests', () => {
  it('a file whose first column never repeats (a row number) reads the same after the lookups stop', () => {
    const next = seededRandom(17);
    const lines = ['row,item,rater,label'];
    for (let row = 0; row < TAILS_TRIAL_ROWS * 2; row++) lines.push(`${row},i${Math.floor(row / 3)},r${row % 3},${['a', 'b', 'c'][Math.floor(next() * 3)]}`);
    expectSameAsByRows(`${lines.join('\n')}\n`);
  });

  it('a file with more distinct rests than the table holds, with CRLF, empty labels and no final line end, reads the same', () => {
    const next = seededRandom(5);
    const lines = ['item,rater,label,field'];
    const fields = Array.from({ length: 40 }, (_, index) => `f${index}`);
    const raters = Array.from({ length: 30 }, (_, index) => `rater-${index}`);
    for (let item = 0; item < 200; item++) {
      for (const field of fields.slice(0, 8 + (item % 32))) {
        for (const rater of raters.slice(0, 4 + (item % 26))) lines.push(`item ${item},${rater},${next() < 0.1 ? '' : ['是', 'no', 'maybe'][Math.floor(next() * 3)]},${field}`);
      }
    }
    expect(lines.length).toBeGreaterThan(MAX_TAILS * 10);
    expectSameAsByRows(lines.join('\r\n'));
  }, 60_000);

  it('gives back the ids stored for the same rest, never for another, and not for a row without a line end', () => {
    const bytes = bytesOf('1,a,x\n2,a,x\n3,a,y\n4,a,x');
    const tails = new RowTails(bytes, 3);
    const ids = Int32Array.of(0, 7, 8);
    expect(tails.match(2, ids)).toBe(false);
    tails.store(ids);
    const found = new Int32Array(3);
    expect(tails.match(8, found)).toBe(true);
    expect(Array.from(found.subarray(1))).toEqual([7, 8]);
    expect(tails.lineFeedAt).toBe(11);
    expect(tails.match(14, new Int32Array(3))).toBe(false);
    // the last row has no line feed: not looked up, so not stored either
    expect(tails.match(20, new Int32Array(3))).toBe(false);
    tails.store(Int32Array.of(0, 1, 1));
    expect(tails.match(20, new Int32Array(3))).toBe(false);
  });

  it('stops looking up after the trial when under half of the rows hit, and keeps at most MAX_TAILS rests', () => {
    const rows = Array.from({ length: TAILS_TRIAL_ROWS + MAX_TAILS }, (_, row) => `x,${row}\n`).join('');
    const bytes = bytesOf(rows);
    const tails = new RowTails(bytes, 2);
    let at = 0;
    for (let row = 0; row < TAILS_TRIAL_ROWS; row++) {
      expect(tails.match(at + 2, new Int32Array(2))).toBe(false);
      tails.store(Int32Array.of(0, row));
      at = bytes.indexOf(10, at) + 1;
    }
    expect(tails.enabled).toBe(false);
    const repeated = bytesOf(Array.from({ length: MAX_TAILS + 10 }, (_, row) => `x,${row}\n`).join('') + 'x,0\n');
    const full = new RowTails(repeated, 2);
    at = 0;
    for (let row = 0; row < MAX_TAILS + 10; row++) {
      full.match(at + 2, new Int32Array(2));
      full.store(Int32Array.of(0, row));
      at = repeated.indexOf(10, at) + 1;
    }
    // the first rest was kept (the last row repeats it), the ones past the bound were not
    expect(full.match(at + 2, new Int32Array(2))).toBe(true);
    const pastBound = new TextDecoder().decode(repeated).indexOf(`\nx,${MAX_TAILS + 5}\n`) + 1;
    expect(full.match(pastBound + 2, new Int32Array(2))).toBe(false);
    const withinBound = new TextDecoder().decode(repeated).indexOf(`\nx,${MAX_TAILS - 1}\n`) + 1;
    expect(full.match(withinBound + 2, new Int32Array(2))).toBe(true);
  });
});
