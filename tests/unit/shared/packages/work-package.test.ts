import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, codebookVersionHash } from '../../../../shared/codebook';
import { checkWork, parseWorkPackage, serializePackage, type WorkPackage, type WorkTarget } from '../../../../shared/packages';
import { packageKindOf } from '../../../../shared/packages/work-package';

const hash = codebookVersionHash(DEFAULT_CODEBOOK);

function work(): WorkPackage {
  return {
    maieutic: 'work',
    version: 1,
    id: 'w1',
    assignmentId: 'a1',
    createdAt: '2026-12-02T12:00:00.000Z',
    annotator: { name: '王老师' },
    dataset: { id: 'ds1', name: 'SID' },
    codebookHash: hash,
    dialogues: [
      {
        id: 'src:1',
        status: 'in-progress',
        turns: [
          {
            index: 1,
            fields: {
              teacher_intent: { decision: 'changed', codes: ['check_understanding'], text: null, reviewer: '王老师', at: '2026-12-02T11:00:00.000Z' },
              teaching_strategy: { decision: 'unsure', codes: ['provide_hints', 'use_analogies'], text: null, reviewer: '王老师', at: '2026-12-02T11:01:00.000Z' },
              utterance: { decision: 'changed', codes: [], text: '你觉得沙漠里最缺什么？', reviewer: '王老师', at: '2026-12-02T11:02:00.000Z' },
            },
            verified: { verified: true, reviewer: '王老师', at: '2026-12-02T11:03:00.000Z' },
          },
        ],
      },
    ],
  };
}

function target(overrides: Partial<WorkTarget> = {}): WorkTarget {
  return {
    file: 'from-wang.json',
    dataset: { id: 'ds1', name: 'SID' },
    codebook: DEFAULT_CODEBOOK,
    assignment: { id: 'a1', dialogueIds: ['src:1'], codebookHash: hash, annotatorName: '王老师' },
    turnsOf: (dialogueId) => (dialogueId === 'src:1' ? [{ id: 'src:1#0', index: 0, speaker: 'student' }, { id: 'src:1#1', index: 1, speaker: 'teacher' }] : undefined),
    ...overrides,
  };
}

