import { describe, expect, it } from 'vitest';
import { compareNames, compareNatural } from '../../../../shared/import/natural-order';

describe('natural order of names', () => {
  it('compares numbers inside names as numbers', () => {
    expect(['topic_10.jsonl', 'topic_2.jsonl', 'topic_1.jsonl'].sort(compareNames)).toEqual(['topic_1.jsonl', 'topic_2.jsonl', 'topic_10.jsonl']);
    expect(['v1.10', 'v1.9', 'v1.2'].sort(compareNatural)).toEqual(['v1.2', 'v1.9', 'v1.10']);
  });

  it('lets case break ties only, so names that differ in case stay together', () => {
    expect(['b', 'B', 'a', 'A'].sort(compareNames)).toEqual(['a', 'A', 'b', 'B']);
  });

  it('puts two different names the collator holds equal in one fixed order', () => {
    const composed = 'caf\u00e9.jsonl';
    const decomposed = 'cafe\u0301.jsonl';
    expect(compareNatural(composed, decomposed)).toBe(0);
    expect(compareNames(composed, decomposed)).toBeGreaterThan(0);
    expect(compareNames(decomposed, composed)).toBeLessThan(0);
    expect([composed, decomposed].sort(compareNames)).toEqual([decomposed, composed].sort(compareNames));
    expect(compareNames(composed, composed)).toBe(0);
  });
});
