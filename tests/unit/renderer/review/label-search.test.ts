import { describe, expect, it } from 'vitest';
import { searchLabels } from '../../../../renderer/src/features/review/label-search';
import { DEFAULT_CODEBOOK } from './fixtures';

const field = (id: string) => {
  const found = DEFAULT_CODEBOOK.fields.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('label type-ahead', () => {
  it('lists every label in codebook order for an empty query', () => {
    expect(searchLabels(field('teacher_guidance_level'), '  ').map((match) => match.code)).toEqual(['L1', 'L2', 'L3']);
  });

  it('finds labels by Chinese name, English name, alias and code', () => {
    const intent = field('teacher_intent');
    expect(searchLabels(intent, '引导')[0].code).toBe('guide_reasoning');
    expect(searchLabels(intent, 'check')[0].code).toBe('check_understanding');
    expect(searchLabels(intent, 'scaffolding')[0].code).toBe('guide_reasoning');
    expect(searchLabels(intent, 'summarize_elevate')[0].code).toBe('summarize_elevate');
    expect(searchLabels(intent, 'zzz')).toEqual([]);
  });

  it('ranks an exact name above a substring match and folds full-width input', () => {
    const level = field('cognitive_level');
    const matches = searchLabels(level, 'ＵＮＤＥＲＳＴＡＮＤ');
    expect(matches[0]).toMatchObject({ code: 'understand', rank: 0 });
  });

  it('offers a new value for an open vocabulary only when no label is an exact match', () => {
    const discipline = field('discipline');
    const astronomy = searchLabels(discipline, '天文');
    expect(astronomy[astronomy.length - 1]).toEqual({ code: '天文', label: null, rank: 4 });
    expect(searchLabels(discipline, '生物').some((match) => match.label === null)).toBe(false);
    expect(searchLabels(field('teacher_intent'), '天文').some((match) => match.label === null)).toBe(false);
  });
});
