/**
 * Repeated keys in a rubric set or codebook (JSON.parse keeps the last silently): found with
 * their offset, never a key of another object, a string value or an escaped quote.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstDuplicateKey } from '../../../../shared/config-files';
import { readCodebookFiles } from '../../../../shared/codebook/read-codebook-files';
import { readRubricSetText } from '../../../../shared/judge';

describe('repeated JSON keys', () => {
  it('finds none in anything JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        expect(firstDuplicateKey(JSON.stringify(value, null, indent))).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('finds a key repeated in any object of any value, at its quote', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ maxLength: 6 }), (value, key) => {
        const inner = JSON.stringify({ [key]: 1 }).slice(0, -1);
        const text = `[${JSON.stringify(value)}, ${inner}, ${JSON.stringify(key)}: 2}]`;
        const found = firstDuplicateKey(text);
        expect(found?.key).toBe(key);
        expect(text.slice(found!.offset, found!.offset + JSON.stringify(key).length)).toBe(JSON.stringify(key));
      }),
      { numRuns: 300 },
    );
  });

  it('tells keys from values, escaped quotes and other objects', () => {
    expect(firstDuplicateKey('{"a": "a", "b": {"a": 1}, "c": ["a", "a"], "d\\"": 1, "d": 2}')).toBeNull();
    expect(firstDuplicateKey('{"a": 1, "b": [{"x": 1, "x": 2}]}')).toEqual({ key: 'x', offset: 24 });
  });

  it('refuses a rubric set and a codebook with a repeated key, at its line', () => {
    expect(readRubricSetText('{\n  "id": "x",\n  "id": "y"\n}', 'set.json')).toEqual({ ok: false, problems: [{ line: 3, message: 'the key "id" is given twice in the same object; JSON keeps only the last, so say it once' }] });
    expect(() => readCodebookFiles({ name: 'cb.json', text: '{"id": "x",\n"id": "y"}' }, null)).toThrow('$ (line 2): the key "id" is given twice');
  });
});
