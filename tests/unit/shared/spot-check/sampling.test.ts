import { describe, expect, it } from 'vitest';
import { allocateProportionally, drawSample, requestedSize, sampleCandidates, type PopulationDialogue, type SampleCandidate } from '../../../../shared/spot-check';

const dialogues = (count: number, stratum: (index: number) => string): SampleCandidate[] =>
  Array.from({ length: count }, (_, index) => ({ dialogueId: `d${String(index).padStart(3, '0')}`, stratum: stratum(index) }));

const ids = (sample: ReturnType<typeof drawSample>) => sample.items.map((item) => item.turnId ?? item.dialogueId);

describe('drawSample', () => {
  const population = dialogues(100, () => 'all');

  it('draws the same items for the same seed, whatever order the population comes in', () => {
    const first = drawSample(population, { fraction: 0.2 }, 42);
    const reversed = [...population].reverse();
    const interleaved = [...population.filter((_, index) => index % 2 === 1), ...population.filter((_, index) => index % 2 === 0)];
    expect(ids(drawSample(reversed, { fraction: 0.2 }, 42))).toEqual(ids(first));
    expect(ids(drawSample(interleaved, { fraction: 0.2 }, 42))).toEqual(ids(first));
    expect(ids(drawSample(population, { fraction: 0.2 }, 42))).toEqual(ids(first));
  });

  it('draws other items for another seed', () => {
    expect(ids(drawSample(population, { fraction: 0.2 }, 43))).not.toEqual(ids(drawSample(population, { fraction: 0.2 }, 42)));
  });

  it('draws 20% by default sizes, in source order, without repeats', () => {
    const sample = drawSample(population, { fraction: 0.2 }, 7);
    expect(sample.items).toHaveLength(20);
    expect(new Set(ids(sample)).size).toBe(20);
    expect(ids(sample)).toEqual([...ids(sample)].sort());
    expect(drawSample(population, { size: 13 }, 7).items).toHaveLength(13);
  });

  it('allocates proportionally over strata: 60/30/10 at 20% → 12/6/2, each item from its stratum', () => {
    const stratified = dialogues(100, (index) => (index < 60 ? 'A' : index < 90 ? 'B' : 'C'));
    const sample = drawSample(stratified, { fraction: 0.2 }, 1);
    expect(sample.strata).toEqual([
      { key: 'A', population: 60, sampled: 12 },
      { key: 'B', population: 30, sampled: 6 },
      { key: 'C', population: 10, sampled: 2 },
    ]);
    const byId = new Map(stratified.map((item) => [item.dialogueId, item.stratum]));
    for (const item of sample.items) expect(byId.get(item.dialogueId)).toBe(item.stratum);
    expect(sample.items.filter((item) => item.stratum === 'C')).toHaveLength(2);
  });

  it('handles the edges: no items, fraction 1, fraction 0', () => {
    expect(drawSample([], { fraction: 0.2 }, 1)).toEqual({ items: [], strata: [] });
    expect(ids(drawSample(population, { fraction: 1 }, 9))).toEqual(population.map((item) => item.dialogueId));
    expect(drawSample(population, { fraction: 0 }, 9).items).toEqual([]);
  });

  it('samples turns, keeping each turn id', () => {
    const turns: SampleCandidate[] = [0, 1, 2, 3, 4].map((index) => ({ dialogueId: 'd1', turn: { id: `d1#${index}`, index }, stratum: 'all' }));
    const sample = drawSample(turns, { size: 2 }, 3);
    expect(sample.items).toHaveLength(2);
    for (const item of sample.items) expect(item.turnId).toMatch(/^d1#\d$/);
  });
});

describe('requestedSize and allocateProportionally', () => {
  it('rounds a share up (20% of 7 is 2) and never up past float noise (20% of 35 is 7)', () => {
    expect(requestedSize({ fraction: 0.2 }, 7)).toBe(2);
    expect(requestedSize({ fraction: 0.2 }, 35)).toBe(7);
    expect(requestedSize({ fraction: 0.01 }, 10)).toBe(1);
    expect(requestedSize({ size: 500 }, 10)).toBe(10);
    expect(requestedSize({ fraction: 0.5 }, 0)).toBe(0);
  });

  it('gives the leftovers to the largest remainders (Hamilton): [7, 2, 1] of 5 → 3.5, 1, 0.5 → [3, 1, 1]', () => {
    expect(allocateProportionally([7, 2, 1], 5)).toEqual([3, 1, 1]);
    // 2, 1.5, 1.5: the tie goes to the earlier stratum
    expect(allocateProportionally([4, 3, 3], 5)).toEqual([2, 2, 1]);
    // 1.5, 2.5, 1 → 1, 2, 1: the remainders of a and b tie at .5; b is the larger stratum
    expect(allocateProportionally([3, 5, 2], 5)).toEqual([1, 3, 1]);
  });

  it('keeps one item for every non-empty stratum even past the total, none for an empty one', () => {
    expect(allocateProportionally([1, 1, 1, 1, 1], 2)).toEqual([1, 1, 1, 1, 1]);
    expect(allocateProportionally([98, 1, 1], 10)).toEqual([8, 1, 1]);
    expect(allocateProportionally([10, 0], 3)).toEqual([3, 0]);
  });
});

describe('sampleCandidates', () => {
  const population: PopulationDialogue[] = [
    { id: 'a', teacherModel: 'GPT-4o', topicId: '1', topicText: '光合作用', studentType: '', turns: [{ id: 'a#0', index: 0, labelCodes: ['x'] }, { id: 'a#1', index: 1, labelCodes: null }, { id: 'a#2', index: 2, labelCodes: ['x'] }] },
    { id: 'b', teacherModel: '', topicId: null, topicText: '', studentType: '困惑型', turns: [{ id: 'b#0', index: 0, labelCodes: ['y', 'x'] }] },
  ];

  it('names each item its stratum', () => {
    expect(sampleCandidates(population, 'dialogue', { kind: 'teacher-model' }).map((item) => item.stratum)).toEqual(['GPT-4o', '(none)']);
    expect(sampleCandidates(population, 'dialogue', { kind: 'topic' }).map((item) => item.stratum)).toEqual(['光合作用', '(none)']);
    expect(sampleCandidates(population, 'dialogue', { kind: 'student-type' }).map((item) => item.stratum)).toEqual(['(none)', '困惑型']);
    expect(sampleCandidates(population, 'turn', { kind: 'none' })).toHaveLength(4);
  });

  it('stratifies by one field’s LLM label: turns by their own label (not-applicable turns left out), dialogues by their most frequent one', () => {
    expect(sampleCandidates(population, 'turn', { kind: 'llm-label', fieldId: 'f' }).map((item) => `${item.turn?.id}:${item.stratum}`)).toEqual(['a#0:x', 'a#2:x', 'b#0:x+y']);
    expect(sampleCandidates(population, 'dialogue', { kind: 'llm-label', fieldId: 'f' }).map((item) => item.stratum)).toEqual(['x', 'x+y']);
  });
});
