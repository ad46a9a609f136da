import { describe, expect, it } from 'vitest';
import type { FieldReview } from '../../../../shared/model/review';
import { activeFieldId, buildDialogueModel, buildTurnModel, dialogueVerifySummary, fieldsNeedingValue, nothingToConfirm, turnToVerify } from '../../../../renderer/src/features/review/review-model';
import { DEFAULT_CODEBOOK, sampleTurns } from './fixtures';

function review(turnId: string, fieldId: string, decision: FieldReview['decision'], codes: string[], text: string | null = null): FieldReview {
  return { id: `${turnId}|${fieldId}`, turnId, dialogueId: 'd1', fieldId, decision, codes, text, reviewer: 'x', at: '2026-01-01T00:00:00.000Z' };
}

describe('review model', () => {
  const turns = sampleTurns('d1');

  it('marks fields that do not apply to the speaker and does not count them', () => {
    const student = buildTurnModel(DEFAULT_CODEBOOK, turns[0], new Map(), false);
    const notApplicable = student.fields.filter((row) => !row.applicable).map((row) => row.field.id);
    expect(notApplicable).toEqual(['teacher_intent', 'teaching_strategy', 'teacher_guidance_level']);
    expect(student.fields.find((row) => row.field.id === 'teacher_intent')?.decision).toBe('not-applicable');
    expect(student.counts).toMatchObject({ applicable: 6, reviewed: 0 });
    const teacher = buildTurnModel(DEFAULT_CODEBOOK, turns[1], new Map(), false);
    expect(teacher.fields.filter((row) => !row.applicable).map((row) => row.field.id)).toEqual(['student_cognition_state']);
  });

  it('follows a corrected speaker for applicability', () => {
    const reviews = new Map([['speaker', review('d1#0', 'speaker', 'changed', ['teacher'])]]);
    const model = buildTurnModel(DEFAULT_CODEBOOK, turns[0], reviews, false);
    expect(model.speaker).toBe('teacher');
    expect(model.speakerCorrected).toBe(true);
    expect(model.fields.find((row) => row.field.id === 'teacher_intent')?.applicable).toBe(true);
    expect(model.fields.find((row) => row.field.id === 'student_cognition_state')?.applicable).toBe(false);
  });

  it('offers nothing to accept on a turn no annotation was aligned to (a blind assignment), not an empty set', () => {
    const blind = { ...turns[1], pre: {}, alignment: 'none' as const, fragments: 0 };
    const model = buildTurnModel(DEFAULT_CODEBOOK, blind, new Map(), false);
    const labels = model.fields.filter((row) => row.applicable && row.field.type !== 'text' && row.field.id !== 'speaker');
    expect(labels.map((row) => [row.field.id, row.acceptRefusal])).toEqual(labels.map((row) => [row.field.id, 'not-annotated']));
    expect(labels.map((row) => row.field.type)).toContain('set');
    // the transcript is never hidden: the speaker shown is the turn's own, and verifying takes it as it reads
    const speaker = model.fields.find((row) => row.field.id === 'speaker')!;
    expect(speaker.acceptRefusal).toBeNull();
    expect(speaker.flagged).toBe(false);
    const verify = turnToVerify(model);
    expect(verify.fields.find((field) => field.fieldId === 'speaker')?.accepted).toEqual({ decision: 'accepted', codes: ['teacher'], text: null, acceptance: 'verify' });
    expect(verify.fields.find((field) => field.fieldId === 'utterance')?.accepted).toEqual({ decision: 'accepted', codes: [], text: blind.utterance, acceptance: 'verify' });
    // labels picked by hand leave only the speaker and utterance to be confirmed as shown
    const picked = new Map(labels.map((row) => [row.field.id, review(blind.id, row.field.id, 'labelled', [row.field.labels[0]!.code])]));
    expect(fieldsNeedingValue(buildTurnModel(DEFAULT_CODEBOOK, blind, picked, false))).toEqual([]);
    // a speaker outside the codebook's labels is not offered: it is picked by hand
    const other = buildTurnModel(DEFAULT_CODEBOOK, { ...blind, speaker: 'other' }, new Map(), false);
    expect(other.fields.find((row) => row.field.id === 'speaker')?.acceptRefusal).toBe('not-annotated');
    // an aligned turn without a value for a set field still takes it as the empty set
    const aligned = buildTurnModel(DEFAULT_CODEBOOK, { ...turns[1], pre: {} }, new Map(), false);
    expect(aligned.fields.find((row) => row.field.id === 'discipline')?.acceptRefusal).toBeNull();
  });

  it('flags unknown pre-annotations and explains why they cannot be accepted', () => {
    const model = buildTurnModel(DEFAULT_CODEBOOK, turns[3], new Map(), false);
    const strategy = model.fields.find((row) => row.field.id === 'teaching_strategy');
    expect(strategy?.flagged).toBe(true);
    expect(strategy?.acceptRefusal).toBe('pre-unknown');
    const discipline = model.fields.find((row) => row.field.id === 'discipline');
    expect(discipline?.acceptRefusal).toBeNull();
    expect(model.counts.flagged).toBe(2);
  });

  it('counts open work over the dialogue and warns before verifying it', () => {
    const fieldReviews = [review('d1#0', 'discipline', 'unsure', ['biology']), review('d1#0', 'cognitive_level', 'accepted', ['remember'])];
    const model = buildDialogueModel(DEFAULT_CODEBOOK, {
      turns,
      fieldReviews,
      turnReviews: [{ id: 'd1#0', dialogueId: 'd1', verified: true, reviewer: 'x', at: '' }],
    });
    const applicable = model.turns.reduce((sum, turn) => sum + turn.counts.applicable, 0);
    expect(applicable).toBe(6 + 8 + 6 + 8);
    expect(model.progress).toEqual({ turnCount: 4, verifiedTurns: 1, unreviewedFields: applicable - 2, unsureFields: 1 });
    // turn 3's strategy is outside the codebook: it needs the expert's value, the rest can be confirmed as shown
    const summary = dialogueVerifySummary(model);
    expect(summary).toEqual({ unverifiedTurns: 3, valuesToConfirm: applicable - 2 - 1, unsureFields: 1, missing: [{ turnId: 'd1#3', fieldId: 'teaching_strategy' }] });
    expect(nothingToConfirm(summary)).toBe(false);
    expect(nothingToConfirm({ unverifiedTurns: 0, valuesToConfirm: 0, unsureFields: 0, missing: [] })).toBe(true);
  });

  it('keeps the preferred field across turns, moving on to the next applicable one', () => {
    const student = buildTurnModel(DEFAULT_CODEBOOK, turns[0], new Map(), false);
    const teacher = buildTurnModel(DEFAULT_CODEBOOK, turns[1], new Map(), false);
    expect(activeFieldId(teacher, 'teacher_intent')).toBe('teacher_intent');
    expect(activeFieldId(student, 'teacher_intent')).toBe('discipline');
    expect(activeFieldId(teacher, 'student_cognition_state')).toBe('teacher_guidance_level');
    expect(activeFieldId(student, null)).toBe('discipline');
    expect(activeFieldId(teacher, null)).toBe('teacher_intent');
  });

  it('shows the corrected utterance in place of the imported one', () => {
    const reviews = new Map([['utterance', review('d1#2', 'utterance', 'changed', [], '阳光。')]]);
    const model = buildTurnModel(DEFAULT_CODEBOOK, turns[2], reviews, false);
    expect(model.utterance).toBe('阳光。');
    expect(model.utteranceCorrected).toBe(true);
  });
});
