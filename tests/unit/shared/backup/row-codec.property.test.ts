/**
 * The row codec as a property: any value a row may hold (rows are structured clones: plain objects) — nested objects and lists, every number
 * (NaN, ±Infinity, -0 included), undefined properties, Dates, typed arrays, objects with a `$b`
 * key of their own — comes back from its JSON text equal, field by field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRows, encodeRows } from '../../../../shared/backup/row-codec';

const number = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0), fc.integer());
const leaf = fc.oneof(number, fc.string({ unit: 'binary' }), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date({ noInvalidDate: true }), fc.array(number, { maxLength: 4 }).map((values) => Float64Array.from(values)), fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 4 }).map((values) => Int32Array.from(values)));
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constant('$b'), fc.constant('v')).filter((text) => text !== '__proto__');
const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 3 }).map((entries) => ({ ...entries }))),
})).value;

describe('the row codec', () => {
  it('gives back every value it encodes, field by field', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(key, value, { maxKeys: 4 }).map((entries) => ({ ...entries })), { maxLength: 3 }), (rows) => {
        expect(decodeRows(encodeRows(rows))).toStrictEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps -0, NaN and the infinities, as numbers and in typed arrays', () => {
    const rows = [{ zero: -0, nan: Number.NaN, big: Number.NEGATIVE_INFINITY, column: Float64Array.from([-0, Number.NaN, 1.5]) }];
    const back = decodeRows(encodeRows(rows)) as typeof rows;
    expect(Object.is(back[0]!.zero, -0)).toBe(true);
    expect(Object.is(back[0]!.column[0], -0)).toBe(true);
    expect(back).toStrictEqual(rows);
  });
});
