import { describe, expect, it } from 'vitest';
import { seededSample } from '../../../../shared/metrics/random';
describe('seededSample', () => {
  const items = Array.from({ length: 37 }, (_, index) => `d${index}`);
  it('draws ceil(fraction × n) items, at least one, in their order, the same for the same seed', () => {
    const first = seededSample(items, 0.2, 7);
    expect(first).toHaveLength(8);
    expect(first).toEqual([...first].sort((a, b) => items.indexOf(a) - items.indexOf(b)));
    expect(seededSample(items, 0.2, 7)).toEqual(first);
    expect(seededSample(items, 0.2, 8)).not.toEqual(first);
    expect(seededSample(items, 0, 7)).toHaveLength(1);
    expect(seededSample(items, 1, 7)).toEqual(items);
    expect(seededSample([], 0.5, 7)).toEqual([]);
  });
});
