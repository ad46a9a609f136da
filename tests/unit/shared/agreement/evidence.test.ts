/**
 * What a coefficient may claim (evidence.ts): no value on fewer than 10 items, and no interval of
 * zero width. Every κ below is worked by hand from κ = (Po − Pe)/(1 − Pe); the degenerate cases
 * are the references' §7 ("one rater constant": κ 0, SE 0; perfect agreement: κ 1, ASE 0).
 */
import { describe, expect, it } from 'vitest';
import { cohenKappaFromConfusion, confusionFromCounts, degenerateIntervalKind, MIN_AGREEMENT_ITEMS, shownAgreement } from '../../../../shared/agreement';
import { layerPanelAgreement } from '../../../../shared/agreement/layer-panel';
import { ALL_GROUP, EXPERT_SOURCE, PRE_SOURCE, reviewLayerAgreement, type RaterSource, type ReviewLayerReview, type ReviewLayerTurn } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import type { FieldValue } from '../../../../shared/model/dataset';
import { testField } from './support';

const kappaOf = (counts: number[][]) => cohenKappaFromConfusion(confusionFromCounts({ categories: counts.map((_, index) => String(index)), counts }));

describe('shownAgreement', () => {
  it('the minimum is 10 items', () => {
    expect(MIN_AGREEMENT_ITEMS).toBe(10);
  });

  it('gives no κ on 9 items ([[4,1],[1,3]]: Po 7/9, Pe 41/81, κ 11/20 computed) and gives it on 10 ([[4,1],[1,4]]: κ 0.6)', () => {
    const nine = kappaOf([[4, 1], [1, 3]]);
    // Po = 7/9; margins (5, 4) both: Pe = (25 + 16)/81 = 41/81; κ = (63/81 − 41/81)/(40/81) = 22/40
    expect(nine.value).toBeCloseTo(22 / 40, 12);
    const shown = shownAgreement(nine);
    expect(shown).toMatchObject({ value: null, se: null, ci95: null, seNull: null, z: null, pOneSided: null, pTwoSided: null, items: 9 });
    expect(shown.reason).toBe('Too few items (n = 9, at least 10 needed): a coefficient on so few items is not given.');
    // Po = 8/10, Pe = 1/2: κ = 0.6, with its interval
    const ten = shownAgreement(kappaOf([[4, 1], [1, 4]]));
    expect(ten.value).toBeCloseTo(0.6, 12);
    expect(ten.ci95).not.toBeNull();
    expect(ten.ciReason).toBeNull();
  });

  it('keeps the reason of a value already undefined, and leaves percent agreement alone', () => {
    expect(shownAgreement(kappaOf([[1, 0], [0, 0]])).reason).toMatch(/^Only 1 item rated by both raters/);
    const percent = { field: null, coefficient: 'percent' as const, weights: null, level: null, value: 1, se: null, ci95: null, items: 1, raters: 2, missing: 0, reason: null, ciReason: null };
    expect(shownAgreement(percent)).toEqual(percent);
  });

  it('one rater giving one category to all 12 items: κ 0 with SE 0, so the CI is not defined, and says why', () => {
    // rater A always category 0; B 0 on 9, 1 on 3: Po = 9/12 = Pe → κ 0; A + B − C = 0 (references §6.1)
    const raw = kappaOf([[9, 3], [0, 0]]);
    expect([raw.value, raw.se, raw.ci95]).toEqual([0, 0, [0, 0]]);
    const shown = shownAgreement(raw);
    expect([shown.value, shown.se, shown.ci95]).toEqual([0, 0, null]);
    expect(shown.ciReason).toMatch(/^One rater gave a single category to every item, so kappa is 0 whatever the other rater did/);
  });

  it('every item agreeing: κ 1 stays, its interval of no width is not defined', () => {
    const shown = shownAgreement(kappaOf([[6, 0], [0, 6]]));
    expect([shown.value, shown.se, shown.ci95]).toEqual([1, 0, null]);
    expect(shown.ciReason).toMatch(/^Every item agrees, so the asymptotic standard error is 0/);
  });

  it('names the kind of a degenerate interval from the counts', () => {
    expect(degenerateIntervalKind([[9, 3], [0, 0]])).toBe('one-category');
    expect(degenerateIntervalKind([[0, 5], [0, 7]])).toBe('one-category');
    expect(degenerateIntervalKind([[6, 0], [0, 6]])).toBe('all-agree');
    expect(degenerateIntervalKind(null)).toBe('no-spread');
  });
});

