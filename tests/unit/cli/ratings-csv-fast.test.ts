/**
 * The fast ratings-CSV reader of `agreement --input` against the row-by-row reader it replaces
 * (kept as the reference and as the reader of files the fast one does not take): the same
 * fields, raters, categories, warnings and coded ratings on seeded files, and null (so the
 * row-by-row reader names the problem) on every kind of file it must not take.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agreementReport, codedRatingsOfTable, COEFFICIENTS, MAX_CATEGORIES } from '../../../shared/agreement';
import type { AgreementData, CodedRatings } from '../../../shared/agreement';
import { seededRandom } from '../../../shared/metrics/random';
import { parseRatingsCsv, parseRatingsCsvByRows, type AgreementInput } from '../../../electron/cli/commands/agreement-input';
import { readRatingsCsvFast } from '../../../electron/cli/commands/ratings-csv-fast';
import { countTwoBytes } from '../../../electron/cli/commands/ratings-plain-scan';
import { generateRatingsCsv } from '../../bench/peers/ratings-csv';
import { runCaptured } from './run-captured';

const bytesOf = (text: string) => new TextEncoder().encode(text);

function codedOf(data: AgreementData): CodedRatings {
  if (data.layout === 'coded') return data.coded;
  if (data.layout === 'ratings') return codedRatingsOfTable(data.table);
  throw new Error('a ratings file gives no counts layout');
}

/** The fast reader's result equals the row-by-row reader's: fields, categories, raters, every coded rating, the warnings, and the report. */
function expectSameAsByRows(name: string, text: string, categories: readonly string[] | null = null): AgreementInput {
  const fast = readRatingsCsvFast(name, bytesOf(text), categories);
  const reference = parseRatingsCsvByRows(name, text, categories);
  expect(reference.ok).toBe(true);
  expect(fast).not.toBeNull();
  if (!fast?.ok || !reference.ok) throw new Error('unreachable');
  expect(fast.raters).toEqual(reference.raters);
  expect(fast.warnings).toEqual(reference.warnings);
  expect(fast.fields.map((field) => field.field)).toEqual(reference.fields.map((field) => field.field));
  fast.fields.forEach((field, index) => {
    const got = codedOf(field.data);
    const expected = codedOf(reference.fields[index].data);
    expect(got.categories).toEqual(expected.categories);
    expect(got.raters).toEqual(expected.raters);
    expect(got.items).toBe(expected.items);
    got.columns.forEach((column, rater) => expect(Array.from(column)).toEqual(Array.from(expected.columns[rater])));
    const options = { field: field.field, coefficients: COEFFICIENTS, everyCohenPair: true };
    const fastValues = agreementReport(field.data, options).map((result) => result.value);
    const referenceValues = agreementReport(reference.fields[index].data, options).map((result) => result.value);
    fastValues.forEach((value, at) => {
      const expectedValue = referenceValues[at];
      if (value === null || expectedValue === null) expect(value).toBe(expectedValue);
      else expect(Math.abs(value - expectedValue)).toBeLessThanOrEqual(1e-12);
    });
  });
  return fast;
}

/** A seeded file in the shapes people write by hand: quoted cells, spaces around cells, CRLF, blank lines, extra columns, unicode. */
function handWritten(seed: number): { text: string; categories: string[] | null } {
  const next = seededRandom(seed);
  const labels = ['是', '否', 'ünï; quoted', '引导推理', 'L1', 'a b'];
  const raters = ['张老师', 'rater 2', 'r3'];
  const crlf = next() < 0.5;
  const withField = next() < 0.5;
  const extra = next() < 0.3;
  const end = crlf ? '\r\n' : '\n';
  const quoted = next() < 0.5;
  const quote = (cell: string) => (quoted && (cell.includes(',') || next() < 0.2) ? `"${cell}"` : next() < 0.2 ? ` ${cell} ` : cell);
  const lines = [[...(extra ? ['note'] : []), 'item', 'rater', 'label', ...(withField ? ['field'] : [])].join(',')];
  const items = 1 + Math.floor(next() * 40);
  for (let item = 0; item < items; item++) {
    for (const field of withField ? ['意图', 'level'] : [null]) {
      for (const rater of raters) {
        if (next() < 0.1) continue; // a rater who did not rate this item
        const label = next() < 0.1 ? '' : labels[Math.floor(next() * labels.length)];
        const row = [...(extra ? [quote(quoted ? 'free, text' : 'free text')] : []), quote(`item ${item}`), quote(rater), quote(label), ...(field === null ? [] : [quote(field)])];
        lines.push(row.join(','));
        if (next() < 0.05) lines.push(next() < 0.5 ? '' : '   ');
      }
    }
  }
  return { text: `${lines.join(end)}${next() < 0.5 ? end : ''}`, categories: next() < 0.3 ? labels : null };
}

