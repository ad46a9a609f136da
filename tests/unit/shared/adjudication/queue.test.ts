import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { buildAdjudicationQueue, filterItems, labelPairsOf, pairAgreementOf, type AdjudicationInput, type AdjudicationTurn } from '../../../../shared/adjudication';
import type { FieldValue, FieldValues } from '../../../../shared/model/dataset';

const ok = (...codes: string[]): FieldValue => ({ raw: codes.join(','), codes, unknown: [], status: 'ok' });
const turn = (dialogueId: string, index: number, speaker: 'teacher' | 'student', pre: FieldValues): AdjudicationTurn => ({ id: `${dialogueId}#${index}`, dialogueId, index, speaker, pre });
const FIELDS = ['teacher_intent', 'teaching_strategy', 'student_cognition_state'];

/**
 * Three raters (pre-annotation, expert, layer B) over two dialogues, values chosen by hand:
 * - d1#0 teacher: intent pre guide_reasoning, expert check_understanding, B guide_reasoning → 1 of 3 pairs agree;
 *   strategy {follow_up, hints} from all three (B lists them the other way round) → unanimous.
 * - d1#1 student: cognition pre clear, expert none, B vague → 0 of 1 pair (the expert is left out, not counted as disagreeing).
 * - d2#0 teacher: intent three different values → 0 of 3; strategy only from B → too few values.
 * - d2#1 teacher: intent pre introduce, expert unsure, B introduce → unanimous among the two with a value.
 */
function input(): AdjudicationInput {
  const turns = [
    turn('d1', 0, 'teacher', { teacher_intent: ok('guide_reasoning'), teaching_strategy: ok('follow_up_questioning', 'provide_hints') }),
    turn('d1', 1, 'student', { student_cognition_state: ok('clear_understanding') }),
    turn('d2', 0, 'teacher', { teacher_intent: ok('introduce_concepts') }),
    turn('d2', 1, 'teacher', { teacher_intent: ok('introduce_concepts') }),
  ];
  const b: Record<string, FieldValues> = {
    'd1#0': { teacher_intent: ok('guide_reasoning'), teaching_strategy: ok('provide_hints', 'follow_up_questioning') },
    'd1#1': { student_cognition_state: ok('vague_understanding') },
    'd2#0': { teacher_intent: ok('check_understanding'), teaching_strategy: ok('use_analogies') },
    'd2#1': { teacher_intent: ok('introduce_concepts') },
  };
  return {
    codebook: DEFAULT_CODEBOOK,
    turns,
    fields: FIELDS,
    fieldReviews: [
      { turnId: 'd1#0', fieldId: 'teacher_intent', decision: 'changed', codes: ['check_understanding'] },
      { turnId: 'd1#0', fieldId: 'teaching_strategy', decision: 'accepted', codes: ['follow_up_questioning', 'provide_hints'] },
      { turnId: 'd2#0', fieldId: 'teacher_intent', decision: 'changed', codes: ['summarize_elevate'] },
      { turnId: 'd2#1', fieldId: 'teacher_intent', decision: 'unsure', codes: ['guide_reasoning'] },
    ],
    raters: [{ kind: 'pre' }, { kind: 'expert' }, { kind: 'layer', id: 'B', values: b }],
  };
}

describe('buildAdjudicationQueue', () => {
  it('lists the disagreements least agreement first, ties in dialogue then turn order', () => {
    const queue = buildAdjudicationQueue(input());
    expect(queue.raterKeys).toEqual(['llm', 'expert', 'layer:B']);
    expect(queue.disagreements.map((item) => [item.id, item.pairAgreement])).toEqual([
      ['d1#1|student_cognition_state', 0],
      ['d2#0|teacher_intent', 0],
      ['d1#0|teacher_intent', 1 / 3],
    ]);
    const first = queue.disagreements[2];
    expect(first.groups).toEqual([
      { codes: ['guide_reasoning'], raters: ['llm', 'layer:B'] },
      { codes: ['check_understanding'], raters: ['expert'] },
    ]);
    expect(first.largestShare).toBeCloseTo(2 / 3);
  });

  it('leaves a rater without a value out of the item instead of counting a disagreement', () => {
    const queue = buildAdjudicationQueue(input());
    const cognition = queue.disagreements[0];
    expect(cognition.rated).toBe(2);
    expect(cognition.ratings.map((rating) => rating.rating)).toEqual([{ codes: ['clear_understanding'] }, { missing: 'no-value' }, { codes: ['vague_understanding'] }]);
    // d2#0 strategy: only layer B has a value; d2#1 strategy: nobody has one
    expect(queue.tooFewValues).toBe(2);
  });

  it('lists unanimous items apart, sets compared whole, an unsure expert not a value', () => {
    const queue = buildAdjudicationQueue(input());
    expect(queue.unanimous.map((item) => item.id)).toEqual(['d1#0|teaching_strategy', 'd2#1|teacher_intent']);
    expect(queue.unanimous[0].groups).toEqual([{ codes: ['follow_up_questioning', 'provide_hints'], raters: ['llm', 'expert', 'layer:B'] }]);
    expect(queue.unanimous[1].ratings[1].rating).toEqual({ missing: 'unsure' });
  });

  it('takes a field only where it applies to the speaker as the expert corrected it', () => {
    const base = input();
    const corrected = buildAdjudicationQueue({ ...base, fieldReviews: [...base.fieldReviews, { turnId: 'd1#1', fieldId: 'speaker', decision: 'changed', codes: ['teacher'] }] });
    expect(corrected.disagreements.map((item) => item.id)).not.toContain('d1#1|student_cognition_state');
  });

  it('refuses fewer than two raters, the same rater twice and a free-text field', () => {
    expect(() => buildAdjudicationQueue({ ...input(), raters: [{ kind: 'pre' }] })).toThrow(/at least two/);
    expect(() => buildAdjudicationQueue({ ...input(), raters: [{ kind: 'pre' }, { kind: 'pre' }] })).toThrow(/different/);
    expect(() => buildAdjudicationQueue({ ...input(), fields: ['utterance'] })).toThrow(/free text/);
  });
});

