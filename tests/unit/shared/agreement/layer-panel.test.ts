/**
 * Every layer at once: pairwise kappa, and Fleiss' kappa and alpha across a panel. The panels
 * below are published examples (agreement-references.md) laid out as three sources of a data set:
 * Randolph (2005) Ex. 1 and 2 (DK `Randolph2005Test`) and NLTK `test_easy` (a missing rating).
 */
import { describe, expect, it } from 'vitest';
import { labelSetAlpha, labelSetTableFromLabels } from '../../../../shared/agreement';
import { layerPanelAgreement, type LayerPanelInput } from '../../../../shared/agreement/layer-panel';
import { EXPERT_SOURCE, PRE_SOURCE, reviewLayerAgreement, type RaterSource, type ReviewLayerReview, type ReviewLayerTurn } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import { testField } from './support';
import type { FieldValue, FieldValues } from '../../../../shared/model/dataset';

const field = testField;

const codebook: Codebook = {
  id: 'panel-test',
  name: { zh: '测试', en: 'test' },
  version: '1',
  fields: [field('yn', 'single', 'teacher', ['Y', 'N']), field('level', 'ordinal', 'teacher', ['L1', 'L2', 'L3']), field('disc', 'set', 'teacher', ['x', 'y'])],
};

const ok = (...codes: string[]): FieldValue => ({ raw: codes.join(', '), codes, unknown: [], status: codes.length ? 'ok' : 'empty' });

/** Three raters' labels per item, as pre-annotation, expert and an attached layer; null = no rating. */
function panelData(items: (readonly [string | null, string | null, string | null])[], fieldId = 'yn') {
  const turns: ReviewLayerTurn[] = items.map(([pre], index) => ({ id: `T${index + 1}`, speaker: 'teacher', group: index % 2 === 0 ? 'A' : 'B', pre: pre === null ? {} : { [fieldId]: ok(pre) } }));
  const fieldReviews: ReviewLayerReview[] = items.flatMap(([, expert], index) => (expert === null ? [] : [{ turnId: `T${index + 1}`, fieldId, decision: 'accepted' as const, codes: [expert] }]));
  const values: Record<string, FieldValues> = {};
  items.forEach(([, , layer], index) => {
    if (layer !== null) values[`T${index + 1}`] = { [fieldId]: ok(layer) };
  });
  const layer: RaterSource = { kind: 'layer', id: 'B', values };
  return { turns, fieldReviews, layer };
}

function run(items: Parameters<typeof panelData>[0], overrides: Partial<LayerPanelInput> = {}) {
  const { turns, fieldReviews, layer } = panelData(items);
  // the reference examples have fewer than the 10 items the view needs: their arithmetic is read with minItems 2
  return layerPanelAgreement({ codebook, turns, fieldReviews, sources: [PRE_SOURCE, EXPERT_SOURCE, layer], panel: ['llm', 'expert', 'layer:B'], fields: ['yn'], minItems: 2, ...overrides });
}

