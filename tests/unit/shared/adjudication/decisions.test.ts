import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { fieldById } from '../../../../shared/codebook/lookup';
import { adjudicatedTurnValues, buildAdjudicationQueue, decisionRow, unanimousRow, type AdjudicationItem } from '../../../../shared/adjudication';
import type { FieldValue } from '../../../../shared/model/dataset';

const ok = (...codes: string[]): FieldValue => ({ raw: codes.join(','), codes, unknown: [], status: 'ok' });
const META = { datasetId: 'ds', decidedBy: 'ann-adj', at: '2026-12-02T10:00:00.000Z' };

/** d#0: intent pre guide, A guide, B check (a disagreement); strategy {hints} from all three (unanimous). */
function queue() {
  return buildAdjudicationQueue({
    codebook: DEFAULT_CODEBOOK,
    fields: ['teacher_intent', 'teaching_strategy'],
    turns: [{ id: 'd#0', dialogueId: 'd', index: 0, speaker: 'teacher', pre: { teacher_intent: ok('guide_reasoning'), teaching_strategy: ok('provide_hints') } }],
    fieldReviews: [],
    raters: [
      { kind: 'pre' },
      { kind: 'layer', id: 'A', values: { 'd#0': { teacher_intent: ok('guide_reasoning'), teaching_strategy: ok('provide_hints') } } },
      { kind: 'layer', id: 'B', values: { 'd#0': { teacher_intent: ok('check_understanding'), teaching_strategy: ok('provide_hints') } } },
    ],
  });
}
const intentField = fieldById(DEFAULT_CODEBOOK, 'teacher_intent')!;
const strategyField = fieldById(DEFAULT_CODEBOOK, 'teaching_strategy')!;

describe('decisionRow', () => {
  const item: AdjudicationItem = queue().disagreements[0];

  it('records a rater picked, with every rater that gave the same value', () => {
    const row = decisionRow(item, intentField, { kind: 'rater', rater: 'layer:A' }, { ...META, note: '  a guiding question  ' });
    expect(row).toEqual({
      id: 'd#0|teacher_intent', datasetId: 'ds', dialogueId: 'd', turnId: 'd#0', fieldId: 'teacher_intent', status: 'adjudicated',
      codes: ['guide_reasoning'], text: null, compared: ['llm', 'layer:A', 'layer:B'], agreedWith: ['llm', 'layer:A'], decidedBy: 'ann-adj',
      needsGuidelineUpdate: false, note: 'a guiding question', at: META.at,
    });
  });

  it('records a typed value nobody gave with no rater agreeing, and the guideline flag', () => {
    const row = decisionRow(item, intentField, { kind: 'value', codes: ['summarize_elevate'] }, { ...META, needsGuidelineUpdate: true });
    expect(row.codes).toEqual(['summarize_elevate']);
    expect(row.agreedWith).toEqual([]);
    expect(row.needsGuidelineUpdate).toBe(true);
  });

  it('records unresolved with no value', () => {
    const row = decisionRow(item, intentField, { kind: 'unresolved' }, META);
    expect(row).toMatchObject({ status: 'unresolved', codes: [], agreedWith: [] });
  });

  it('refuses a value outside the codebook, two labels for a one-label field and the wrong field', () => {
    expect(() => decisionRow(item, intentField, { kind: 'value', codes: ['nonsense'] }, META)).toThrow(/not a label/);
    expect(() => decisionRow(item, intentField, { kind: 'value', codes: ['guide_reasoning', 'check_understanding'] }, META)).toThrow(/exactly one/);
    expect(() => decisionRow(item, strategyField, { kind: 'rater', rater: 'llm' }, META)).toThrow(/field/);
  });
});

describe('unanimousRow and the adjudicated layer', () => {
  it('accepts a unanimous item with every rater agreeing, and builds the layer values, unresolved left out', () => {
    const q = queue();
    const unanimous = unanimousRow(q.unanimous[0], META);
    expect(unanimous).toMatchObject({ status: 'unanimous', codes: ['provide_hints'], agreedWith: ['llm', 'layer:A', 'layer:B'] });
    expect(() => unanimousRow(q.disagreements[0], META)).toThrow(/disagree/);
    const unresolved = decisionRow(q.disagreements[0], intentField, { kind: 'unresolved' }, META);
    expect(adjudicatedTurnValues([unanimous, unresolved])).toEqual({ teaching_strategy: { raw: 'provide_hints', codes: ['provide_hints'], unknown: [], status: 'ok' } });
  });
});
