import { describe, expect, it } from 'vitest';
import { lowestItems } from '../../../../renderer/src/features/synthesis/panels/lowest-items';
import { answer, item, metric, score } from './fixtures';

const base = {
  metrics: [metric('p-1'), metric('p-2')],
  testItems: [item('T1'), item('T2'), item('T10')],
  answers: [answer('T1-a1', 'T1'), answer('T2-a1', 'T2'), answer('T10-a1', 'T10')],
  anchors: ['T1-a1'],
};

describe('lowestItems', () => {
  it('lists the answers lowest on the metric first, with their item, answer text, rationale and anchor mark', () => {
    const scores = [score('T1-a1', 'p-1', 4), score('T2-a1', 'p-1', 2, 'misses the point'), score('T10-a1', 'p-1', 3), score('T2-a1', 'p-2', 5)];
    const listed = lowestItems({ ...base, scores }, 'p-1');
    expect(listed.map((entry) => [entry.answerId, entry.score])).toEqual([['T2-a1', 2], ['T10-a1', 3], ['T1-a1', 4]]);
    expect(listed[0]).toMatchObject({ itemId: 'T2', itemText: 'question T2', answerText: 'answer T2-a1', anchor: false, scores: [{ metric: 'p-1', score: 2, rationale: 'misses the point' }] });
    expect(listed[2].anchor).toBe(true);
  });

  it('ranks overall by the mean of the per-metric means, so a metric scored twice does not weigh double', () => {
    // T1-a1: p-1 scored 1 and 3 (mean 2), p-2 5 → overall 3.5; T2-a1: 3 and 3 → 3
    const scores = [score('T1-a1', 'p-1', 1), score('T1-a1', 'p-1', 3), score('T1-a1', 'p-2', 5), score('T2-a1', 'p-2', 3), score('T2-a1', 'p-1', 3)];
    const listed = lowestItems({ ...base, scores }, null);
    expect(listed.map((entry) => [entry.answerId, entry.score])).toEqual([['T2-a1', 3], ['T1-a1', 3.5]]);
    // scores in the round's metric order, repeats kept in the order given
    expect(listed[1].scores.map((entry) => `${entry.metric}:${entry.score}`)).toEqual(['p-1:1', 'p-1:3', 'p-2:5']);
    expect(listed[0].scores.map((entry) => entry.metric)).toEqual(['p-1', 'p-2']);
  });

  it('breaks ties by answer id in natural order and keeps to the limit', () => {
    const scores = [score('T10-a1', 'p-1', 2), score('T2-a1', 'p-1', 2), score('T1-a1', 'p-1', 2)];
    expect(lowestItems({ ...base, scores }, 'p-1', 2).map((entry) => entry.answerId)).toEqual(['T1-a1', 'T2-a1']);
    expect(lowestItems({ ...base, scores }, 'p-1', 0)).toEqual([]);
  });

  it('leaves out scores of metrics not in the round and answers without a score there; blank rationales read as none', () => {
    const scores = [score('T1-a1', 'gone-1', 1), score('T2-a1', 'p-1', 4, '   '), score('X-a9', 'p-1', 1)];
    const listed = lowestItems({ ...base, scores }, null);
    expect(listed.map((entry) => entry.answerId)).toEqual(['X-a9', 'T2-a1']);
    expect(listed[0]).toMatchObject({ itemId: null, itemText: null, answerText: null, anchor: false });
    expect(listed[1].scores[0].rationale).toBeNull();
    expect(lowestItems({ ...base, scores }, 'p-2')).toEqual([]);
  });
});