describe('work package', () => {
  it('round-trips through its text', () => {
    const text = serializePackage(work());
    expect(packageKindOf(text)).toBe('work');
    expect(parseWorkPackage(text, 'w.json')).toEqual(work());
  });

  it('keeps a blind label as the annotator\'s own (labelled) through its text and into the layer', () => {
    const blind = work();
    blind.dialogues[0]!.turns[0]!.fields.teacher_intent!.decision = 'labelled';
    const parsed = parseWorkPackage(serializePackage(blind), 'w.json');
    expect(parsed.dialogues[0]!.turns[0]!.fields.teacher_intent!.decision).toBe('labelled');
    expect(checkWork(parsed, target()).turns[0]!.work.fields.teacher_intent).toEqual({ decision: 'labelled', reviewer: '王老师', at: '2026-12-02T11:00:00.000Z' });
  });

  it('names the path of a bad decision or time', () => {
    const bad = JSON.parse(serializePackage(work())) as { dialogues: { turns: { fields: Record<string, { decision: string; at: string }> }[] }[] };
    bad.dialogues[0].turns[0].fields.teacher_intent.decision = 'maybe';
    expect(() => parseWorkPackage(JSON.stringify(bad), 'w.json')).toThrow('w.json: $.dialogues[0].turns[0].fields.teacher_intent.decision: must be one of "accepted", "changed", "unsure", "labelled" (found "maybe")');
    bad.dialogues[0].turns[0].fields.teacher_intent.decision = 'changed';
    bad.dialogues[0].turns[0].fields.teacher_intent.at = 'yesterday';
    expect(() => parseWorkPackage(JSON.stringify(bad), 'w.json')).toThrow('$.dialogues[0].turns[0].fields.teacher_intent.at: must be an ISO date and time (found "yesterday")');
  });

  it('becomes layer values that keep codes, text, unsure and the verified flag', () => {
    const checked = checkWork(work(), target());
    expect(checked.counts).toEqual({ dialogues: 1, turns: 1, fields: 3, unsure: 1, verifiedTurns: 1 });
    const [turn] = checked.turns;
    expect(turn.turnId).toBe('src:1#1');
    expect(turn.values.teacher_intent).toEqual({ raw: 'check_understanding', codes: ['check_understanding'], unknown: [], status: 'ok' });
    expect(turn.values.utterance).toEqual({ raw: '你觉得沙漠里最缺什么？', codes: [], unknown: [], status: 'ok' });
    expect(turn.work.fields.teaching_strategy.decision).toBe('unsure');
    expect(turn.work.verified).toEqual({ verified: true, reviewer: '王老师', at: '2026-12-02T11:03:00.000Z' });
  });

  it('refuses work for another data set, another codebook or an unknown assignment', () => {
    expect(() => checkWork({ ...work(), dataset: { id: 'other', name: 'Other' } }, target())).toThrow('from-wang.json: $.dataset.id: the work is for data set "Other" (other), not "SID"');
    expect(() => checkWork({ ...work(), codebookHash: 'ffffffffffffffff' }, target())).toThrow(/\$\.codebookHash: the work was done against another version of the codebook \(ffffffffffffffff\)/);
    expect(() => checkWork(work(), target({ assignment: undefined }))).toThrow('$.assignmentId: no assignment "a1" was exported from this data set');
  });

  it('refuses dialogues outside the assignment, turns the dialogue lacks and labels outside the codebook', () => {
    expect(() => checkWork(work(), target({ assignment: { id: 'a1', dialogueIds: ['src:2'], codebookHash: hash, annotatorName: '王老师' } }))).toThrow('$.dialogues[0].id: dialogue "src:1" was not part of the assignment');
    expect(() => checkWork(work(), target({ turnsOf: () => [{ id: 'src:1#0', index: 0, speaker: 'student' }] }))).toThrow('$.dialogues[0].turns[0].index: the dialogue has no turn 1 (it has 1)');
    const stranger = work();
    stranger.dialogues[0].turns[0].fields.teacher_intent.codes = ['shout'];
    expect(() => checkWork(stranger, target())).toThrow('$.dialogues[0].turns[0].fields.teacher_intent.codes: "shout" is not a label of field "teacher_intent"');
  });

  // issue 30 point 7: work is held to the import's rules for a file, and refused naming dialogue, turn and field
  it('refuses a field on a turn of a speaker it does not apply to, as the import flags it', () => {
    const studentOnTeacher = work();
    studentOnTeacher.dialogues[0].turns[0].fields.student_cognition_state = { decision: 'changed', codes: ['vague_understanding'], text: null, reviewer: '王老师', at: '2026-12-02T11:00:00.000Z' };
    expect(() => checkWork(studentOnTeacher, target())).toThrow('from-wang.json: $.dialogues[0].turns[0].fields.student_cognition_state: dialogue "src:1", turn 2, student_cognition_state: applies only to student turns, and turn 2 is a teacher turn');
    const teacherOnStudent = work();
    teacherOnStudent.dialogues[0].turns[0].index = 0;
    expect(() => checkWork(teacherOnStudent, target())).toThrow('$.dialogues[0].turns[0].fields.teacher_intent: dialogue "src:1", turn 1, teacher_intent: applies only to teacher turns, and turn 1 is a student turn');
    // an empty value on such a field is no value: the import is silent on it, and so is this check
    const cleared = work();
    cleared.dialogues[0].turns[0].fields.student_cognition_state = { decision: 'changed', codes: [], text: null, reviewer: '王老师', at: '2026-12-02T11:00:00.000Z' };
    expect(() => checkWork(cleared, target())).not.toThrow();
  });

  it('refuses several codes in a field that takes one label', () => {
    const three = work();
    three.dialogues[0].turns[0].fields.teacher_intent.codes = ['introduce_concepts', 'check_understanding', 'guide_reasoning'];
    expect(() => checkWork(three, target())).toThrow(/\$\.dialogues\[0\]\.turns\[0\]\.fields\.teacher_intent\.codes: dialogue "src:1", turn 2, teacher_intent: holds 3 labels \(.+\), but this field takes one/);
    // a set field takes several
    expect(checkWork(work(), target()).turns[0]!.values.teaching_strategy!.codes).toEqual(['provide_hints', 'use_analogies']);
  });

  it('refuses a reviewer other than the annotator the assignment was sent to', () => {
    const other = work();
    other.dialogues[0].turns[0].fields.teaching_strategy.reviewer = '李老师';
    expect(() => checkWork(other, target())).toThrow('$.dialogues[0].turns[0].fields.teaching_strategy.reviewer: dialogue "src:1", turn 2, teaching_strategy: reviewed by "李老师", but the assignment was sent to "王老师"');
    const otherFlag = work();
    otherFlag.dialogues[0].turns[0].verified!.reviewer = '李老师';
    expect(() => checkWork(otherFlag, target())).toThrow('$.dialogues[0].turns[0].verified.reviewer: dialogue "src:1", turn 2: marked by "李老师", but the assignment was sent to "王老师"');
    expect(() => checkWork({ ...work(), annotator: { name: '李老师' } }, target())).toThrow('$.annotator.name: the work is signed "李老师", but the assignment was sent to "王老师"');
  });
});
