/**
 * How the agreement view reads its numbers out: the sentence per field, the κ chart's bars,
 * axis and error-bar geometry, the collapsed per-code rows and the pooled layer without
 * ratings. Rows come from the shared computation over a hand-made codebook; every expected
 * κ is worked out by hand in the comments (κ = (Po − Pe)/(1 − Pe)), never taken from the code.
 */
import { describe, expect, it } from 'vitest';
import { EXPERT_SOURCE, PRE_SOURCE, reviewLayerAgreement, type LayerAgreementRow, type ReviewLayerReview, type ReviewLayerTurn } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import type { FieldValue } from '../../../../shared/model/dataset';
import { codeRowCount, rowsShown } from '../../../../renderer/src/features/agreement/code-rows';
import { errorBarSegments } from '../../../../renderer/src/components/charts/error-bars';
import { coefficientText, intervalText } from '../../../../renderer/src/features/agreement/coefficient-words';
import { bothGaveOneValue, fieldSentence } from '../../../../renderer/src/features/agreement/field-sentences';
import { axisMinimum, kappaBars } from '../../../../renderer/src/features/agreement/KappaChart';
import { hasNoRatings } from '../../../../renderer/src/features/agreement/LayerPanelSection';
import { testField } from '../../shared/agreement/support';

const codebook: Codebook = {
  id: 'test',
  name: { zh: '测试', en: 'test' },
  version: '1',
  fields: [
    testField('intent', 'single', 'teacher', ['a', 'b', 'c']),
    testField('level', 'ordinal', 'teacher', ['L1', 'L2', 'L3']),
    testField('disc', 'set', 'all', ['x', 'y']),
    testField('cogn', 'single', 'student', ['s1', 's2']),
  ],
};

const ok = (...codes: string[]): FieldValue => ({ raw: codes.join(', '), codes, unknown: [], status: codes.length ? 'ok' : 'empty' });
const review = (turnId: string, fieldId: string, decision: ReviewLayerReview['decision'], ...codes: string[]): ReviewLayerReview => ({ turnId, fieldId, decision, codes });

// intent: pre a, a, b, c; expert a, b, b, c. Po = 3/4. Marginals pre a .5 b .25 c .25, expert
// a .25 b .5 c .25: Pe = .125 + .125 + .0625 = .3125; κ = .4375 / .6875 = 0.636 (substantial).
// level: L1 on both turns from both raters: one value throughout, κ 0/0.
const turns: ReviewLayerTurn[] = [
  { id: 'T1', speaker: 'teacher', group: 'g', pre: { intent: ok('a'), level: ok('L1'), disc: ok('x') } },
  { id: 'T2', speaker: 'teacher', group: 'g', pre: { intent: ok('a'), level: ok('L1'), disc: ok('x', 'y') } },
  { id: 'T3', speaker: 'teacher', group: 'g', pre: { intent: ok('b'), disc: ok('y') } },
  { id: 'T4', speaker: 'teacher', group: 'g', pre: { intent: ok('c') } },
];
const reviews: ReviewLayerReview[] = [
  review('T1', 'intent', 'accepted', 'a'),
  review('T2', 'intent', 'changed', 'b'),
  review('T3', 'intent', 'accepted', 'b'),
  review('T4', 'intent', 'accepted', 'c'),
  review('T1', 'level', 'accepted', 'L1'),
  review('T2', 'level', 'accepted', 'L1'),
  review('T1', 'disc', 'accepted', 'x'),
  review('T2', 'disc', 'changed', 'x'),
];
// four turns, fewer than the 10 items the view needs for a κ: the words around a κ are read with minItems 2
// (the view's own minimum is read in "too few items" below)
const rows = reviewLayerAgreement({ codebook, turns, fieldReviews: reviews, raters: [PRE_SOURCE, EXPERT_SOURCE], minItems: 2 }).groups[0].rows;
const shownRows = reviewLayerAgreement({ codebook, turns, fieldReviews: reviews, raters: [PRE_SOURCE, EXPERT_SOURCE] }).groups[0].rows;
const row = (key: string): LayerAgreementRow => {
  const found = rows.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
};
const RATERS = ['LLM', 'expert'] as const;

