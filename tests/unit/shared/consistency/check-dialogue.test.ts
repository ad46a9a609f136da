import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, parseCodebook } from '../../../../shared/codebook';
import { checkDialogue, DEFAULT_CONSISTENCY_RULES, parseConsistencyRules } from '../../../../shared/consistency';
import { indexFieldReviews } from '../../../../shared/export/expert-value';
import type { Turn } from '../../../../shared/model/dataset';
import { review, turn } from './dialogue-fixture';
import sidDefault from '../../../../resources/codebooks/sid-default.json';
import sidRules from '../../../../resources/codebooks/sid-default.rules.json';

const findings = (turns: Turn[], reviews = new Map()) => checkDialogue(turns, DEFAULT_CODEBOOK, DEFAULT_CONSISTENCY_RULES, reviews);
const ids = (turns: Turn[], reviews = new Map()) => findings(turns, reviews).map((found) => [found.ruleId, found.turnIndex, found.fieldId]);

describe('value-on-inapplicable-field', () => {
  it('fires on a teacher field with a value on a student turn, with the reason in both languages', () => {
    const found = findings([turn(0, 'student', { teacher_intent: '引导推理', student_cognition_state: '模糊理解' })]);
    expect(found).toEqual([
      { ruleId: 'value-on-inapplicable-field', turnIndex: 0, turnId: 'd#0', dialogueId: 'd', fieldId: 'teacher_intent', reason: { zh: '第 1 轮：「教师意图」不适用于学生的发言，却有值「引导推理」。', en: 'Turn 1: Teacher intent does not apply to a Student turn, yet it holds "Guide reasoning".' } },
    ]);
  });

  it('does not fire on the empty cell SID files carry, nor on the field of the speaker it applies to', () => {
    expect(ids([turn(0, 'student', { teacher_intent: '', student_cognition_state: '模糊理解' }), turn(1, 'teacher', { teacher_intent: '引导推理', student_cognition_state: ' ' })])).toEqual([]);
  });

  it("uses the expert's value where the field was reviewed: a cleared value is no finding, an added one is", () => {
    const turns = [turn(0, 'student', { teacher_intent: '引导推理' }), turn(1, 'teacher', { student_cognition_state: '' })];
    const reviews = indexFieldReviews([review(0, 'teacher_intent', []), review(1, 'student_cognition_state', ['incorrect_answer'])]);
    expect(ids(turns, reviews)).toEqual([['value-on-inapplicable-field', 1, 'student_cognition_state']]);
  });
});

describe('transfer-without-change', () => {
  it('fires when transfer is yes and the discipline set equals the previous turn with a discipline (order ignored, empty turns skipped)', () => {
    const turns = [turn(0, 'student', { discipline: '生物, 地理' }), turn(1, 'teacher', { discipline: '' }), turn(2, 'teacher', { discipline: '地理、生物', discipline_transfer: '是' })];
    const found = findings(turns);
    expect(found.map((item) => [item.ruleId, item.turnIndex, item.fieldId])).toEqual([['transfer-without-change', 2, 'discipline_transfer']]);
    expect(found[0].reason.en).toBe('Turn 3: Discipline transfer is "Yes", but Discipline (Geography, Biology) is the same as on turn 1.');
  });

  it('does not fire when the set changed, when transfer is no, or on the first turn with a discipline', () => {
    expect(ids([turn(0, 'teacher', { discipline: '生物', discipline_transfer: '是' }), turn(1, 'student', { discipline: '生物, 地理', discipline_transfer: '是' }), turn(2, 'teacher', { discipline: '生物, 地理', discipline_transfer: '否' })])).toEqual([]);
  });

  it('counts a new discipline of the open vocabulary as a change', () => {
    expect(ids([turn(0, 'teacher', { discipline: '生物' }), turn(1, 'student', { discipline: '生物, 天文', discipline_transfer: '是' })])).toEqual([]);
  });
});

