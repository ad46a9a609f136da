import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, fieldById, normalizeValue } from '../../../../shared/codebook';
import { DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import { findingDismissalId, type FindingDismissalRow } from '../../../../shared/model/finding-dismissal';
import { consistencyRulesFor } from '../../../../renderer/src/codebook';
import {
  filterFindings,
  nextOpenFinding,
  reviewFindings,
  storedDialogueFindings,
  withDismissals,
} from '../../../../renderer/src/features/consistency/findings-model';
import { buildDialogueModel } from '../../../../renderer/src/features/review/review-model';
import { review, turn } from '../../shared/consistency/dialogue-fixture';

const codebook = DEFAULT_CODEBOOK;
const rules = DEFAULT_CONSISTENCY_RULES;

/** 0 student incorrect answer, 1 teacher with hints only (no correction), 2 teacher whose intent is outside the codebook */
const turns = [
  turn(0, 'student', { student_cognition_state: '错误回答' }),
  turn(1, 'teacher', { teaching_strategy: '提示', teacher_intent: '检测理解' }),
  turn(2, 'teacher', { teacher_intent: '随便聊聊' }),
];

const bundle = (fieldReviews = [] as ReturnType<typeof review>[]) => ({ turns, fieldReviews, turnReviews: [] });
const ids = (findings: { ruleId: string; turnIndex: number; fieldId: string }[]) => findings.map((f) => `${f.ruleId}@${f.turnIndex}:${f.fieldId}`);

function dismissal(ruleId: string, turnId: string, fieldId: string): FindingDismissalRow {
  return { id: findingDismissalId(ruleId, turnId, fieldId), datasetId: 'ds', dialogueId: 'd', turnId, fieldId, ruleId, note: 'fine', reviewer: 'r', at: '2026-12-02T00:00:00Z' };
}

describe('consistencyRulesFor', () => {
  it('gives the default codebook its rules and an unknown codebook none of another codebook’s', () => {
    expect(consistencyRulesFor('sid-default')).toBe(DEFAULT_CONSISTENCY_RULES);
    // an unknown id falls back to the default codebook, and so to its rules
    expect(consistencyRulesFor('no-such-codebook').rules.map((rule) => rule.id)).toEqual(DEFAULT_CONSISTENCY_RULES.rules.map((rule) => rule.id));
  });
});

describe('reviewFindings: the current values', () => {
  it('finds the uncorrected incorrect answer and the label outside the codebook on the suggestion shown', () => {
    const model = buildDialogueModel(codebook, bundle());
    expect(ids(reviewFindings(model, [], codebook, rules))).toEqual(['incorrect-answer-not-corrected@0:student_cognition_state', 'label-outside-codebook@2:teacher_intent']);
  });

  it('drops a finding as soon as the expert’s value fixes it', () => {
    const fixed = [review(1, 'teaching_strategy', ['corrective_feedback']), review(2, 'teacher_intent', ['check_understanding'])];
    const model = buildDialogueModel(codebook, bundle(fixed));
    expect(reviewFindings(model, fixed, codebook, rules)).toEqual([]);
  });

  it('reads the chosen layer’s value where the review shows it instead of the imported one', () => {
    const layerValues = new Map([[turns[2].id, { teacher_intent: normalizeValue(fieldById(codebook, 'teacher_intent')!, '检测理解') }]]);
    const model = buildDialogueModel(codebook, { ...bundle(), suggestion: { kind: 'layer', layer: { id: 'L', name: 'L', kind: 'llm' }, values: layerValues } });
    // turn 2's intent now comes from the layer (in the codebook); turns 0 and 1 have no layer value at all
    expect(ids(reviewFindings(model, [], codebook, rules))).toEqual([]);
  });

  it('judges applicability on the speaker as corrected', () => {
    // turn 0 corrected to a teacher: its student cognition state no longer applies
    const corrected = [review(0, 'speaker', ['teacher'])];
    const model = buildDialogueModel(codebook, bundle(corrected));
    expect(ids(reviewFindings(model, corrected, codebook, rules))).toContain('value-on-inapplicable-field@0:student_cognition_state');
    expect(ids(storedDialogueFindings(turns, corrected, codebook, rules))).toContain('value-on-inapplicable-field@0:student_cognition_state');
  });
});

describe('dismissals, filter and next finding', () => {
  const model = buildDialogueModel(codebook, bundle());
  const findings = reviewFindings(model, [], codebook, rules);

  it('marks the dismissed finding by its id and filters by rule and state', () => {
    const items = withDismissals(findings, [dismissal('label-outside-codebook', 'd#2', 'teacher_intent')]);
    expect(items.map((item) => item.dismissal?.note ?? null)).toEqual([null, 'fine']);
    expect(filterFindings(items, { ruleId: null, state: 'open' }).map((item) => item.finding.ruleId)).toEqual(['incorrect-answer-not-corrected']);
    expect(filterFindings(items, { ruleId: null, state: 'dismissed' }).map((item) => item.finding.ruleId)).toEqual(['label-outside-codebook']);
    expect(filterFindings(items, { ruleId: 'label-outside-codebook', state: 'all' })).toHaveLength(1);
    expect(filterFindings(items, { ruleId: 'transfer-without-change', state: 'all' })).toHaveLength(0);
  });

  it('steps to the next open finding after the cursor, wrapping round, skipping dismissed ones', () => {
    const items = withDismissals(findings, []);
    expect(nextOpenFinding(items, codebook, { turnIndex: 0, fieldId: 'speaker' })?.finding.turnIndex).toBe(0);
    expect(nextOpenFinding(items, codebook, { turnIndex: 0, fieldId: 'student_cognition_state' })?.finding.turnIndex).toBe(2);
    expect(nextOpenFinding(items, codebook, { turnIndex: 2, fieldId: 'teacher_intent' })?.finding.turnIndex).toBe(0);
    const oneDismissed = withDismissals(findings, [dismissal('incorrect-answer-not-corrected', 'd#0', 'student_cognition_state')]);
    expect(nextOpenFinding(oneDismissed, codebook, { turnIndex: 2, fieldId: 'teacher_intent' })?.finding.turnIndex).toBe(2);
    expect(nextOpenFinding(withDismissals([], []), codebook, { turnIndex: 0, fieldId: null })).toBeNull();
  });
});