describe('pairAgreementOf', () => {
  it('counts agreeing pairs: 3 raters 2+1 → 1 of 3; 4 raters 2+2 → 2 of 6; 4 raters 3+1 → 3 of 6', () => {
    const groups = (...sizes: number[]) => sizes.map((size, g) => ({ codes: [String(g)], raters: Array.from({ length: size }, (_, r) => `${g}.${r}`) }));
    expect(pairAgreementOf(groups(2, 1))).toBeCloseTo(1 / 3);
    expect(pairAgreementOf(groups(2, 2))).toBeCloseTo(2 / 6);
    expect(pairAgreementOf(groups(3, 1))).toBeCloseTo(3 / 6);
    expect(pairAgreementOf(groups(1, 1, 1))).toBe(0);
  });
});

describe('filterItems', () => {
  const { disagreements } = buildAdjudicationQueue(input());
  it('by field', () => {
    expect(filterItems(disagreements, { fieldId: 'teacher_intent' }).map((item) => item.id)).toEqual(['d2#0|teacher_intent', 'd1#0|teacher_intent']);
  });
  it('by label pair, in either order', () => {
    expect(filterItems(disagreements, { labels: ['guide_reasoning', 'check_understanding'] }).map((item) => item.id)).toEqual(['d1#0|teacher_intent']);
    expect(filterItems(disagreements, { labels: ['check_understanding', 'guide_reasoning'] }).map((item) => item.id)).toEqual(['d1#0|teacher_intent']);
    expect(filterItems(disagreements, { labels: ['guide_reasoning', 'summarize_elevate'] })).toEqual([]);
  });
  it('by rater pair: both rated and differ', () => {
    expect(filterItems(disagreements, { raters: ['llm', 'layer:B'] }).map((item) => item.id)).toEqual(['d1#1|student_cognition_state', 'd2#0|teacher_intent']);
    expect(filterItems(disagreements, { raters: ['expert', 'layer:B'] }).map((item) => item.id)).toEqual(['d2#0|teacher_intent', 'd1#0|teacher_intent']);
  });
  it('combines filters', () => {
    expect(filterItems(disagreements, { fieldId: 'teacher_intent', raters: ['llm', 'layer:B'] }).map((item) => item.id)).toEqual(['d2#0|teacher_intent']);
  });
  it('by label pair in a label set: a code one rater adds against the codes they share, not codes both have', () => {
    const sets = buildAdjudicationQueue({
      codebook: DEFAULT_CODEBOOK,
      fields: ['teaching_strategy'],
      turns: [turn('d', 0, 'teacher', { teaching_strategy: ok('follow_up_questioning') }), turn('d', 1, 'teacher', { teaching_strategy: ok('follow_up_questioning', 'provide_hints') })],
      fieldReviews: [],
      raters: [{ kind: 'pre' }, { kind: 'layer', id: 'B', values: { 'd#0': { teaching_strategy: ok('follow_up_questioning', 'provide_hints') }, 'd#1': { teaching_strategy: ok('follow_up_questioning', 'provide_hints', 'use_analogies') } } }],
    }).disagreements;
    expect(filterItems(sets, { labels: ['follow_up_questioning', 'provide_hints'] }).map((item) => item.id)).toEqual(['d#0|teaching_strategy']);
    expect(filterItems(sets, { labels: ['provide_hints', 'use_analogies'] }).map((item) => item.id)).toEqual(['d#1|teaching_strategy']);
  });

  it('lists the label pairs that occur, most items first', () => {
    const pairs = labelPairsOf(disagreements);
    expect(pairs.find((pair) => pair.labels.includes('guide_reasoning') && pair.labels.includes('check_understanding'))?.items).toBe(1);
    expect(pairs.reduce((sum, pair) => sum + pair.items, 0)).toBe(1 + 3 + 1);
  });
});