describe('layerPanelAgreement', () => {
  it("reproduces Randolph (2005) Ex. 1: Fleiss' kappa 1/3 (Po 2/3, Pe 1/2), per-category kappa 1/3 for both codes", () => {
    const report = run([
      ['Y', 'Y', 'Y'],
      ['Y', 'Y', 'N'],
      ['N', 'N', 'Y'],
      ['N', 'N', 'N'],
    ]);
    const row = report.groups[0].rows[0];
    expect(report.sources).toEqual(['llm', 'expert', 'layer:B']);
    expect(row.items).toBe(4);
    expect(row.panel?.fleiss.value).toBeCloseTo(1 / 3, 12);
    expect(row.panel?.fleiss.items).toBe(4);
    expect(row.panel?.perCategory.map((category) => category.value)).toEqual([expect.closeTo(1 / 3, 12), expect.closeTo(1 / 3, 12)]);
    // pairs in source order; llm × expert agree on all four (κ 1); llm × B agree on 2 of 4 with Pe 1/2 (κ 0)
    expect(row.pairs.map((pair) => [pair.a, pair.b, pair.items, pair.agreeing])).toEqual([
      ['llm', 'expert', 4, 4],
      ['llm', 'layer:B', 4, 2],
      ['expert', 'layer:B', 4, 2],
    ]);
    expect(row.pairs[0].kappa.value).toBeCloseTo(1, 12);
    expect(row.pairs[1].kappa.value).toBeCloseTo(0, 12);
    expect(row.pairs[0].band?.en).toBe('almost perfect');
  });

  it("reproduces Randolph (2005) Ex. 2: Fleiss' kappa −0.2 under skewed prevalence", () => {
    const report = run([
      ['Y', 'Y', 'Y'],
      ['Y', 'Y', 'N'],
      ['Y', 'Y', 'N'],
      ['Y', 'Y', 'Y'],
    ]);
    expect(report.groups[0].rows[0].panel?.fleiss.value).toBeCloseTo(-0.2, 12);
  });

  it("reproduces NLTK test_easy: alpha −1/3 with a missing rating; Fleiss leaves the incomplete items out and counts them", () => {
    const report = run([
      ['Y', 'N', 'N'],
      ['Y', 'N', null],
      [null, null, 'N'],
    ]);
    const row = report.groups[0].rows[0];
    expect(row.panel?.alpha.value).toBeCloseTo(-1 / 3, 7);
    expect(row.panel?.alpha.level).toBe('nominal');
    expect(row.panel?.fleiss.items).toBe(1);
    expect(row.panel?.fleiss.excludedItems).toBe(2);
    // one complete item is fewer than Fleiss needs: null with a reason, never a number
    expect(row.panel?.fleiss.value).toBeNull();
    expect(row.panel?.fleiss.reason).toMatch(/\S/);
    expect(row.missing).toEqual({ llm: 1, expert: 1, 'layer:B': 1 });
  });

  it('pools only the panel: without the pre-annotation, Randolph Ex. 1 expert × B is two raters', () => {
    const report = run(
      [
        ['Y', 'Y', 'Y'],
        ['Y', 'Y', 'N'],
        ['N', 'N', 'Y'],
        ['N', 'N', 'N'],
      ],
      { panel: ['layer:B', 'expert'] },
    );
    const row = report.groups[0].rows[0];
    // source order, not panel order
    expect(row.panel?.raters).toEqual(['expert', 'layer:B']);
    // Scott's pi of expert (Y,Y,N,N) × B (Y,N,Y,N): Po 1/2, pooled p = 1/2, Pe 1/2 → 0
    expect(row.panel?.fleiss.value).toBeCloseTo(0, 12);
  });

  it('computes no panel with fewer than two members, and refuses an unknown panel member or a source named twice', () => {
    expect(run([['Y', 'Y', 'Y']], { panel: ['expert'] }).groups[0].rows[0].panel).toBeNull();
    expect(() => run([['Y', 'Y', 'Y']], { panel: ['expert', 'layer:Z'] })).toThrow(/layer:Z/);
    const { turns, fieldReviews } = panelData([['Y', 'Y', 'Y']]);
    expect(() => layerPanelAgreement({ codebook, turns, fieldReviews, sources: [PRE_SOURCE, PRE_SOURCE], panel: [] })).toThrow(/twice/);
  });

  it("gives each pair exactly the two-layer report's kappa, unsure expert fields included", () => {
    const items: [string, string, string][] = [
      ['L1', 'L1', 'L2'],
      ['L2', 'L3', 'L2'],
      ['L3', 'L3', 'L3'],
      ['L1', 'L2', 'L1'],
      ['L2', 'L2', 'L3'],
    ];
    const { turns, fieldReviews, layer } = panelData(items, 'level');
    const unsure = fieldReviews.map((review) => (review.turnId === 'T4' ? { ...review, decision: 'unsure' as const } : review));
    const both = { codebook, turns, fieldReviews: unsure, fields: ['level'], ordinalWeights: 'quadratic' as const, minItems: 2 };
    const panel = layerPanelAgreement({ ...both, sources: [PRE_SOURCE, EXPERT_SOURCE, layer], panel: ['expert', 'layer:B'] });
    const row = panel.groups[0].rows[0];
    const pair = reviewLayerAgreement({ ...both, raters: [PRE_SOURCE, EXPERT_SOURCE] }).groups[0].rows[0];
    expect(row.pairs[0].items).toBe(4);
    expect(row.pairs[0].kappa.value).toBeCloseTo(pair.kappa.value ?? Number.NaN, 12);
    expect(row.pairs[0].kappa.weights).toBe('quadratic');
    expect(row.panel?.alpha.level).toBe('ordinal');
    // the unsure field is the expert's missing rating on T4
    expect(row.missing.expert).toBe(1);
  });

  it('splits a label-set field into one row per code and gives the whole set MASI alpha', () => {
    const turns: ReviewLayerTurn[] = [
      { id: 'T1', speaker: 'teacher', pre: { disc: ok('x') } },
      { id: 'T2', speaker: 'teacher', pre: { disc: ok('x', 'y') } },
      { id: 'T3', speaker: 'student', pre: { disc: ok('y') } },
    ];
    const fieldReviews: ReviewLayerReview[] = [
      { turnId: 'T1', fieldId: 'disc', decision: 'accepted', codes: ['x'] },
      { turnId: 'T2', fieldId: 'disc', decision: 'changed', codes: ['x'] },
    ];
    const report = layerPanelAgreement({ codebook, turns, fieldReviews, sources: [PRE_SOURCE, EXPERT_SOURCE], panel: ['llm', 'expert'], fields: ['disc'] });
    const rows = report.groups[0].rows;
    expect(rows.map((row) => row.key)).toEqual(['disc', 'disc:x', 'disc:y']);
    expect(rows[0].excluded).toBe(1);
    expect(rows[0].pairs[0]).toMatchObject({ items: 2, agreeing: 1, accuracy: 0.5 });
    expect(rows[0].pairs[0].kappa.value).toBeNull();
    expect(rows[0].panel?.alpha.level).toBe('masi');
    expect(rows[0].panel?.fleiss.value).toBeNull();
    // code y: llm (absent, present) × expert (absent, absent): 1 of 2 agree
    expect(rows[2].pairs[0]).toMatchObject({ items: 2, agreeing: 1 });
  });

  it("gives a label-set field's whole sets the same MASI alpha as labelSetAlpha (NLTK-checked) on the same ratings", () => {
    const sets: (readonly [string[], string[], string[]])[] = [
      [['x'], ['x'], ['x', 'y']],
      [['x', 'y'], ['y'], ['x', 'y']],
      [[], ['x'], []],
      [['y'], ['y'], ['y']],
    ];
    const turns: ReviewLayerTurn[] = sets.map(([pre], index) => ({ id: `T${index}`, speaker: 'teacher', pre: { disc: ok(...pre) } }));
    const fieldReviews: ReviewLayerReview[] = sets.map(([, expert], index) => ({ turnId: `T${index}`, fieldId: 'disc', decision: 'accepted', codes: expert }));
    const layer: RaterSource = { kind: 'layer', id: 'B', values: Object.fromEntries(sets.map(([, , third], index) => [`T${index}`, { disc: ok(...third) }])) };
    const report = layerPanelAgreement({ codebook, turns, fieldReviews, sources: [PRE_SOURCE, EXPERT_SOURCE, layer], panel: ['llm', 'expert', 'layer:B'], fields: ['disc'], minItems: 2 });
    const expected = labelSetAlpha(labelSetTableFromLabels({ categories: ['x', 'y'], raters: ['a', 'b', 'c'], labels: sets.map((row) => [...row]) }));
    expect(expected.value).not.toBeNull();
    expect(report.groups[0].rows[0].panel?.alpha.value).toBeCloseTo(expected.value ?? Number.NaN, 12);
  });

  it('adds one group per teacher model when asked', () => {
    const report = run(
      [
        ['Y', 'Y', 'Y'],
        ['Y', 'Y', 'N'],
        ['N', 'N', 'Y'],
      ],
      { perGroup: true },
    );
    expect(report.groups.map((group) => [group.group, group.rows[0].items])).toEqual([
      ['all', 3],
      ['A', 2],
      ['B', 1],
    ]);
  });
});
