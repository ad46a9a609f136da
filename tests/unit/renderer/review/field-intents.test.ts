import { describe, expect, it } from 'vitest';
import { resolveIntent, type FieldContext } from '../../../../renderer/src/stores/review/field-intents';
import type { FieldState } from '../../../../renderer/src/db/repositories/reviews';
import { DEFAULT_CODEBOOK, preValues } from './fixtures';

function context(fieldId: string, raw: string | null, preText = '原文'): FieldContext {
  const field = DEFAULT_CODEBOOK.fields.find((candidate) => candidate.id === fieldId);
  if (!field) throw new Error(fieldId);
  return { field, pre: raw === null ? null : preValues({ [fieldId]: raw })[fieldId], preText };
}

const ok = (result: ReturnType<typeof resolveIntent>) => {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.next;
};

describe('field intents', () => {
  it('accepts a known pre-annotation as the expert value', () => {
    expect(ok(resolveIntent(context('teacher_intent', '引导推理'), null, { kind: 'accept' }))).toEqual({
      decision: 'accepted', codes: ['guide_reasoning'], text: null, acceptance: 'deliberate',
    });
    expect(ok(resolveIntent(context('cognitive_level', '理解（Understand）'), null, { kind: 'accept' }))).toEqual({
      decision: 'accepted', codes: ['understand'], text: null, acceptance: 'deliberate',
    });
  });

  it('refuses to accept an unknown, conflicting, multiple or empty one-value pre-annotation', () => {
    expect(resolveIntent(context('teaching_strategy', '引导推理'), null, { kind: 'accept' })).toEqual({ ok: false, reason: 'pre-unknown' });
    expect(resolveIntent(context('teacher_intent', '引导推理, 总结提升'), null, { kind: 'accept' })).toEqual({ ok: false, reason: 'pre-unknown' });
    expect(resolveIntent(context('teacher_intent', ''), null, { kind: 'accept' })).toEqual({ ok: false, reason: 'pre-empty' });
    expect(resolveIntent(context('teacher_intent', null), null, { kind: 'accept' })).toEqual({ ok: false, reason: 'pre-empty' });
    const conflict: FieldContext = {
      ...context('teacher_intent', '引导推理'),
      pre: { raw: '引导推理 | 总结提升', codes: [], unknown: [], status: 'conflict' },
    };
    expect(resolveIntent(conflict, null, { kind: 'accept' })).toEqual({ ok: false, reason: 'pre-conflict' });
  });

  it('keeps unknown parts of an open vocabulary instead of dropping them', () => {
    expect(ok(resolveIntent(context('discipline', '生物, 天文'), null, { kind: 'accept' }))).toEqual({
      decision: 'accepted', codes: ['biology', '天文'], text: null, acceptance: 'deliberate',
    });
  });

  it('accepts an empty set field as "no labels"', () => {
    expect(ok(resolveIntent(context('teaching_strategy', ''), null, { kind: 'accept' }))).toEqual({ decision: 'accepted', codes: [], text: null, acceptance: 'deliberate' });
  });

  it('picks a label on a one-value field: changed unless it equals the pre-annotation', () => {
    const ctx = context('teacher_guidance_level', 'L2');
    expect(ok(resolveIntent(ctx, null, { kind: 'pick', code: 'L3' }))).toEqual({ decision: 'changed', codes: ['L3'], text: null });
    expect(ok(resolveIntent(ctx, { decision: 'changed', codes: ['L3'], text: null }, { kind: 'pick', code: 'L2' }))).toEqual({
      decision: 'accepted', codes: ['L2'], text: null, acceptance: 'deliberate',
    });
    expect(resolveIntent(ctx, null, { kind: 'pick', code: 'L9' })).toEqual({ ok: false, reason: 'not-a-label' });
  });

  it('with no suggestion shown (a blind assignment, a turn nothing was aligned to) a label picked is the annotator\'s own: labelled, never "changed"', () => {
    const blind: FieldContext = { ...context('teacher_guidance_level', null), unannotated: true };
    expect(ok(resolveIntent(blind, null, { kind: 'pick', code: 'L3' }))).toEqual({ decision: 'labelled', codes: ['L3'], text: null });
    const strategy: FieldContext = { ...context('teaching_strategy', null), unannotated: true };
    expect(ok(resolveIntent(strategy, null, { kind: 'pick', code: 'provide_hints' }))).toEqual({ decision: 'labelled', codes: ['provide_hints'], text: null });
    // unsure and back: labelled again, not changed
    const unsure = ok(resolveIntent(blind, { decision: 'labelled', codes: ['L3'], text: null }, { kind: 'unsure' }));
    expect(unsure).toEqual({ decision: 'unsure', codes: ['L3'], text: null });
    expect(ok(resolveIntent(blind, unsure, { kind: 'unsure' }))).toEqual({ decision: 'labelled', codes: ['L3'], text: null });
    // a chosen layer with no value for the turn shows no suggestion either
    const noLayerValue: FieldContext = { ...context('teacher_guidance_level', null), suggestionLayerId: 'layer-1', noSuggestion: true };
    expect(ok(resolveIntent(noLayerValue, null, { kind: 'pick', code: 'L1' }))).toEqual({ decision: 'labelled', codes: ['L1'], text: null, suggestionLayerId: 'layer-1' });
    // an empty pre-annotation is a suggestion ("none"): a label picked over it changes it
    expect(ok(resolveIntent(context('teacher_guidance_level', ''), null, { kind: 'pick', code: 'L1' }))).toEqual({ decision: 'changed', codes: ['L1'], text: null });
    // the utterance always has its transcript shown: accepted as it reads, changed when edited
    const utterance: FieldContext = { ...context('utterance', null, '原文'), unannotated: true };
    expect(ok(resolveIntent(utterance, null, { kind: 'text', text: '改过' }))).toEqual({ decision: 'changed', codes: [], text: '改过' });
  });

  it('toggles labels of a set field starting from the pre-annotation, in codebook order', () => {
    const ctx = context('discipline', '地理, 生物');
    const removed = ok(resolveIntent(ctx, null, { kind: 'pick', code: 'geography' }));
    expect(removed).toEqual({ decision: 'changed', codes: ['biology'], text: null });
    const added = ok(resolveIntent(ctx, removed, { kind: 'pick', code: 'physics' }));
    expect(added?.codes).toEqual(['physics', 'biology']);
    const back = ok(resolveIntent(ctx, { decision: 'changed', codes: ['biology'], text: null }, { kind: 'pick', code: 'geography' }));
    expect(back).toEqual({ decision: 'accepted', codes: ['biology', 'geography'], text: null, acceptance: 'deliberate' });
  });

  it('marks unsure keeping the current value, and lifts the flag again', () => {
    const ctx = context('teacher_intent', '引导推理');
    const fresh = ok(resolveIntent(ctx, null, { kind: 'unsure' }));
    expect(fresh).toEqual({ decision: 'unsure', codes: ['guide_reasoning'], text: null });
    const changed: FieldState = { decision: 'changed', codes: ['check_understanding'], text: null };
    const flagged = ok(resolveIntent(ctx, changed, { kind: 'unsure' }));
    expect(flagged).toEqual({ decision: 'unsure', codes: ['check_understanding'], text: null });
    expect(ok(resolveIntent(ctx, flagged, { kind: 'unsure' }))).toEqual(changed);
  });

  it('never guesses two labels for a one-value field when marking unsure', () => {
    const ctx: FieldContext = {
      ...context('teacher_intent', '引导推理'),
      pre: { raw: 'x | y', codes: ['guide_reasoning', 'summarize_elevate'], unknown: [], status: 'conflict' },
    };
    expect(ok(resolveIntent(ctx, null, { kind: 'unsure' }))?.codes).toEqual([]);
  });

  it('clears to not reviewed', () => {
    expect(resolveIntent(context('teacher_intent', '引导推理'), { decision: 'accepted', codes: ['guide_reasoning'], text: null }, { kind: 'clear' })).toEqual({
      ok: true, next: null,
    });
  });

  it('corrects free text and accepts the imported text', () => {
    const ctx = context('utterance', '阳光？', '阳光？');
    expect(ok(resolveIntent(ctx, null, { kind: 'accept' }))).toEqual({ decision: 'accepted', codes: [], text: '阳光？', acceptance: 'deliberate' });
    expect(ok(resolveIntent(ctx, null, { kind: 'text', text: '阳光。' }))).toEqual({ decision: 'changed', codes: [], text: '阳光。' });
    expect(ok(resolveIntent(ctx, null, { kind: 'text', text: '阳光？' }))?.decision).toBe('accepted');
    expect(resolveIntent(ctx, null, { kind: 'pick', code: 'teacher' })).toEqual({ ok: false, reason: 'wrong-kind' });
    expect(resolveIntent(context('teacher_intent', '引导推理'), null, { kind: 'text', text: 'x' })).toEqual({ ok: false, reason: 'wrong-kind' });
  });
});