describe('incorrect-answer-not-corrected', () => {
  it('fires when the next teacher turn has no corrective feedback', () => {
    const turns = [turn(0, 'student', { student_cognition_state: '错误回答' }), turn(1, 'teacher', { teaching_strategy: '追问, 提示' })];
    const found = findings(turns);
    expect(found.map((item) => [item.ruleId, item.turnIndex, item.fieldId])).toEqual([['incorrect-answer-not-corrected', 0, 'student_cognition_state']]);
    expect(found[0].reason.zh).toBe('第 1 轮：学生「错误回答」，但随后 1 个教师轮次的「教学策略」都没有「正误反馈」。');
    // turns are read in dialogue order, not in the order given
    expect(ids([...turns].reverse())).toEqual([['incorrect-answer-not-corrected', 0, 'student_cognition_state']]);
  });

  it('does not fire when the next teacher turn corrects, when the state is another, or when the dialogue ends there', () => {
    expect(ids([turn(0, 'student', { student_cognition_state: '错误回答' }), turn(1, 'teacher', { teaching_strategy: '提示, 正误反馈' })])).toEqual([]);
    expect(ids([turn(0, 'student', { student_cognition_state: '模糊理解' }), turn(1, 'teacher', { teaching_strategy: '提示' })])).toEqual([]);
    expect(ids([turn(0, 'student', { student_cognition_state: '错误回答' })])).toEqual([]);
  });

  it('looks only at the next withinTurns teacher turns, skipping student turns between', () => {
    const turns = [turn(0, 'student', { student_cognition_state: '错误回答' }), turn(1, 'student', {}), turn(2, 'teacher', { teaching_strategy: '追问' }), turn(3, 'teacher', { teaching_strategy: '正误反馈' })];
    expect(ids(turns)).toEqual([['incorrect-answer-not-corrected', 0, 'student_cognition_state']]);
    const json = structuredClone(sidRules) as { rules: Record<string, unknown>[] };
    json.rules[3].withinTurns = 2;
    expect(checkDialogue(turns, DEFAULT_CODEBOOK, parseConsistencyRules(json, DEFAULT_CODEBOOK), new Map())).toEqual([]);
  });
});

describe('label-outside-codebook', () => {
  it('fires on a label field whose value names no label, and on an expert code the codebook no longer has', () => {
    const turns = [turn(0, 'teacher', { teacher_intent: '批评学生' }), turn(1, 'teacher', { teacher_intent: '引导推理' })];
    const found = findings(turns, indexFieldReviews([review(1, 'teacher_intent', ['old_code'])]));
    expect(found.map((item) => [item.ruleId, item.turnIndex, item.fieldId])).toEqual([
      ['label-outside-codebook', 0, 'teacher_intent'],
      ['label-outside-codebook', 1, 'teacher_intent'],
    ]);
    expect(found[0].reason.en).toBe('Turn 1: Teacher intent holds "批评学生", which is not in the codebook.');
  });

  it('does not fire on known labels, aliases, nor on new values of the open discipline vocabulary', () => {
    expect(ids([turn(0, 'teacher', { teacher_intent: 'Reasoning Scaffolding', cognitive_level: '理解（Understand）', discipline: '天文' })])).toEqual([]);
  });
});

describe('bloom-on-inapplicable-turn', () => {
  const studentBloom = structuredClone(sidDefault) as { fields: { id: string; appliesTo: string }[] };
  studentBloom.fields.find((field) => field.id === 'cognitive_level')!.appliesTo = 'student';
  const codebook = parseCodebook(studentBloom);
  const rules = parseConsistencyRules(sidRules, codebook);

  it('fires, with its own reason and not the general one, where the codebook limits the Bloom level to students', () => {
    const found = checkDialogue([turn(0, 'teacher', { cognitive_level: '理解' }, codebook)], codebook, rules);
    expect(found.map((item) => [item.ruleId, item.fieldId])).toEqual([['bloom-on-inapplicable-turn', 'cognitive_level']]);
    expect(found[0].reason.en).toBe('Turn 1: the codebook says the Bloom level does not apply to a Teacher turn, yet it is "Understand".');
  });

  it('does not fire on a student turn, nor on a teacher turn with the default codebook (Bloom applies to all)', () => {
    expect(checkDialogue([turn(0, 'student', { cognitive_level: '理解' }, codebook)], codebook, rules)).toEqual([]);
    expect(ids([turn(0, 'teacher', { cognitive_level: '理解' })])).toEqual([]);
  });
});

it('orders findings by turn, then by the rules file, whatever order the turns come in', () => {
  const turns = [turn(2, 'student', { teacher_intent: '引导推理' }), turn(1, 'teacher', { teacher_intent: '乱写' }), turn(0, 'student', { teacher_intent: '乱写' })];
  expect(ids(turns)).toEqual([
    ['value-on-inapplicable-field', 0, 'teacher_intent'],
    ['label-outside-codebook', 0, 'teacher_intent'],
    ['label-outside-codebook', 1, 'teacher_intent'],
    ['value-on-inapplicable-field', 2, 'teacher_intent'],
  ]);
});