const codebook: Codebook = { id: 'test', name: { zh: '测试', en: 'test' }, version: '1', fields: [testField('intent', 'single', 'teacher', ['a', 'b'])] };
const ok = (code: string): FieldValue => ({ raw: code, codes: [code], unknown: [], status: 'ok' });

describe('the agreement view’s reports follow the rule by default', () => {
  it('one reviewed turn of 32: no κ, no band, the reason; the group says it has 32 turns and 1 reviewed', () => {
    // 32 teacher turns with an LLM value; the expert reviewed one (accepted)
    const turns: ReviewLayerTurn[] = Array.from({ length: 32 }, (_, index) => ({ id: `T${index}`, speaker: 'teacher', pre: { intent: ok(index % 2 === 0 ? 'a' : 'b') } }));
    const reviews: ReviewLayerReview[] = [{ turnId: 'T0', fieldId: 'intent', decision: 'accepted', codes: ['a'] }];
    const expert = reviewLayerAgreement({ codebook, turns, fieldReviews: reviews });
    const [group] = expert.groups;
    expect([group.group, group.turns, group.reviewedTurns]).toEqual([ALL_GROUP, 32, 1]);
    const row = group.rows[0];
    expect(row).toMatchObject({ items: 1, accuracy: 1, band: null });
    expect(row.kappa).toMatchObject({ value: null, ci95: null });
    // two layers without the expert: all 32 turns are items; LLM always "a" against an attached layer a/b
    const constant: RaterSource = { kind: 'layer', id: 'L', values: Object.fromEntries(turns.map((turn) => [turn.id, { intent: ok('a') }])) };
    const layers = reviewLayerAgreement({ codebook, turns, fieldReviews: reviews, raters: [constant, PRE_SOURCE] }).groups[0];
    expect(layers.rows[0].items).toBe(32);
    // Po = 16/32 = Pe: κ 0, and its zero-width interval is not defined
    expect(layers.rows[0].kappa).toMatchObject({ value: 0, ci95: null });
    expect(layers.rows[0].kappa.ciReason).toMatch(/^One rater gave a single category/);
  });

  it('the all-layers panel: no pairwise κ, Fleiss κ (nor its per-category κ) or α on 4 items', () => {
    const turns: ReviewLayerTurn[] = ['a', 'b', 'a', 'b'].map((code, index) => ({ id: `T${index}`, speaker: 'teacher', pre: { intent: ok(code) } }));
    const reviews: ReviewLayerReview[] = turns.map((turn, index) => ({ turnId: turn.id, fieldId: 'intent', decision: 'accepted', codes: [index < 3 ? 'a' : 'b'] }));
    const row = layerPanelAgreement({ codebook, turns, fieldReviews: reviews, sources: [PRE_SOURCE, EXPERT_SOURCE], panel: ['llm', 'expert'] }).groups[0].rows[0];
    const tooFew = 'Too few items (n = 4, at least 10 needed): a coefficient on so few items is not given.';
    expect(row.pairs[0].kappa).toMatchObject({ value: null, reason: tooFew });
    expect(row.pairs[0].band).toBeNull();
    expect(row.panel?.fleiss).toMatchObject({ value: null, reason: tooFew });
    expect(row.panel?.fleissBand).toBeNull();
    expect(row.panel?.perCategory.map((category) => [category.value, category.reason])).toEqual([
      [null, tooFew],
      [null, tooFew],
    ]);
    expect(row.panel?.alpha).toMatchObject({ value: null, reason: tooFew });
    // with the minimum lowered the same data give numbers: 3 of 4 agree
    const raw = layerPanelAgreement({ codebook, turns, fieldReviews: reviews, sources: [PRE_SOURCE, EXPERT_SOURCE], panel: ['llm', 'expert'], minItems: 2 }).groups[0].rows[0];
    expect(raw.pairs[0].kappa.value).not.toBeNull();
    expect(raw.panel?.alpha.value).not.toBeNull();
  });
});
