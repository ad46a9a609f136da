/**
 * LLM pre-annotation × expert layer. A hand-made codebook and nine turns; every expected kappa
 * is worked out by hand in the comments from κ = (Po − Pe)/(1 − Pe) (weighted:
 * κw = 1 − Σ d·p_obs / Σ d·p_exp), never taken from the code under test.
 */
import { describe, expect, it } from 'vitest';
import { Z_975 } from '../../../../shared/agreement';
import { ALL_GROUP, cellTurnIds, EXPERT_SOURCE, PRE_SOURCE, reviewLayerAgreement, totalMissing, type LayerAgreementRow, type RaterSource, type ReviewLayerInput, type ReviewLayerReview, type ReviewLayerTurn } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import { testField } from './support';
import type { FieldValue, FieldValues } from '../../../../shared/model/dataset';
import type { ReviewDecision } from '../../../../shared/model/review';

const field = testField;

const codebook: Codebook = {
  id: 'test',
  name: { zh: '测试', en: 'test' },
  version: '1',
  fields: [
    field('utterance', 'text', 'all', []),
    field('intent', 'single', 'teacher', ['a', 'b', 'c']),
    field('level', 'ordinal', 'teacher', ['L1', 'L2', 'L3']),
    field('disc', 'set', 'all', ['x', 'y']),
    field('cogn', 'single', 'student', ['s1', 's2']),
  ],
};

const ok = (...codes: string[]): FieldValue => ({ raw: codes.join(', '), codes, unknown: [], status: codes.length ? 'ok' : 'empty' });
const unknown = (raw: string): FieldValue => ({ raw, codes: [], unknown: [raw], status: 'unknown' });

const turns: ReviewLayerTurn[] = [
  { id: 'T1', speaker: 'teacher', group: 'GPT-4o', pre: { intent: ok('a'), level: ok('L1'), disc: ok('x') } },
  { id: 'T2', speaker: 'teacher', group: 'GPT-4o', pre: { intent: ok('a'), level: ok('L2'), disc: ok('x', 'y') } },
  { id: 'T3', speaker: 'teacher', group: 'GPT-4o', pre: { intent: ok('b'), level: ok('L3') } },
  { id: 'T4', speaker: 'teacher', group: 'GPT-4o', pre: { intent: ok('c'), level: ok('L1') } },
  { id: 'T5', speaker: 'student', group: 'Qwen', pre: { disc: ok(), cogn: ok('s1') } },
  { id: 'T6', speaker: 'teacher', group: 'Qwen', pre: { intent: ok('a') } },
  { id: 'T7', speaker: 'teacher', group: 'Qwen', pre: { intent: ok('a') } },
  { id: 'T8', speaker: 'teacher', group: 'Qwen', pre: { intent: unknown('引入') } },
  { id: 'T9', speaker: 'teacher', group: 'Qwen', pre: { level: ok('L2') } },
];

const review = (turnId: string, fieldId: string, decision: ReviewDecision, ...codes: string[]): ReviewLayerReview => ({ turnId, fieldId, decision, codes });

const reviews: ReviewLayerReview[] = [
  review('T1', 'intent', 'accepted', 'a'),
  review('T2', 'intent', 'changed', 'b'),
  review('T3', 'intent', 'accepted', 'b'),
  review('T4', 'intent', 'accepted', 'c'),
  review('T7', 'intent', 'unsure', 'a'),
  review('T8', 'intent', 'changed', 'a'),
  review('T1', 'level', 'accepted', 'L1'),
  review('T2', 'level', 'changed', 'L3'),
  review('T3', 'level', 'accepted', 'L3'),
  review('T4', 'level', 'changed', 'L2'),
  review('T9', 'level', 'unsure', 'L2'),
  review('T1', 'disc', 'accepted', 'x'),
  review('T2', 'disc', 'changed', 'x'),
  review('T3', 'disc', 'changed', 'x'),
  review('T5', 'disc', 'changed', 'y'),
  // T6 has no review at all: it is not a reviewed turn and counts nowhere.
];