describe('the sentence of a field', () => {
  it('reads n, percent agreement, κ and its band with the compared raters and the turns the field applies to', () => {
    expect(fieldSentence(row('intent'), codebook, RATERS, 'en')).toBe('intent: LLM and expert agree on 75.0% of 4 teacher turns; κ 0.636, substantial agreement.');
    expect(fieldSentence(row('intent'), codebook, ['甲', '乙'], 'zh')).toBe('intent：甲与乙在 4 个教师轮次中的 75.0% 上一致；κ 0.636，高度一致。');
  });

  it('says why κ is undefined when both raters gave one value throughout, and names the weights of an ordinal field', () => {
    expect(bothGaveOneValue(row('level').confusion)).toBe(true);
    // on 2 turns that is "too few" (the view's minimum is 10); on 10 turns of L1 from both, the reason
    expect(fieldSentence(row('level'), codebook, RATERS, 'en')).toBe('level: LLM and expert agree on 100.0% of 2 teacher turns; too few for a κ (at least 10 needed).');
    const ten: ReviewLayerTurn[] = Array.from({ length: 10 }, (_, index) => ({ id: `L${index}`, speaker: 'teacher', pre: { level: ok('L1') } }));
    const [level] = reviewLayerAgreement({ codebook, turns: ten, fieldReviews: ten.map((turn) => review(turn.id, 'level', 'accepted', 'L1')), fields: ['level'] }).groups[0].rows;
    expect(fieldSentence(level, codebook, RATERS, 'en')).toBe('level: LLM and expert agree on 100.0% of 10 teacher turns; κ is undefined: both gave one and the same value on every turn.');
    const weighted = { ...row('intent'), weights: 'linear' as const };
    expect(fieldSentence(weighted, codebook, RATERS, 'en')).toContain('κ 0.636 (linear weights), substantial agreement.');
  });

  it('reads a label-set field as exact-set agreement, and a field nobody compared as what is missing', () => {
    // disc: T1 {x}/{x} agree, T2 {x,y}/{x} differ: 1 of 2 turns.
    expect(fieldSentence(row('disc'), codebook, RATERS, 'en')).toBe('disc: LLM and expert give the same whole set on 50.0% of 2 turns; each code has its own κ (show codes).');
    expect(fieldSentence(row('cogn'), codebook, RATERS, 'en')).toBe('cogn: no student turn has a usable value from both LLM and expert yet.');
    const withMissing = { ...row('intent'), items: 1, agreeing: 1, accuracy: 1, missing: 3, kappa: { ...row('intent').kappa, value: null, items: 1 }, band: null };
    expect(fieldSentence(withMissing, codebook, RATERS, 'en')).toBe('intent: LLM and expert agree on 100.0% of 1 teacher turn; too few for a κ (at least 10 needed). 3 more lack a usable value and are left out.');
  });
});

describe('too few items, and an interval of no width', () => {
  const shown = (key: string) => shownRows.find((candidate) => candidate.key === key)!;

  it('gives no κ, no band and no bar on 4 turns, and says so in both languages', () => {
    expect(shown('intent')).toMatchObject({ items: 4, band: null, kappa: { value: null, ci95: null } });
    expect(coefficientText(shown('intent').kappa, 'en')).toBe('too few items (n = 4, at least 10 needed)');
    expect(coefficientText(shown('intent').kappa, 'zh')).toBe('项数太少（n = 4，至少需要 10）');
    // a label-set field's own row has no κ at any n: a dash, not "too few"
    expect(shown('disc').confusion).toBeNull();
    expect(coefficientText(shown('disc').kappa, 'en', false)).toBe('—');
    expect(fieldSentence(shown('intent'), codebook, RATERS, 'en')).toBe('intent: LLM and expert agree on 75.0% of 4 teacher turns; too few for a κ (at least 10 needed).');
    expect(fieldSentence(shown('intent'), codebook, ['甲', '乙'], 'zh')).toBe('intent：甲与乙在 4 个教师轮次中的 75.0% 上一致；轮次太少，不给出 κ（至少需要 10 个）。');
    const chart = kappaBars(shownRows, codebook, 'en');
    expect(chart.bars).toEqual([]);
    expect(chart.tooFewFields).toEqual(['intent', 'level', 'cogn']);
    expect(chart.undefinedFields).toEqual([]);
  });

  it('writes a zero-width interval as "not defined" with the reason of its kind', () => {
    // 12 turns, LLM always a, expert a on 9 and b on 3: κ 0 with SE 0 (one rater constant)
    const many: ReviewLayerTurn[] = Array.from({ length: 12 }, (_, index) => ({ id: `M${index}`, speaker: 'teacher', pre: { intent: ok('a') } }));
    const decided = many.map((turn, index) => review(turn.id, 'intent', index < 9 ? 'accepted' : 'changed', index < 9 ? 'a' : 'b'));
    const [intent] = reviewLayerAgreement({ codebook, turns: many, fieldReviews: decided, fields: ['intent'] }).groups[0].rows;
    expect([intent.kappa.value, intent.kappa.ci95]).toEqual([0, null]);
    expect(intervalText(intent.kappa, intent.confusion, 'en')).toEqual({ text: 'not defined', why: 'One rater gave a single category to every item: κ is 0 whatever the other rater did and its standard error is 0, so the 95% CI is not defined.' });
    expect(intervalText(intent.kappa, intent.confusion, 'zh').text).toBe('无定义');
    expect(fieldSentence(intent, codebook, RATERS, 'en')).toBe('intent: LLM and expert agree on 75.0% of 12 teacher turns; κ 0.000, slight agreement. Its 95% CI is not defined (see the table).');
    // a defined interval is written as before
    expect(intervalText({ ...intent.kappa, ci95: [0.1, 0.5], ciReason: null }, intent.confusion, 'en')).toEqual({ text: '[0.100, 0.500]', why: null });
  });
});