describe('the fast ratings reader', () => {
  it('equals the row-by-row reader on seeded generated files (several seeds, missing ratings, 1–4 raters, with and without a field column)', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const next = seededRandom(seed * 97);
      const raters = ['r1', 'r2', 'r3', 'r4'].slice(0, 1 + Math.floor(next() * 4));
      const text = generateRatingsCsv({ items: 200 + seed * 50, raters, seed, missing: 0.1 * (seed % 4), agreement: next() });
      expectSameAsByRows('ratings.csv', text);
      // without the field column the rows are one table: only the first field's rows, so no rating repeats
      const firstField = text.split('\n').filter((line, index) => index === 0 || line.endsWith(',intent'));
      expectSameAsByRows('ratings.csv', firstField.map((line) => line.split(',').slice(0, 3).join(',')).join('\n'));
    }
  }, 60_000);

  it('equals the row-by-row reader on hand-written files: quoted cells, spaces, CRLF, blank lines, unused columns, unicode, --categories', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { text, categories } = handWritten(seed);
      expectSameAsByRows(seed % 2 === 0 ? 'ratings.csv' : 'ratings.txt', text, categories);
    }
  }, 60_000);

  it('equals the row-by-row reader whatever the cell lengths, their alignment and the file\'s last bytes (the four-byte scan and the predictions)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = seededRandom(seed * 131);
      // values of 1 to 13 bytes that share their first and last four bytes, differ only in the middle, or are prefixes of each other
      const label = () => ['x', 'xy', 'xyz', 'abcd', 'abcde', 'abcdX', 'abXde', 'abcdefgh', 'abcdefghi', 'abcdZfghi', 'abcdefghijklm', '是否', 'é'][Math.floor(next() * 13)];
      const pad = () => (next() < 0.1 ? ' ' : '');
      const end = next() < 0.5 ? '\r\n' : '\n';
      const lines = ['item,rater,label,field'];
      const items = 1 + Math.floor(next() * 30);
      for (let item = 0; item < items; item++) {
        const name = next() < 0.5 ? `i${item}` : `item-${String(item).padStart(1 + Math.floor(next() * 9), '0')}-x`;
        for (const field of ['f', 'field two']) {
          for (const rater of ['r', 'rater2', 'rat3']) {
            if (next() < 0.1) continue;
            lines.push([`${pad()}${name}`, rater, next() < 0.1 ? '' : `${pad()}${label()}${pad()}`, field].join(','));
          }
        }
      }
      expectSameAsByRows('ratings.csv', `${lines.join(end)}${next() < 0.5 ? end : ''}`);
    }
  }, 60_000);

  it('equals the row-by-row reader on a field of 75,000 ratings (its ratings in several chunks)', () => {
    const lines = ['item,rater,label'];
    const next = seededRandom(75);
    for (let item = 0; item < 25_000; item++) for (const rater of ['a', 'b', 'c']) lines.push(`${item},${rater},${next() < 0.02 ? '' : ['yes', 'no', 'maybe'][Math.floor(next() * 3)]}`);
    expectSameAsByRows('ratings.csv', lines.join('\n'));
  }, 60_000);

  it('reads a quote inside an unquoted cell as a character, as papaparse does', () => {
    expectSameAsByRows('ratings.csv', 'item,rater,label\n1,a,x"y\n1,b,x\n2,a, "x"\n2,b,x\n');
  });

  it('reads tab- and semicolon-separated files the same way', () => {
    expectSameAsByRows('ratings.tsv', 'item\trater\tlabel\n1\ta\tx\n1\tb\ty\n2\ta\tx\n2\tb\tx\n');
    expectSameAsByRows('ratings.csv', 'item;rater;label\n1;a;x\n1;b;y\n2;a;x\n2;b;x\n');
  });

  it('leaves every file it must not take to the row-by-row reader, which names the problem', () => {
    const irregular: Record<string, string> = {
      'a rating given twice': 'item,rater,label\n1,a,x\n1,a,y\n2,a,x\n',
      'an empty item cell': 'item,rater,label\n,a,x\n1,b,y\n',
      'an empty field cell': 'item,rater,label,field\n1,a,x,\n',
      'a row with a cell too many': 'item,rater,label\n1,a,x,extra\n',
      'a quoted cell with an escaped quote': 'item,rater,label\n1,a,"say ""x"""\n1,b,x\n',
      'a quote inside a cell of a file with quoted cells': 'item,rater,label\n1,a,"x"\n1,b,x"y\n',
      'an unterminated quote': 'item,rater,label\n1,a,"x\n1,b,x\n',
      'mixed line endings': 'item,rater,label\r\n1,a,x\n1,b,x\r\n',
      'a lone carriage return': 'item,rater,label\r1,a,x\r1,b,x\r',
      'a no-break space at the edge of a cell': 'item,rater,label\n1,a,x\u00a0\n1,b,x\n',
      'a header without the label column': 'item,rater,code\n1,a,x\n',
      'a header only': 'item,rater,label\n',
      'an empty file': '',
      'no labels at all': 'item,rater,label\n1,a,\n1,b,\n',
    };
    for (const [kind, text] of Object.entries(irregular)) {
      expect(readRatingsCsvFast('ratings.csv', bytesOf(text), null), kind).toBeNull();
      expect(parseRatingsCsv('ratings.csv', { text }, null), kind).toEqual(parseRatingsCsvByRows('ratings.csv', text, null));
    }
    expect(readRatingsCsvFast('ratings.csv', bytesOf('item,rater,label\n1,a,x\n1,b,z\n'), ['x', 'y']), 'a label outside --categories').toBeNull();
  });
});

