import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, fieldById } from '../../../../shared/codebook';
import { filterFieldLabels, searchCodebookLabels } from '../../../../shared/codebook/label-filter';

const field = (id: string) => {
  const found = fieldById(DEFAULT_CODEBOOK, id);
  if (!found) throw new Error(`no field ${id}`);
  return found;
};
const codes = (id: string, query: string) => filterFieldLabels(field(id), query).map((label) => label.code);

describe('filterFieldLabels', () => {
  it('keeps every label, in codebook order, for an empty or blank query', () => {
    const all = field('teaching_strategy').labels.map((label) => label.code);
    expect(codes('teaching_strategy', '')).toEqual(all);
    expect(codes('teaching_strategy', '  \u3000 ')).toEqual(all);
  });

  it('finds a label by its Chinese name and by a word of its English name', () => {
    expect(codes('teacher_intent', '引导推理')).toEqual(['guide_reasoning']);
    expect(codes('teacher_intent', 'Reasoning')).toEqual(['guide_reasoning']);
    expect(codes('teacher_intent', 'check')).toEqual(['check_understanding']);
  });

  it('finds a label by an alias, by its code and by full-width spelling', () => {
    expect(codes('teacher_intent', 'scaffolding')).toEqual(['guide_reasoning']);
    expect(codes('teaching_strategy', 'analogy')).toEqual(['use_analogies']);
    expect(codes('teacher_intent', 'summarize_elevate')).toEqual(['summarize_elevate']);
    expect(codes('discipline', 'ＩＴ')).toEqual(['information_technology']);
  });

  it('searches definitions and examples in both languages', () => {
    // teaching_strategy definition (en) "Gives a clue without giving the answer."; example (zh) "细胞膜就像小区的门卫。"
    expect(codes('teaching_strategy', 'clue')).toEqual(['provide_hints']);
    expect(codes('teaching_strategy', '门卫')).toEqual(['use_analogies']);
    // every word of a query must appear, in any of the label's texts
    expect(codes('teacher_intent', 'understood comprehension')).toEqual(['check_understanding']);
    expect(codes('teacher_intent', 'covered summary')).toEqual([]);
  });

  it('returns nothing when no label matches', () => {
    expect(codes('teacher_intent', '没有这个词')).toEqual([]);
    expect(codes('teacher_intent', 'xyzzy')).toEqual([]);
  });
});

describe('searchCodebookLabels', () => {
  it('lists the matches of every field, fields in codebook order, fields without a match left out', () => {
    // "water" is in the English examples of guide_reasoning, clear_understanding, vague_understanding and (watermelon) irrelevant_response
    const found = searchCodebookLabels(DEFAULT_CODEBOOK, 'water').map((entry) => [entry.field.id, entry.labels.map((label) => label.code)]);
    expect(found).toEqual([
      ['teacher_intent', ['guide_reasoning']],
      ['student_cognition_state', ['clear_understanding', 'vague_understanding', 'irrelevant_response']],
    ]);
    expect(searchCodebookLabels(DEFAULT_CODEBOOK, 'xyzzy')).toEqual([]);
  });
});