describe('the κ chart', () => {
  it('draws one bar per field with a κ, from the same rows as the table, and names the undefined ones', () => {
    const { bars, undefinedFields, tooFewFields, hasSetFields } = kappaBars(rows, codebook, 'en');
    expect(bars.map((bar) => bar.key)).toEqual(['intent']);
    expect(bars[0].kappa).toBe(row('intent').kappa.value);
    const ci = row('intent').kappa.ci95!;
    expect(bars[0].interval).toEqual([Math.max(-1, ci[0]), Math.min(1, ci[1])]);
    // level (2 turns) and cogn (none) have no κ and fewer than the view's 10 items
    expect(tooFewFields).toEqual(['level', 'cogn']);
    expect(undefinedFields).toEqual([]);
    expect(hasSetFields).toBe(true);
  });

  it('starts the axis at 0 unless a bar or interval goes below, then at the 0.2 step below it', () => {
    const bar = (kappa: number, interval: [number, number] | null) => ({ key: 'k', name: 'k', kappa, interval });
    expect(axisMinimum([bar(0.5, [0, 1])])).toBe(0);
    expect(axisMinimum([bar(0.5, [-0.05, 1])])).toBeCloseTo(-0.2, 12);
    expect(axisMinimum([bar(-0.4, [-0.4, 0])])).toBeCloseTo(-0.4, 12);
    expect(axisMinimum([bar(-0.9, [-1, 0])])).toBe(-1);
  });

  it('puts each error bar on its bar, from the upper to the lower bound, and skips bars without an interval', () => {
    const toPixel = (value: number) => 100 - value * 100;
    const segments = errorBarSegments([[{ x: 10, width: 40 }, { x: 60, width: 40 }, { x: 110, width: 4 }]], [[[0.2, 0.6], null, [-0.5, 1]]], toPixel);
    expect(segments).toEqual([
      { dataset: 0, index: 0, x: 10, yLow: 80, yHigh: 40, halfCap: 6 },
      { dataset: 0, index: 2, x: 110, yLow: 150, yHigh: 0, halfCap: 1 },
    ]);
  });
});

describe('rows of label-set fields', () => {
  it('are collapsed to the field row unless the field is expanded', () => {
    expect(rowsShown(rows, []).map((shown) => shown.key)).toEqual(['intent', 'level', 'disc', 'cogn']);
    expect(rowsShown(rows, ['disc']).map((shown) => shown.key)).toEqual(['intent', 'level', 'disc', 'disc:x', 'disc:y', 'cogn']);
    expect(codeRowCount(rows, 'disc')).toBe(2);
    expect(codeRowCount(rows, 'intent')).toBe(0);
  });
});

describe('a pooled layer without ratings', () => {
  it('is one whose every row misses all its items', () => {
    const panelRows = [
      { items: 4, missing: { expert: 4, llm: 0 } },
      { items: 2, missing: { expert: 2, llm: 1 } },
    ];
    expect(hasNoRatings(panelRows, 'expert')).toBe(true);
    expect(hasNoRatings(panelRows, 'llm')).toBe(false);
    expect(hasNoRatings([{ items: 4, missing: { expert: 3 } }, ...panelRows], 'expert')).toBe(false);
  });
});