// Nine hand-made turns, fewer than the 10 items below which the view gives no κ: the arithmetic
// is checked with minItems 2 (the view's minimum and its other rule have their own tests below).
const input: ReviewLayerInput = { codebook, turns, fieldReviews: reviews, minItems: 2 };

function rowOf(rows: readonly LayerAgreementRow[], key: string): LayerAgreementRow {
  const found = rows.find((row) => row.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
}

describe('reviewLayerAgreement: all turns', () => {
  const report = reviewLayerAgreement(input);
  const [all] = report.groups;

  it('compares every label field, set fields with a row per code, and no free text', () => {
    expect(all.group).toBe(ALL_GROUP);
    expect(all.rows.map((row) => row.key)).toEqual(['intent', 'level', 'disc', 'disc:x', 'disc:y', 'cogn']);
    // T1–T5 and T7–T9 have a review; T6 has none
    expect(all.reviewedTurns).toBe(8);
  });

  it('nominal field: unweighted κ over the full category list, with the counts around it', () => {
    // Items T1 a/a, T2 a/b, T3 b/b, T4 c/c (LLM/expert). Po = 3/4.
    // LLM margins a .5, b .25, c .25; expert a .25, b .5, c .25.
    // Pe = .5·.25 + .25·.5 + .25·.25 = .3125; κ = (.75 − .3125)/(1 − .3125) = .4375/.6875 = 7/11.
    const intent = rowOf(all.rows, 'intent');
    expect(intent.weights).toBe('none');
    expect(intent.categories).toEqual(['a', 'b', 'c']);
    expect(intent.items).toBe(4);
    expect(intent.agreeing).toBe(3);
    expect(intent.accuracy).toBe(0.75);
    expect(intent.kappa.value).toBeCloseTo(7 / 11, 12);
    expect(intent.kappa.weights).toBe('none');
    expect(intent.band).toEqual({ en: 'substantial', zh: '高度一致' });
    // T8: the LLM value did not resolve to a label
    expect(intent.missing).toBe(1);
    expect(intent.missingLlm['not-in-codebook']).toBe(1);
    expect(totalMissing(intent.missingExpert)).toBe(0);
    // T5 is a student turn; T7 is unsure; T9 was reviewed on another field only
    expect(intent.excluded).toBe(1);
    expect(intent.unsure).toBe(1);
    expect(intent.unreviewed).toBe(1);
    expect(intent.confusion).toEqual([
      [1, 1, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(cellTurnIds(report, intent, 0, 1)).toEqual(['T2']);
    expect(cellTurnIds(report, intent, 0, 0)).toEqual(['T1']);
  });

  it('has a standard error and the Wald interval around κ', () => {
    const { kappa } = rowOf(all.rows, 'intent');
    expect(kappa.se).not.toBeNull();
    expect(kappa.se as number).toBeGreaterThan(0);
    expect(kappa.ci95?.[0]).toBeCloseTo((kappa.value as number) - Z_975 * (kappa.se as number), 12);
    expect(kappa.ci95?.[1]).toBeCloseTo((kappa.value as number) + Z_975 * (kappa.se as number), 12);
  });

  it('ordinal field: linear weights by default, over L1 < L2 < L3', () => {
    // Items T1 L1/L1, T2 L2/L3, T3 L3/L3, T4 L1/L2; d = |i − j|.
    // Observed Σ d·p = (1 + 1)/4 = .5. LLM margins L1 .5, L2 .25, L3 .25; expert L1 .25, L2 .25, L3 .5.
    // Expected Σ d·r_i·c_j = .5(.25·1 + .5·2) + .25(.25·1 + .5·1) + .25(.25·2 + .25·1) = .625 + .1875 + .1875 = 1.
    // κw = 1 − .5/1 = .5 (unweighted it would be (.5 − .3125)/.6875 = 3/11).
    const level = rowOf(all.rows, 'level');
    expect(level.weights).toBe('linear');
    expect(level.accuracy).toBe(0.5);
    expect(level.kappa.value).toBeCloseTo(0.5, 12);
    expect(level.band?.en).toBe('moderate');
    expect(level.unsure).toBe(1);
  });

  it('ordinal weights can be switched off', () => {
    const rows = reviewLayerAgreement({ ...input, ordinalWeights: 'none', fields: ['level'] }).groups[0].rows;
    expect(rows.map((row) => row.key)).toEqual(['level']);
    expect(rows[0].kappa.value).toBeCloseTo(3 / 11, 12);
  });

  it('label-set field: exact-set accuracy on its own row, no κ there, a binary table per code', () => {
    // Items: T1 {x}/{x}, T2 {x,y}/{x}, T5 {}/{y} (an empty set is a rating); T3 has no LLM value.
    const disc = rowOf(all.rows, 'disc');
    expect(disc.items).toBe(3);
    expect(disc.agreeing).toBe(1);
    expect(disc.accuracy).toBeCloseTo(1 / 3, 14);
    expect(disc.kappa.value).toBeNull();
    expect(disc.kappa.reason).toMatch(/label-set/);
    expect(disc.missing).toBe(1);
    expect(disc.missingLlm['no-value']).toBe(1);
    expect(disc.excluded).toBe(0);
    // T4, T7, T8 and T9 were reviewed, but not on disc
    expect(disc.unreviewed).toBe(4);
    expect(disc.confusion).toBeNull();

    // x: LLM present, present, absent; expert the same → Po = 1, Pe = (2/3)² + (1/3)² = 5/9, κ = 1, SE 0.
    const x = rowOf(all.rows, 'disc:x');
    expect(x.code).toBe('x');
    expect(x.categories).toEqual(['absent', 'present']);
    expect(x.accuracy).toBe(1);
    expect(x.kappa.value).toBeCloseTo(1, 12);
    expect(x.kappa.se).toBeCloseTo(0, 12);
    // y: LLM absent, present, absent; expert absent, absent, present → Po = 1/3, Pe = 5/9,
    // κ = (1/3 − 5/9)/(4/9) = −1/2.
    const y = rowOf(all.rows, 'disc:y');
    expect(y.accuracy).toBeCloseTo(1 / 3, 14);
    expect(y.kappa.value).toBeCloseTo(-0.5, 12);
    expect(y.band).toEqual({ en: 'poor', zh: '差' });
    expect(y.confusion).toEqual([
      [1, 1],
      [1, 0],
    ]);
    expect(cellTurnIds(report, y, 1, 0)).toEqual(['T2']);
    expect(cellTurnIds(report, y, 0, 1)).toEqual(['T5']);
  });

  it('a field nobody could compare: no accuracy, κ undefined with a reason, never NaN', () => {
    const cogn = rowOf(all.rows, 'cogn');
    expect(cogn.items).toBe(0);
    expect(cogn.accuracy).toBeNull();
    expect(cogn.kappa.value).toBeNull();
    expect(cogn.kappa.reason).toMatch(/Only 0 items/);
    expect(cogn.band).toBeNull();
    // the seven reviewed teacher turns
    expect(cogn.excluded).toBe(7);
    expect(cogn.unreviewed).toBe(1);
  });
});

describe('reviewLayerAgreement: per teacher model', () => {
  const { groups } = reviewLayerAgreement({ ...input, perGroup: true });

  it('adds one group per teacher model after all', () => {
    expect(groups.map((group) => group.group)).toEqual([ALL_GROUP, 'GPT-4o', 'Qwen']);
    expect(groups.map((group) => group.reviewedTurns)).toEqual([8, 4, 4]);
  });

  it('computes each group from its own turns only', () => {
    const gpt = rowOf(groups[1].rows, 'intent');
    expect(gpt.items).toBe(4);
    expect(gpt.missing).toBe(0);
    expect(gpt.kappa.value).toBeCloseTo(7 / 11, 12);
    const qwen = rowOf(groups[2].rows, 'intent');
    expect(qwen).toMatchObject({ items: 0, missing: 1, excluded: 1, unsure: 1, unreviewed: 1, accuracy: null });
  });
});

describe('reviewLayerAgreement: values that are not one rating', () => {
  it('counts conflicts, several codes for one label, empty values and codes outside the codebook as missing', () => {
    const result = reviewLayerAgreement({
      codebook,
      fields: ['intent'],
      turns: [
        { id: 'A', speaker: 'teacher', pre: { intent: { raw: 'a | b', codes: ['a', 'b'], unknown: [], status: 'conflict' } } },
        { id: 'B', speaker: 'teacher', pre: { intent: ok('a', 'b') } },
        { id: 'C', speaker: 'teacher', pre: { intent: ok() } },
        { id: 'D', speaker: 'teacher', pre: { intent: ok('a') } },
        { id: 'E', speaker: 'teacher', pre: { intent: ok('a') } },
      ],
      fieldReviews: [
        review('A', 'intent', 'changed', 'a'),
        review('B', 'intent', 'changed', 'a'),
        review('C', 'intent', 'changed', 'a'),
        review('D', 'intent', 'changed', 'zzz'),
        review('E', 'intent', 'changed'),
      ],
    });
    const [row] = result.groups[0].rows;
    expect(row.items).toBe(0);
    expect(row.missing).toBe(5);
    expect(row.missingLlm).toMatchObject({ conflict: 1, 'several-labels': 1, 'empty-value': 1 });
    expect(row.missingExpert).toMatchObject({ 'not-in-codebook': 1, 'empty-value': 1 });
  });

  it("decides applicability by the expert's corrected speaker, as the review view does", () => {
    const withSpeaker: Codebook = { ...codebook, fields: [field('speaker', 'single', 'all', ['teacher', 'student']), ...codebook.fields] };
    // Imported as a teacher turn; the expert says a student spoke and labels the cognition state.
    const relabelled: ReviewLayerInput = {
      codebook: withSpeaker,
      turns: [{ id: 'R1', speaker: 'teacher', group: 'GPT-4o', pre: { speaker: ok('teacher'), intent: ok('a'), cogn: ok('s1') } }],
      fieldReviews: [review('R1', 'speaker', 'changed', 'student'), review('R1', 'cogn', 'accepted', 's1')],
      fields: ['intent', 'cogn'],
    };
    const rows = reviewLayerAgreement(relabelled).groups[0].rows;
    const byField = (id: string) => rows.find((row) => row.fieldId === id && row.code === null)!;
    expect(byField('intent')).toMatchObject({ items: 0, excluded: 1, unreviewed: 0 });
    expect(byField('cogn')).toMatchObject({ items: 1, agreeing: 1, excluded: 0 });
  });

  it('reports progress once per field and group', () => {
    const calls: [number, number][] = [];
    reviewLayerAgreement({ ...input, perGroup: true }, (done, total) => calls.push([done, total]));
    // four label fields × three groups
    expect(calls.at(-1)).toEqual([12, 12]);
    expect(calls).toHaveLength(12);
  });

  it('rejects a free-text or unknown field by name', () => {
    expect(() => reviewLayerAgreement({ ...input, fields: ['utterance'] })).toThrow('The field "utterance" is free text');
    expect(() => reviewLayerAgreement({ ...input, fields: ['nope'] })).toThrow('has no field "nope"');
  });
});

describe('reviewLayerAgreement: an attached layer as one of the raters', () => {
  const layer = (values: Record<string, FieldValues>): RaterSource => ({ kind: 'layer', id: 'L2', values });

  it('layer × expert: the expert decides the items, the layer is read like the pre-annotation', () => {
    // Expert-decided intent items (T7 unsure, T5 a student turn, T9 not reviewed on intent):
    // T1 a/a, T2 b/b, T3 b/b, T4 b/c, T8 a/a (layer/expert). n = 5, Po = 4/5.
    // Layer margins a 2/5, b 3/5, c 0; expert a 2/5, b 2/5, c 1/5.
    // Pe = .4·.4 + .6·.4 + 0·.2 = .4; κ = (.8 − .4)/(1 − .4) = 2/3.
    const secondAnnotator = layer({ T1: { intent: ok('a') }, T2: { intent: ok('b') }, T3: { intent: ok('b') }, T4: { intent: ok('b') }, T8: { intent: ok('a') } });
    const report = reviewLayerAgreement({ ...input, fields: ['intent'], raters: [secondAnnotator, EXPERT_SOURCE] });
    const [all] = report.groups;
    const intent = rowOf(all.rows, 'intent');
    expect(intent).toMatchObject({ items: 5, agreeing: 4, missing: 0, excluded: 1, unsure: 1, unreviewed: 1 });
    expect(intent.kappa.value).toBeCloseTo(2 / 3, 12);
    expect(intent.confusion).toEqual([
      [2, 0, 0],
      [0, 2, 1],
      [0, 0, 0],
    ]);
    expect(cellTurnIds(report, intent, 1, 2)).toEqual(['T4']);
  });

  it('layer × pre: every applicable turn is an item, unknown and absent values are missing with their reason', () => {
    // Teacher turns T1–T4, T6–T9 (T5 is a student turn: excluded), layer/pre:
    // T1 a/a, T2 b/a, T3 b/b, T4 b/c, T6 a/a; T7 layer absent, T8 pre unknown, T9 pre absent.
    // n = 5, Po = 3/5. Layer margins a 2/5, b 3/5, c 0; pre a 3/5, b 1/5, c 1/5.
    // Pe = .4·.6 + .6·.2 + 0·.2 = .36; κ = (.6 − .36)/(1 − .36) = .24/.64 = 3/8.
    const secondAnnotator = layer({
      T1: { intent: ok('a') },
      T2: { intent: ok('b') },
      T3: { intent: ok('b') },
      T4: { intent: ok('b') },
      T6: { intent: ok('a') },
      T8: { intent: ok('a') },
      T9: { intent: ok('a') },
    });
    const [all] = reviewLayerAgreement({ ...input, fields: ['intent'], raters: [secondAnnotator, PRE_SOURCE] }).groups;
    const intent = rowOf(all.rows, 'intent');
    expect(intent).toMatchObject({ items: 5, agreeing: 3, missing: 3, excluded: 1, unsure: 0, unreviewed: 0 });
    expect(intent.accuracy).toBeCloseTo(0.6, 14);
    expect(intent.kappa.value).toBeCloseTo(3 / 8, 12);
    expect(intent.missingLlm).toMatchObject({ 'no-turn': 1 });
    expect(totalMissing(intent.missingLlm)).toBe(1);
    expect(intent.missingExpert).toMatchObject({ 'not-in-codebook': 1, 'no-value': 1 });
    expect(intent.confusion).toEqual([
      [2, 0, 0],
      [1, 1, 1],
      [0, 0, 0],
    ]);
  });

  it("still decides applicability by the expert's corrected speaker when the expert is not a rater", () => {
    const withSpeaker: Codebook = { ...codebook, fields: [field('speaker', 'single', 'all', ['teacher', 'student']), ...codebook.fields] };
    const rows = reviewLayerAgreement({
      codebook: withSpeaker,
      turns: [{ id: 'R1', speaker: 'teacher', pre: { intent: ok('a'), cogn: ok('s1') } }],
      fieldReviews: [review('R1', 'speaker', 'changed', 'student')],
      fields: ['intent', 'cogn'],
      raters: [PRE_SOURCE, layer({ R1: { intent: ok('a'), cogn: ok('s2') } })],
    }).groups[0].rows;
    expect(rowOf(rows, 'intent')).toMatchObject({ items: 0, excluded: 1 });
    expect(rowOf(rows, 'cogn')).toMatchObject({ items: 1, agreeing: 0, excluded: 0 });
  });

  it('refuses the same rater twice', () => {
    expect(() => reviewLayerAgreement({ ...input, raters: [EXPERT_SOURCE, EXPERT_SOURCE] })).toThrow('two different raters');
  });
});
