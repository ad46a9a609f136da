import { describe, expect, it } from 'vitest';
import { buildScoreIndex, pairwiseResult, panelAggregate, tableOne } from '../../../../shared/judge';
import { line, testRubricSet } from './support';

// rubric A weighs 3, B 1: overall = 0.75·A + 0.25·B
const set = testRubricSet(['A', 'B'], { weights: [3, 1] });

describe('tableOne', () => {
  // G/d1: samples (4, 2), (5, 3), failed; G/d2: (2, 2); G/d3: only a failed sample
  const lines = [
    line('G', 'd1', 'J', 0, { A: 4, B: 2 }),
    line('G', 'd1', 'J', 1, { A: 5, B: 3 }),
    line('G', 'd1', 'J', 2, null),
    line('G', 'd2', 'J', 0, { A: 2, B: 2 }),
    line('G', 'd3', 'J', 0, null),
  ];

  it('per dialogue mean and variance across samples first, then n, mean and sd (n − 1) over dialogues; failures counted, never averaged', () => {
    const { cells, overall } = tableOne(buildScoreIndex(set, lines));
    const a = cells.find((cell) => cell.rubric === 'A')!;
    // dialogue means 4.5 and 2 → mean 3.25, sd |4.5 − 2|/√2; d1's variance across samples (4, 5) = 0.5
    expect(a).toMatchObject({ group: 'G', judge: 'J', n: 2, mean: 3.25, samples: 3, failed: 2, withinVariance: 0.5, repeatedDialogues: 1 });
    expect(a.sd).toBeCloseTo(2.5 / Math.SQRT2, 14);
    const b = cells.find((cell) => cell.rubric === 'B')!;
    expect(b).toMatchObject({ n: 2, mean: 2.25, withinVariance: 0.5 });
    // overall per sample: d1 3.5 and 4.5 → 4; d2 2 → mean 3, sd 2/√2
    expect(overall).toHaveLength(1);
    expect(overall[0]).toMatchObject({ n: 2, mean: 3, failed: 2, withinVariance: 0.5 });
    expect(overall[0].sd).toBeCloseTo(Math.SQRT2, 14);
  });

  it('one dialogue: a mean and no sd; no valid sample: no mean', () => {
    const { cells } = tableOne(buildScoreIndex(set, [line('G', 'd1', 'J', 0, { A: 4, B: 2 }), line('H', 'd1', 'J', 0, null)]));
    expect(cells.find((cell) => cell.group === 'G' && cell.rubric === 'A')).toMatchObject({ n: 1, mean: 4, sd: null, withinVariance: null });
    expect(cells.find((cell) => cell.group === 'H' && cell.rubric === 'A')).toMatchObject({ n: 0, mean: null, sd: null, failed: 1 });
  });

  it('keeps the same dialogue id of two teacher models apart and reads a repeated line once', () => {
    const index = buildScoreIndex(set, [line('G', 'd1', 'J', 0, { A: 5, B: 5 }), line('G', 'd1', 'J', 0, { A: 1, B: 1 }), line('H', 'd1', 'J', 0, { A: 1, B: 1 })]);
    expect(index.dialogueCount).toBe(2);
    expect(index.duplicateLines).toBe(1);
    expect(tableOne(index).cells.filter((cell) => cell.rubric === 'A').map((cell) => [cell.group, cell.mean])).toEqual([['G', 5], ['H', 1]]);
  });

  it('reads scores by rubric id, whatever their order in the line', () => {
    const { cells, overall } = tableOne(buildScoreIndex(set, [line('G', 'd1', 'J', 0, { B: 1, A: 5 })]));
    expect(cells.map((cell) => [cell.rubric, cell.mean])).toEqual([['A', 5], ['B', 1]]);
    expect(overall[0].mean).toBe(4);
  });

  it('can use the G-Eval expected scores instead of the sampled integers', () => {
    const withExpected = line('G', 'd1', 'J', 0, { A: 4, B: 2 });
    withExpected.scores[0].expected = 3.6;
    const index = buildScoreIndex(set, [withExpected], { values: 'expected' });
    const { cells, overall } = tableOne(index);
    expect(cells.map((cell) => cell.mean)).toEqual([3.6, null]);
    expect(overall[0].n).toBe(0);
  });
});

describe('panelAggregate', () => {
  const three = [
    line('G', 'd1', 'J1', 0, { A: 2, B: 1 }),
    line('G', 'd1', 'J2', 0, { A: 3, B: 1 }),
    line('G', 'd1', 'J3', 0, { A: 5, B: 1 }),
    line('G', 'd2', 'J1', 0, { A: 4, B: 1 }),
    line('G', 'd2', 'J2', 0, null),
    line('G', 'd2', 'J3', 0, { A: 4, B: 1 }),
  ];

  it('mean or median of the judges per dialogue; only dialogues every panel judge scored', () => {
    const mean = panelAggregate(buildScoreIndex(set, three), { method: 'mean' }).find((cell) => cell.rubric === 'A')!;
    expect(mean).toMatchObject({ n: 1, incomplete: 1 });
    expect(mean.mean).toBeCloseTo(10 / 3, 14);
    expect(panelAggregate(buildScoreIndex(set, three), { method: 'median' }).find((cell) => cell.rubric === 'A')).toMatchObject({ n: 1, mean: 3 });
    // without J2, d2 is complete: medians of (2, 5) and (4, 4) are 3.5 and 4
    expect(panelAggregate(buildScoreIndex(set, three), { method: 'median', judges: ['J1', 'J3'] }).find((cell) => cell.rubric === 'A')).toMatchObject({ n: 2, mean: 3.75, incomplete: 0 });
    expect(() => panelAggregate(buildScoreIndex(set, three), { judges: ['nobody'] })).toThrow('No judge named "nobody"');
  });
});

describe('pairwiseResult', () => {
  it('counts only verdicts consistent across both orders and reports the position-inconsistency rate', () => {
    const result = pairwiseResult([
      { pair: '1', ab: 'first', ba: 'second' }, // A both times
      { pair: '2', ab: 'second', ba: 'first' }, // B both times
      { pair: '3', ab: 'first', ba: 'first' }, // whichever came first: inconsistent
      { pair: '4', ab: 'tie', ba: 'tie' },
      { pair: '5', ab: 'tie', ba: 'second' }, // tie, then A: inconsistent
      { pair: '6', ab: 'first', ba: null }, // one order failed
    ]);
    expect(result).toEqual({ judged: 5, incomplete: 1, consistent: 3, inconsistent: 2, winsA: 1, winsB: 1, ties: 1, positionInconsistencyRate: 0.4, winRateA: 0.5, firstPositionFavoured: 1 });
    expect(pairwiseResult([]).positionInconsistencyRate).toBeNull();
  });
});
