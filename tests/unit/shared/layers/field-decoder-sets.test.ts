import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../shared/codebook/types';
import { FieldDecoder } from '../../../../shared/layers/field-decoder';
import { missingReasonOf } from '../../../../shared/layers/missing-reasons';

function setField(labels: number): FieldDef {
  return {
    id: 'strategy', name: { zh: '策略', en: 'Strategy' }, type: 'set', appliesTo: 'teacher', openVocabulary: false, description: { zh: '', en: '' },
    labels: Array.from({ length: labels }, (_, index) => ({ code: `c${index}`, name: { zh: `码${index}`, en: `Code ${index}` }, aliases: [], description: { zh: '', en: '' }, examples: [] })) as unknown as FieldDef['labels'],
  };
}

describe('FieldDecoder label sets, small (bit key) and large (arithmetic key)', () => {
  for (const size of [12, 30, 31, 52]) {
    it(`${size} labels: a set is the same id whatever the order and repeats, distinct sets differ, the empty set is a set`, () => {
      const decoder = new FieldDecoder(setField(size));
      const last = `c${size - 1}`;
      const a = decoder.codes([last, 'c2', 'c0', 'c2']);
      expect(decoder.codes(['c0', 'c2', last])).toBe(a);
      expect(decoder.sets[a]).toEqual([0, 2, size - 1]);
      const b = decoder.codes(['c0', 'c2']);
      expect(b).not.toBe(a);
      expect(decoder.sets[b]).toEqual([0, 2]);
      const empty = decoder.codes([]);
      expect(decoder.sets[empty]).toEqual([]);
      expect(missingReasonOf(decoder.codes(['c0', 'nope']))).toBe('not-in-codebook');
    });
  }
});
