import { expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { checkDialogue, countFindingsByRule, DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import { turn } from './dialogue-fixture';

it('counts a data set’s findings per rule, in file order, zeros included, with the dialogues they are in', () => {
  const first = [turn(0, 'student', { teacher_intent: '乱写' }), turn(1, 'student', { teacher_intent: '引导推理' })];
  const second = [turn(0, 'student', { teacher_intent: '引导推理' })].map((t) => ({ ...t, id: 'e#0', dialogueId: 'e' }));
  const findings = [...checkDialogue(first, DEFAULT_CODEBOOK, DEFAULT_CONSISTENCY_RULES), ...checkDialogue(second, DEFAULT_CODEBOOK, DEFAULT_CONSISTENCY_RULES)];
  const stale = { ...findings[0], ruleId: 'a-rule-since-removed' };
  expect(countFindingsByRule(DEFAULT_CONSISTENCY_RULES, [...findings, stale]).map((row) => [row.ruleId, row.count, row.dialogues])).toEqual([
    ['value-on-inapplicable-field', 3, 2],
    ['transfer-without-change', 0, 0],
    ['bloom-on-inapplicable-turn', 0, 0],
    ['incorrect-answer-not-corrected', 0, 0],
    ['label-outside-codebook', 1, 1],
  ]);
});
