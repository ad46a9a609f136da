import { describe, expect, it } from 'vitest';
import { fnv1a32, JITTER, jitterOf, scatterCsv, scatterPoints } from '../../../../renderer/src/stores/judge/scatter';

describe('fnv1a32', () => {
  it('matches the published FNV-1a test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
});

describe('scatterPoints', () => {
  const points = [
    { dialogue: 'd1', group: 'G', expert: 3, judge: 4 },
    { dialogue: 'd2', group: 'G', expert: 3, judge: 4 },
    { dialogue: 'd3', group: 'G', expert: 2, judge: 2 },
  ];

  it('moves only tied points, by at most the stated jitter, the same way every time', () => {
    const drawn = scatterPoints(points);
    expect(drawn[2]).toMatchObject({ x: 2, y: 2, jittered: false });
    for (const point of drawn.slice(0, 2)) {
      expect(point.jittered).toBe(true);
      expect(Math.abs(point.x - 3)).toBeLessThanOrEqual(JITTER);
      expect(Math.abs(point.y - 4)).toBeLessThanOrEqual(JITTER);
    }
    expect(drawn[0].x).not.toBe(drawn[1].x);
    expect(scatterPoints(points)).toEqual(drawn);
    // the jitter is the dialogue's hash: (2·h/2³² − 1)·0.15 for the key "G\0d1\0x"
    expect(drawn[0].x - 3).toBeCloseTo((2 * fnv1a32('G\u0000d1\u0000x') / 2 ** 32 - 1) * 0.15, 12);
    expect(jitterOf('G\u0000d1', 'x')).toBeCloseTo(drawn[0].x - 3, 12);
  });

  it('exports the exact values, not the jittered ones, with the ids the table shows', () => {
    expect(scatterCsv('j', 'A', points, (id) => `ext-${id}`)).toBe('judge,rubric,group,dialogue,expert,judge_value\nj,A,G,ext-d1,3,4\nj,A,G,ext-d2,3,4\nj,A,G,ext-d3,2,2\n');
  });
});