describe('a field with more labels than agreement computes', () => {
  const manyLabels = (count: number) => {
    const lines = ['item,rater,label'];
    for (let item = 0; item < count; item++) lines.push(`${item},a,label ${item}`, `${item},b,label ${(item * 7) % count}`);
    return `${lines.join('\n')}\n`;
  };

  it('is refused with the number of labels and the bound, by both readers, before any table is built', () => {
    const text = manyLabels(MAX_CATEGORIES + 1);
    const expected = `The label column has ${(MAX_CATEGORIES + 1).toLocaleString('en-US')} distinct labels; agreement computes at most ${MAX_CATEGORIES.toLocaleString('en-US')} categories per field`;
    const result = parseRatingsCsv('many.csv', { text }, null);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].message.startsWith(expected)).toBe(true);
    expect(parseRatingsCsvByRows('many.csv', text, null)).toEqual(result);
    // exactly at the bound it computes
    expect(parseRatingsCsv('bound.csv', { text: manyLabels(MAX_CATEGORIES) }, null).ok).toBe(true);
  });

  it('60,000 distinct labels through the CLI: exit 1 and file:line naming the count and the bound, never a crash', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'maieutic-labels-'));
    const file = join(folder, 'free-text.csv');
    writeFileSync(file, manyLabels(60_000));
    const run = await runCaptured(['agreement', '--input', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `${file}:2: The label column has 60,000 distinct labels; agreement computes at most 1,000 categories per field (Cohen's kappa and Krippendorff's alpha use categories × categories tables). A label column with this many values usually holds free text or ids: check that the "label" column is the one with the codes.\n`,
    );
    const json = await runCaptured(['agreement', '--input', file, '--json']);
    expect(json.code).toBe(1);
    const categories = await runCaptured(['agreement', '--input', file, '--categories', Array.from({ length: 60_000 }, (_, index) => `c${index}`).join(',')]);
    expect(categories.code).toBe(2);
    expect(categories.stderr).toMatch(/^--categories lists 60,000 categories; agreement computes at most 1,000 per field\./);
  }, 60_000);
});

describe('countTwoBytes (the CRLF check: as many carriage returns as line feeds)', () => {
  it('counts what a byte-by-byte count counts, at every alignment and length, for bytes near the SWAR edge cases', () => {
    const next = seededRandom(17);
    const alphabet = [0x0d, 0x0a, 0x00, 0x01, 0x7f, 0x80, 0x8d, 0x8a, 0xff, 0x0c, 0x0e, 0x61];
    const buffer = new Uint8Array(4096);
    for (let i = 0; i < buffer.length; i++) buffer[i] = next() < 0.8 ? alphabet[Math.floor(next() * alphabet.length)] : Math.floor(next() * 256);
    for (let start = 0; start < 8; start++) {
      for (const length of [0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 64, 1000, 4000]) {
        const view = buffer.subarray(start, start + length);
        const naive = [0, 0];
        for (const byte of view) {
          if (byte === 0x0d) naive[0]++;
          else if (byte === 0x0a) naive[1]++;
        }
        expect(countTwoBytes(view, 0x0d, 0x0a), `start ${start}, length ${length}`).toEqual(naive);
      }
    }
  });
});
